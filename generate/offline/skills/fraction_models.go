package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Fraction models, drawn: 3.NF.A.1 (1/b is one part of a whole split into b equal parts;
// a/b is a of them). A bar or a circle split into equal parts, n of them shaded.
var _ = register(&Skill{ID: "fraction-models", Family: "fractions", Grades: [2]int{1, 3}, Standard: "3.NF.A.1",
	Make: func(g *Gen) Item {
		dens := []int64{2, 3, 4, 6, 8}
		if g.P.Grade <= 2 {
			dens = []int64{2, 3, 4} // 1.G.A.3, 2.G.A.3: halves, thirds, fourths
		}
		d := pickOf(g.R, dens)
		n := pick(g.R, 1, d-1)
		shape := g.R.IntN(2)
		q := short(g.T("model.q"), Answer{Kind: "fraction", Value: fmt.Sprintf("%d/%d", n, d)}, blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: FractionModel(d, n, shape == 1, g.P.Grade)}
		return Item{Q: q, Nums: []int64{n, d, int64(shape)}}
	}})

// FractionModel draws a whole split into d equal parts with the first n shaded: a 3 cm bar,
// or a circle of radius 1 cm cut into equal sectors (a young reader's larger, see drawing).
func FractionModel(d, n int64, circle bool, grade int) string {
	var b strings.Builder
	b.WriteString(drawing(grade, map[bool]float64{false: 3, true: 2}[circle], 1, 0, ""))
	if circle {
		for i := int64(0); i < d; i++ {
			a0, a1 := 90+360*float64(i)/float64(d), 90+360*float64(i+1)/float64(d)
			style := "draw,fill=white" // unshaded: a bare filldraw fills black
			if i < n {
				style = "draw,fill=gray!50"
			}
			fmt.Fprintf(&b, `\filldraw[%s] (0,0) -- (%.2f:1) arc (%.2f:%.2f:1) -- cycle;`, style, a0, a0, a1)
		}
	} else {
		w := 3.0 / float64(d)
		for i := int64(0); i < d; i++ {
			style := "draw,fill=white" // unshaded: a bare filldraw fills black
			if i < n {
				style = "draw,fill=gray!50"
			}
			fmt.Fprintf(&b, `\filldraw[%s] (%.3f,0) rectangle (%.3f,0.8);`, style, w*float64(i), w*float64(i+1))
		}
	}
	b.WriteString(`\end{tikzpicture}`)
	return b.String()
}
