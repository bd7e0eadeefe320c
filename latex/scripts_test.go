package latex

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

var (
	scriptsOnce sync.Once
	scriptsC    *Compiler
	scriptsErr  error
)

// scriptsCompiler is a compiler with a timeout long enough for a cold LuaLaTeX.
func scriptsCompiler(t *testing.T) *Compiler {
	real(t)
	scriptsOnce.Do(func() {
		scriptsC, scriptsErr = New(Config{Workers: 2, Queue: 16, Timeout: 60 * time.Second, FormatDir: formatDir,
			Logger: slog.New(slog.NewTextHandler(&sharedLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	})
	if scriptsErr != nil {
		t.Fatal(scriptsErr)
	}
	return scriptsC
}

// letters are the letters of s after NFKC, in order: what a reader of the PDF compares.
func letters(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKC.String(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestWritingOfChoosesTheEngine(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		engine     Engine
		scripts    []Script
	}{
		{"", "Add 7 and 8. José", PDFLaTeX, nil},
		{"es", "¿Cuánto es 7 × 8?", PDFLaTeX, nil},
		{"ru", "Сколько будет 7 × 8?", PDFLaTeX, []Script{ScriptCyrillic}},
		{"el", "Πόσο κάνει 7 × 8;", PDFLaTeX, []Script{ScriptGreek}},
		{"", "苹果 píngguǒ apple", XeLaTeX, []Script{ScriptChinese}},
		{"ja", "漢字", XeLaTeX, []Script{ScriptJapanese}},
		{"", "ひらがな 漢字", XeLaTeX, []Script{ScriptJapanese}},
		{"ko", "사과", XeLaTeX, []Script{ScriptKorean}},
		{"ar", "كم يساوي ٧ × ٨؟", LuaLaTeX, []Script{ScriptArabic}},
		{"he", "כמה זה 7 × 8?", LuaLaTeX, []Script{ScriptHebrew}},
	} {
		w, err := WritingOf(c.lang, c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if w.Engine != c.engine || strings.Join(scriptNames(w.Scripts), ",") != strings.Join(scriptNames(c.scripts), ",") {
			t.Errorf("%q: %s %v, want %s %v", c.text, w.Engine, w.Scripts, c.engine, c.scripts)
		}
	}
	_, err := WritingOf("am", "ሰላም")
	var le *LetterError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "ሰ") || !strings.Contains(err.Error(), "Ethiopic") {
		t.Errorf("Ethiopic: %v, want a refusal naming the letter and its script", err)
	}
}

func scriptNames(s []Script) []string {
	var out []string
	for _, x := range s {
		out = append(out, string(x))
	}
	return out
}

func TestPackErrorSaysHowToAddThePack(t *testing.T) {
	msg := (&PackError{Script: ScriptChinese, Pack: "cjk"}).Error()
	if !strings.HasPrefix(msg, "This server cannot print Chinese yet; an administrator can add it with `make lang-packs`") {
		t.Errorf("message: %s", msg)
	}
}

// Each script prints its own letters, in the engine WritingOf chooses, through the sandbox.
func TestScriptsPrintTheirLetters(t *testing.T) {
	c := scriptsCompiler(t)
	for _, tc := range []struct{ lang, text string }{
		{"ru", "Сколько будет семь умножить на восемь? Ёлка. English words too."},
		{"", "An English sheet with the Russian word привет and the Greek word λόγος."},
		{"el", "Πόσο κάνει επτά επί οκτώ; Ναι."},
		{"zh", "苹果 píngguǒ apple 答案"},
		{"ja", "りんごは いくつ ありますか。漢字"},
		{"ko", "사과는 몇 개 있습니까?"},
		{"ar", "كم يساوي سبعة في ثمانية؟ apple 45"},
		{"he", "כמה זה שבע כפול שמונה? apple 45"},
	} {
		w, err := WritingOf(tc.lang, tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.lang, err)
			continue
		}
		src := PreambleFor(w)
		if l := LanguageLine(w); l != "" {
			src += l + "\n"
		}
		src += SealFor(w.Engine) + "\\begin{document}\n\\begin{questions}\\question " + tc.text + " $7\\times 8$\n\\end{questions}\n\\end{document}\n"
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		res, err := c.Compile(ctx, src)
		cancel()
		if err != nil {
			t.Errorf("%s (%s): %v", tc.lang, w.Engine, err)
			if testing.Verbose() {
				t.Log(tail(sharedLog.String(), 3000))
			}
			continue
		}
		got := letters(pdfText(t, res.PDF))
		for _, word := range strings.Fields(tc.text) {
			if want := letters(word); !strings.Contains(got, want) && !strings.Contains(got, reverse(want)) {
				t.Errorf("%s (%s): %q missing from %q", tc.lang, w.Engine, want, got)
			}
		}
	}
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// A hand-written source names its engine on its first line; a server-written one by its
// preamble.
func TestEngineOfAndItsKey(t *testing.T) {
	body := "\\begin{document}x\\end{document}\n"
	for src, want := range map[string]Engine{
		"\\documentclass{article}\n" + body:                                            PDFLaTeX,
		"% !TEX program = xelatex\n\\documentclass{article}\n" + body:                  XeLaTeX,
		"%!TEX TS-program = LuaLaTeX\n\\documentclass{article}\n" + body:               LuaLaTeX,
		PreambleFor(Writing{Engine: XeLaTeX, Scripts: []Script{ScriptKorean}}) + body:  XeLaTeX,
		PreambleFor(Writing{Engine: LuaLaTeX, Scripts: []Script{ScriptHebrew}}) + body: LuaLaTeX,
		Preamble + body: PDFLaTeX,
	} {
		if got := engineOf(src); got != want {
			t.Errorf("engineOf(%.40q) = %s, want %s", src, got, want)
		}
	}
	// the key holds the version of the engine that compiles the source, not pdfTeX's
	if Installed(ScriptChinese) && !strings.Contains(VersionOf(XeLaTeX), "XeTeX") {
		t.Errorf("XeLaTeX's version: %q", VersionOf(XeLaTeX))
	}
}

// A body may not reach LuaTeX's Lua or XeTeX's own primitives.
func TestBodyCheckRefusesLuaAndXeTeX(t *testing.T) {
	for _, body := range []string{`\directlua{os.exit()}`, `\latelua{x}`, `\luaescapestring{x}`, `\XeTeXpdffile "/etc/passwd"`, `\luatexdirectlua{x}`} {
		if err := CheckBody(body); err == nil {
			t.Errorf("CheckBody(%q) passed", body)
		}
	}
}

// Hand-written XeLaTeX compiles through the sandbox like any source.
func TestHandWrittenXeLaTeX(t *testing.T) {
	c := scriptsCompiler(t)
	if !Installed(ScriptChinese) {
		t.Skip("the CJK pack is not installed (make lang-packs)")
	}
	src := "% !TEX program = xelatex\n\\documentclass{article}\n\\usepackage{xeCJK}\n\\setCJKmainfont{Noto Serif CJK SC}\n\\begin{document}\n你好 hello\n\\end{document}\n"
	res, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if got := letters(pdfText(t, res.PDF)); got != "你好hello1" { // and the page number
		t.Errorf("text %q", got)
	}
}

// A sheet in a script whose pack is missing is refused with the sentence that says how to add it.
func TestMissingPackRefusesTheSheet(t *testing.T) {
	packMu.Lock()
	was, known := packCache[ScriptKorean]
	packCache[ScriptKorean] = false
	packMu.Unlock()
	defer func() {
		packMu.Lock()
		if known {
			packCache[ScriptKorean] = was
		} else {
			delete(packCache, ScriptKorean)
		}
		packMu.Unlock()
	}()
	_, err := WritingOf("ko", "사과는 몇 개?")
	if err == nil || !Unprintable(err) || !strings.HasPrefix(err.Error(), "This server cannot print Korean yet; an administrator can add it with `make lang-packs`") {
		t.Fatalf("WritingOf: %v", err)
	}
}
