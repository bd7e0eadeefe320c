package skills

import "sheetsmith/worksheet"

// Area of parallelograms, drawn to scale with the base and height labelled: 6.G.A.1
// (A = bh, by rearranging into a rectangle).
var _ = register(&Skill{ID: "area-parallelograms", Family: "geometry", Grades: [2]int{6, 7}, Standard: "6.G.A.1",
	Make: func(g *Gen) Item {
		b, h := areaSides(g, 3)
		s := pick(g.R, max(1, b/5), max(1, b/2)) // the slant, enough to tell it from a rectangle: the top starts s right of the base's start
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("pararea.q"), text(squareUnits(b*h*10, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: SlantFigure(b, b, s, h, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{b, h, s}}
	}})
