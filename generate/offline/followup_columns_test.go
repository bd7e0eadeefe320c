package offline

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// A follow-up on a stored sheet whose spec did not travel (the document alone, read back
// from its headings): columns the layout chose are measured again for the edited sheet, so
// a section of word problems added to a sheet of short sums stands one under another, not
// four across; a teacher's own "in 2 columns" stays.
func TestFollowUpColumnsOfAStoredSheet(t *testing.T) {
	followUp := func(prompt, edit string) *worksheet.Document {
		e := New(seeds())
		start := writeOn(t, e, "", prompt)
		doc := *start.Document
		doc.Origin = "" // its spec did not travel: the source holds the document alone
		src, _, err := worksheet.Render(doc)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Write(context.Background(), generate.Request{Prompt: edit, CurrentBody: src, Settings: latex.Settings{NarrowMargins: true}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return d.Document
	}
	// the sums' own columns, and the word problems', as printed
	doc := followUp("20 two-digit addition problems for grade 2", "also add 6 word problems at the end")
	if len(sections(doc)) != 2 {
		t.Fatalf("sections %v, want the sums and the word problems", sections(doc))
	}
	sheet, _, err := worksheet.Render(*doc)
	if err != nil {
		t.Fatal(err)
	}
	across := map[bool]map[int]bool{false: {}, true: {}} // word problem → the columns its numbers stand in
	n, wordFrom := 0, 21
	for _, w := range printedWords(t, "followup-columns", sheet) {
		if i, err := strconv.Atoi(strings.TrimSuffix(w.text, ".")); err == nil && strings.HasSuffix(w.text, ".") && i >= 1 && i <= 26 {
			across[i >= wordFrom][int(w.x+0.5)/5] = true
			n++
		}
	}
	if len(across[false]) != 4 || len(across[true]) != 1 {
		t.Errorf("the sums stand in %d columns, the word problems in %d: want 4 and 1 (%d numbers)", len(across[false]), len(across[true]), n)
	}
	// a teacher's count survives a follow-up
	if doc := followUp("20 two-digit subtraction problems for grade 3 in 2 columns", "make them harder"); doc.Settings.Columns != 2 || doc.Settings.FitColumns {
		t.Errorf("columns %d (layout's: %v), want the teacher's 2", doc.Settings.Columns, doc.Settings.FitColumns)
	}
}
