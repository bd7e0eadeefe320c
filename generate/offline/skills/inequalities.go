package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Inequalities, solved and graphed: 6.EE.B.8 (x > c on a number line), 7.EE.B.4b (px + q > r).
// The sheet has an empty number line to graph on; the key writes the solution on the answer
// line and draws its graph on that same number line (an open or closed circle, an arrow the
// way the solutions go), in the key only.
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
		ans := expr(fmt.Sprintf("x %s %s", rels[out], Num(x)))
		ans.Figure = &worksheet.Figure{LaTeX: NumberLine(lineLo, lineHi, rels[out], x)}
		qn := short(g.T("ineq.q", m(e)), ans, blankSpace())
		qn.Figure = &worksheet.Figure{LaTeX: NumberLine(lineLo, lineHi, "", 0)}
		return Item{Q: qn, Nums: []int64{p, q, p*x + q, int64(ri)}}
	}})

// The inequalities' number line: −10 … 10, every integer labelled.
const lineLo, lineHi = -10, 10

// NumberLineMinWidth is the least width, in centimetres, at which a number line of −10 … 10
// is one to graph on (ticks 0.3 cm apart, every second labelled).
const NumberLineMinWidth = 6.0

// NumberLineUnit is the distance between two integers of a number line, in centimetres.
const NumberLineUnit = 0.5

// NumberLine draws the integers lo…hi, NumberLineUnit apart and labelled; with a relation
// ("<", ">", `\le`, `\ge`) it graphs x rel at on the same line: an open or closed circle at
// at, and a thick arrow to the end of the line the solutions are on.
//
// The line fits the column it is printed in at its labels' own size: its x unit is a
// centimetre, or less in a narrow column (scaling the whole drawing down to the column made
// the labels of a 2-column sheet 3pt high, of a 4-column sheet 1.5pt). Where the integers come
// too close for every label, every second one is labelled, or every fifth.
func NumberLine(lo, hi int64, rel string, at int64) string {
	const u = NumberLineUnit
	span := float64(hi-lo)*u + 1.2 // the drawing's width in x units
	// \u: points per x unit; \s: the step between labels (the integers' spacing, u\u, at least
	// 15pt for every label, 7.5pt for every second); \t: the second label; \w: a label's box
	s := fmt.Sprintf(`\pgfmathsetmacro\u{min(28.4527,\linewidth/%.2f)}\pgfmathtruncatemacro\s{%.2f*\u>=15?1:(%.2f*\u>=7.5?2:5)}`+
		`\pgfmathtruncatemacro\t{%d+\s}\pgfmathsetmacro\w{\s*%.2f*\u}`, span+0.3, u, u, lo, u)
	// one bounding box for the empty line and the graph, so the key's graph lies on the sheet's line
	// y in em of the text: in large print the ticks, the labels' place and the room below grow
	// with the labels (\tiny, 8pt there, 6pt in normal print); a line narrower than NumberLineMinWidth is not
	// one to graph on, and the layout gives it a wider column (ssminwidth)
	s = fmt.Sprintf(`\begin{tikzpicture}[ssminwidth=%gcm,y=2.6em]`, NumberLineMinWidth) + s + fmt.Sprintf(`\begin{scope}[x=\u pt]\path (%.2f,-0.55) rectangle (%.2f,0.3);\draw[<->] (%.2f,0) -- (%.2f,0);`,
		float64(lo)*u-0.6, float64(hi)*u+0.6, float64(lo)*u-0.4, float64(hi)*u+0.4)
	// the ticks in one path, the labels in one node of boxes \s integers wide, each centred
	// under its tick: a node per label is many times slower to typeset
	s += `\draw`
	for i := lo; i <= hi; i++ {
		s += fmt.Sprintf(` (%.2f,0.12) -- (%.2f,-0.12)`, float64(i)*u, float64(i)*u)
	}
	s += fmt.Sprintf(`;\node[anchor=north west,inner sep=0pt,font=\tiny] at ({%.2f-\s*%.3f},-0.17) {\foreach \i in {%d,\t,...,%d}{\makebox[\w pt]{$\i$}}};`,
		float64(lo)*u, u/2, lo, hi) + `\end{scope}`
	if rel != "" { // in the key's colour, on the same x unit
		fill := "white"
		if rel == `\le` || rel == `\ge` {
			fill = "red!80!black"
		}
		end := float64(hi)*u + 0.4
		if rel == "<" || rel == `\le` {
			end = float64(lo)*u - 0.4
		}
		s += fmt.Sprintf(`\begin{scope}[x=\u pt]\draw[red!80!black,line width=2pt,->] (%.2f,0) -- (%.2f,0);\filldraw[draw=red!80!black,fill=%s] (%.2f,0) circle (0.34em);\end{scope}`, float64(at)*u, end, fill, float64(at)*u)
	}
	return s + `\end{tikzpicture}`
}
