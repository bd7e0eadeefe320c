package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Inequalities, solved and graphed: 6.EE.B.8 (x > c on a number line), 7.EE.B.4b (px + q > r).
// The sheet has an empty number line to graph on; the key gives the inequality and says how
// its graph looks (open or closed circle, which way the arrow goes).
var _ = register(&Skill{ID: "inequalities", Family: "equations", Grades: [2]int{6, 9}, Standard: "7.EE.B.4b",
	Make: func(g *Gen) Item {
		x := pick(g.R, -7, 7)
		rels := []string{"<", ">", `\le`, `\ge`}
		ri := g.R.IntN(4)
		p := pick(g.R, 2, 6)
		if g.P.Grade+g.P.Level >= 7 && g.R.IntN(3) == 0 {
			p = -p // dividing by a negative flips the sign
		}
		q := nonzero(g, 12)
		if g.P.Grade+g.P.Level <= 6 {
			p = 1
		}
		e := linear(p, q) + " " + rels[ri] + " " + Num(p*x+q)
		out := ri
		if p < 0 {
			out = []int{1, 0, 3, 2}[ri]
		}
		// The key says how the graph looks: the renderer prints answers as text.
		dot, dir := "ineq.open", "ineq.right"
		if out >= 2 {
			dot = "ineq.closed"
		}
		if out == 0 || out == 2 {
			dir = "ineq.left"
		}
		ans := g.T("ineq.graph", m(fmt.Sprintf("x %s %s", rels[out], Num(x))), g.T(dot), m(Num(x)), g.T(dir))
		qn := short(g.T("ineq.q", m(e)), text(ans), blankSpace())
		qn.Figure = &worksheet.Figure{LaTeX: NumberLine(-10, 10, "", 0)}
		return Item{Q: qn, Nums: []int64{p, q, p*x + q, int64(ri)}}
	}})

// NumberLine draws the integers lo…hi, 0.4 cm apart; with a relation ("<", ">", `\le`, `\ge`)
// it graphs x rel at: an open or closed dot and a thick arrow.
func NumberLine(lo, hi int64, rel string, at int64) string {
	const u = 0.4
	s := fmt.Sprintf(`\begin{tikzpicture}\draw[<->] (%.1f,0) -- (%.1f,0);`, float64(lo)*u-0.3, float64(hi)*u+0.3)
	for i := lo; i <= hi; i++ {
		s += fmt.Sprintf(`\draw (%.1f,0.1) -- (%.1f,-0.1);`, float64(i)*u, float64(i)*u)
		if i%5 == 0 {
			s += fmt.Sprintf(`\node[below,font=\scriptsize] at (%.1f,-0.1) {$%d$};`, float64(i)*u, i)
		}
	}
	if rel != "" {
		fill := "white"
		if rel == `\le` || rel == `\ge` {
			fill = "black"
		}
		end := float64(hi)*u + 0.3
		if rel == "<" || rel == `\le` {
			end = float64(lo)*u - 0.3
		}
		s += fmt.Sprintf(`\draw[line width=2pt,->] (%.1f,0) -- (%.1f,0);\filldraw[fill=%s] (%.1f,0) circle (0.1);`, float64(at)*u, end, fill, float64(at)*u)
	}
	return s + `\end{tikzpicture}`
}
