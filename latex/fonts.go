package latex

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Faces a sheet may print in.
const (
	FontDefault      = "default"      // Computer Modern (cm-super), the class's own
	FontSans         = "sans"         // Helvetica's metric twin from TeX Live (helvet: URW Nimbus Sans)
	FontHyperlegible = "hyperlegible" // Atkinson Hyperlegible, bundled in fonts/atkinson
)

// Fonts are the faces FontPreamble knows, in the order the settings offer them.
var Fonts = []string{FontDefault, FontSans, FontHyperlegible}

// bundledFonts are the font files TeX Live lacks (fonts/atkinson/README.md says where they
// come from). The compiler copies them into its format directory, which the sandbox shows
// read-only at /fmt; fontDir is where they are found there.
//
//go:embed fonts/atkinson/*.ttf fonts/atkinson/*.tfm
var bundledFonts embed.FS

const fontDir = "fonts"

// FontPreamble is the preamble lines that set a sheet's face: nothing for the default, so a
// default sheet is exactly what it was. They come after the warm format's prefix (see
// extraPrefix), so every face shares the warm formats.
func FontPreamble(face string) string {
	switch face {
	case FontSans:
		return "\\usepackage{helvet}\n\\renewcommand\\familydefault{\\sfdefault}\n" + mathInText
	case FontHyperlegible:
		return hyperlegible + mathInText
	}
	return ""
}

// FontPreambleFor is FontPreamble for a sheet written in w. XeLaTeX and LuaLaTeX set their
// fonts in their preamble (PreambleFor): the sans and hyperlegible faces switch the whole
// sheet to its sans family there (Latin Modern Sans with Noto Sans CJK, Arabic or Hebrew),
// since Atkinson Hyperlegible has only Latin letters.
func FontPreambleFor(w Writing, face string) string {
	if w.Engine == PDFLaTeX {
		return FontPreamble(face)
	}
	switch face {
	case FontSans:
		return unicodeSans
	case FontHyperlegible:
		return unicodeHyperlegible
	}
	return ""
}

// The face lines of XeLaTeX and LuaLaTeX sheets, which SourcePrint reads back.
const (
	unicodeSans         = "\\renewcommand\\familydefault{\\sfdefault}\n"
	unicodeHyperlegible = "\\renewcommand\\familydefault{\\sfdefault}% hyperlegible: Latin only, so the sans family\n"
)

// UnicodeFace is the face a XeLaTeX or LuaLaTeX source's face line names, or "".
func UnicodeFace(src string) string {
	switch {
	case strings.Contains(src, unicodeHyperlegible):
		return FontHyperlegible
	case strings.Contains(src, "\n"+unicodeSans):
		return FontSans
	}
	return ""
}

// mathInText sets the digits and Latin letters of maths in the text's face (mathastext), so
// a sum reads in the same face as the words around it (Atkinson's distinct 0 and 1 are the
// point of that face); Greek and symbols stay Computer Modern's.
const mathInText = "\\usepackage[italic]{mathastext}\n"

// hyperlegible declares Atkinson Hyperlegible as the T1 family ssatk and maps its metrics to
// the TrueType files (pdfTeX embeds a subset). Bold extended and slanted fall back to bold and
// italic, the shapes the family has.
var hyperlegible = func() string {
	var b strings.Builder
	b.WriteString("\\DeclareFontFamily{T1}{ssatk}{}\n")
	for _, f := range []struct{ series, shape, tfm, file string }{
		{"m", "n", "ssatkr8t", "AtkinsonHyperlegible-Regular"},
		{"m", "it", "ssatkri8t", "AtkinsonHyperlegible-Italic"},
		{"b", "n", "ssatkb8t", "AtkinsonHyperlegible-Bold"},
		{"b", "it", "ssatkbi8t", "AtkinsonHyperlegible-BoldItalic"},
	} {
		fmt.Fprintf(&b, "\\DeclareFontShape{T1}{ssatk}{%s}{%s}{<-> %s}{}\n", f.series, f.shape, f.tfm)
		fmt.Fprintf(&b, "\\pdfmapline{+%s %s <ec.enc <%s.ttf}\n", f.tfm, f.file, f.file)
	}
	b.WriteString("\\DeclareFontShape{T1}{ssatk}{m}{sl}{<->ssub * ssatk/m/it}{}\n")
	b.WriteString("\\DeclareFontShape{T1}{ssatk}{b}{sl}{<->ssub * ssatk/b/it}{}\n")
	b.WriteString("\\DeclareFontShape{T1}{ssatk}{bx}{n}{<->ssub * ssatk/b/n}{}\n")
	b.WriteString("\\DeclareFontShape{T1}{ssatk}{bx}{it}{<->ssub * ssatk/b/it}{}\n")
	b.WriteString("\\renewcommand\\familydefault{ssatk}\\renewcommand\\sfdefault{ssatk}\n")
	return b.String()
}()

// fontEnv points kpathsea at the bundled fonts first (a trailing colon keeps the default path).
func fontEnv(fmtRoot string) []string {
	dir := fmtRoot + "/" + fontDir
	return []string{"TFMFONTS=" + dir + ":", "TTFONTS=" + dir + ":"}
}

// installFonts copies the bundled fonts into dir/fonts, leaving files that are already the
// same (another server may share the directory; each file is replaced atomically).
func installFonts(dir string) error {
	dst := filepath.Join(dir, fontDir)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	return fs.WalkDir(bundledFonts, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := bundledFonts.ReadFile(p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, d.Name())
		if old, err := os.ReadFile(target); err == nil && bytes.Equal(old, data) {
			return nil
		}
		tmp, err := os.CreateTemp(dst, ".font-*")
		if err != nil {
			return err
		}
		defer os.Remove(tmp.Name())
		if _, err := tmp.Write(data); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Chmod(0o644); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Close(); err != nil {
			return err
		}
		return os.Rename(tmp.Name(), target)
	})
}
