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

// A LaTeX exercise with its worked solution (display maths, a list) is a sheet and its key:
// the exercise is the question, the solution its answer and nowhere on the students' page.
// A solution the reader cannot give to an exercise is not printed: the teacher is told why.
func TestWorkedSolutionIsTheKeyNeverTheSheet(t *testing.T) {
	reply := "\\subsection*{Aufgabe}\nZeige, dass $\\sum_{k=1}^n k = \\frac{n(n+1)}{2}$ gilt.\n\n" +
		"\\subsection*{Lösung}\nWir zeigen es durch vollständige Induktion über die Zahl n, mit dem Anfang bei eins und dem Schritt von n nach n+1:\n$$\\sum_{k=1}^{n+1} k = \\frac{n(n+1)}{2} + n + 1$$\n" +
		"\\begin{itemize}\n\\item Induktionsanfang: $n = 1$.\n\\end{itemize}\n"
	model := newFakeModel(t, streamed(reply))
	d, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "Induktion"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// the pipeline reads the body into the document it prints
	doc, problems := worksheet.Parse(d.Body)
	if len(problems) > 0 {
		t.Fatalf("the exercise and its solution were not read: %v", problems)
	}
	var q *worksheet.Question
	for _, b := range doc.Blocks {
		if b.Question != nil {
			q = b.Question
		} else if strings.Contains(b.Text, "Induktion") {
			t.Errorf("the solution is printed on the sheet: %q", b.Text)
		}
	}
	if q == nil || !strings.Contains(q.Text, "Zeige") || !strings.Contains(q.Answer.Value, "vollständige Induktion") || !strings.Contains(q.Answer.Value, `\item Induktionsanfang`) {
		t.Fatalf("want the exercise as the question and the solution as its answer: %+v", doc.Blocks)
	}

	alone := "\\begin{center}\\includegraphics{aufgabe.png}\\end{center}\n\\subsection*{Lösung}\n" +
		"Wir zeigen es durch vollständige Induktion über die Zahl n, mit dem Anfang bei eins und dem Schritt von n nach n+1, wie in der Vorlesung.\n"
	model = newFakeModel(t, streamed(alone))
	_, err = model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "Induktion"}, nil)
	assertModelError(t, err, generate.FailureNotWorksheet, MsgSolutionsOnSheet)
}
