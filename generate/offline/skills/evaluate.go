package skills

import "fmt"

// Evaluating expressions: 6.EE.A.2c (evaluate expressions at given values of their variables).
var _ = register(&Skill{ID: "evaluate-expressions", Family: "expressions", Grades: [2]int{6, 7}, Standard: "6.EE.A.2c",
	Make: func(g *Gen) Item {
		a, b := pick(g.R, 2, 9), pick(g.R, 1, 20)
		x := pick(g.R, 1, 10)
		if g.P.Grade+g.P.Level >= 7 {
			x = pick(g.R, -9, 9)
		}
		form := g.R.IntN(3)
		var e string
		var v int64
		switch form {
		case 0:
			e, v = fmt.Sprintf("%dx + %d", a, b), a*x+b
		case 1:
			e, v = fmt.Sprintf("%dx - %d", a, b), a*x-b
		default:
			e, v = fmt.Sprintf("x^2 + %d", b), x*x+b
		}
		return Item{Q: short(g.T("eval.q", m(e), m(fmt.Sprintf("x = %d", x))), number(v), blankSpace()), Nums: []int64{int64(form), a, b, x}}
	}})
