package check

import (
	"testing"

	"sheetsmith/worksheet"
)

// An answer that shows its working is judged by its result: a wrong result is corrected in
// place, the working kept, and named as a change; a right one gets its ✓.
func TestWorkedAnswersAreJudgedByTheirResult(t *testing.T) {
	for _, c := range []struct {
		question, answer, want string
		changed                bool
	}{
		{"Solve $3x + 2 = 17$.", "3x = 15, so x = 4", "3x = 15, so x = 5", true},
		{"Solve $3x + 2 = 17$.", "$3x = 15$, so $x = 4$", "$3x = 15$, so $x = 5$", true},
		{"Solve $2x + 1 = 15$.", `$2x = 14 \Rightarrow x = 6$`, `$2x = 14 \Rightarrow x = 7$`, true},
		{"Solve $3x + 2 = 17$.", "3x = 15, so x = 5", "3x = 15, so x = 5", false},
		{"Solve $2x + 1 = 15$.", "2x = 14; x = 7", "2x = 14; x = 7", false},
		{`What is $12 \times 4$?`, "12 × 4 = 48, so 46", "12 × 4 = 48, so 48", true},
	} {
		q := &worksheet.Question{Kind: worksheet.KindShort, Text: c.question, Answer: worksheet.Answer{Value: c.answer}}
		doc := worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: q}}}
		changes := Document(&doc)
		if q.Answer.Value != c.want || !q.Answer.Checked || (len(changes) == 1) != c.changed {
			t.Errorf("%s %q: answer %q checked %v changes %v; want %q", c.question, c.answer, q.Answer.Value, q.Answer.Checked, changes, c.want)
		}
	}
}
