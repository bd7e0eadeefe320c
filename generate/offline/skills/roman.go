package skills

// Roman numerals, both ways (no Common Core standard; taught alongside 4.NBT place value).
var _ = register(&Skill{ID: "roman-numerals", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{3, 6}, Standard: "none (4.NBT)",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 20, 100, 1000, 3999)
		if g.P.Grade <= 3 {
			hi = byLevel[int64](g.P.Level, 12, 50, 100, 500)
		}
		if g.P.Max > 0 {
			hi = min(g.P.Max, 3999)
		}
		n := pick(g.R, 1, hi)
		if g.R.IntN(2) == 0 {
			return Item{Q: short(g.T("toroman.q", m(Num(n))), text(Roman(n)), blankSpace()), Nums: []int64{n, 0}}
		}
		return Item{Q: short(g.T("fromroman.q", Roman(n)), number(n), blankSpace()), Nums: []int64{n, 1}}
	}})

// Roman writes 1–3999 in Roman numerals.
func Roman(n int64) string {
	vals := []int64{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	out := ""
	for i, v := range vals {
		for n >= v {
			out += syms[i]
			n -= v
		}
	}
	return out
}
