package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Volume of boxes (rectangular prisms), drawn: 5.MD.C.5b (V = l × w × h).
var _ = register(&Skill{ID: "volume", Constraints: []string{TakesMax}, Family: "geometry", Grades: [2]int{5, 6}, Standard: "5.MD.C.5b",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 5, 10, 15, 25)
		if g.P.Max >= 3 { // "edges under 10"
			hi = min(g.P.Max, 25)
		}
		l, w, h := pick(g.R, 2, hi), pick(g.R, 2, hi), pick(g.R, 2, hi)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("volume.q"), text(fmt.Sprintf(`%d %s$^3$`, l*w*h, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: Box(l, w, h, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{l, w, h}}
	}})

// Box draws a box in oblique projection (its depth at half scale, 45°) to scale, front, top
// and side within shapeCm both ways, as every shape drawn to scale (a young reader's larger:
// see drawing), its edges labelled.
func Box(l, w, h int64, unit string, grade int) string {
	d := 0.5 * 0.707 // the depth's share of its length, across and up
	s := shapeCm / max(float64(l)+d*float64(w), float64(h)+d*float64(w))
	L, H, dx := float64(l)*s, float64(h)*s, float64(w)*s*d
	lLabel, wLabel, hLabel := fmt.Sprintf("%d %s", l, unit), fmt.Sprintf("%d %s", w, unit), fmt.Sprintf("%d %s", h, unit)
	labels := overhang(L+dx, centred(L/2, lLabel), leftOf(0, hLabel), rightOf(L+dx/2, wLabel))
	return drawing(grade, L+dx, 1, labels, "") + fmt.Sprintf(`\draw[thick] (0,0) rectangle (%.2f,%.2f);`+
		`\draw[thick] (0,%.2f) -- (%.2f,%.2f) -- (%.2f,%.2f) -- (%.2f,%.2f);\draw[thick] (%.2f,0) -- (%.2f,%.2f) -- (%.2f,%.2f);`+
		`\node[below] at (%.2f,0) {%s};\node[left] at (0,%.2f) {%s};\node[below right] at (%.2f,%.2f) {%s};\end{tikzpicture}`,
		L, H,
		H, dx, H+dx, L+dx, H+dx, L, H, L, L+dx, dx, L+dx, H+dx,
		L/2, lLabel, H/2, hLabel, L+dx/2, dx/2, wLabel)
}
