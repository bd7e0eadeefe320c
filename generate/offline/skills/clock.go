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

// ClockFace draws an analogue clock showing h:mm, radius 1.3 cm (at the text's 11pt): minute ticks, a short thick
// hour hand that moves on between the hours and stops short of the numbers, a long thin minute
// hand that reaches the minute ticks. The twelve numbers are drawn last, each on a white
// patch: a hand passes under a number, never through it, so 12 at 6:00 reads 12.
func ClockFace(h, mm int64) string {
	var b strings.Builder
	// the unit is a centimetre at the text's 11pt (2.6em): in large print the face
	// grows with its numbers (\scriptsize, 10pt there), so they are as far apart as ever
	b.WriteString(`\begin{tikzpicture}[x=2.6em,y=2.6em]\draw[thick] (0,0) circle (1.3);`)
	for i := 0; i < 60; i++ {
		a := 90 - 6*float64(i)
		in := 1.22
		if i%5 == 0 {
			in = 1.12
		}
		fmt.Fprintf(&b, `\draw (%.1f:%.2f) -- (%.1f:1.3);`, a, in, a)
	}
	hourAngle := 90 - 30*(float64(h%12)+float64(mm)/60)
	minAngle := 90 - 6*float64(mm)
	fmt.Fprintf(&b, `\draw[line width=1.6pt] (0,0) -- (%.2f:%.2f);\draw[line width=0.9pt] (0,0) -- (%.2f:%.2f);\fill (0,0) circle (0.16em);`,
		hourAngle, ClockHourHand, minAngle, ClockMinuteHand)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, `\node[font=\scriptsize,fill=white,inner sep=0.6pt] at (%.1f:%.2f) {%d};`, 90-30*float64(i), ClockNumbers, i)
	}
	b.WriteString(`\end{tikzpicture}`)
	return b.String()
}

// The clock face's radii, in centimetres: the numbers' centres, the hour hand's and the minute
// hand's lengths. A number is about 0.25 cm across, so the hour hand ends short of it and the
// minute hand runs past it into the ticks.
const ClockNumbers, ClockHourHand, ClockMinuteHand = 0.92, 0.6, 1.15
