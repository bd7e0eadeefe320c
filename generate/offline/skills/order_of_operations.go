package skills

import "fmt"

// Order of operations: 5.OA.A.1 (parentheses), 6.EE.A.1 and 6.EE.A.2c (exponents, the
// conventional order). Whole-number results, never negative, no division with a remainder.
var _ = register(&Skill{ID: "order-of-operations", HoldsFrom: map[string]int{"exponents": 6}, Family: "expressions", Grades: [2]int{5, 7}, Standard: "6.EE.A.2c",
	Make: func(g *Gen) Item {
		a, b, c := pick(g.R, 2, 12), pick(g.R, 2, 9), pick(g.R, 2, 9)
		forms := 4
		if g.P.Grade+g.P.Level >= 6 {
			forms = 6
		}
		switch g.R.IntN(forms) {
		case 0:
			return Item{Q: oo(fmt.Sprintf(`%d + %d \times %d`, a, b, c), a+b*c), Nums: []int64{0, a, b, c}}
		case 1:
			return Item{Q: oo(fmt.Sprintf(`(%d + %d) \times %d`, a, b, c), (a+b)*c), Nums: []int64{1, a, b, c}}
		case 2: // a product first, then a difference that stays whole
			d := pick(g.R, 1, b*c-1)
			return Item{Q: oo(fmt.Sprintf(`%d - %d + %d \times %d`, d+a, a, b, c), d+b*c), Nums: []int64{2, d + a, a, b}}
		case 3:
			return Item{Q: oo(fmt.Sprintf(`%d \div %d + %d`, b*c, b, a), c+a), Nums: []int64{3, b * c, b, a}}
		case 4:
			return Item{Q: oo(fmt.Sprintf(`%d^2 + %d \times %d`, b, a, c), b*b+a*c), Nums: []int64{4, b, a, c}}
		}
		return Item{Q: oo(fmt.Sprintf(`%d \times (%d + %d) - %d^2`, c, a, b, min(b, 3)), c*(a+b)-min(b, 3)*min(b, 3)), Nums: []int64{5, c, a, b}}
	}})

func oo(e string, v int64) Question { return short(m(e+" = "), number(v), blankSpace()) }
