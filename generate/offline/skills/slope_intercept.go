package skills

import "sheetsmith/worksheet"

// slopeFrac is a slope for a level: whole numbers on easy sheets and at the default,
// fractions from harder on.
func slopeFrac(g *Gen) Frac {
	if g.P.Level < 1 || g.R.IntN(3) == 0 {
		return Frac{nonzero(g, byLevel[int64](g.P.Level, 5, 6, 8, 9)), 1}
	}
	f := properFrac(g, 2, byLevel[int64](g.P.Level, 4, 5, 5, 6))
	if g.R.IntN(2) == 0 {
		f.N = -f.N
	}
	return f
}

// lineTeX writes y = mx + b: "y = -\frac{2}{3}x + 4", "y = x - 1", "y = 5".
func lineTeX(slope, b Frac) string {
	s, r := "", slope.Reduced()
	switch {
	case r.N == 0:
		return "y = " + rootTeX(b)
	case r.D == 1:
		s = term(r.N, "x", true)
	default:
		s = rootTeX(r) + "x"
	}
	if b.N != 0 {
		c := b.Reduced()
		if c.N < 0 {
			s += " - " + rootTeX(Frac{-c.N, c.D})
		} else {
			s += " + " + rootTeX(c)
		}
	}
	return "y = " + s
}

// Slope and y-intercept from an equation: 8.F.B.4 (the rate of change and initial value of a
// linear function). Easy sheets and the default give y = mx + b; harder ones fraction
// slopes and y = b + mx; challenge an equation in standard form, ax + by = c, to rewrite.
var _ = register(&Skill{ID: "slope-intercept", Family: "linear", Grades: [2]int{8, 9}, Standard: "8.F.B.4",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		var e string
		var sl, b Frac
		var nums []int64
		if g.P.Level >= 2 && g.R.IntN(3) > 0 {
			A, B := nonzero(g, 9), nonzero(g, 9)
			for abs(B) == 1 {
				B = nonzero(g, 9)
			}
			C := nonzero(g, 20)
			e = standardEq(A, B, C)
			sl, b, nums = Frac{-A, B}.Reduced(), Frac{C, B}.Reduced(), []int64{A, B, C}
		} else {
			sl, b = slopeFrac(g), Frac{pick(g.R, -byLevel[int64](g.P.Level, 9, 10, 12, 15), byLevel[int64](g.P.Level, 9, 10, 12, 15)), 1}
			e = lineTeX(sl, b)
			if g.P.Level >= 1 && b.N != 0 && g.R.IntN(2) == 0 { // y = b + mx
				rest := lineTeX(sl, Frac{0, 1})[len("y = "):]
				if rest[0] != '-' {
					rest = "+ " + rest
				} else {
					rest = "- " + rest[1:]
				}
				e = "y = " + Num(b.N) + " " + rest
			}
			nums = []int64{sl.N, sl.D, b.N}
		}
		q := worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(), Text: g.T("slopeint.q", m(e)),
			Blanks: []Answer{improperAnswer(sl), improperAnswer(b)}}
		return Item{Q: q, Nums: nums}
	}})

// Writing y = mx + b: HSF-LE.A.2 (construct a linear function from a rate of change and a
// point, or from two points). Easy sheets give the slope and the y-intercept's point; the
// default any point; harder ones fraction slopes; challenge two points.
var _ = register(&Skill{ID: "write-linear-equations", Family: "linear", Grades: [2]int{8, 9}, Standard: "HSF-LE.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		sl := slopeFrac(g)
		x := sl.D * pick(g.R, -byLevel[int64](g.P.Level, 0, 6, 4, 3), byLevel[int64](g.P.Level, 0, 6, 4, 3))
		b := pick(g.R, -9, 9)
		y := sl.N*x/sl.D + b
		var q string
		if g.P.Level >= 2 {
			x2 := x + sl.D*pick(g.R, 1, 3)
			q = g.T("line2.q", m(point(x, y)), m(point(x2, sl.N*x2/sl.D+b)))
		} else {
			q = g.T("line.q", m(rootTeX(sl)), m(point(x, y)))
		}
		return Item{Q: short(q, expr(lineTeX(sl, Frac{b, 1})), blankSpace()), Nums: []int64{sl.N, sl.D, x, y}}
	}})
