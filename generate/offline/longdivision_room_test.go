package offline

import (
	"fmt"
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// Long division's room to work follows the steps it takes (the quotient's digits): twelve
// grade-6 divisions (four- and five-digit by two-digit) fit one page, sheet and key, and on
// the printed sheet each row still leaves below its questions two lines of about 0.7 cm for
// every step of its longest division.
func TestLongDivisionRoomFollowsItsSteps(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "12 long division problems for grade 6")
	var steps []int // each question's, in order
	for _, b := range d.Document.Blocks {
		if b.Question != nil {
			steps = append(steps, len(strings.Fields(b.Question.Answer.Value)[0]))
		}
	}
	if len(steps) != 12 {
		t.Fatalf("%d questions", len(steps))
	}
	cols := d.Document.Settings.Columns
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	if _, pages := pdf(t, "ldroom-key", key); pages != 1 {
		t.Errorf("the key takes %d pages, want 1", pages)
	}
	top := map[string]float64{} // a question number's top, in pt
	for _, w := range printedWords(t, "ldroom", sheet) {
		if w.page > 1 {
			t.Fatalf("the sheet takes more than one page")
		}
		top[w.text] = w.y
	}
	const cm = 72 / 2.54
	for row := 0; row+cols < len(steps); row += cols {
		longest := 0
		for _, s := range steps[row : row+cols] {
			longest = max(longest, s)
		}
		gap := top[fmt.Sprintf("%d.", row+cols+1)] - top[fmt.Sprintf("%d.", row+1)]
		if gap < float64(longest)*1.4*cm {
			t.Errorf("the row from question %d, %d steps at most, is %.1f cm above the next", row+1, longest, gap/cm)
		}
	}
}
