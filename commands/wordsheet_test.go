package commands

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/config"
	"sheetsmith/generate/offline"
)

// sheetsmith generate makes a word search from the teacher's words, with its key: the sheet
// prints the grid and the word list, titled in its kind's name, and the key the same grid.
func TestGenerateCommandWritesAWordSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	dir := t.TempDir()
	sheet, key := filepath.Join(dir, "x.pdf"), filepath.Join(dir, "k.pdf")
	cmd := Generate(config.Config{}, offline.New(func() int64 { return 11 }))
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"word search with these words: volcano, magma, lava, crater, ash", "-o", sheet, "--answer-key", key})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("generate: %v\n%s", err, out.String())
	}
	rows := regexp.MustCompile(`(?m)^[ \t]*((?:[A-Z][ \t]+){9,}[A-Z])[ \t]*$`)
	grid := func(text string) string {
		var b strings.Builder
		for _, m := range rows.FindAllStringSubmatch(text, -1) {
			b.WriteString(strings.Join(strings.Fields(m[1]), "") + "\n")
		}
		return b.String()
	}
	s, k := pdfText(t, sheet), pdfText(t, key)
	g := grid(s)
	if !strings.Contains(s, "Word Search") || !strings.Contains(s, "volcano, magma, lava, crater, ash") || strings.Count(g, "\n") < 10 {
		t.Fatalf("sheet:\n%s", s)
	}
	if grid(k) != g || !strings.Contains(k, "Answer Key") {
		t.Fatalf("the key's grid is not the sheet's:\n%s\n%s", grid(k), g)
	}
	// each word can be read in the printed grid, across, down or diagonally
	lines := strings.Split(strings.TrimSpace(g), "\n")
	for _, w := range []string{"VOLCANO", "MAGMA", "LAVA", "CRATER", "ASH"} {
		if !readable(lines, w) {
			t.Errorf("%s is not in the printed grid:\n%s", w, g)
		}
	}
	if !strings.Contains(out.String(), "Wrote the answer key") {
		t.Fatalf("output: %s", out.String())
	}
}

func readable(g []string, w string) bool {
	for r := range g {
		for c := range g[r] {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}} {
				ok := true
				for i := range len(w) {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= len(g) || cc < 0 || cc >= len(g[rr]) || g[rr][cc] != w[i] {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}
