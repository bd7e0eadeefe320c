package offline

import (
	"testing"
)

// The pre-algebra figures (triangles, parallelograms, trapezoids, right triangles, circles,
// spinners) print legibly in 1 to 4 columns at every level: no label on another, on the sheet
// or in the key.
func TestPrealgFiguresAreLegible(t *testing.T) {
	labelsApart(t, labelCase{
		ids:    []string{"area-triangles", "area-parallelograms", "area-trapezoids", "pythagorean-theorem", "circle-circumference", "circle-area", "probability"},
		levels: []int{-1, 2}, // the smallest and the largest numbers each draws
		cols:   []int{1, 2, 3, 4}, questions: 12, seed: 11, keyPowers: "2",
	})
}
