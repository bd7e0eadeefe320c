package offline

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"sheetsmith/generate"
)

// hangGuard is how long one request may take before a test calls it a hang: far above what any
// sheet costs (milliseconds), so a busy machine never trips it; no test asserts a duration.
const hangGuard = 2 * time.Minute

// writeGuarded writes prompt (as an edit of body when body is set) under hangGuard and fails
// the test on a hang, a panic's absence of an answer, or an error that is neither a refusal
// nor the sheet.
func writeGuarded(t *testing.T, prompt, body string) generate.Draft {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	d, err := New(seeds()).Write(ctx, generate.Request{Prompt: prompt, CurrentBody: body}, nil)
	var refused *generate.UnsupportedError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		t.Fatalf("%q: still writing after %v", prompt, hangGuard)
	case errors.As(err, &refused):
		return generate.Draft{}
	case err != nil:
		t.Fatalf("%q: %v", prompt, err)
	}
	return d
}

// TestIssue32HugeCountIsCapped is the 55-character request of issue 32: its count saturated,
// the two sections' sum wrapped negative, the cap never applied and the server wrote questions
// until it ran out of memory. Now the count is read as the largest the reader takes, the sheet
// holds one sheet's worth, and the reply says so in the words it uses for any count too large.
func TestIssue32HugeCountIsCapped(t *testing.T) {
	const attack = "add and subtract - 99999999999999999999 questions each."
	if len(attack) != 55 {
		t.Fatalf("the attack is %d characters", len(attack))
	}
	d := writeGuarded(t, attack, "")
	if d.Document == nil {
		t.Fatalf("no sheet: %q", d.Message)
	}
	if n := len(questionsOf(d.Document)); n != maxQuestions {
		t.Errorf("%d questions, want the cap (%d)", n, maxQuestions)
	}
	if got := sections(d.Document); strings.Join(got, "|") != "Addition problems|Subtraction problems" {
		t.Errorf("sections %v", got)
	}
	if !strings.Contains(d.Message, "50 addition problems and 50 subtraction problems") ||
		!strings.Contains(d.Message, "one sheet holds at most 100, so it has 100.") {
		t.Errorf("reply %q", d.Message)
	}
	// The same count in an edit: the sections named are capped before any question is drawn
	// again (a level change draws every question of a section it names).
	e := writeGuarded(t, "now 99999999999999999999 hard subtraction problems instead", d.Body)
	if e.Document == nil || len(questionsOf(e.Document)) > maxQuestions {
		t.Fatalf("edit: %v", e.Message)
	}
	if !strings.Contains(e.Message, "one sheet holds at most 100") {
		t.Errorf("edit reply %q", e.Message)
	}
}

// countTemplates are requests with a number in them, where each %s is one count. "edit: "
// marks a follow-up to a 20-question sheet; the word sheets' numbers are there too.
var countTemplates = []string{
	"%s addition problems",
	"addition and subtraction, %s questions each",
	"%s addition, %s subtraction and %s multiplication for grade 3",
	"%s easy addition and %s hard subtraction",
	"%s sumas y %s restas",
	"addition within %s",
	"subtraction between %s and %s",
	"numbers up to %s, rounding to the nearest %s",
	"the %s times table, %s facts",
	"multiplication tables %s to %s",
	"long division with divisors %s and %s",
	"%s-digit by %s-digit multiplication",
	"%s versions of 20 fraction problems",
	"%s columns of subtraction",
	"%s pages of long division",
	"mean, median and mode with %s numbers each",
	"making change with a $%s bill",
	"a sheet of %s telling time problems",
	"only %s area problems",
	"skip counting by %ss",
	"%s word problems and %s angles",
	"20 one-step equations like x + %s = %s",
	"prime factorization of numbers less than %s",
	"edit: add %s more",
	"edit: make it %s questions",
	"edit: take out the last %s",
	"edit: swap #%s and #2",
	"edit: delete questions %s and %s",
	"edit: redo number %s",
	"edit: make number %s harder",
	"edit: move number %s to the end",
	"edit: remove section %s",
	"edit: change to %s hard subtraction problems and swap #1 and #2",
	"edit: also add %s fraction problems and make them harder",
	"edit: %s versions",
	"%s bingo cards with our sight words: the, and, a, to, said, in, he, I, of, it, was, you, they, on, she, is, for, at, his, but, that, with, all, we",
	"120 chart, count by %ss",
	"cloze, every %s word: The water cycle moves water around the Earth all the time.",
}

// hugeCounts are counts a reader could overflow on or loop over: past int64, at its edge,
// negative-looking, padded, in other scripts' digits, repeated.
var hugeCounts = []string{
	"99999999999999999999",
	"9223372036854775807",
	"18446744073709551616",
	"-9223372036854775808",
	"−5", // a minus sign
	"0",
	"000000000000000000000000000000012",
	"٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩", // Arabic-Indic digits
	"９９９９９９９９９９９９",         // full-width digits
	"99999999999999999999 99999999999999999999",
	"1,000,000,000,000",
	strings.Repeat("9", 400),
}

// FuzzCounts: whatever count a request carries, the sheet is written at once (or refused),
// holds at most one sheet's questions, and never panics. As a normal go test it runs the
// seeds: every template with every count above.
func FuzzCounts(f *testing.F) {
	for i := range countTemplates {
		for _, c := range hugeCounts {
			f.Add(uint8(i), c)
		}
	}
	base := ""
	f.Fuzz(func(t *testing.T, which uint8, count string) {
		tpl := countTemplates[int(which)%len(countTemplates)]
		prompt := strings.ReplaceAll(tpl, "%s", count)
		body := ""
		if p, ok := strings.CutPrefix(prompt, "edit: "); ok {
			if base == "" {
				base = writeGuarded(t, "20 addition problems", "").Body
			}
			prompt, body = p, base
		}
		d := writeGuarded(t, prompt, body)
		if d.Document == nil {
			return // refused, with a sentence
		}
		if n := len(questionsOf(d.Document)); n > maxQuestions+1 { // a bingo sheet's caller list is one more
			t.Errorf("%q: %d questions, more than one sheet holds", prompt, n)
		}
		if spec, ok := specFrom(d.Body); ok {
			total := 0
			for _, s := range spec.Sections {
				if s.Count < 1 {
					t.Errorf("%q: a section of %d questions", prompt, s.Count)
				}
				total += s.Count
			}
			if total*max(1, spec.Versions) > maxQuestions {
				t.Errorf("%q: the spec holds %d questions", prompt, total*max(1, spec.Versions))
			}
		}
	})
}

// endsAfter is a request that ends after n checks of its context: the engine's loops poll
// ctx.Err(), so each value of n ends the request at another point of the generation.
type endsAfter struct {
	context.Context
	left int
}

func (c *endsAfter) Err() error {
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

// TestGenerationStopsWhenTheRequestEnds: a request that ends (the client left, the deadline
// passed) gets the context's error and no sheet, wherever the generation was: before it, in
// the middle of writing a 96-question sheet of six versions, or in an edit that draws every
// question again level by level; never a panic nor a half-written sheet.
func TestGenerationStopsWhenTheRequestEnds(t *testing.T) {
	e := New(seeds())
	// The client leaves while the engine says it is writing.
	ctx, cancel := context.WithCancel(context.Background())
	d, err := e.Write(ctx, generate.Request{Prompt: "100 two-digit subtraction problems, 6 versions"}, func(string) { cancel() })
	if !errors.Is(err, context.Canceled) || d.Document != nil {
		t.Fatalf("cancelled while writing: err %v, document %v", err, d.Document != nil)
	}
	start := writeGuarded(t, "100 two-digit subtraction problems, 6 versions", "")
	for _, tc := range []struct{ prompt, body string }{
		{"100 two-digit subtraction problems, 6 versions", ""},
		{"make them harder", start.Body},
		{"redo number 40", start.Body},
		{"make number 7 challenging", start.Body},
		{"word search with these words: photosynthesis, chlorophyll, carbon dioxide, oxygen, glucose, sunlight, stomata, roots, xylem, phloem", ""},
		{"crossword: habitat – a; predator – b; prey – c; food chain – d; producer – e; consumer – f", ""},
	} {
		checks := 0
		for n := 0; ; n++ {
			ctx := &endsAfter{Context: context.Background(), left: n}
			d, err := New(seeds()).Write(ctx, generate.Request{Prompt: tc.prompt, CurrentBody: tc.body}, nil)
			if err == nil && d.Document != nil { // the whole generation ran inside n checks: every earlier end was seen
				checks = n
				break
			}
			if !errors.Is(err, context.Canceled) || d.Document != nil {
				t.Fatalf("%q ended at check %d: err %v, document %v", tc.prompt, n, err, d.Document != nil)
			}
		}
		if checks < 3 { // at the start, during and after
			t.Errorf("%q: the context is checked %d times", tc.prompt, checks)
		}
	}
}
