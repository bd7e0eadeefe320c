package check

import (
	"encoding/json"
	"testing"

	"sheetsmith/worksheet"
)

func short(text, value string) worksheet.Block {
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{
		Kind: worksheet.KindShort, Text: text, Answer: worksheet.Answer{Value: value}}}
}

func docOf(blocks ...worksheet.Block) *worksheet.Document {
	return &worksheet.Document{Title: "T", Blocks: blocks}
}

// The reported bug: a question asking for y at a given x got the given x back, marked ✓.
func TestAskedVariableIsCheckedAsItselfOrNotAtAll(t *testing.T) {
	cases := []struct {
		text, value string
		checked     bool
		now         string // "" when the answer must stay as written
	}{
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `14`, true, ""},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `y = 14`, true, ""},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `4`, true, "14"},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `x = 4`, true, "y = 14"},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `$y = 15$`, true, "y = 14"},
		{`If y = 3x + 2, find y when x = 4.`, `4`, true, "14"},
		{`Given $y = 2x^2 - 1$, what is $y$ when $x = -3$?`, `17`, true, ""},
		{`Evaluate $5a - 7$ when $a = 3$.`, `8`, true, ""},
		{`Evaluate $5a - 7$ for $a = \frac{1}{5}$.`, `-6`, true, ""},
		// Nothing defines y: the given value must never come back as y's answer.
		{`Find the value of $y$ when $x = 4$.`, `y = 14`, false, ""},
		{`Find the value of $y$ when $x = 4$.`, `4`, false, ""},
		{`If $y = 3x + 2$ and $x = 4$, find $x$.`, `4`, false, ""},
		// An equation in x, but the question asks for y.
		{`Solve for $y$: $3x + 5 = 20$`, `y = 7`, false, ""},
		{`Solve $3x + 5 = 20$ for $x$ in terms of $y$.`, `5`, false, ""},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `3(4) + 2 = 14`, false, ""}, // working, not a value: unread
	}
	for _, c := range cases {
		doc := docOf(short(c.text, c.value))
		changes := Document(doc)
		a := doc.Blocks[0].Question.Answer
		if a.Checked != c.checked {
			t.Errorf("%s → %q: checked %v, want %v", c.text, c.value, a.Checked, c.checked)
		}
		switch {
		case c.now == "" && (len(changes) != 0 || a.Value != c.value):
			t.Errorf("%s → %q: changed to %q %+v", c.text, c.value, a.Value, changes)
		case c.now != "" && (len(changes) != 1 || a.Value != c.now || changes[0].Was != c.value):
			t.Errorf("%s → %q: now %q %+v, want %q", c.text, c.value, a.Value, changes, c.now)
		}
	}
}

func TestTypedAnswersRightAndWrong(t *testing.T) {
	cases := []struct{ text, value, now, kind string }{
		{`$23 + 45 = $`, `68`, "", ""},
		{`$23 + 45 = $`, `67`, "68", worksheet.AnswerNumber},
		{`$\frac{1}{2} + \frac{1}{3}$`, `5/6`, "", ""},
		{`$\frac{1}{2} + \frac{1}{3}$`, `$\frac{5}{6}$`, "", ""},
		{`$\frac{1}{2} + \frac{1}{3}$`, `2/5`, "5/6", worksheet.AnswerFraction},
		{`$\frac{3}{4} + \frac{3}{4}$`, `1 1/4`, "1 1/2", worksheet.AnswerFraction},
		{`Simplify $\frac{6}{8}$.`, `6/8`, "3/4", worksheet.AnswerFraction},
		{`$2.5 + 1.25 = $`, `3.75`, "", ""},
		{`$2.5 + 1.25 = $`, `3.5`, "3.75", worksheet.AnswerNumber},
		{`$12{,}345 + 10{,}000$`, `22,345`, "", ""},
		{`$12{,}345 + 10{,}000$`, `22,355`, "22,345", worksheet.AnswerNumber},
		{`$17 \div 5$`, `3 R 2`, "", ""},
		{`$17 \div 5$`, `3 R 1`, "3 R 2", worksheet.AnswerText},
		{`What is 25\% of 80?`, `20`, "", ""},
		{`What is 15% of 60?`, `9.5`, "9", worksheet.AnswerNumber},
		{`Write $\frac{3}{4}$ as a percent.`, `75\%`, "", ""},
		{`Write $\frac{3}{4}$ as a percent.`, `85%`, `75\%`, worksheet.AnswerNumber},
		{`Write $0.4$ as a percent.`, `40%`, "", ""},
		{`What is $\frac{1}{4}$ of 36?`, `9`, "", ""},
		{`What is $\frac{2}{3}$ of 27?`, `9`, "18", worksheet.AnswerNumber},
		{`What is 3/4 of 20?`, `15`, "", ""},
		{`Find $\frac{1}{3}$ of 10.`, `3 1/3`, "", ""},
		{`Solve for $x$: $3x + 5 = 20$`, `x = 5`, "", ""},
		{`Solve for $x$: $3x + 5 = 20$`, `5`, "", ""},
		{`Solve for $x$: $3x + 5 = 20$`, `x = 4`, "x = 5", worksheet.AnswerExpression},
		{`Solve $2(x - 1) = x + 4$.`, `7`, "6", worksheet.AnswerNumber},
		{`$7 + \square = 12$`, `5`, "", ""},
		{`What is 144 divided by 12?`, `12`, "", ""},
		{`$23 + 45 = $`, ``, "68", worksheet.AnswerNumber}, // missing: filled in
	}
	for _, c := range cases {
		doc := docOf(short(c.text, c.value))
		changes := Document(doc)
		a := doc.Blocks[0].Question.Answer
		if !a.Checked {
			t.Errorf("%s → %q: not checked", c.text, c.value)
		}
		if c.now == "" {
			if len(changes) != 0 || a.Value != c.value {
				t.Errorf("%s → %q: right answer changed to %q", c.text, c.value, a.Value)
			}
			continue
		}
		if len(changes) != 1 || a.Value != c.now || a.Kind != c.kind {
			t.Errorf("%s → %q: got %q (%s) %+v, want %q (%s)", c.text, c.value, a.Value, a.Kind, changes, c.now, c.kind)
		}
	}
}

func TestOnlyComputedAnswersAreChecked(t *testing.T) {
	claims := worksheet.Answer{Value: "7", Checked: true} // an engine claiming a ✓ it cannot give
	doc := docOf(
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort,
			Text: `Tom has 12 apples and gives away 5. How many are left?`, Answer: claims}},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindOpen,
			Text: `Explain why $3 \times 4 = 4 \times 3$.`, Answer: worksheet.Answer{Value: "Order does not matter.", Checked: true}}},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindChoice,
			Text: `What is $7 \times 8$?`, Choices: []worksheet.Choice{{Text: "54"}, {Text: "56", Correct: true}}}},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindTrueFalse,
			Text: `$7 \times 8 = 56$`, Answer: worksheet.Answer{Value: "true", Checked: true}}},
		// an underlined digit is a mark, not a blank: "4 _ 4" is no comparison
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort,
			Text: `What is the value of the underlined digit in $4\underline{5}4$?`, Answer: worksheet.Answer{Value: "50"}}},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort,
			Text: `What is $6 \times 7$?`, Figure: &worksheet.Figure{LaTeX: `\begin{tikzpicture}\end{tikzpicture}`},
			Answer: worksheet.Answer{Value: "41", Checked: true}}},
	)
	if changes := Document(doc); len(changes) != 0 {
		t.Fatalf("changed answers it cannot compute: %+v", changes)
	}
	for i, b := range doc.Blocks {
		if b.Question.Answer.Checked {
			t.Errorf("question %d (%s) marked checked", i+1, b.Question.Kind)
		}
	}
}

func TestPartsBlanksNumberingAndIdempotence(t *testing.T) {
	doc := docOf(
		worksheet.Block{Kind: worksheet.BlockInstructions, Text: "Work out each one."},
		short(`$6 \times 7$`, "42"),
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindGroup, Text: "Add.",
			Parts: []worksheet.Question{
				{Kind: worksheet.KindShort, Text: `$2 + 2$`, Answer: worksheet.Answer{Value: "4"}},
				{Kind: worksheet.KindShort, Text: `$3 + 3$`, Answer: worksheet.Answer{Value: "7"}},
			}}},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindBlank,
			Text: `$15 - 6 = $ ___`, Blanks: []worksheet.Answer{{Value: "8"}}}},
		// The parts read the stem's equation: alone, "find y when x = 1" would be unreadable.
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindGroup, Text: `Let $y = 2x + 1$.`,
			Parts: []worksheet.Question{
				{Kind: worksheet.KindShort, Text: `Find $y$ when $x = 1$.`, Answer: worksheet.Answer{Value: "1", Checked: true}},
			}}},
	)
	changes := Document(doc)
	want := []Change{{Question: 2, Part: 2, Was: "7", Now: "6"}, {Question: 3, Was: "8", Now: "9"}}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Errorf("change %d: %+v, want %+v", i, changes[i], want[i])
		}
	}
	if got := changes[0].Sentence(); got != "I corrected the answer to question 2(b): 6, not 7." {
		t.Errorf("sentence %q", got)
	}
	if p := doc.Blocks[4].Question.Parts[0].Answer; p.Checked || p.Value != "1" {
		t.Errorf("part under a defining stem was judged: %+v", p)
	}
	before, _ := json.Marshal(doc)
	if again := Document(doc); len(again) != 0 {
		t.Errorf("second run changed more: %+v", again)
	}
	after, _ := json.Marshal(doc)
	if string(before) != string(after) {
		t.Errorf("second run changed the document:\n%s\n%s", before, after)
	}
}

func TestChangeSentence(t *testing.T) {
	cases := map[Change]string{
		{Question: 4, Was: "85", Now: "75"}:                         "I corrected the answer to question 4: 75, not 85.",
		{Question: 1, Was: `$\frac{2}{5}$`, Now: `$\frac{5}{6}$`}:   "I corrected the answer to question 1: 5/6, not 2/5.",
		{Question: 9, Was: `$1\frac{1}{4}$`, Now: `$1\frac{1}{2}$`}: "I corrected the answer to question 9: 1 1/2, not 1 1/4.",
		{Question: 2, Now: "$12{,}345$"}:                            "I filled in the missing answer to question 2: 12,345.",
		{Question: 3, Was: `85\%`, Now: `75\%`}:                     "I corrected the answer to question 3: 75%, not 85%.",
	}
	for c, want := range cases {
		if got := c.Sentence(); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
}

func choice(text string, correct int, choices ...string) worksheet.Block {
	q := &worksheet.Question{Kind: worksheet.KindChoice, Text: text}
	for i, c := range choices {
		q.Choices = append(q.Choices, worksheet.Choice{Text: c, Correct: i == correct})
	}
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: q}
}

// A multiple-choice question whose answer can be computed has its mark on the choice that
// states it; anything the checker cannot read is left as the engine wrote it.
func TestMultipleChoiceMarkIsCorrected(t *testing.T) {
	doc := docOf(
		choice(`What is $7 \times 8$?`, 0, "54", "56", "58"),                 // wrong mark: moved
		choice(`What is $7 \times 8$?`, 1, "54", "56", "58"),                 // right mark: kept
		choice(`Solve $2x + 1 = 9$.`, 2, "$x = 3$", "$x = 4$", "$x = 5$"),    // an equation's value
		choice(`What is $7 \times 8$?`, 0, "fifty-four", "56", "58"),         // a choice in words: not judged
		choice(`Which is the largest?`, 0, "54", "56", "58"),                 // not computable
		choice(`What is $\frac{1}{2} + \frac{1}{4}$?`, 0, "2/6", "3/4", "1"), // fractions
	)
	changes := Document(doc)
	want := []Change{
		{Question: 1, Was: "A (54)", Now: "B (56)"},
		{Question: 3, Was: "C (x = 5)", Now: "B (x = 4)"},
		{Question: 6, Was: "A (2/6)", Now: "B (3/4)"},
	}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Errorf("change %d: %+v, want %+v", i, changes[i], want[i])
		}
	}
	if got := changes[0].Sentence(); got != "I corrected the answer to question 1: B (56), not A (54)." {
		t.Errorf("sentence %q", got)
	}
	marks := func(i int) (m []int) {
		for j, c := range doc.Blocks[i].Question.Choices {
			if c.Correct {
				m = append(m, j)
			}
		}
		return m
	}
	for i, w := range []int{1, 1, 1, 0, 0, 1} {
		if m := marks(i); len(m) != 1 || m[0] != w {
			t.Errorf("question %d marks %v, want [%d]", i+1, m, w)
		}
	}
}
