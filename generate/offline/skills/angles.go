package skills

import (
	"fmt"
	"math"

	"sheetsmith/worksheet"
)

// Missing angles, drawn: 7.G.B.5 (supplementary and complementary angles), 8.G.A.5 (the
// angles of a triangle); 4.MD.C.7 (angle measure is additive).
var _ = register(&Skill{ID: "angles", Family: "geometry", Grades: [2]int{4, 8}, Standard: "7.G.B.5",
	Make: func(g *Gen) Item {
		kind := g.R.IntN(3)
		if g.P.Grade+g.P.Level <= 6 {
			kind = g.R.IntN(2)
		}
		var fig, qt string
		var ans int64
		var nums []int64
		switch kind {
		case 0: // a straight line split in two: supplementary
			a := pick(g.R, 20, 160)
			ans, nums = 180-a, []int64{180, a}
			fig = fmt.Sprintf(`\begin{tikzpicture}\draw[thick,<->] (-2,0) -- (2,0);\draw[thick,->] (0,0) -- (%.1f:1.8);`+
				`\draw (0.5,0) arc (0:%.1f:0.5);\node at (%.1f:0.85) {$%d^\circ$};\node at (%.1f:0.85) {$x$};\end{tikzpicture}`,
				float64(a), float64(a), float64(a)/2, a, (180+float64(a))/2)
			qt = g.T("angle.line.q")
		case 1: // a right angle split in two: complementary
			a := pick(g.R, 10, 80)
			ans, nums = 90-a, []int64{90, a}
			fig = fmt.Sprintf(`\begin{tikzpicture}\draw[thick,->] (0,0) -- (2,0);\draw[thick,->] (0,0) -- (0,2);\draw[thick,->] (0,0) -- (%.1f:1.8);`+
				`\draw (0.25,0) -- (0.25,0.25) -- (0,0.25);\node at (%.1f:1.1) {$%d^\circ$};\node at (%.1f:1.1) {$x$};\end{tikzpicture}`,
				float64(a), float64(a)/2, a, (90+float64(a))/2)
			qt = g.T("angle.right.q")
		default: // a triangle: the angles add to 180
			a := pick(g.R, 30, 100)
			b := pick(g.R, 20, 150-a)
			c := 180 - a - b
			ans, nums = c, []int64{180, a, b}
			fig = triangle(a, b)
			qt = g.T("angle.tri.q")
		}
		q := short(qt, expr(fmt.Sprintf(`x = %d^\circ`, ans)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: fig}
		return Item{Q: q, Nums: nums}
	}})

// triangle draws a triangle with base angles a (left) and b (right), to scale (base 4 cm),
// labelling them and marking the third x.
func triangle(a, b int64) string {
	ra, rb := float64(a)*math.Pi/180, float64(b)*math.Pi/180
	ac := 4 * math.Sin(rb) / math.Sin(ra+rb) // law of sines
	cx, cy := ac*math.Cos(ra), ac*math.Sin(ra)
	return fmt.Sprintf(`\begin{tikzpicture}\draw[thick] (0,0) -- (4,0) -- (%.3f,%.3f) -- cycle;`+
		`\node at (%.1f:0.7) {$%d^\circ$};\node at ([shift={(4,0)}]%.1f:0.7) {$%d^\circ$};\node[below=3pt] at (%.3f,%.3f) {$x$};\end{tikzpicture}`,
		cx, cy, float64(a)/2, a, 180-float64(b)/2, b, cx, cy)
}
