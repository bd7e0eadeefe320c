package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Number bonds (part–part–whole): 1.OA.C.6 and K.OA.A.3 (decompose numbers within 10 and 20).
var _ = register(&Skill{ID: "number-bonds", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{0, 1}, Standard: "K.OA.A.3",
	Make: func(g *Gen) Item {
		whole := pick(g.R, 3, min(sumCap(g.P), 100))
		part := pick(g.R, 1, whole-1)
		// the sheet's bond has an empty circle to write in; the key's has the part in it
		bond := func(missing string) string {
			// its circles and numbers grow with the drawing (transform shape): room for a young hand
			return drawing(g.P.Grade, 2.7, 1, 0, "every node/.style={draw,circle,minimum size=0.9cm},transform shape") + fmt.Sprintf(
				`\node (w) at (0,0) {%s};\node (a) at (-0.9,-1.3) {%s};\node[text=red!80!black] (b) at (0.9,-1.3) {%s};`+
					`\draw (w)--(a);\draw (w)--(b);\end{tikzpicture}`, Num(whole), Num(part), missing)
		}
		ans := number(whole - part)
		ans.Figure = &worksheet.Figure{LaTeX: bond(Num(whole - part))}
		q := short(g.T("bond.q"), ans, noSpace())
		q.Figure = &worksheet.Figure{LaTeX: bond("")}
		return Item{Q: q, Nums: []int64{whole, part}}
	}})
