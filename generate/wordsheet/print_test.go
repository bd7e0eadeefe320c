package wordsheet

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// printedRows are the rows of a letter grid as pdftotext reads them: lines of n single
// capital letters, in order.
func printedRows(text string, n int) []string {
	row := regexp.MustCompile(fmt.Sprintf(`^\s*((?:\p{Lu}\s+){%d}\p{Lu})\s*$`, n-1))
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			out = append(out, strings.Join(strings.Fields(m[1]), ""))
		}
	}
	return out
}

var gridRow = regexp.MustCompile(`\\node\[anchor=west[^\]]*\] at \(0,(-[\d.]+)\) \{((?:\\makebox\[[\d.]+cm\]\{\p{Lu}\})+)\};`)
var gridCell = regexp.MustCompile(`\\makebox\[[\d.]+cm\]\{(\p{Lu})\}`)

// docGrid is the word search grid the document's figure draws, row by row.
func docGrid(doc worksheet.Document) []string {
	var rows []string
	for _, b := range doc.Blocks {
		if b.Question == nil || b.Question.Figure == nil {
			continue
		}
		for _, m := range gridRow.FindAllStringSubmatch(b.Question.Figure.LaTeX, -1) {
			var row strings.Builder
			for _, c := range gridCell.FindAllStringSubmatch(m[2], -1) {
				row.WriteString(c[1])
			}
			rows = append(rows, row.String())
		}
	}
	return rows
}

// The printed word search is the document's grid, row for row, in the sheet and in the key,
// in both templates and in large print, English and Spanish (ñ and accents printed).
func TestPrintedGridIsTheDocumentsGrid(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		set    latex.Settings
	}{
		{"word search for grade 3 with these words: sun, moon, star, planet, comet, galaxy, orbit", latex.Settings{ShowName: true}},
		{"sopa de letras difícil con estas palabras: niño, canción, árbol, mañana, corazón", latex.Settings{Layout: worksheet.LayoutExam}},
		{"word search with: rain, cloud, snow, storm, wind", latex.Settings{LargePrint: true}},
	} {
		r, _ := Read(tc.prompt, 9)
		s := r.spec
		doc, _, _, err := Build(s, tc.set)
		if err != nil {
			t.Fatal(err)
		}
		grid := docGrid(doc)
		ws, _ := layWordSearchFor(s)
		if g := strings.TrimSpace(gridString(ws.Grid)); g != strings.Join(grid, "\n") {
			t.Fatalf("%q: the same spec laid out again gives another grid:\n%s\n%s", tc.prompt, g, strings.Join(grid, "\n"))
		}
		sheet, key, err := worksheet.Render(doc)
		if err != nil {
			t.Fatal(err)
		}
		st, sp := pdf(t, "sheet", sheet)
		kt, kp := pdf(t, "key", key)
		if sp != kp || sp != 1 {
			t.Errorf("%q: sheet %d pages, key %d", tc.prompt, sp, kp)
		}
		want := grid
		for name, text := range map[string]string{"sheet": st, "key": kt} {
			if got := printedRows(text, len(want)); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%q: the %s prints\n%s\nnot the document's grid\n%s", tc.prompt, name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
		if !strings.Contains(kt, map[string]string{"en": "Answer Key", "es": "Clave de respuestas"}[s.Lang]) || strings.Contains(st, "Answer Key") {
			t.Errorf("%q: the key's heading", tc.prompt)
		}
	}
}

// Every other kind prints, sheet and key page for page, in both templates and in large print:
// the crossword's clues and the key's letters, the cloze key's answers in place, the chart's
// numbers, the bingo cards and the caller's list.
func TestEveryKindPrintsSheetAndKey(t *testing.T) {
	prompts := []string{
		"crossword: orbit – the path of a planet around the sun; comet – a ball of ice and dust; planet – a large body that orbits a star; moon – a body that orbits a planet; star - a ball of burning gas",
		"word scramble with these words: apple, banana, grape, lemon",
		"vocabulary matching: habitat – where an animal lives; predator – an animal that hunts; prey – an animal that is hunted",
		"cloze: Plants need *sunlight* and *water* to grow. They make food in their *leaves* (50% & more).",
		"spelling practice: because, friend, said, people",
		"handwriting practice for the letters a, b and cat",
		"2 bingo cards with our sight words: the, and, a, to, said, in, he, I, of, it, was, you, they, on, she, is, for, at, his, but, that, with, all, we",
		"120 chart count by 5s",
	}
	for _, layout := range []string{"default", "exam", "large"} {
		t.Run(layout, func(t *testing.T) {
			set := latex.Settings{ShowName: true, Layout: layout, LargePrint: layout == "large"}
			if layout == "large" {
				set.Layout = worksheet.LayoutStandard
			}
			var all worksheet.Document
			for _, p := range prompts {
				r, _ := Read(p, 4)
				doc, _, _, err := Build(r.spec, set)
				if err != nil {
					t.Fatalf("%q: %v", p, err)
				}
				if all.Blocks == nil {
					all = doc
					all.Title = "Every kind"
					all.Blocks = nil
				}
				all.Blocks = append(all.Blocks, worksheet.Block{Kind: worksheet.BlockSection, Title: doc.Title, NewPage: true})
				all.Blocks = append(all.Blocks, doc.Blocks...)
			}
			sheet, key, err := worksheet.Render(all)
			if err != nil {
				t.Fatal(err)
			}
			st, sp := pdf(t, "sheet", sheet)
			kt, kp := pdf(t, "key", key)
			if sp != kp {
				t.Errorf("sheet %d pages, key %d", sp, kp)
			}
			flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
			sf, kf := flat(st), flat(kt)
			for _, w := range []string{"Across", "Down", "path of a planet", "Word bank", "FREE", "B I N G O", "Caller", "Check", "Trace and write: Aa."} {
				if !strings.Contains(sf, w) {
					t.Errorf("the sheet lacks %q", w)
				}
			}
			for _, w := range []string{"Plants need sunlight and water to grow", "their leaves (50% & more)", "115", "120", "P L A N E T"} {
				if !strings.Contains(kf, w) {
					t.Errorf("the key lacks %q", w)
				}
				if w != "120" && strings.Contains(sf, w) {
					t.Errorf("the sheet shows the answer %q", w)
				}
			}
		})
	}
}
