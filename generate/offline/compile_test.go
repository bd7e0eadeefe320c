package offline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// compile runs pdflatex on a full document and returns the PDF's text and page count.
func compile(t *testing.T, src string) (text string, pages int) {
	t.Helper()
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sheet.tex"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "sheet.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex failed: %v\n%s", err, tail(string(out), 2500))
	}
	pdf := filepath.Join(dir, "sheet.pdf")
	if keep := os.Getenv("SHEETSMITH_KEEP_PDF"); keep != "" {
		b, _ := os.ReadFile(pdf)
		os.WriteFile(keep, b, 0o644)
	}
	out, err := exec.Command("pdftotext", "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, err := exec.Command("pdfinfo", pdf).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindSubmatch(info)
	pages, _ = strconv.Atoi(string(m[1]))
	return string(out), pages
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func write(t *testing.T, prompt, layout string) generate.Draft {
	t.Helper()
	d, err := New(func() int64 { return 7 }).Write(context.Background(), generate.Request{Prompt: prompt, Settings: settings(layout)}, nil)
	if err != nil {
		t.Fatalf("%q: %v", prompt, err)
	}
	return d
}

func settings(layout string) latex.Settings {
	return latex.Settings{Title: "Practice", ShowName: true, ShowDate: true, NarrowMargins: true, Layout: layout}
}

// firstQuestion and firstAnswer pull the first problem out of a body, as pdftotext shows them.
var (
	firstInline = regexp.MustCompile(`\\(?:question|part) \$(\d+) (\+|-|\\times|\\div) (\d+) = \$`)
	firstAnswer = regexp.MustCompile(`\\begin\{solution\}\$([\d]+)\$`)
)

func TestSheetsCompileAndShowQuestionsAndAnswers(t *testing.T) {
	prompts := []string{
		"20 two-digit addition problems",
		"15 subtraction problems within 20",
		"the 7 times table",
		"24 division problems with remainders for grade 4",
		"vertical 3-digit addition and subtraction",
		"fractions: simplify, add, subtract and compare",
		"round to the nearest 10 and 100",
		"place value and expanded form for grade 3",
	}
	for _, layout := range []string{"default", "exam"} {
		for _, prompt := range prompts {
			t.Run(layout+"/"+prompt, func(t *testing.T) {
				d := write(t, prompt, layout)
				src := latex.Document(d.Body, settings(layout), d.Packages...)
				sheet, pages := compile(t, src)
				key, keyPages := compile(t, latex.WithAnswers(src))
				if !strings.Contains(sheet, "Practice") || strings.Contains(sheet, "Answer Key") {
					t.Errorf("sheet header wrong:\n%s", sheet)
				}
				if strings.Contains(sheet, "Answer:") {
					t.Errorf("the sheet shows answers:\n%s", sheet)
				}
				if got := strings.Count(key, "Answer:"); got != countProblems(d.Body) {
					t.Errorf("key shows %d answers, want %d", got, countProblems(d.Body))
				}
				if m := firstInline.FindStringSubmatch(d.Body); m != nil {
					op := map[string]string{"+": "+", "-": "−", `\times`: "×", `\div`: "÷"}[m[2]]
					shown := m[1] + " " + op + " " + m[3] + " ="
					if !strings.Contains(sheet, shown) {
						t.Errorf("sheet does not show %q:\n%s", shown, sheet)
					}
				}
				if m := firstAnswer.FindStringSubmatch(d.Body); m != nil && !strings.Contains(key, "Answer: "+m[1]) {
					t.Errorf("key does not show answer %q:\n%s", m[1], key)
				}
				if layout == "exam" && pages < 2 && countProblems(d.Body) > 8 {
					t.Errorf("exam layout of %d problems on %d page(s)", countProblems(d.Body), pages)
				}
				if layout == "default" && (pages > 2 || keyPages > 3) {
					t.Errorf("default layout takes %d pages (key %d)", pages, keyPages)
				}
			})
		}
	}
}

func TestTwentyToFiftyProblemsFitTheirPages(t *testing.T) {
	cases := []struct {
		prompt   string
		maxPages int
	}{
		{"20 two-digit addition problems", 1},
		{"30 multiplication facts", 1},
		{"50 multiplication facts", 1},
		{"50 three-digit subtraction problems", 2},
		{"40 fraction problems", 2},
		{"20 vertical addition problems", 1},
		{"50 vertical 3-digit addition problems", 2},
		{"30 rounding problems to the nearest 100", 1},
		{"20 place value problems", 1},
	}
	for _, c := range cases {
		d := write(t, c.prompt, "default")
		text, pages := compile(t, latex.Document(d.Body, settings("default")))
		if pages > c.maxPages {
			t.Errorf("%q: %d pages, want at most %d", c.prompt, pages, c.maxPages)
		}
		if n := countProblems(d.Body); !strings.Contains(text, fmt.Sprintf("%d.", n)) {
			t.Errorf("%q: last problem number %d not shown:\n%s", c.prompt, n, text)
		}
	}
}

func countProblems(body string) int { return strings.Count(body, `\begin{solution}`) }

// A sheet with room to spare keeps its pages in the answer key: the answers take the gaps.
func TestKeyKeepsTheSheetsPagesWhenThereIsRoom(t *testing.T) {
	for _, prompt := range []string{"20 two-digit addition problems", "20 vertical addition problems", "20 fractions", "12 expanded form problems"} {
		d := write(t, prompt, "default")
		src := latex.Document(d.Body, settings("default"))
		_, pages := compile(t, src)
		_, keyPages := compile(t, latex.WithAnswers(src))
		if pages != 1 || keyPages != 1 {
			t.Errorf("%q: sheet %d page(s), key %d", prompt, pages, keyPages)
		}
	}
}

func TestWideMarginsStillFitOnePage(t *testing.T) {
	wide := settings("default")
	wide.NarrowMargins, wide.ShowPeriod, wide.ShowInstructor = false, true, true
	for _, prompt := range []string{"20 two-digit addition problems", "40 multiplication facts", "20 vertical addition problems", "20 fractions"} {
		d, err := New(func() int64 { return 7 }).Write(context.Background(), generate.Request{Prompt: prompt, Settings: wide}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, pages := compile(t, latex.Document(d.Body, wide)); pages != 1 {
			t.Errorf("%q with 1in margins: %d pages", prompt, pages)
		}
	}
}
