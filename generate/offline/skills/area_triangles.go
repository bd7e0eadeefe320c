package skills

import "sheetsmith/worksheet"

// Area of triangles, drawn to scale with the base and height labelled: 6.G.A.1 (A = ½bh).
var _ = register(&Skill{ID: "area-triangles", Family: "geometry", Grades: [2]int{6, 7}, Standard: "6.G.A.1",
	Make: func(g *Gen) Item {
		b, h := areaSides(g, 3)
		s := pick(g.R, 1, b-1) // the apex above the base, so the height falls inside
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("triarea.q"), text(squareUnits(b*h*5, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: SlantFigure(b, 0, s, h, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{b, h, s}}
	}})
