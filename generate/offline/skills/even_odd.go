package skills

// Even and odd: 2.OA.C.3 (determine whether a group of up to 20 objects is odd or even).
var _ = register(&Skill{ID: "even-odd", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{2, 2}, Standard: "2.OA.C.3",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 20, 100, 1000, 10000)
		if g.P.Max > 0 {
			hi = g.P.Max
		}
		n := pick(g.R, 1, hi)
		a := g.T("odd")
		if n%2 == 0 {
			a = g.T("even")
		}
		return Item{Q: short(g.T("evenodd.q", m(Num(n))), text(a), blankSpace()), Nums: []int64{n}}
	}})
