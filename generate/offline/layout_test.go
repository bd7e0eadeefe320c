package offline

import (
	"context"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// Stacked multiplication by one digit has no partial products: the answer goes on the line
// under the bar, four across, and 25 of them fit one page (the sheet and its key).
func TestStackedByOneDigitIsCompact(t *testing.T) {
	d, err := New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: "25 two-digit by one-digit multiplication problems"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := d.Document.Settings.Columns; c != 4 {
		t.Errorf("%d columns, want 4", c)
	}
	for _, b := range d.Document.Blocks {
		if b.Kind == worksheet.BlockQuestion && b.Question.Space.Kind != worksheet.SpaceBlank {
			t.Fatalf("a question has %+v, not the line under its bar", b.Question.Space)
		}
	}
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	if _, pages := pdf(t, "stacked", sheet); pages != 1 {
		t.Errorf("the sheet takes %d pages", pages)
	}
	if _, pages := pdf(t, "stackedkey", key); pages != 1 {
		t.Errorf("the key takes %d pages", pages)
	}
	// By two digits there are partial products to write: room to work stays.
	d, _ = New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: "10 two-digit by two-digit multiplication problems"}, nil)
	if q := d.Document.Blocks[2].Question; q.Space.Kind != worksheet.SpaceWork {
		t.Errorf("2-digit by 2-digit: %+v, want room to work", q.Space)
	}
}
