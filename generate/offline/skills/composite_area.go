package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Area of composite (L-shaped) figures, drawn to scale: 3.MD.C.7d (decompose into
// non-overlapping rectangles and add their areas).
var _ = register(&Skill{ID: "composite-area", Family: "geometry", Grades: [2]int{3, 6}, Standard: "3.MD.C.7d",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 8, 12, 20, 30)
		W, H := pick(g.R, 6, hi), pick(g.R, 6, hi)
		// the corner cut from the top right: at least a quarter of each side, so every label has room
		cw, ch := pick(g.R, max(2, (W+3)/4), W-3), pick(g.R, max(2, (H+3)/4), H-3)
		area := W*H - cw*ch
		unit := pickOf(g.R, []string{"cm", "m", "ft"})
		q := short(g.T("composite.q"), text(fmt.Sprintf(`%d %s$^2$`, area, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: LShape(W, H, cw, ch, unit)}
		return Item{Q: q, Nums: []int64{W, H, cw, ch}}
	}})

// LShape draws a W × H rectangle with a cw × ch corner removed at the top right, to scale,
// every outer side labelled.
func LShape(W, H, cw, ch int64, unit string) string {
	s := 3.5 / float64(max(W, H))
	x := func(v int64) float64 { return float64(v) * s }
	return fmt.Sprintf(`\begin{tikzpicture}\draw[thick] (0,0) -- (%.3f,0) -- (%.3f,%.3f) -- (%.3f,%.3f) -- (%.3f,%.3f) -- (0,%.3f) -- cycle;`+
		`\node[below] at (%.3f,0) {%d %s};`+
		`\node[left] at (0,%.3f) {%d %s};`+
		`\node[right] at (%.3f,%.3f) {%d %s};`+
		`\node[above] at (%.3f,%.3f) {%d %s};`+
		`\node[above] at (%.3f,%.3f) {%d %s};`+
		`\node[right] at (%.3f,%.3f) {%d %s};\end{tikzpicture}`,
		x(W), x(W), x(H-ch), x(W-cw), x(H-ch), x(W-cw), x(H), x(H),
		x(W)/2, W, unit,
		x(H)/2, H, unit,
		x(W), x(H-ch)/2, H-ch, unit,
		x(W-cw)+x(cw)/2, x(H-ch), cw, unit,
		x(W-cw)/2, x(H), W-cw, unit,
		x(W-cw), x(H-ch)+x(ch)/2, ch, unit)
}
