package llm

import (
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// Quizzes in the model's own JSON shape become questions with their right answers, and a
// choice's explanation goes in the key (the question's answer, printed in the key only).
func TestQuizShapesAreRead(t *testing.T) {
	for name, c := range map[string]struct {
		reply, text, right, explain string
	}{
		"flag on a choice object": {`{"quiz": "x", "questions": [{"q": "Capital of France?", "choices": [{"text": "Lyon"}, {"text": "Paris", "isCorrect": true}], "rationale": "Paris is the capital."}]}`,
			"Capital of France?", "Paris", "Paris is the capital."},
		"a check mark in the text": {`{"questions": [{"prompt": "2 + 2?", "options": ["3 ❌", "4 ✅", "5 ❌"]}]}`, "2 + 2?", "4", ""},
		"letters as one-key objects": {`{"questions": [{"question_text": "Which is red?", "options": [{"A": "grass"}, {"B": "blood"}], "correct_answer": "B", "type": "conceptual"}]}`,
			"Which is red?", "blood", ""},
		"wrong answers beside the right one": {`{"questions": [{"question": "Largest planet?", "correct_answer": "Jupiter", "incorrect_answers": ["Mars", "Venus"], "explanation": "Jupiter is the largest."}]}`,
			"Largest planet?", "Jupiter", "Jupiter is the largest."},
		"flashcards as JSON Lines": {"```jsonl\n{\"front\": \"Where do pythons live?\", \"back\": \"Africa\"}\n{\"front\": \"Are they venomous?\", \"back\": \"No\"}\n```",
			"Where do pythons live?", "Africa", ""},
		"a board of rows": {`{"lang": "en", "questions": [[{"question": "Who painted the Mona Lisa?", "answer": "Leonardo"}], [{"question": "Currency of Japan?", "answer": "Yen"}]]}`,
			"Who painted the Mona Lisa?", "Leonardo", ""},
	} {
		t.Run(name, func(t *testing.T) {
			fd, ok := parseFlat(c.reply)
			if !ok {
				t.Fatal("the reply was not read as a document")
			}
			doc, _, err := fd.build(nil)
			if err != nil {
				t.Fatal(err)
			}
			q := doc.Blocks[0].Question
			if q == nil || q.Text != c.text {
				t.Fatalf("first block = %+v, want the question %q", doc.Blocks[0], c.text)
			}
			right := q.Answer.Value
			if q.Kind == worksheet.KindChoice {
				right = ""
				for _, ch := range q.Choices {
					if strings.ContainsAny(ch.Text, "✅❌") {
						t.Errorf("the choice %q keeps its mark", ch.Text)
					}
					if ch.Correct {
						right = ch.Text
					}
				}
				if q.Answer.Value != c.explain {
					t.Errorf("explanation = %q, want %q", q.Answer.Value, c.explain)
				}
			}
			if right != c.right {
				t.Errorf("right answer = %q, want %q", right, c.right)
			}
		})
	}
}
