package check

import (
	"testing"

	"sheetsmith/worksheet"
)

// Instructions, a heading or a title that ask to round or estimate govern the questions after
// them: "$48 + 37$" under "Estimate each sum" is answered 90, and 90 must not become 85.
func TestRoundingInstructionsGovernTheQuestionsAfterThem(t *testing.T) {
	group := worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindGroup,
		Text: `Round each answer to the nearest whole number.`, Parts: []worksheet.Question{
			{Kind: worksheet.KindShort, Text: `$7 \div 2$`, Answer: worksheet.Answer{Value: "4"}},
			{Kind: worksheet.KindShort, Text: `$9.6 + 2.7$`, Answer: worksheet.Answer{Value: "12"}},
		}}}
	doc := docOf(
		short(`$6 \times 7$`, "42"),
		worksheet.Block{Kind: worksheet.BlockInstructions, Text: `Estimate each sum by rounding to the nearest ten.`},
		short(`$48 + 37$`, "90"),
		short(`Round 47 to the nearest ten.`, "50"), // says so itself, and how
		worksheet.Block{Kind: worksheet.BlockSection, Title: "Exact sums"},
		short(`$48 + 37$`, "86"),
		group,
	)
	changes := Document(doc)
	if len(changes) != 1 || changes[0] != (Change{Question: 4, Was: "86", Now: "85"}) {
		t.Fatalf("changes %+v", changes)
	}
	checked := func(i int) bool { return doc.Blocks[i].Question.Answer.Checked }
	if !checked(0) || checked(2) || !checked(3) || !checked(5) {
		t.Errorf("checked: %v %v %v %v, want true false true true", checked(0), checked(2), checked(3), checked(5))
	}
	for _, p := range doc.Blocks[6].Question.Parts {
		if p.Answer.Checked {
			t.Errorf("part under a rounding stem checked: %+v", p)
		}
	}

	titled := docOf(short(`$48 + 37$`, "90"))
	titled.Title = "Estimating Sums"
	if ch := Document(titled); len(ch) != 0 || titled.Blocks[0].Question.Answer.Checked {
		t.Errorf("under an estimating title: %+v", ch)
	}
	titled = docOf(short(`$48 + 37$`, "85"))
	titled.Title = "Addition Review, Round 2"
	if ch := Document(titled); len(ch) != 0 || !titled.Blocks[0].Question.Answer.Checked {
		t.Errorf("\"Round 2\" is a title, not an instruction: %+v", ch)
	}
}

func TestRoundingInstructionsInLaTeX(t *testing.T) {
	cases := []struct {
		body     string
		computed int
	}{
		{"\\instructions{Estimate each sum.}\n\\begin{questions}\n\\question $48 + 37$\n\\begin{solution}90\\end{solution}\n\\end{questions}", 0},
		{"\\begin{questions}\n\\question $2 + 2$ \\begin{solution}4\\end{solution}\n\n\\textbf{Estimate each sum.}\n\n\\question $48 + 37$ \\begin{solution}90\\end{solution}\n\\end{questions}", 1},
		{"\\begin{questions}\n\\question Round each answer to the nearest whole number.\n\\begin{parts}\n\\part $7 \\div 2$ \\begin{solution}4\\end{solution}\n\\end{parts}\n\\question $2 + 2$ \\begin{solution}4\\end{solution}\n\\end{questions}", 1},
	}
	for _, c := range cases {
		doc, ch := checkBody(t, c.body)
		if len(ch) != 0 || len(checkedAnswers(doc)) != c.computed {
			t.Errorf("%s\n→ %+v %q", c.body, ch, checkedAnswers(doc))
		}
	}
}

// In a Spanish sheet a comma may be the decimal sign: "$3{,}5 + 1{,}25$" is 4,75, not 160.
func TestDecimalCommaSheetsAreNotMisread(t *testing.T) {
	doc := docOf(
		short(`$3{,}5 + 1{,}25$`, "4,75"),
		short(`$1.250 + 2.125$`, "3.375"),
		short(`$7 \times 8$`, "54"),
		short(`$2.5 + 1.25$`, "3.75"),
	)
	doc.Language = "es"
	changes := Document(doc)
	if len(changes) != 1 || changes[0] != (Change{Question: 3, Was: "54", Now: "56"}) {
		t.Fatalf("changes %+v", changes)
	}
	for i, want := range []bool{false, false, true, true} {
		if got := doc.Blocks[i].Question.Answer.Checked; got != want {
			t.Errorf("question %d checked %v, want %v", i+1, got, want)
		}
	}
	en := docOf(short(`$1{,}250 + 2{,}125$`, "3,375"))
	if Document(en); !en.Blocks[0].Question.Answer.Checked {
		t.Errorf("an English sheet's thousands separators are read")
	}
}
