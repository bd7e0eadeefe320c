package check

import (
	"testing"

	"sheetsmith/worksheet"
)

// A word problem in the engine's own words is checked by the computation the engine states
// (Answer.Check), when that computation uses the question's own numbers; one that brings
// numbers of its own is not trusted.
func TestEngineCheckJudgesWordProblems(t *testing.T) {
	cases := []struct {
		text, check, value string
		checked            bool
		now                string // "" when the answer must stay as written
	}{
		{"Maya had some stickers. She bought 12 more and now has 47. How many did she have at first?", "s + 12 = 47", "35", true, ""},
		{"Maya had some stickers. She bought 12 more and now has 47. How many did she have at first?", "s + 12 = 47", "s = 36", true, "s = 35"},
		{"Maya had some stickers. She bought 12 more and now has 47. How many did she have at first?", "47 - 12", "35 stickers", true, ""},
		{"Maya had some stickers. She bought 12 more and now has 47. How many did she have at first?", "47 - 12", "34 stickers", true, "35 stickers"},
		{"A baker fills 6 trays with 24 muffins each. How many muffins does she bake?", "6 * 24", "144", true, ""},
		{"A baker fills 6 trays with 24 muffins each. How many muffins does she bake?", "6 * 24", "124", true, "144"},
		{"A farm sells 1,250 eggs on Monday and 875 on Tuesday. How many eggs in all?", "1250 + 875", "2,125", true, ""},
		// a check with a number the question does not give is not trusted
		{"A baker fills 6 trays with muffins. How many muffins does she bake?", "6 * 24", "124", false, ""},
		// no check: a word problem the recogniser cannot read is left as written
		{"A baker fills 6 trays with 24 muffins each. How many muffins does she bake?", "", "124", false, ""},
		// a check that is no computation is ignored
		{"Name the largest planet.", "Jupiter", "Jupiter", false, ""},
	}
	for _, c := range cases {
		doc := docOf(worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{
			Kind: worksheet.KindShort, Text: c.text, Answer: worksheet.Answer{Value: c.value, Check: c.check}}})
		changes := Document(doc)
		a := doc.Blocks[0].Question.Answer
		want := c.value
		if c.now != "" {
			want = c.now
		}
		if a.Checked != c.checked || a.Value != want || (c.now != "") != (len(changes) == 1) {
			t.Errorf("%q with check %q → %q: now %q checked %v changes %+v; want %q checked %v", c.text, c.check, c.value, a.Value, a.Checked, changes, want, c.checked)
		}
	}
}
