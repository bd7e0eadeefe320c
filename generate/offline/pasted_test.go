package offline

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// A teacher's pasted problems are the sheet: every one, in order, typeset and answered.
func TestPastedProblemsAreTheSheet(t *testing.T) {
	for _, c := range []struct {
		prompt  string
		texts   []string // each question's text, in order
		answers []string
		heading string
	}{
		{"Please make a worksheet with these problems:\n1. 2x + 3 = 11\n2. 5x - 4 = 21\n3. x/2 + 5 = 9",
			[]string{"$2x + 3 = 11$", "$5x - 4 = 21$", `$\frac{x}{2} + 5 = 9$`}, []string{"4", "5", "8"}, "Two-step equations"},
		{"For my tutoring student: 1) 2x + 5 = 17 2) 3(x - 2) = 12 3) 4x + 4 = 24",
			[]string{"$2x + 5 = 17$", "$3(x - 2) = 12$", "$4x + 4 = 24$"}, []string{"6", "6", "5"}, "Problems"},
		{"Can you typeset these for my 3rd graders?\n1. 345 + 278\n2. 602 - 147\n3. 3/4 + 1/8",
			[]string{"$345 + 278$", "$602 - 147$", `$\frac{3}{4} + \frac{1}{8}$`}, []string{"623", "455", "7/8"}, "Problems"},
		{"Here are the problems from our textbook:\na) 3 + 4 × 2\nb) (8 - 3) × 5\nc) 20 ÷ 4 + 6",
			[]string{`$3 + 4 \times 2$`, `$(8 - 3) \times 5$`, `$20 \div 4 + 6$`}, []string{"11", "25", "11"}, "Order-of-operations problems"},
		{"these 4 please: 9 x 6, 7 × 8, 6 * 7, 8 × 9",
			[]string{`$9 \times 6$`, `$7 \times 8$`, `$6 \times 7$`, `$8 \times 9$`}, []string{"54", "56", "42", "72"}, "Multiplication facts"},
	} {
		d, err := New(func() int64 { return 5 }).Write(context.Background(), generate.Request{Prompt: c.prompt}, nil)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		var texts, answers []string
		heading := ""
		for _, b := range d.Document.Blocks {
			switch b.Kind {
			case worksheet.BlockSection:
				heading = b.Title
			case worksheet.BlockQuestion:
				texts = append(texts, b.Question.Text)
				answers = append(answers, b.Question.Answer.Value)
				if b.Question.Answer.Checked {
					t.Errorf("%q: an engine marked an answer checked", c.prompt)
				}
			}
		}
		if strings.Join(texts, " | ") != strings.Join(c.texts, " | ") || strings.Join(answers, " ") != strings.Join(c.answers, " ") {
			t.Errorf("%q:\n got %q %q\nwant %q %q", c.prompt, texts, answers, c.texts, c.answers)
		}
		if heading != c.heading {
			t.Errorf("%q: heading %q, want %q", c.prompt, heading, c.heading)
		}
		if !strings.Contains(d.Message, "your ") {
			t.Errorf("%q: the reply does not say the sheet is the teacher's problems: %s", c.prompt, d.Message)
		}
	}
}

// Two expressions after "like" are examples, not pasted problems; a range is no problem.
func TestPastedNotExamples(t *testing.T) {
	for _, p := range []string{"20 addition problems like 23 + 45", "multiplication facts 0-12, 3 columns", "problems like 3 + 4, 5 + 6 and 7 + 8"} {
		if q := read(p); len(q.pasted) > 0 {
			t.Errorf("%q read as pasted problems %q", p, q.pasted)
		}
	}
}

// A pasted problem package check cannot solve is kept, with room to work, and the key and the
// reply say it is left to the teacher; the sheet and its key compile, the key with the answers.
func TestPastedProblemsPrint(t *testing.T) {
	d, err := New(func() int64 { return 5 }).Write(context.Background(), generate.Request{
		Prompt: "Algebra quiz, use my problems:\n1. 4x - 7 = 9\n2. 3/4 + 1/8\n3. 2^5 + 7\n4. 3(x + 4) - 2x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Message, "except for 1 of your problems") {
		t.Errorf("the reply does not say one problem is left to the teacher: %s", d.Message)
	}
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := pdf(t, "pasted", sheet)
	keyText, _ := pdf(t, "pastedkey", key)
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"4x − 7 = 9", "25 + 7"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the sheet does not print %q:\n%s", want, text)
		}
	}
	flatKey := strings.Join(strings.Fields(keyText), " ")
	for _, want := range []string{"39", "not computed"} {
		if !strings.Contains(flatKey, want) {
			t.Errorf("the key does not print %q:\n%s", want, keyText)
		}
	}
}
