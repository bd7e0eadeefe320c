package wordsheet

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// Every example request in docs/WORDSHEETS.md's table makes the sheet of its row.
func TestDocumentedExamplesWork(t *testing.T) {
	b, err := os.ReadFile("../../docs/WORDSHEETS.md")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{"Word search": KindWordSearch, "Crossword": KindCrossword, "Word scramble": KindScramble,
		"Vocabulary matching": KindMatching, "Cloze": KindCloze, "Spelling practice": KindSpelling,
		"Handwriting practice": KindHandwriting, "Bingo": KindBingo, "Number chart": KindChart}
	code := regexp.MustCompile("`([^`]+)`")
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 6 {
			continue
		}
		kind, ok := kinds[strings.TrimSpace(cells[1])]
		if !ok {
			continue
		}
		for _, cell := range cells[3:5] {
			for _, m := range code.FindAllStringSubmatch(cell, -1) {
				p := m[1]
				if strings.Contains(p, "…") {
					continue // a shape, not a whole request
				}
				n++
				r, ok := Read(p, 1)
				if !ok || r.spec.Kind != kind || r.refusal != "" {
					t.Errorf("%q: read as %q, refusal %q", p, r.spec.Kind, r.refusal)
					continue
				}
				if _, _, _, err := Build(r.spec, latex.Settings{}); err != nil {
					t.Errorf("%q: %v", p, err)
				}
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d examples found in the table", n)
	}
}
