package skills

// squareFree are the radicands left under a simplified root.
var squareFree = []int64{2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23, 26, 29, 30}

// Square roots: 8.EE.A.2 (square roots of perfect squares) and HSN-RN.A.2 (simplifying
// radicals). Easy sheets take roots of perfect squares to 144; grade 8's default larger
// perfect squares, Algebra 1's mixes them with roots to simplify; harder ones simplify only,
// some with a number in front, from larger radicands at challenge.
var _ = register(&Skill{ID: "square-roots", Constraints: []string{TakesMax}, Family: "expressions", Grades: [2]int{8, 9}, Standard: "8.EE.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		c := int64(1)
		k := pick(g.R, byLevel[int64](g.P.Level, 1, 2, 2, 3), byLevel[int64](g.P.Level, 12, 20, 10, 12))
		r := int64(1)
		if g.P.Level >= 1 || (g.P.Level == 0 && g.P.Grade >= 9 && g.R.IntN(2) == 0) {
			k = pick(g.R, 2, byLevel[int64](g.P.Level, 2, 6, 10, 12))
			r = pickOf(g.R, squareFree[:byLevel(g.P.Level, 3, 7, 12, len(squareFree))])
			if g.P.Level >= 1 && g.R.IntN(3) == 0 {
				c = pick(g.R, 2, 5)
			}
		}
		if g.P.Max >= 4 { // "perfect squares up to 144": roots of perfect squares alone
			top := int64(1)
			for (top+1)*(top+1) <= min(g.P.Max, 10000) {
				top++
			}
			c, r, k = 1, 1, pick(g.R, 1, top)
		}
		q := `\sqrt{` + Num(k*k*r) + "}"
		if c > 1 {
			q = Num(c) + q
		}
		a := number(c * k)
		if r > 1 {
			a = expr(Num(c*k) + `\sqrt{` + Num(r) + "}")
		}
		return Item{Q: short(g.T("simplifyexpr.q", m(q)), a, blankSpace()), Nums: []int64{c, k * k * r}}
	}})
