package skills

// term writes c·v for an expression: "3x", "-x", "+ 5x", "- 2" (after the first term).
func term(c int64, v string, first bool) string {
	sign := ""
	switch {
	case c < 0 && first:
		sign = "-"
	case c < 0:
		sign = " - "
	case !first:
		sign = " + "
	}
	a := abs(c)
	if v != "" && a == 1 {
		return sign + v
	}
	return sign + Num(a) + v
}

// linear writes ax + b in simplest form ("3x - 4", "x", "-2x", "7").
func linear(a, b int64) string {
	switch {
	case a == 0:
		return Num(b)
	case b == 0:
		return term(a, "x", true)
	}
	return term(a, "x", true) + term(b, "", false)
}

// Combining like terms: 7.EE.A.1 (add, subtract, factor and expand linear expressions).
var _ = register(&Skill{ID: "combine-like-terms", Family: "expressions", Grades: [2]int{6, 9}, Standard: "7.EE.A.1",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 5, 9, 12, 15)
		nz := func() int64 {
			n := pick(g.R, -hi, hi)
			for n == 0 {
				n = pick(g.R, -hi, hi)
			}
			return n
		}
		a, b, c, d := nz(), nz(), nz(), nz()
		for a+c == 0 {
			c = nz()
		}
		e := term(a, "x", true) + term(b, "", false) + term(c, "x", false) + term(d, "", false)
		return Item{Q: short(g.T("simplifyexpr.q", m(e)), expr(linear(a+c, b+d)), blankSpace()), Nums: []int64{a, b, c, d}}
	}})

// The distributive property: 6.EE.A.3 (apply the properties to generate equivalent expressions).
var _ = register(&Skill{ID: "distributive-property", Family: "expressions", Grades: [2]int{6, 9}, Standard: "6.EE.A.3",
	Make: func(g *Gen) Item {
		k := pick(g.R, 2, 9)
		if g.P.Grade+g.P.Level >= 7 && g.R.IntN(2) == 0 {
			k = -k
		}
		a, b := pick(g.R, 1, 9), pick(g.R, -9, 9)
		for b == 0 {
			b = pick(g.R, -9, 9)
		}
		inside := linear(a, b)
		return Item{Q: short(g.T("expand.q", m(Num(k)+"("+inside+")")), expr(linear(k*a, k*b)), blankSpace()), Nums: []int64{k, a, b}}
	}})
