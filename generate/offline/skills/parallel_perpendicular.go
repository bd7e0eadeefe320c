package skills

// Parallel and perpendicular lines: HSG-GPE.B.5 (their slopes; the equation of a line parallel
// or perpendicular to a given one through a given point). Easy sheets ask for parallel lines
// with whole-number slopes; the default perpendicular ones too; harder ones fraction slopes;
// challenge a given line in standard form.
var _ = register(&Skill{ID: "parallel-perpendicular-lines", Family: "linear", Grades: [2]int{9, 9}, Standard: "HSG-GPE.B.5",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		m0, given := slopeFrac(g), ""
		b0 := pick(g.R, -9, 9)
		if g.P.Level >= 2 && g.R.IntN(2) == 0 { // Ax + By = C, B a multiple of the slope's denominator
			k := pick(g.R, 1, 2)
			A, B := -m0.N*k, m0.D*k
			if g.R.IntN(2) == 0 {
				A, B = -A, -B
			}
			given = standardEq(A, B, B*b0)
		} else {
			given = lineTeX(m0, Frac{b0, 1})
		}
		key, m1 := "parallel.q", m0
		if g.P.Level >= 0 && g.R.IntN(2) == 0 {
			key, m1 = "perpendicular.q", Frac{-m0.D, m0.N}.Reduced()
		}
		b := pick(g.R, -9, 9)
		for key == "parallel.q" && b == b0 {
			b = pick(g.R, -9, 9)
		}
		k := nonzero(g, max(1, 6/m1.D)) // a point off the y-axis, so b is worked out
		x, y := m1.D*k, m1.N*k+b
		q := g.T(key, m(point(x, y)), m(given))
		return Item{Q: short(q, expr(lineTeX(m1, Frac{b, 1})), workSpace(2)), Nums: []int64{m0.N, m0.D, x, y}}
	}})
