package skills

// Division facts: 3.OA.C.7 (fluently divide within 100), exact quotients.
var _ = register(&Skill{ID: "division", Constraints: []string{TakesMax, TakesDigits, TakesTables, TakesRemainders, TakesWhole}, Family: "operations", Grades: [2]int{3, 4}, Standard: "3.OA.C.7",
	Make: func(g *Gen) Item {
		tables, hi := factTables(g.P)
		d, q := pickOf(g.R, tables), pick(g.R, 1, hi)
		if d == 0 {
			d = 1
		}
		return Item{Q: short(m(Num(d*q)+` \div `+Num(d)+" = "), number(q), blankSpace()), Nums: []int64{d * q, d}}
	}})
