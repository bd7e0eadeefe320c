package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Circumference of circles, drawn with the radius or the diameter labelled: 7.G.B.4
// (C = 2πr = πd). The question says how to answer: with 3.14 for π (the answer then exact to
// the hundredth), or in terms of π.
var _ = register(&Skill{ID: "circle-circumference", Constraints: []string{TakesPi}, Family: "geometry", Grades: [2]int{7, 8}, Standard: "7.G.B.4",
	Make: func(g *Gen) Item {
		r, diameter, inPi := circleParts(g)
		d := 2 * r
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		ans := fmt.Sprintf(`%s %s`, DecTrim(314*d, 2), unit) // 3.14 × d
		key := "circ.c.314.q"
		if inPi == 1 {
			ans, key = fmt.Sprintf(`$%d\pi$ %s`, d, unit), "circ.c.pi.q"
		}
		q := short(g.T(key), text(ans), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: CircleFigure(r, diameter == 1, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{r, diameter, inPi}}
	}})

// circleParts picks a circle's radius at the level, whether the figure gives its diameter
// (1) or radius (0), and whether the answer is in terms of π (1) or uses 3.14 (0). The easy
// level gives the radius and answers in terms of π.
func circleParts(g *Gen) (r, diameter, inPi int64) {
	r = pick(g.R, byLevel[int64](g.P.Level, 1, 2, 5, 10), byLevel[int64](g.P.Level, 6, 12, 25, 50))
	diameter, inPi = int64(g.R.IntN(2)), int64(g.R.IntN(2))
	if g.P.Level < 0 {
		diameter, inPi = 0, 1
	}
	switch g.P.Pi { // "use 3.14 for pi", "in terms of pi"
	case "3.14":
		inPi = 0
	case "pi":
		inPi = 1
	}
	return r, diameter, inPi
}

// CircleFigure draws a circle 2.6 cm across (a young reader's larger: see drawing) with its
// radius, or its diameter, drawn and labelled above the line, the centre marked.
func CircleFigure(r int64, diameter bool, unit string, grade int) string {
	line := fmt.Sprintf(`\draw (0,0) -- (1.3,0);\node[above] at (0.65,0) {%d %s};`, r, unit)
	if diameter {
		line = fmt.Sprintf(`\draw (-1.3,0) -- (1.3,0);\node[above] at (0,0) {%d %s};`, 2*r, unit)
	}
	return drawing(grade, 2.6, 1, 0, "") + `\draw[thick] (0,0) circle (1.3);\fill (0,0) circle (1.5pt);` + line + `\end{tikzpicture}`
}
