package skills

// Least common multiple: 6.NS.B.4 (the LCM of two whole numbers less than or equal to 12).
var _ = register(&Skill{ID: "lcm", Family: "number-theory", Grades: [2]int{6, 7}, Standard: "6.NS.B.4",
	Make: func(g *Gen) Item {
		lo, hi := byLevel[int64](g.P.Level, 2, 2, 4, 6), byLevel[int64](g.P.Level, 6, 12, 20, 30)
		a, b := pick(g.R, lo, hi), pick(g.R, lo, hi)
		for a == b {
			b = pick(g.R, lo, hi)
		}
		return Item{Q: short(g.T("lcm.q", m(Num(a)), m(Num(b))), number(a/gcd(a, b)*b), blankSpace()), Nums: []int64{a, b}}
	}})
