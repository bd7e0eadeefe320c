package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Counting objects: K.CC.B.5 (count up to 20 things arranged in a line or an array).
var _ = register(&Skill{ID: "count-objects", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{0, 0}, Standard: "K.CC.B.5",
	Make: func(g *Gen) Item {
		n := pick(g.R, 1, byLevel[int64](g.P.Level, 12, 15, 20, 20))
		if g.P.Max > 0 {
			n = pick(g.R, 1, min(g.P.Max, 30))
		}
		var b strings.Builder
		b.WriteString(drawing(g.P.Grade, float64(min(n, 5)-1)+0.6, 0.5, 0, ""))
		for i := range n { // rows of five, like a ten frame
			fmt.Fprintf(&b, `\fill (%d,%d) circle (0.3);`, i%5, -(i / 5))
		}
		b.WriteString(`\end{tikzpicture}`)
		q := short(g.T("count.q"), number(n), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: b.String()}
		return Item{Q: q, Nums: []int64{n}}
	}})
