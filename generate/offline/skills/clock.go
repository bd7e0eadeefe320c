package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Telling time on a drawn clock face: 1.MD.B.3 (hours and half hours), 2.MD.C.7 (nearest five
// minutes), 3.MD.A.1 (nearest minute).
var _ = register(&Skill{ID: "telling-time", Constraints: []string{TakesStep}, Family: "time", Grades: [2]int{1, 3}, Standard: "2.MD.C.7",
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
		q.Figure = &worksheet.Figure{LaTeX: ClockFace(h, min, g.P.Grade)}
		return Item{Q: q, Nums: []int64{h, min}}
	}})

// ClockFace draws an analogue clock showing h:mm: minute ticks, a short thick hour hand that
// moves on between the hours, a long thin minute hand, both ending short of the numbers, so
// no hand is ever drawn through a number. A face is 2.6 cm across, a young reader's (see
// drawing) larger with larger numbers; its width is its least, so the layout never shrinks it
// into a narrow column.
func ClockFace(h, mm int64, grade int) string {
	var b strings.Builder
	// the unit is a centimetre at the text's 11pt (2.6em): in large print the face grows with
	// its numbers, so they are as far apart as ever
	font := `\scriptsize`
	if young(grade) {
		font = `\footnotesize`
	}
	b.WriteString(drawing(grade, 2.7, 1, 0, "x=2.6em,y=2.6em") + `\draw[thick] (0,0) circle (1.3);`)
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
		fmt.Fprintf(&b, `\node[font=%s,inner sep=0.6pt] at (%.1f:%.2f) {%d};`, font, 90-30*float64(i), ClockNumbers, i)
	}
	b.WriteString(`\end{tikzpicture}`)
	return b.String()
}

// The clock face's radii, in the face's unit: the numbers' centres, the hour hand's and the
// minute hand's lengths. A number is about 0.32 across with its air, so both hands end short
// of its inner edge (0.94 - 0.16), the minute hand clearly the longer.
const ClockNumbers, ClockHourHand, ClockMinuteHand = 0.94, 0.48, 0.76
