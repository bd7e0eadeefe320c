package offline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/check"
)

// sheetItem is one problem as written in a body: its question and its solution.
type sheetItem struct{ question, answer string }

var itemLine = regexp.MustCompile(`(?m)^\\(?:question|part) ([^\n]*)\n\\begin\{solution\}([^\n]*?) \\computed\\end\{solution\}$`)

func itemsOf(body string) []sheetItem {
	var out []sheetItem
	for _, m := range itemLine.FindAllStringSubmatch(body, -1) {
		out = append(out, sheetItem{m[1], m[2]})
	}
	return out
}

var (
	inlineOp  = regexp.MustCompile(`^\$(-?[\d{},]+) (\+|-|\\times|\\div) \(?(-?[\d{},]+)\)? = \$`)
	stackedOp = regexp.MustCompile(`^\$\\begin\{array\}\[t\]\{@\{\}r@\{\\;\}r@\{\}\} & ([\d{},]+) \\\\ (\+|-|\\times) & ([\d{},]+) \\\\ \\hline \\end\{array\}\$$`)
	intAnswer = regexp.MustCompile(`^\$(-?[\d{},]+)\$(?: R \$(\d+)\$)?$`)
)

func toInt(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(strings.NewReplacer("{,}", "", ",", "").Replace(s), 10, 64)
	if err != nil {
		t.Fatalf("not a whole number: %q", s)
	}
	return n
}

// operands reads a whole-number question ("$23 + 45 = $" or a column sum).
func operands(t *testing.T, q string) (a int64, op string, b int64, ok bool) {
	m := inlineOp.FindStringSubmatch(q)
	if m == nil {
		m = stackedOp.FindStringSubmatch(q)
	}
	if m == nil {
		return 0, "", 0, false
	}
	return toInt(t, m[1]), m[2], toInt(t, m[3]), true
}

// property describes what every sheet for a prompt must satisfy, on top of right answers.
type property struct {
	prompt string
	count  int
	// each checks one whole-number problem: a op b = answer (remainder r).
	each func(a int64, op string, b, answer, r int64) error
}

func between(name string, n, lo, hi int64) error {
	if n < lo || n > hi {
		return fmt.Errorf("%s %d outside %d–%d", name, n, lo, hi)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

var properties = []property{
	{"20 two-digit addition problems", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("first addend", a, 10, 99), between("second addend", b, 10, 99), want(op, "+"))
	}},
	{"a dozen subtraction problems within 20", 12, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("minuend", a, 0, 20), between("difference", ans, 0, 20), want(op, "-"))
	}},
	{"addition within 10 for kindergarten", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("sum", ans, 0, 10), between("addend", a, 0, 10))
	}},
	{"30 3-digit subtraction problems", 30, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("minuend", a, 100, 999), between("subtrahend", b, 100, 999), between("difference", ans, 0, 999))
	}},
	{"subtraction with negative numbers, numbers up to 20", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("minuend", a, -20, 20), between("subtrahend", b, -20, 20))
	}},
	{"adding negative numbers up to 10", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("addend", a, -10, 10), between("addend", b, -10, 10), want(op, "+"))
	}},
	{"the 7 times table", 20, func(a int64, op string, b, ans, r int64) error {
		if a != 7 && b != 7 {
			return fmt.Errorf("%d × %d is not in the 7 times table", a, b)
		}
		return firstErr(between("factor", a*b/7, 1, 12), want(op, `\times`))
	}},
	{"times tables up to 12, 40 questions", 40, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("factor", a, 1, 12), between("factor", b, 1, 12))
	}},
	{"2-digit by 1-digit multiplication, vertical", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("first factor", a, 10, 99), between("second factor", b, 2, 9))
	}},
	{"division facts", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(want(op, `\div`), zero("remainder", r), between("divisor", b, 2, 12), between("quotient", ans, 1, 12))
	}},
	{"24 division problems with remainders, 3 digit by 1 digit", 24, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("dividend", a, 100, 999), between("divisor", b, 2, 9), between("remainder", r, 1, b-1))
	}},
	{"division without remainders for grade 5", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(zero("remainder", r), between("divisor", b, 11, 99))
	}},
	{"addition and subtraction for grade 2, vertical", 20, func(a int64, op string, b, ans, r int64) error {
		return firstErr(between("first number", a, 10, 99), between("answer", ans, 0, 198))
	}},
	{"mixed operations, 50 problems", 50, func(a int64, op string, b, ans, r int64) error {
		if op == "-" && ans < 0 {
			return fmt.Errorf("negative difference %d", ans)
		}
		return zero("remainder", r)
	}},
	{"fractions", 20, nil},
	{"16 problems adding and subtracting fractions with like denominators for grade 3", 16, nil},
	{"compare fractions", 20, nil},
	{"simplify fractions, 25 questions", 25, nil},
	{"30 rounding problems: round to the nearest 10, 100 and 1000", 30, nil},
	{"place value for grade 4", 20, nil},
	{"expanded form, 10 numbers", 10, nil},
}

func want(op, w string) error {
	if op != w {
		return fmt.Errorf("operation %s, want %s", op, w)
	}
	return nil
}

func zero(name string, n int64) error {
	if n != 0 {
		return fmt.Errorf("%s %d, want none", name, n)
	}
	return nil
}

// TestEveryAnswerIsRight writes many sheets for many prompts and seeds, then checks each with
// the independent answer checker (which recomputes every answer from the question's text),
// the counts, the ranges, and that no problem repeats.
func TestEveryAnswerIsRight(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	for _, p := range properties {
		for _, layout := range []string{"default", "exam"} {
			for seed := range int64(seeds) {
				d, err := New(func() int64 { return seed*7919 + 13 }).Write(context.Background(),
					generate.Request{Prompt: p.prompt, Settings: settings(layout)}, nil)
				if err != nil {
					t.Fatalf("%q: %v", p.prompt, err)
				}
				where := fmt.Sprintf("%q (%s, seed %d)", p.prompt, layout, seed)
				items := itemsOf(d.Body)
				if len(items) != p.count {
					t.Fatalf("%s: %d problems, want %d", where, len(items), p.count)
				}
				unmarked := strings.ReplaceAll(d.Body, ` \computed`, "")
				checked, changes := check.Check(unmarked)
				if len(changes) != 0 {
					t.Fatalf("%s: the checker corrected answers: %+v", where, changes)
				}
				if got := strings.Count(checked, `\computed`); got != p.count {
					t.Fatalf("%s: the checker verified %d of %d answers:\n%s", where, got, p.count, checked)
				}
				seen := map[string]bool{}
				for _, it := range items {
					if seen[it.question] && !strings.Contains(p.prompt, "times table") {
						t.Errorf("%s: %s appears twice", where, it.question)
					}
					seen[it.question] = true
					if p.each == nil {
						continue
					}
					a, op, b, ok := operands(t, it.question)
					if !ok {
						t.Fatalf("%s: not a whole-number problem: %s", where, it.question)
					}
					m := intAnswer.FindStringSubmatch(it.answer)
					if m == nil {
						t.Fatalf("%s: answer %q", where, it.answer)
					}
					var r int64
					if m[2] != "" {
						r = toInt(t, m[2])
					}
					if err := p.each(a, op, b, toInt(t, m[1]), r); err != nil {
						t.Errorf("%s: %s → %s: %v", where, it.question, it.answer, err)
					}
				}
			}
		}
	}
}

func TestSheetsVary(t *testing.T) {
	e := New(nil)
	first, _ := e.Write(context.Background(), generate.Request{Prompt: "20 two-digit addition problems"}, nil)
	second, _ := e.Write(context.Background(), generate.Request{Prompt: "20 two-digit addition problems"}, nil)
	if itemsOf(first.Body)[0] == itemsOf(second.Body)[0] && itemsOf(first.Body)[1] == itemsOf(second.Body)[1] {
		t.Errorf("two sheets for the same request start with the same problems")
	}
}

// TestAnyMixOfPhrasesGivesASheetOrAClearRefusal throws random combinations of the phrases the
// engine knows (and some it does not) at it: every answer is either a checked sheet or an
// UnsupportedError, never a failure or a hang.
func TestAnyMixOfPhrasesGivesASheetOrAClearRefusal(t *testing.T) {
	fragments := []string{
		"addition", "subtraction", "multiplication", "division", "fractions", "simplify", "compare",
		"round to the nearest 100", "place value", "expanded form", "times tables", "the 7 times table",
		"with remainders", "without remainders", "negative numbers", "vertical", "in 3 columns",
		"two-digit", "3-digit by 1-digit", "up to 1000", "within 20", "between 10 and 50", "0-10",
		"for grade 2", "year 5", "kindergarten", "a dozen", "50 problems", "1 question", "harder",
		"easier", "like denominators", "about frogs", "decimals", "word problems", "please", "and",
	}
	r := rand.New(rand.NewPCG(5, 6))
	runs := 600
	if testing.Short() {
		runs = 100
	}
	for i := 0; i < runs; i++ {
		var parts []string
		for range 1 + r.IntN(4) {
			parts = append(parts, fragments[r.IntN(len(fragments))])
		}
		prompt := strings.Join(parts, " ")
		layout := []string{"default", "exam"}[r.IntN(2)]
		d, err := New(func() int64 { return int64(i) }).Write(context.Background(),
			generate.Request{Prompt: prompt, Settings: settings(layout)}, nil)
		var unsupported *generate.UnsupportedError
		switch {
		case errors.As(err, &unsupported):
			continue
		case err != nil:
			t.Fatalf("%q: %v", prompt, err)
		}
		n := len(itemsOf(d.Body))
		if n == 0 || n > maxCount {
			t.Fatalf("%q: %d problems", prompt, n)
		}
		if _, changes := check.Check(strings.ReplaceAll(d.Body, ` \computed`, "")); len(changes) > 0 {
			t.Fatalf("%q: wrong answers %+v", prompt, changes)
		}
	}
}
