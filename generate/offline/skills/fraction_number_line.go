package skills

import (
	"fmt"
	"slices"
	"strings"

	"sheetsmith/worksheet"
)

// Fractions on a number line, drawn to scale: 3.NF.A.2 (a fraction as a point on the number
// line, the interval 0–1 split into b equal parts).
var _ = register(&Skill{ID: "fraction-number-line", Family: "fractions", Grades: [2]int{3, 4}, Standard: "3.NF.A.2",
	Make: func(g *Gen) Item {
		dens := []int64{2, 3, 4, 6, 8}
		if g.P.Grade+g.P.Level >= 4 {
			dens = []int64{3, 4, 5, 6, 8, 10, 12}
		}
		d := pickOf(g.R, dens)
		n := pick(g.R, 1, d-1)
		fig := NumberLineFigure(d, n, 0.6*float64(slices.Max(dens)), g.P.Grade) // 6 mm a part at the most
		q := short(g.T("nline.q"), Answer{Kind: "fraction", Value: fmt.Sprintf("%d/%d", n, d)}, blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: fig}
		return Item{Q: q, Nums: []int64{n, d}}
	}})

// NumberLineFigure draws 0 to 1, width cm long (a young reader's longer, see drawing), split
// into d equal parts, with point A at n/d.
func NumberLineFigure(d, n int64, width float64, grade int) string {
	var b strings.Builder
	b.WriteString(drawing(grade, width+0.8, 1, 0, ""))
	fmt.Fprintf(&b, `\draw[thick,<->] (-0.4,0) -- (%.2f,0);`, width+0.4)
	for i := int64(0); i <= d; i++ {
		x := width * float64(i) / float64(d)
		fmt.Fprintf(&b, `\draw (%.3f,0.15) -- (%.3f,-0.15);`, x, x)
	}
	fmt.Fprintf(&b, `\node[below] at (0,-0.15) {0};\node[below] at (%.2f,-0.15) {1};`, width)
	x := width * float64(n) / float64(d)
	fmt.Fprintf(&b, `\fill (%.3f,0) circle (0.09);\node[above] at (%.3f,0.1) {A};\end{tikzpicture}`, x, x)
	return b.String()
}
