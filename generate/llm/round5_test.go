package llm

import (
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// Round 5 of the replay corpus: JSON written the ways models write it without the schema.

func buildOf(t *testing.T, raw string) worksheet.Document {
	t.Helper()
	fd, ok := parseFlat(raw)
	if !ok {
		t.Fatalf("does not read: %s", raw)
	}
	doc, _, err := fd.build(nil)
	if err != nil {
		t.Fatalf("does not build: %v", err)
	}
	return doc
}

func questions(doc worksheet.Document) []worksheet.Question {
	var out []worksheet.Question
	for _, b := range doc.Blocks {
		if b.Question != nil {
			out = append(out, *b.Question)
		}
	}
	return out
}

func TestPythonDictReads(t *testing.T) {
	doc := buildOf(t, `{'title': 'Caps', 'items': [{'kind': 'short', 'text': "we visited aunt rosa", 'answer': 'We visited Aunt Rosa.', 'part': False}]}`)
	if q := questions(doc); len(q) != 1 || q[0].Text != "we visited aunt rosa" || q[0].Answer.Value != "We visited Aunt Rosa." {
		t.Fatalf("got %+v", doc)
	}
}

func TestWrappedDocumentWithDirectionsBeside(t *testing.T) {
	doc := buildOf(t, `{"worksheet": {"title": "Time", "instructions": "Write the time.", "items": [{"kind": "short", "text": "Half past 3?", "answer": "3:30"}]}}`)
	if doc.Title != "Time" || len(doc.Blocks) != 2 || doc.Blocks[0].Text != "Write the time." {
		t.Fatalf("got %+v", doc)
	}
}

func TestQuestionsAsStringsWithAnswerList(t *testing.T) {
	doc := buildOf(t, `{"title": "D", "questions": ["0.4 × 7", "2.5 × 3"], "answers": ["2.8", "7.5"]}`)
	q := questions(doc)
	if len(q) != 2 || q[0].Answer.Value != "2.8" || q[1].Answer.Value != "7.5" {
		t.Fatalf("got %+v", q)
	}
}

func TestAnswerKeyAsObject(t *testing.T) {
	doc := buildOf(t, `{"title": "O", "questions": [{"question": "$3 + 4 \\times 2$"}, {"question": "$(8 - 3) \\times 2$"}], "answer_key": {"1": "11", "2": "10"}}`)
	if q := questions(doc); len(q) != 2 || q[0].Answer.Value != "11" || q[1].Answer.Value != "10" {
		t.Fatalf("got %+v", q)
	}
}

func TestKeyLettheredByPart(t *testing.T) {
	doc := buildOf(t, `{"title": "R", "items": [{"kind": "short", "text": "Round 47 to the nearest ten."}, {"kind": "short", "text": "Round 351 to the nearest hundred."},
		{"kind": "section", "title": "Answer Key"}, {"kind": "instructions", "text": "Part A\na) 50\nPart B\na) 400"}]}`)
	if q := questions(doc); len(q) != 2 || q[0].Answer.Value != "50" || q[1].Answer.Value != "400" {
		t.Fatalf("got %+v", q)
	}
}

func TestAnswerAndOptionsInsideTheText(t *testing.T) {
	doc := buildOf(t, `{"title": "T", "items": [
		{"kind": "short", "text": "52 - 27 = ____ (Answer: 25)"},
		{"kind": "short", "text": "Write your answer: ____"},
		{"kind": "choice", "text": "How many queens?  A) one  B) two  C) ten", "answer": "Answer: A"}]}`)
	q := questions(doc)
	if q[0].Text != "52 - 27 =" || q[0].Answer.Value != "25" {
		t.Errorf("the inline answer should be the answer: %+v", q[0])
	}
	if q[1].Answer.Value != "" {
		t.Errorf("a blank is no answer: %+v", q[1])
	}
	if len(q[2].Choices) != 3 || !q[2].Choices[0].Correct || q[2].Text != "How many queens?" {
		t.Errorf("the options should be choices: %+v", q[2])
	}
}

func TestTableInTextBecomesAFigure(t *testing.T) {
	for _, text := range []string{
		`| Month | Rain |\n|---|---|\n| May | 105 |\n| June | 47 |`,
		`<table><tr><th>Month</th><th>Rain</th></tr><tr><td>May</td><td>105</td></tr><tr><td>June</td><td>47</td></tr></table>`,
	} {
		doc := buildOf(t, `{"title": "R", "items": [{"kind": "passage", "title": "Rainfall", "text": "`+text+`"}, {"kind": "short", "text": "Which month was wetter?", "answer": "May"}]}`)
		f := doc.Blocks[0].Figure
		if f == nil || !strings.Contains(f.LaTeX, `May & 105 \\`) || f.Caption != "Rainfall" {
			t.Errorf("the table should be a captioned tabular: %+v", doc.Blocks[0])
		}
	}
}

func TestTrueFalseInGermanAndPortuguese(t *testing.T) {
	for word, want := range map[string]string{"richtig": "true", "Verdadeiro": "true", "falsch": "false"} {
		if got := truthOf(word); got != want {
			t.Errorf("truthOf(%q) = %q, want %q", word, got, want)
		}
	}
}
