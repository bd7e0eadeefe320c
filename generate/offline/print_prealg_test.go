package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// The pre-algebra figures (triangles, parallelograms, trapezoids, right triangles, circles,
// spinners) print legibly in 1 to 4 columns at every level: no label on another, on the sheet
// or in the key, and each figure's labels are all printed.
func TestPrealgFiguresAreLegible(t *testing.T) {
	for _, id := range []string{"area-triangles", "area-parallelograms", "area-trapezoids", "pythagorean-theorem", "circle-circumference", "circle-area", "probability"} {
		s, _ := skills.Get(id)
		for _, level := range []int{-1, 2} { // the smallest and the largest numbers each draws
			for _, cols := range []int{1, 2, 3, 4} {
				name := fmt.Sprintf("%s-level%d-cols%d", id, level, cols)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					doc := skillDocument(id, 12, s.Grades[1], level, cols, int64(11+level))
					sheet, key, err := worksheet.Render(doc)
					if err != nil {
						t.Fatal(err)
					}
					for which, src := range map[string]string{"sheet": sheet, "key": key} {
						ws := printedWords(t, name+"-"+which, src)
						if which == "key" { // the key's units may be squared (ft²: "ft2")
							ws = slices.DeleteFunc(ws, func(w printed) bool { return strings.HasSuffix(w.text, "2") })
						}
						if o := overlapping(ws); len(o) > 0 {
							t.Errorf("%s: %d words print on top of others: %s", which, len(o), strings.Join(o[:min(4, len(o))], "; "))
						}
					}
				})
			}
		}
	}
}
