package skills

// Missing addends: 1.OA.D.8 (the unknown whole number in an addition equation), within 20;
// 2.OA.B.2 within 20 fluently, 2.NBT.B.5 within 100.
var _ = register(&Skill{ID: "missing-addend", Constraints: []string{TakesMax, TakesDigits, TakesWhole}, Family: "number-sense", Grades: [2]int{1, 2}, Standard: "1.OA.D.8",
	Make: func(g *Gen) Item {
		total := sumCap(g.P)
		s := pick(g.R, 2, total)
		a := pick(g.R, 0, s)
		if g.R.IntN(2) == 0 {
			return Item{Q: fill(m(Num(a)+" +")+" "+BlankMark+" "+m("= "+Num(s)), number(s-a)), Nums: []int64{a, s}}
		}
		return Item{Q: fill(BlankMark+" "+m("+ "+Num(a)+" = "+Num(s)), number(s-a)), Nums: []int64{a, s}}
	}})

// sumCap is the largest sum of a K–2 fact: K.OA.A.5 within 5 (10 here), 1.OA.C.6 within 20,
// 2.NBT.B.5 within 100.
func sumCap(p Params) int64 {
	if p.Max > 0 {
		return p.Max
	}
	if p.Digits > 0 {
		_, hi := digitsRange(p.Digits)
		return hi
	}
	switch g := p.Grade + p.Level; {
	case g <= 0:
		return 10
	case g == 1:
		return 20
	}
	return 100
}
