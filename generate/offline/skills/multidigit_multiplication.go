package skills

// Multi-digit multiplication: 4.NBT.B.5 (up to four digits by one digit, two digits by two),
// 5.NBT.B.5 (the standard algorithm). Stacked, with room to work.
var _ = register(&Skill{ID: "multi-digit-multiplication", KindOf: []string{"multiplication"}, Constraints: []string{TakesDigits, TakesDigits2, TakesVertical, TakesWhole}, Family: "operations", Grades: [2]int{4, 6}, Standard: "4.NBT.B.5",
	Make: func(g *Gen) Item {
		da, db := 2, 1
		switch lvl := g.P.Grade + g.P.Level; {
		case lvl <= 3:
			da, db = 2, 1
		case lvl == 4:
			da, db = pickOf(g.R, []int{3, 4}), 1
			if g.R.IntN(2) == 0 {
				da, db = 2, 2
			}
		case lvl == 5:
			da, db = 3, 2
		default:
			da, db = 4, 2
		}
		if g.P.Digits > 0 {
			da, db = g.P.Digits, 1
		}
		if g.P.Digits2 > 0 { // "by 2-digit numbers": the teacher's size beats the level's
			db = g.P.Digits2
		}
		lo, hi := digitsRange(da)
		lo2, hi2 := digitsRange(db)
		a, b := pick(g.R, lo, hi), pick(g.R, max(2, lo2), hi2)
		// By one digit there are no partial products: the answer goes on the line under the bar.
		sp := blankSpace()
		if db > 1 {
			sp = workSpace(float64(db)*1.0 + 1.5)
		}
		q := short(stack(a, `\times`, b), number(a*b), sp)
		return Item{Q: q, Nums: []int64{a, b}}
	}})
