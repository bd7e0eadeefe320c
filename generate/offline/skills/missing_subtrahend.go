package skills

// Missing subtrahends and minuends: 1.OA.D.8 (8 = □ − 5, 15 − □ = 9).
var _ = register(&Skill{ID: "missing-subtrahend", Constraints: []string{TakesMax, TakesWhole}, Family: "number-sense", Grades: [2]int{1, 2}, Standard: "1.OA.D.8",
	Make: func(g *Gen) Item {
		total := sumCap(g.P)
		a := pick(g.R, 2, total)
		b := pick(g.R, 0, a)
		if g.R.IntN(3) == 0 { // the minuend missing: □ − b = d
			return Item{Q: fill(BlankMark+" "+m("- "+Num(b)+" = "+Num(a-b)), number(a)), Nums: []int64{-1, b, a - b}}
		}
		return Item{Q: fill(m(Num(a)+" -")+" "+BlankMark+" "+m("= "+Num(a-b)), number(b)), Nums: []int64{a, -1, a - b}}
	}})
