package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Telling time on a drawn clock face: 1.MD.B.3 (hours and half hours), 2.MD.C.7 (nearest five
// minutes), 3.MD.A.1 (nearest minute).
var _ = register(&Skill{ID: "telling-time", Family: "time", Grades: [2]int{1, 3}, Standard: "2.MD.C.7",
	Make: func(g *Gen) Item {
		h := pick(g.R, 1, 12)
		var min int64
		switch lvl := g.P.Grade + g.P.Level; {
		case g.P.Step > 0 && g.P.Step <= 60:
			min = g.P.Step * pick(g.R, 0, 59/g.P.Step)
		case lvl <= 1:
			min = 30 * pick(g.R, 0, 1)
		case lvl == 2:
			min = 5 * pick(g.R, 0, 11)
		default:
			min = pick(g.R, 0, 59)
		}
		q := short(g.T("clock.q"), text(fmt.Sprintf("%d:%02d", h, min)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: ClockFace(h, min)}
		return Item{Q: q, Nums: []int64{h, min}}
	}})

// ClockFace draws an analogue clock showing h:mm, radius 1.3 cm: twelve numbers, minute
// ticks, a short hour hand that moves on between the hours, a long minute hand.
func ClockFace(h, mm int64) string {
	var b strings.Builder
	b.WriteString(`\begin{tikzpicture}\draw[thick] (0,0) circle (1.3);`)
	for i := 0; i < 60; i++ {
		a := 90 - 6*float64(i)
		in := 1.22
		if i%5 == 0 {
			in = 1.12
		}
		fmt.Fprintf(&b, `\draw (%.1f:%.2f) -- (%.1f:1.3);`, a, in, a)
	}
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, `\node[font=\scriptsize] at (%.1f:0.92) {%d};`, 90-30*float64(i), i)
	}
	hourAngle := 90 - 30*(float64(h%12)+float64(mm)/60)
	minAngle := 90 - 6*float64(mm)
	fmt.Fprintf(&b, `\draw[line width=1.6pt] (0,0) -- (%.2f:0.6);\draw[line width=0.9pt] (0,0) -- (%.2f:1.05);\fill (0,0) circle (0.06);\end{tikzpicture}`, hourAngle, minAngle)
	return b.String()
}
