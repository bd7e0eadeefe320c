package latex

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Script is a writing system a sheet can print in.
type Script string

const (
	ScriptLatin    Script = "Latin"
	ScriptCyrillic Script = "Cyrillic"
	ScriptGreek    Script = "Greek"
	ScriptChinese  Script = "Chinese"
	ScriptJapanese Script = "Japanese"
	ScriptKorean   Script = "Korean"
	ScriptArabic   Script = "Arabic"
	ScriptHebrew   Script = "Hebrew"
)

// Engine is the TeX program a source compiles with.
type Engine string

const (
	PDFLaTeX Engine = "pdflatex" // Latin, Cyrillic (T2A), Greek (LGR): the fastest
	XeLaTeX  Engine = "xelatex"  // Chinese, Japanese, Korean (xeCJK, Noto CJK)
	LuaLaTeX Engine = "lualatex" // Arabic, Hebrew (babel's bidi)
)

// Writing is how a sheet's letters are printed: the engine, the scripts it shows and the
// sheet's language (a BCP 47 primary tag, "" for English).
type Writing struct {
	Engine  Engine
	Scripts []Script // besides Latin, in a fixed order
	Lang    string
}

// RTL reports whether the sheet reads from the right.
func (w Writing) RTL() bool {
	return w.Engine == LuaLaTeX
}

// Has reports whether the sheet shows s.
func (w Writing) Has(s Script) bool { return slices.Contains(w.Scripts, s) }

// PackError is a sheet that needs a language pack this server lacks: its message is the one
// sentence a teacher reads.
type PackError struct {
	Script Script
	Pack   string // "base" (make deps), "cjk" or "rtl" (make lang-packs)
}

func (e *PackError) Error() string {
	how := "`make lang-packs` (Docker: build with --build-arg LANG_PACKS=1); see docs/LANGUAGES.md"
	if e.Pack == "base" {
		how = "`make deps` (Debian: " + strings.Join(packPackages["base"], ", ") + "); see docs/LANGUAGES.md"
	}
	return fmt.Sprintf("This server cannot print %s yet; an administrator can add it with %s.", e.Script, how)
}

// LetterError is a letter no installed font has: the sheet is refused rather than printed
// with the letter missing.
type LetterError struct {
	Letter rune
	Script string // Unicode's name of its script ("Ethiopic")
}

func (e *LetterError) Error() string {
	return fmt.Sprintf("This server cannot print the letter %c (%s script): no installed font has it, so I did not make the sheet rather than leave it out.", e.Letter, e.Script)
}

// MixError is a sheet mixing scripts that no one engine set-up prints together yet.
type MixError struct{ A, B Script }

func (e *MixError) Error() string {
	return fmt.Sprintf("A sheet cannot yet mix %s with %s; please make one sheet for each.", e.A, e.B)
}

// Unprintable reports whether err is WritingOf's refusal of a sheet's letters (a missing
// pack, a letter no font has, scripts that do not mix): a sentence for the teacher, which
// no repair by the model changes.
func Unprintable(err error) bool {
	var p *PackError
	var l *LetterError
	var m *MixError
	return errors.As(err, &p) || errors.As(err, &l) || errors.As(err, &m)
}

// packPackages are the Debian packages of each pack (scripts/apt-packages*.txt install them).
var packPackages = map[string][]string{
	"base": {"texlive-lang-cyrillic", "texlive-lang-greek"},
	"cjk":  {"texlive-xetex", "texlive-lang-chinese", "texlive-lang-japanese", "texlive-lang-korean", "fonts-noto-cjk"},
	"rtl":  {"texlive-luatex", "texlive-lang-arabic", "fonts-noto-core"},
}

var scriptPack = map[Script]string{
	ScriptCyrillic: "base", ScriptGreek: "base",
	ScriptChinese: "cjk", ScriptJapanese: "cjk", ScriptKorean: "cjk",
	ScriptArabic: "rtl", ScriptHebrew: "rtl",
}

// scriptOrder is the order Writing.Scripts lists scripts in.
var scriptOrder = []Script{ScriptCyrillic, ScriptGreek, ScriptChinese, ScriptJapanese, ScriptKorean, ScriptArabic, ScriptHebrew}

// cjkOfLanguage tells which CJK script Han characters are written in.
var cjkOfLanguage = map[string]Script{"zh": ScriptChinese, "ja": ScriptJapanese, "ko": ScriptKorean}

// WritingOf chooses how a sheet in language lang (BCP 47; "" is English) whose printed text
// is text is typeset. It refuses, with a *LetterError, a letter of a script no font here has,
// and with a *PackError one whose pack is not installed.
func WritingOf(lang, text string) (Writing, error) {
	lang, _, _ = strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	seen := map[Script]bool{}
	han := false
	for _, r := range text {
		if r < 0x80 {
			continue
		}
		if !unicode.IsLetter(r) {
			// the punctuation and digits of a script print with its fonts (؟ ٣ ״ 。 ？)
			switch {
			case unicode.Is(unicode.Arabic, r), r == 0x60c, r == 0x61b, r == 0x61f:
				seen[ScriptArabic] = true
			case unicode.Is(unicode.Hebrew, r):
				seen[ScriptHebrew] = true
			case r >= 0x3000 && r <= 0x303f, r >= 0xff00 && r <= 0xffef:
				han = true
			}
			continue
		}
		switch {
		case unicode.Is(unicode.Latin, r):
		case unicode.Is(unicode.Cyrillic, r):
			seen[ScriptCyrillic] = true
		case unicode.Is(unicode.Greek, r):
			seen[ScriptGreek] = true
		case unicode.Is(unicode.Han, r):
			han = true
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			seen[ScriptJapanese] = true
		case unicode.Is(unicode.Hangul, r):
			seen[ScriptKorean] = true
		case unicode.Is(unicode.Arabic, r):
			seen[ScriptArabic] = true
		case unicode.Is(unicode.Hebrew, r):
			seen[ScriptHebrew] = true
		case unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r):
		default:
			return Writing{}, &LetterError{Letter: r, Script: scriptName(r)}
		}
	}
	if han && !seen[ScriptJapanese] && !seen[ScriptKorean] {
		if s, ok := cjkOfLanguage[lang]; ok {
			seen[s] = true
		} else {
			seen[ScriptChinese] = true
		}
	}
	w := Writing{Engine: PDFLaTeX, Lang: lang}
	for _, s := range scriptOrder {
		if seen[s] {
			w.Scripts = append(w.Scripts, s)
		}
	}
	cjk := seen[ScriptChinese] || seen[ScriptJapanese] || seen[ScriptKorean]
	rtl := seen[ScriptArabic] || seen[ScriptHebrew]
	switch {
	case cjk && rtl:
		return Writing{}, &MixError{w.Scripts[slices.IndexFunc(w.Scripts, func(s Script) bool { return scriptPack[s] == "cjk" })], w.Scripts[len(w.Scripts)-1]}
	case seen[ScriptArabic] && seen[ScriptHebrew]:
		return Writing{}, &MixError{ScriptArabic, ScriptHebrew}
	case cjk && (seen[ScriptCyrillic] || seen[ScriptGreek]):
		// Latin Modern, XeLaTeX's text face, has neither; Noto CJK lacks Greek's accented letters
		return Writing{}, &MixError{w.Scripts[slices.IndexFunc(w.Scripts, func(s Script) bool { return scriptPack[s] == "cjk" })], w.Scripts[0]}
	case cjk:
		w.Engine = XeLaTeX
	case rtl:
		w.Engine = LuaLaTeX
	}
	for _, s := range w.Scripts {
		if !packInstalled(scriptPack[s], s) {
			return Writing{}, &PackError{Script: s, Pack: scriptPack[s]}
		}
	}
	return w, nil
}

// scriptName is Unicode's name of r's script, for a refusal.
func scriptName(r rune) string {
	for name, t := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(t, r) {
			return strings.ReplaceAll(name, "_", " ")
		}
	}
	return "unknown"
}

// packChecks are the files each script needs: TeX files found by kpsewhich, fonts by path.
var packChecks = map[Script][]string{
	ScriptCyrillic: {"t2aenc.def", "russianb.ldf", "larm1095.tfm", "labx1440.tfm"},
	ScriptGreek:    {"lgrenc.def", "textalpha.sty", "grmn1095.tfm"},
	ScriptChinese:  {"xeCJK.sty", notoCJK + "NotoSerifCJK-Regular.ttc", notoCJK + "NotoSansCJK-Regular.ttc"},
	ScriptJapanese: {"xeCJK.sty", notoCJK + "NotoSerifCJK-Regular.ttc", notoCJK + "NotoSansCJK-Regular.ttc"},
	ScriptKorean:   {"xeCJK.sty", notoCJK + "NotoSerifCJK-Regular.ttc", notoCJK + "NotoSansCJK-Regular.ttc"},
	ScriptArabic:   {"luaotfload.sty", "babel-ar.ini", notoFonts + "NotoNaskhArabic-Regular.ttf", notoFonts + "NotoSansArabic-Regular.ttf", notoFonts + "NotoSerif-Regular.ttf"},
	ScriptHebrew:   {"luaotfload.sty", "babel-he.ini", notoFonts + "NotoSerifHebrew-Regular.ttf", notoFonts + "NotoSansHebrew-Regular.ttf", notoFonts + "NotoSerif-Regular.ttf"},
}

// Where Debian's fonts-noto-cjk and fonts-noto-core put the fonts.
const (
	notoCJK   = "/usr/share/fonts/opentype/noto/"
	notoFonts = "/usr/share/fonts/truetype/noto/"
)

var (
	packMu    sync.Mutex
	packCache = map[Script]bool{}
)

// packInstalled reports whether the files script s needs are installed, and for the CJK and
// right-to-left packs the engine; looked up once per script.
func packInstalled(pack string, s Script) bool {
	packMu.Lock()
	defer packMu.Unlock()
	if ok, done := packCache[s]; done {
		return ok
	}
	ok := true
	switch pack {
	case "cjk":
		_, err := exec.LookPath(string(XeLaTeX))
		ok = err == nil
	case "rtl":
		_, err := exec.LookPath(string(LuaLaTeX))
		ok = err == nil
	}
	var tex []string
	for _, f := range packChecks[s] {
		if strings.HasPrefix(f, "/") {
			if _, err := os.Stat(f); err != nil {
				ok = false
			}
		} else {
			tex = append(tex, f)
		}
	}
	if ok && len(tex) > 0 {
		out, err := exec.Command("kpsewhich", tex...).Output()
		ok = err == nil && strings.Count(strings.TrimSpace(string(out)), "\n")+1 == len(tex)
	}
	packCache[s] = ok
	return ok
}

// Installed reports whether the server can print script s: what a health page or the docs'
// check shows.
func Installed(s Script) bool {
	pack, ok := scriptPack[s]
	return s == ScriptLatin || ok && packInstalled(pack, s)
}
