package skills

// Greatest common factor: 6.NS.B.4 (the GCF of two whole numbers less than or equal to 100).
// The numbers are built from a common factor, so most pairs share more than 1.
var _ = register(&Skill{ID: "gcf", Family: "number-theory", Grades: [2]int{6, 7}, Standard: "6.NS.B.4",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 36, 100, 150, 300)
		f := pick(g.R, 2, byLevel[int64](g.P.Level, 6, 12, 20, 30))
		var a, b int64
		for try := 0; try < 50; try++ {
			a, b = f*pick(g.R, 1, hi/f), f*pick(g.R, 1, hi/f)
			if a != b && min(a, b) >= 4 {
				break
			}
		}
		if a == b { // a common factor too large for two different multiples within hi
			a, b = f, 2*f
		}
		return Item{Q: short(g.T("gcf.q", m(Num(a)), m(Num(b))), number(gcd(a, b)), blankSpace()), Nums: []int64{a, b}}
	}})
