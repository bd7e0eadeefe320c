package generate

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

func q(kind, text, answer string) worksheet.Block {
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{
		Kind: kind, Text: text, Answer: worksheet.Answer{Value: answer}}}
}

func sampleDocument() *worksheet.Document {
	return &worksheet.Document{Title: "Model title", Blocks: []worksheet.Block{
		{Kind: worksheet.BlockInstructions, Text: "Show your work."},
		q(worksheet.KindShort, `$48 + 27 = $`, "85"),
		q(worksheet.KindShort, `If $y = 3x + 2$, find $y$ when $x = 4$.`, "4"),
		q(worksheet.KindShort, `Why do leaves fall in autumn?`, "Less light."),
		{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{Missing: "leaf.png", Caption: "A leaf"}},
	}}
}

// A document goes write → check → render → compile: the corrections are in the stored
// document and named in the reply, the teacher's settings win over the engine's, and the
// stored source carries the document for follow-ups and the key.
func TestDocumentPipeline(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Document: sampleDocument(), Message: "Here is your worksheet with 3 questions."}}
	c := &fakeCompiler{}
	req := Request{Settings: latex.Settings{Title: "Autumn review", ShowName: true, Layout: "exam"}}
	res, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Here is your worksheet with 3 questions.",
		"I corrected the answer to question 1: 75, not 85.",
		"I corrected the answer to question 2: 14, not 4.",
		"leaf.png",
	} {
		if !strings.Contains(res.Message, want) {
			t.Errorf("reply %q lacks %q", res.Message, want)
		}
	}
	doc, ok := worksheet.Extract(res.Source)
	if !ok {
		t.Fatal("the stored source does not carry its document")
	}
	if doc.Title != "Autumn review" || doc.Settings.Layout != worksheet.LayoutExam || !doc.Settings.ShowName {
		t.Errorf("settings not applied: %q %+v", doc.Title, doc.Settings)
	}
	a1, a2, a3 := doc.Blocks[1].Question.Answer, doc.Blocks[2].Question.Answer, doc.Blocks[3].Question.Answer
	if a1.Value != "75" || !a1.Checked || a2.Value != "14" || !a2.Checked || a3.Checked {
		t.Errorf("answers: %+v %+v %+v", a1, a2, a3)
	}
	// The key starts from the stored document: rendered, with the legend (answers were checked).
	key, err := AnswerKey(context.Background(), res.Source, nil, c)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(key.Key, `\printanswers`) || !strings.Contains(key.Key, `\sskeytrue`) ||
		!strings.Contains(key.Key, "marks an answer checked by computation") || key.Checked != 2 || len(key.Changes) != 0 {
		t.Errorf("key from the document: checked %d, changes %+v", key.Checked, key.Changes)
	}
	if key.Sheet != res.Source {
		t.Error("re-rendering an unchanged document must give the stored sheet back")
	}
	pdftest.Compile(t, res.Source)
	pdftest.Compile(t, key.Key)
}

// No answer could be computed: the key has no ✓ and no legend.
func TestDocumentKeyWithoutCheckedAnswersHasNoLegend(t *testing.T) {
	doc := worksheet.Document{Title: "Leaves", Blocks: []worksheet.Block{q(worksheet.KindShort, "Why do leaves fall?", "Less light.")}}
	sheet, _, err := worksheet.Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	key, err := AnswerKey(context.Background(), sheet, nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if key.Checked != 0 || strings.Contains(key.Key, "marks an answer checked by computation") {
		t.Errorf("legend without a checked answer")
	}
}

type invalidThenFixed struct {
	fixedEngine
	asked []string
}

func (e *invalidThenFixed) Repair(_ context.Context, _ Request, d Draft, problem string) (Draft, error) {
	e.asked = append(e.asked, problem)
	d.Document = &worksheet.Document{Title: "Fixed", Blocks: []worksheet.Block{q(worksheet.KindShort, `$2 + 2$`, "4")}}
	return d, nil
}

// A document that does not validate goes back to the engine with the validation errors.
func TestInvalidDocumentIsSentBackWithItsErrors(t *testing.T) {
	bad := &worksheet.Document{Title: "Bad", Blocks: []worksheet.Block{
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindChoice, Text: "Pick one",
			Choices: []worksheet.Choice{{Text: "a", Correct: true}, {Text: "b", Correct: true}}}}}}
	eng := &invalidThenFixed{fixedEngine: fixedEngine{draft: Draft{Document: bad}}}
	res, err := (&Pipeline{Engine: eng, Compiler: &fakeCompiler{}}).Run(context.Background(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(eng.asked) != 1 || !strings.Contains(eng.asked[0], "question 1") {
		t.Errorf("repair asked with %q", eng.asked)
	}
	if res.Document == nil || res.Document.Blocks[0].Question.Answer.Value != "4" {
		t.Errorf("result %+v", res.Document)
	}
}
