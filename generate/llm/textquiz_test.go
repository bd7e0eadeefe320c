package llm

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// A quiz written as text is a document: the questions and choices on the sheet, the right
// choice marked, the "Answer:" and "Explanation:" lines and an answer section in the key only.
func TestTextQuizIsReadIntoADocument(t *testing.T) {
	reply := "Sure! Here is your quiz.\n\n" +
		"**1. ¿Cuál es la capital de Francia?**\n" +
		"a) Lyon\nb) París\nc) Niza\n" +
		"**Respuesta correcta**: b)\n**Justificación**: París es la capital desde hace siglos.\n\n" +
		"Q2: Which gas do plants take in? A) oxygen B) carbon dioxide C) helium\n\n" +
		"Frage 3: Welche Zahl ist gerade?\nA) 3 ❌\nB) 4 ✅\n\n" +
		"4. Die ________ ist die Hauptstadt von Deutschland.\n\n" +
		"Answer Key\n2. B\n4. Berlin\n"
	d, ok := textDraft(generate.Request{}, reply, false)
	if !ok {
		t.Fatal("the text quiz was not read")
	}
	var qs []*worksheet.Question
	for _, b := range d.Document.Blocks {
		if b.Question != nil {
			qs = append(qs, b.Question)
		}
	}
	if len(qs) != 4 {
		t.Fatalf("%d questions, want 4: %+v", len(qs), d.Document.Blocks)
	}
	right := func(q *worksheet.Question) string {
		for _, c := range q.Choices {
			if c.Correct {
				return c.Text
			}
		}
		return ""
	}
	if right(qs[0]) != "París" || !strings.Contains(qs[0].Answer.Value, "capital desde hace siglos") {
		t.Errorf("question 1: right %q, explanation %q", right(qs[0]), qs[0].Answer.Value)
	}
	if len(qs[1].Choices) != 3 || right(qs[1]) != "carbon dioxide" {
		t.Errorf("question 2 (inline choices, key after the questions): %+v", qs[1].Choices)
	}
	if right(qs[2]) != "4" || strings.Contains(qs[2].Choices[1].Text, "✅") {
		t.Errorf("question 3 (check marks): %+v", qs[2].Choices)
	}
	if qs[3].Kind != worksheet.KindBlank || len(qs[3].Blanks) != 1 || qs[3].Blanks[0].Value != "Berlin" {
		t.Errorf("question 4 (a blank answered in the key): %+v", qs[3])
	}
	sheet, _, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	// the answers are the key's (the PDFs are checked by the replay corpus); the labels and
	// the chat around the quiz are nowhere
	for _, answer := range []string{"Respuesta", "Justificación", "Sure!"} {
		if strings.Contains(sheet, answer) {
			t.Errorf("the source holds the reply's %q", answer)
		}
	}
}

// A reply with no question and no solution is no worksheet: its words reach the teacher.
func TestReplyWithoutAWorksheetPassesTheModelsWordsOn(t *testing.T) {
	e := notWorksheet("# Note\n\nThree PDFs are ready for your class. They cover fractions.\n\n- **Worksheet:** 10 problems\n- **Key:** 2 pages\n\nWould you like a study guide too?")
	for _, want := range []string{"Three PDFs are ready for your class.", "They cover fractions.", "Would you like a study guide too?"} {
		if !strings.Contains(e.Details, want) {
			t.Errorf("%q lacks %q", e.Details, want)
		}
	}
	if strings.Contains(e.Details, "10 problems") {
		t.Errorf("%q passes an outline's item on as what the model said", e.Details)
	}
}

// A LaTeX reply whose worked solution the reader cannot tell from its exercise is not printed
// with the solution on the students' sheet: the teacher is told why.
func TestUnreadableSolutionIsNotPrintedOnTheSheet(t *testing.T) {
	reply := "\\subsection*{Aufgabe}\nZeige, dass $\\sum_{k=1}^n k = \\frac{n(n+1)}{2}$ gilt.\n\n" +
		"\\subsection*{Lösung}\nWir zeigen es durch vollständige Induktion:\n$$\\sum_{k=1}^{n+1} k = \\frac{n(n+1)}{2} + n + 1$$\n" +
		"\\begin{itemize}\n\\item Induktionsanfang: $n = 1$.\n\\end{itemize}\n"
	model := newFakeModel(t, streamed(reply))
	_, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "Induktion"}, nil)
	assertModelError(t, err, generate.FailureNotWorksheet, MsgSolutionsOnSheet)
}
