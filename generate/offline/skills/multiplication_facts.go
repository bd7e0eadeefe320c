package skills

// Multiplication facts and times tables: 3.OA.C.7 (fluently multiply within 100); to 12 × 12
// from grade 4.
var _ = register(&Skill{ID: "multiplication", Constraints: []string{TakesMax, TakesDigits, TakesTables, TakesVertical, TakesWhole}, Family: "operations", Grades: [2]int{3, 4}, Standard: "3.OA.C.7",
	Make: func(g *Gen) Item {
		tables, hi := factTables(g.P)
		a, b := pickOf(g.R, tables), pick(g.R, 1, hi)
		if g.R.IntN(3) == 0 {
			a, b = b, a
		}
		return Item{Q: arith(g.P, a, `\times`, b, a*b), Nums: []int64{a, b}}
	}})

// factTables are the tables a facts question uses and the largest other factor: 2.OA.C.4
// (2, 5, 10), 3.OA.C.7 (to 10), 12 from grade 4; "the 7 times table" wins.
func factTables(p Params) ([]int64, int64) {
	if len(p.Tables) > 0 {
		return p.Tables, 12
	}
	if p.Digits == 1 { // "single-digit multiplication"
		return span(2, 9), 9
	}
	if p.Max > 0 && p.Max <= 12 {
		return span(1, p.Max), p.Max
	}
	switch g := p.Grade + p.Level; {
	case g <= 2:
		return []int64{2, 5, 10}, 10
	case g == 3:
		return span(2, 10), 10
	}
	return span(2, 12), 12
}

func span(lo, hi int64) []int64 {
	var out []int64
	for i := lo; i <= hi; i++ {
		out = append(out, i)
	}
	return out
}
