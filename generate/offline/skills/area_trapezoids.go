package skills

import "sheetsmith/worksheet"

// Area of trapezoids, drawn to scale with both bases and the height labelled: 6.G.A.1
// (A = ½(b₁ + b₂)h, by decomposing into triangles).
var _ = register(&Skill{ID: "area-trapezoids", Family: "geometry", Grades: [2]int{6, 7}, Standard: "6.G.A.1",
	Make: func(g *Gen) Item {
		b, h := areaSides(g, 4)
		t := pick(g.R, max(1, b/3), b-2) // the top, shorter than the base, with room either side
		s := pick(g.R, 1, b-t-1)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("traparea.q"), text(squareUnits((b+t)*h*5, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: SlantFigure(b, t, s, h, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{b, t, h, s}}
	}})
