package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Volume of boxes (rectangular prisms), drawn: 5.MD.C.5b (V = l × w × h).
var _ = register(&Skill{ID: "volume", Family: "geometry", Grades: [2]int{5, 6}, Standard: "5.MD.C.5b",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 5, 10, 15, 25)
		if g.P.Max >= 3 { // "edges under 10"
			hi = min(g.P.Max, 25)
		}
		l, w, h := pick(g.R, 2, hi), pick(g.R, 2, hi), pick(g.R, 2, hi)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("volume.q"), text(fmt.Sprintf(`%d %s$^3$`, l*w*h, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: Box(l, w, h, unit)}
		return Item{Q: q, Nums: []int64{l, w, h}}
	}})

// Box draws a box in oblique projection, the longest edge 3 cm, edges labelled.
func Box(l, w, h int64, unit string) string {
	s := 3.0 / float64(max(l, w, h))
	L, W, H := float64(l)*s, float64(w)*s*0.5, float64(h)*s // depth drawn at half scale, 45°
	dx, dy := W*0.707, W*0.707
	return fmt.Sprintf(`\begin{tikzpicture}\draw[thick] (0,0) rectangle (%.2f,%.2f);`+
		`\draw[thick] (0,%.2f) -- (%.2f,%.2f) -- (%.2f,%.2f) -- (%.2f,%.2f);\draw[thick] (%.2f,0) -- (%.2f,%.2f) -- (%.2f,%.2f);`+
		`\node[below] at (%.2f,0) {%d %s};\node[left] at (0,%.2f) {%d %s};\node[below right] at (%.2f,%.2f) {%d %s};\end{tikzpicture}`,
		L, H,
		H, dx, H+dy, L+dx, H+dy, L, H, L, L+dx, dy, L+dx, H+dy,
		L/2, l, unit, H/2, h, unit, L+dx/2, dy/2, w, unit)
}
