package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Area of circles, drawn with the radius or the diameter labelled: 7.G.B.4 (A = πr²). The
// question says how to answer: with 3.14 for π (the answer exact to the hundredth), or in
// terms of π.
var _ = register(&Skill{ID: "circle-area", Constraints: []string{TakesPi}, Family: "geometry", Grades: [2]int{7, 8}, Standard: "7.G.B.4",
	Make: func(g *Gen) Item {
		r, diameter, inPi := circleParts(g)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		ans := fmt.Sprintf(`%s %s$^2$`, DecTrim(314*r*r, 2), unit) // 3.14 × r²
		key := "circ.a.314.q"
		if inPi == 1 {
			ans, key = fmt.Sprintf(`$%d\pi$ %s$^2$`, r*r, unit), "circ.a.pi.q"
		}
		q := short(g.T(key), text(ans), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: CircleFigure(r, diameter == 1, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{r, diameter, inPi}}
	}})
