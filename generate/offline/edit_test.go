package offline

import (
	"context"
	"errors"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// seeds hands out 1, 2, 3… so a test can tell a kept seed from a new one.
func seeds() func() int64 {
	n := int64(0)
	return func() int64 { n++; return n }
}

func writeOn(t *testing.T, e *Engine, body, prompt string) generate.Draft {
	t.Helper()
	d, err := e.Write(context.Background(), generate.Request{Prompt: prompt, CurrentBody: body, Settings: settings("default")}, nil)
	if err != nil {
		t.Fatalf("%q: %v", prompt, err)
	}
	return d
}

func questions(body string) []string {
	var qs []string
	for _, it := range itemsOf(body) {
		qs = append(qs, it.question)
	}
	return qs
}

func TestFollowUpEdits(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 two-digit addition problems")
	startQs := questions(start.Body)

	t.Run("only 10 keeps the first ten", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "only 10 questions please")
		qs := questions(d.Body)
		if len(qs) != 10 || strings.Join(qs, "|") != strings.Join(startQs[:10], "|") {
			t.Errorf("got %d problems: %v", len(qs), qs)
		}
		if !strings.Contains(d.Message, "10") {
			t.Errorf("message %q", d.Message)
		}
	})
	t.Run("add 5 more keeps the twenty", func(t *testing.T) {
		qs := questions(writeOn(t, e, start.Body, "add 5 more").Body)
		if len(qs) != 25 || strings.Join(qs[:20], "|") != strings.Join(startQs, "|") {
			t.Errorf("got %d problems", len(qs))
		}
	})
	t.Run("harder means bigger numbers", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "make them harder")
		for _, q := range questions(d.Body) {
			a, _, b, _ := operands(t, q)
			if a < 100 || b < 100 {
				t.Errorf("harder sheet has %s", q)
			}
		}
	})
	t.Run("easier means smaller numbers", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "too hard, make it easier")
		for _, it := range itemsOf(d.Body) {
			m := intAnswer.FindStringSubmatch(it.answer)
			if toInt(t, m[1]) > 20 {
				t.Errorf("easier sheet has %s = %s", it.question, it.answer)
			}
		}
	})
	t.Run("two columns keeps the problems", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "put them in two columns")
		if !strings.Contains(d.Body, `\begin{multicols}{2}`) || strings.Join(questions(d.Body), "|") != strings.Join(startQs, "|") {
			t.Errorf("body:\n%s", d.Body)
		}
	})
	t.Run("vertical", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "can you make them vertical")
		if strings.Count(d.Body, `\begin{array}`) != 20 {
			t.Errorf("not stacked:\n%s", d.Body)
		}
	})
	t.Run("numbers up to 1000", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "use numbers up to 1000")
		big := false
		for _, q := range questions(d.Body) {
			a, _, b, _ := operands(t, q)
			if a > 1000 || b > 1000 {
				t.Errorf("%s is over 1000", q)
			}
			big = big || a >= 100 || b >= 100
		}
		if !big {
			t.Errorf("no number over 99 in 20 problems up to 1000")
		}
	})
	t.Run("change to subtraction keeps two-digit", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "change to subtraction")
		for _, it := range itemsOf(d.Body) {
			a, op, b, _ := operands(t, it.question)
			if op != "-" || a < 10 || a > 99 || b < 10 || b > 99 || strings.HasPrefix(it.answer, "$-") {
				t.Errorf("%s = %s", it.question, it.answer)
			}
		}
		if !strings.Contains(d.Message, "subtraction") {
			t.Errorf("message %q", d.Message)
		}
	})
	for _, prompt := range []string{"also include some division", "add some division"} {
		t.Run(prompt, func(t *testing.T) {
			d := writeOn(t, e, start.Body, prompt)
			if !strings.Contains(d.Body, `\div`) || !strings.Contains(d.Body, " + ") {
				t.Errorf("want addition and division:\n%s", d.Body)
			}
		})
	}
	t.Run("new numbers", func(t *testing.T) {
		qs := questions(writeOn(t, e, start.Body, "same again with different numbers").Body)
		if len(qs) != 20 || strings.Join(qs, "|") == strings.Join(startQs, "|") {
			t.Errorf("numbers did not change")
		}
	})
	t.Run("edits chain", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "put them in two columns")
		d = writeOn(t, e, d.Body, "only 12")
		d = writeOn(t, e, d.Body, "vertical")
		if n := len(itemsOf(d.Body)); n != 12 || !strings.Contains(d.Body, `\begin{multicols}{2}`) || !strings.Contains(d.Body, `\begin{array}`) {
			t.Errorf("%d problems:\n%s", n, d.Body)
		}
	})
}

func TestEditsTheEngineCannotMake(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 two-digit addition problems")
	var unsupported *generate.UnsupportedError

	_, err := e.Write(context.Background(), generate.Request{Prompt: "add a picture of a frog", CurrentBody: start.Body}, nil)
	if !errors.As(err, &unsupported) || !strings.Contains(unsupported.Message, "harder") {
		t.Errorf("unknown edit: %v", err)
	}
	_, err = e.Write(context.Background(), generate.Request{Prompt: "turn these into word problems", CurrentBody: start.Body}, nil)
	if !errors.As(err, &unsupported) || !strings.Contains(unsupported.Message, "OPENAI_BASE_URL") {
		t.Errorf("word problems: %v", err)
	}

	modelSheet := "\\begin{questions}\n\\question What is a noun?\n\\begin{solution}A naming word.\\end{solution}\n\\end{questions}"
	_, err = e.Write(context.Background(), generate.Request{Prompt: "make them harder", CurrentBody: modelSheet}, nil)
	if !errors.As(err, &unsupported) || !strings.Contains(unsupported.Message, "not written by the offline engine") || !strings.Contains(unsupported.Message, "OPENAI_BASE_URL") {
		t.Errorf("model-written sheet: %v", err)
	}
	// A complete new request on top of a model-written sheet is a new sheet.
	d, err := e.Write(context.Background(), generate.Request{Prompt: "20 multiplication problems for grade 4", CurrentBody: modelSheet}, nil)
	if err != nil || len(itemsOf(d.Body)) != 20 {
		t.Errorf("new request over a model sheet: %v", err)
	}
}

func TestUnsupportedRequestsSayWhatWorks(t *testing.T) {
	e := New(seeds())
	for _, prompt := range []string{"a reading comprehension about frogs", "history quiz", "Spelling test for grade 2", "addition word problems about frogs"} {
		d, err := e.Write(context.Background(), generate.Request{Prompt: prompt}, nil)
		var unsupported *generate.UnsupportedError
		if !errors.As(err, &unsupported) {
			t.Errorf("%q: want UnsupportedError, got %v (%q)", prompt, err, d.Body)
			continue
		}
		for _, must := range []string{"addition", "times tables", "fractions", "rounding", "place value", "OPENAI_BASE_URL", "OPENAI_MODEL"} {
			if !strings.Contains(unsupported.Message, must) {
				t.Errorf("%q: message does not mention %s: %s", prompt, must, unsupported.Message)
			}
		}
		if d.Body != "" {
			t.Errorf("%q: wrote a sheet anyway", prompt)
		}
	}
}

func TestProgressIsReported(t *testing.T) {
	var steps []string
	_, err := New(seeds()).Write(context.Background(), generate.Request{Prompt: "20 two-digit addition problems"}, func(s string) { steps = append(steps, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) < 2 || steps[0] != "Reading your request…" || steps[1] != "Writing 20 problems…" {
		t.Errorf("progress %q", steps)
	}
}

func TestCancelledRequestWritesNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(seeds()).Write(ctx, generate.Request{Prompt: "20 addition problems"}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}

func TestExamLayoutGroupsProblemsIntoParts(t *testing.T) {
	d, err := New(seeds()).Write(context.Background(), generate.Request{Prompt: "20 two-digit addition problems", Settings: settings("exam")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if q, p := strings.Count(d.Body, `\question `), strings.Count(d.Body, `\part `); q != 3 || p != 20 {
		t.Errorf("%d questions with %d parts:\n%s", q, p, d.Body)
	}
	if strings.Count(d.Body, `\answerspace`) != 20 {
		t.Errorf("no room to work")
	}
}

func TestEditFromChatHistoryWhenNoCurrentBody(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 two-digit addition problems")
	doc := latex.Document(start.Body, settings("default"))
	d, err := e.Write(context.Background(), generate.Request{Prompt: "only 10", History: []generate.Message{
		{Role: "user", Content: "20 two-digit addition problems"},
		{Role: "assistant", Content: start.Message, LatexCode: doc},
	}}, nil)
	if err != nil || len(itemsOf(d.Body)) != 10 {
		t.Errorf("edit from history: %v\n%s", err, d.Body)
	}
}

func TestHarderAndEasierForEachKind(t *testing.T) {
	cases := []struct {
		start, edit string
		holds       func(s Spec) bool
	}{
		{"the 7 times table", "make it harder", func(s Spec) bool { return len(s.Levels[opMul].Tables) == 11 }},
		{"times tables up to 12", "harder", func(s Spec) bool { return s.Levels[opMul].A == Range{10, 99} }},
		{"2-digit by 1-digit multiplication", "easier please", func(s Spec) bool { return len(s.Levels[opMul].Tables) > 0 }},
		{"division facts", "harder", func(s Spec) bool { return s.Levels[opDiv].Tables == nil && s.Levels[opDiv].A.Max >= 99 }},
		{"adding fractions with like denominators", "harder", func(s Spec) bool { return !s.Levels[opFracAdd].Like }},
		{"compare fractions", "easier", func(s Spec) bool { return s.Levels[opFracCompare].Like }},
		{"round to the nearest 10", "harder", func(s Spec) bool { return s.Levels[opRound].RoundTo[len(s.Levels[opRound].RoundTo)-1] == 100 }},
		{"addition within 10", "harder", func(s Spec) bool { return s.Levels[opAdd].SumMax == 20 }},
		{"addition within 20", "easier", func(s Spec) bool { return s.Levels[opAdd].SumMax == 10 }},
		{"3-digit subtraction", "easier", func(s Spec) bool { return s.Levels[opSub].A == Range{10, 99} }},
		{"place value", "harder", func(s Spec) bool { return s.Levels[opPlaceValue].A.Max == 999999 }},
		{"20 addition problems", "for grade 4 instead", func(s Spec) bool { return s.Grade == 4 && s.Levels[opAdd].A == Range{1000, 9999} }},
		{"20 addition problems", "with negative numbers", func(s Spec) bool { return s.Negatives }},
		{"division", "with remainders", func(s Spec) bool { return s.Remainders }},
		{"division with remainders", "no remainders", func(s Spec) bool { return !s.Remainders }},
		{"20 addition problems in 3 columns", "single column", func(s Spec) bool { return s.Columns == 1 }},
		{"20 vertical addition problems", "horizontal please", func(s Spec) bool { return !s.Vertical }},
	}
	for _, c := range cases {
		e := New(seeds())
		start := writeOn(t, e, "", c.start)
		d := writeOn(t, e, start.Body, c.edit)
		s, ok := specFromBody(d.Body)
		if !ok || !c.holds(s) {
			t.Errorf("%q then %q: %s", c.start, c.edit, s.comment())
		}
		if !strings.HasPrefix(d.Message, "Done.") {
			t.Errorf("%q then %q: message %q", c.start, c.edit, d.Message)
		}
	}
}
