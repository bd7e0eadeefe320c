package skills

import "fmt"

// Exponents: 6.EE.A.1 (numerical expressions with whole-number exponents), 8.EE.A.1 (zero
// exponents).
var _ = register(&Skill{ID: "exponents", Family: "expressions", Grades: [2]int{6, 8}, Standard: "6.EE.A.1",
	Make: func(g *Gen) Item {
		b := pick(g.R, 2, byLevel[int64](g.P.Level, 5, 10, 12, 15))
		e := pick(g.R, 2, 3)
		if b <= 5 {
			e = pick(g.R, 2, 4)
		}
		if g.P.Grade+g.P.Level >= 8 && g.R.IntN(6) == 0 {
			e = 0
		}
		v := int64(1)
		for range e {
			v *= b
		}
		return Item{Q: short(m(fmt.Sprintf("%d^{%d} = ", b, e)), number(v), blankSpace()), Nums: []int64{b, e}}
	}})
