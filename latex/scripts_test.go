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
