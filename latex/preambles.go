package latex

import (
	"fmt"
	"regexp"
	"strings"
)

// magicProgram is a TeX editor's "% !TEX program = …" line.
var magicProgram = regexp.MustCompile(`^%\s*!\s*TEX\s+(?:TS-)?program\s*=\s*([A-Za-z]+)\s*$`)

// The packages every engine's preamble loads after its class: the same as Preamble's, without
// the 8-bit font set-up, which XeLaTeX and LuaLaTeX replace with fontspec.
const unicodePackages = `\usepackage{amsmath,amssymb}
\usepackage{multicol,array,tabularx}
\usepackage{xcolor,graphicx}
\usepackage{tikz}
\usepackage[shortlabels]{enumitem}
`

// PreambleFor is the fixed, server-owned start of a sheet written in w: Preamble for
// pdfLaTeX (its language line, LanguageLine, comes right after it), the whole font and
// language set-up for XeLaTeX and LuaLaTeX. Each is the prefix of a warm pool.
func PreambleFor(w Writing) string {
	switch w.Engine {
	case XeLaTeX:
		return xePreamble(cjkScript(w))
	case LuaLaTeX:
		if w.Has(ScriptArabic) {
			return luaPreamble(ScriptArabic)
		}
		return luaPreamble(ScriptHebrew)
	}
	return Preamble
}

// cjkScript is the CJK script of a XeLaTeX sheet (the Japanese and Korean fonts have the
// Chinese characters too, in their own forms).
func cjkScript(w Writing) Script {
	for _, s := range []Script{ScriptJapanese, ScriptKorean} {
		if w.Has(s) {
			return s
		}
	}
	return ScriptChinese
}

// cjkRegion names the region of Noto CJK's families for each script.
var cjkRegion = map[Script]string{ScriptChinese: "SC", ScriptJapanese: "JP", ScriptKorean: "KR"}

// xePreamble sets the CJK characters in Noto Serif CJK (the serif matches Computer Modern's
// look; Latin stays Latin Modern, fontspec's default) and sans text in Noto Sans CJK. The
// families are found by fontconfig, which the sandbox shows read-only.
func xePreamble(s Script) string {
	r := cjkRegion[s]
	return "\\documentclass[11pt]{exam}\n" + unicodePackages +
		"\\usepackage{xeCJK}\n" +
		"\\setCJKmainfont{Noto Serif CJK " + r + "}\n" +
		"\\setCJKsansfont{Noto Sans CJK " + r + "}\n" +
		"\\setCJKmonofont{Noto Sans Mono CJK " + r + "}\n"
}

// rtlFonts are the Noto families of each right-to-left script: serif (the default look) and
// sans, by file so that luaotfload needs no font-name database.
var rtlFonts = map[Script][2]string{
	ScriptArabic: {"NotoNaskhArabic", "NotoSansArabic"},
	ScriptHebrew: {"NotoSerifHebrew", "NotoSansHebrew"},
}

var babelName = map[Script]string{ScriptArabic: "arabic", ScriptHebrew: "hebrew"}

// luaPreamble makes the script's language babel's main one, reading from the right (bidi=basic
// keeps numbers, maths and Latin words left to right inside it; layout=lists puts question
// numbers on the right). The Noto fonts have no Latin letters or digits: luaotfload takes
// those from Latin Modern, and Cyrillic or Greek words from Noto Serif and Noto Sans.
func luaPreamble(s Script) string {
	f := rtlFonts[s]
	var b strings.Builder
	b.WriteString("\\documentclass[11pt]{exam}\n" + unicodePackages)
	for _, fb := range [][3]string{{"ssrm", "lmroman10-regular", "NotoSerif-Regular"}, {"ssrmbf", "lmroman10-bold", "NotoSerif-Bold"},
		{"sssf", "lmsans10-regular", "NotoSans-Regular"}, {"sssfbf", "lmsans10-bold", "NotoSans-Bold"}} {
		fmt.Fprintf(&b, "\\directlua{luaotfload.add_fallback(\"%s\",{\"file:%s.otf:mode=node;\",\"file:%s.ttf:mode=node;\"})}\n", fb[0], fb[1], fb[2])
	}
	b.WriteString("\\usepackage[bidi=basic,layout=lists.tabular,shorthands=off]{babel}\n")
	fmt.Fprintf(&b, "\\babelprovide[import,main]{%s}\n", babelName[s])
	font := func(family, name, fb string) {
		fmt.Fprintf(&b, "\\babelfont{%s}[Path=%s,Extension=.ttf,UprightFont=*-Regular,BoldFont=*-Bold,"+
			"UprightFeatures={RawFeature={fallback=%s}},BoldFeatures={RawFeature={fallback=%sbf}}]{%s}\n", family, notoFonts, fb, fb, name)
	}
	font("rm", f[0], "ssrm")
	font("sf", f[1], "sssf")
	return b.String()
}

// cyrillicBabel is babel's name of each language written in Cyrillic that TeX Live has.
var cyrillicBabel = map[string]string{"ru": "russian", "uk": "ukrainian", "bg": "bulgarian", "be": "belarusian", "sr": "serbianc", "mk": "macedonian"}

// cyrillicDefaults lets Cyrillic letters print in any text, not only in a Cyrillic language:
// each letter of T2A becomes that encoding's by default (textalpha does the same for Greek).
const cyrillicDefaults = `\makeatletter\let\ss@duc\DeclareUnicodeCharacter\def\DeclareUnicodeCharacter#1#2{\ss@cyr#2\@nil}\def\ss@cyr#1#2\@nil{\ifx\relax#2\relax\DeclareTextSymbolDefault{#1}{T2A}\fi}\input{t2aenc.dfu}\let\DeclareUnicodeCharacter\ss@duc\makeatother`

// LanguageLine is the one preamble line a pdfLaTeX sheet with Cyrillic or Greek letters
// needs right after Preamble (T2A and LGR encodings, textalpha, babel with a Cyrillic
// sheet's language as the main one); "" for a sheet in Latin letters only, and for the other engines, whose
// preambles hold their languages. It is part of the sheet's warm format (see extraPrefix).
func LanguageLine(w Writing) string {
	if w.Engine != PDFLaTeX || len(w.Scripts) == 0 {
		return ""
	}
	encodings := []string{"T1"}
	var langs []string
	main := "english"
	if w.Has(ScriptCyrillic) {
		encodings = append([]string{"T2A"}, encodings...)
		name, ok := cyrillicBabel[w.Lang]
		if !ok {
			name = "russian"
		}
		langs = append(langs, name)
		if ok {
			main = name
		}
	}
	if w.Has(ScriptGreek) {
		// Not babel's greek: it makes LGR the text encoding, in which Latin letters print as
		// Greek ones ("Name" as "Ναμε"); textalpha prints Greek letters in any encoding.
		encodings = append([]string{"LGR"}, encodings...)
	}
	langs = append([]string{"english"}, langs...)
	var opts []string
	for _, l := range langs {
		if l != main {
			opts = append(opts, l)
		}
	}
	opts = append(opts, main) // babel's main language is its last
	line := fmt.Sprintf("\\usepackage[%s]{fontenc}", strings.Join(encodings, ","))
	if w.Has(ScriptGreek) {
		line += "\\usepackage{textalpha}"
	}
	if w.Has(ScriptCyrillic) {
		line += cyrillicDefaults
	}
	return line + fmt.Sprintf("\\usepackage[shorthands=off,%s]{babel}", strings.Join(opts, ","))
}

// languageLines are every line LanguageLine writes, so that extraPrefix knows them.
var languageLines = func() map[string]bool {
	lines := map[string]bool{}
	langs := []string{""}
	for l := range cyrillicBabel {
		langs = append(langs, l)
	}
	for _, lang := range langs {
		for _, scripts := range [][]Script{{ScriptCyrillic}, {ScriptGreek}, {ScriptCyrillic, ScriptGreek}} {
			lines[LanguageLine(Writing{Engine: PDFLaTeX, Scripts: scripts, Lang: lang})] = true
		}
	}
	return lines
}()

// engineOf is the engine a source compiles with: the one whose server-written preamble it
// starts with, or the one a hand-written source names on its first line
// ("% !TEX program = xelatex", the convention of TeX editors); pdfLaTeX otherwise.
func engineOf(src string) Engine {
	if strings.HasPrefix(src, Preamble) {
		return PDFLaTeX
	}
	for _, p := range serverPreambles() {
		if strings.HasPrefix(src, p.text) {
			return p.engine
		}
	}
	first, _, _ := strings.Cut(src, "\n")
	if m := magicProgram.FindStringSubmatch(first); m != nil {
		switch strings.ToLower(m[1]) {
		case "xelatex":
			return XeLaTeX
		case "lualatex":
			return LuaLaTeX
		}
	}
	return PDFLaTeX
}

type serverPreamble struct {
	engine Engine
	text   string
}

// serverPreambles are the XeLaTeX and LuaLaTeX preambles the server writes.
func serverPreambles() []serverPreamble {
	var out []serverPreamble
	for _, s := range []Script{ScriptChinese, ScriptJapanese, ScriptKorean} {
		out = append(out, serverPreamble{XeLaTeX, xePreamble(s)})
	}
	for _, s := range []Script{ScriptArabic, ScriptHebrew} {
		out = append(out, serverPreamble{LuaLaTeX, luaPreamble(s)})
	}
	return out
}
