package skills

// Division with remainders, written inline: 4.NBT.B.6 and 4.OA.A.3 (interpret remainders).
var _ = register(&Skill{ID: "division-remainders", KindOf: []string{"division"}, Constraints: []string{TakesDigits, TakesTables, TakesRemainders}, Family: "operations", Grades: [2]int{4, 5}, Standard: "4.NBT.B.6",
	Make: func(g *Gen) Item {
		tables, hi := factTables(g.P)
		d := pickOf(g.R, tables)
		if d < 2 {
			d = 2
		}
		q := pick(g.R, 1, hi)
		if g.P.Digits > 0 {
			lo, top := digitsRange(g.P.Digits)
			q = pick(g.R, max(1, lo/d), max(1, top/d-1))
		}
		a := d*q + pick(g.R, 1, d-1)
		return Item{Q: short(m(Num(a)+` \div `+Num(d)+" = "), quotient(a, d), blankSpace()), Nums: []int64{a, d}}
	}})
