package skills

// Rounding whole numbers: 3.NBT.A.1 (to the nearest 10 or 100), 4.NBT.A.3 (any place).
var _ = register(&Skill{ID: "rounding", Constraints: []string{TakesMax, TakesDigits, TakesRoundTo}, Family: "place-value", Grades: [2]int{3, 4}, Standard: "3.NBT.A.1",
	Make: func(g *Gen) Item {
		units := []int64{10, 100}
		if g.P.Grade+g.P.Level >= 4 {
			units = []int64{10, 100, 1000, 10000}
		}
		unit := pickOf(g.R, units)
		if len(g.P.RoundTo) > 0 {
			unit = pickOf(g.R, g.P.RoundTo)
		}
		hi := max(unit*100-1, 999)
		if g.P.Grade+g.P.Level <= 3 {
			hi = max(unit*10-1, 999)
		}
		if g.P.Digits > 0 {
			_, hi = digitsRange(g.P.Digits)
		}
		if g.P.Max > unit+1 { // "numbers up to 999"
			hi = g.P.Max
		}
		n := pick(g.R, unit+1, max(unit+2, hi))
		for try := 0; n%unit == 0 && try < 20; try++ {
			n = pick(g.R, unit+1, max(unit+2, hi))
		}
		r := (n + unit/2) / unit * unit
		return Item{Q: short(g.T("round.q", m(Num(n)), m(Num(unit))), number(r), blankSpace()), Nums: []int64{n, unit}}
	}})
