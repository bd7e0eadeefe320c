package skills

import "fmt"

func nonzero(g *Gen, hi int64) int64 {
	n := pick(g.R, -hi, hi)
	for n == 0 {
		n = pick(g.R, -hi, hi)
	}
	return n
}

// solution is the integer x an equation is built around: whole numbers at grade 6
// (6.EE.B.7), integers from grade 7.
func solution(g *Gen) int64 {
	if g.P.Grade+g.P.Level <= 6 {
		return pick(g.R, 1, 20)
	}
	return nonzero(g, byLevel[int64](g.P.Level, 10, 12, 20, 30))
}

// One-step equations: 6.EE.B.7 (x + p = q and px = q).
var _ = register(&Skill{ID: "one-step-equations", Constraints: []string{TakesWhole}, Family: "equations", Grades: [2]int{6, 7}, Standard: "6.EE.B.7",
	Make: func(g *Gen) Item {
		x := solution(g)
		var e string
		form := g.R.IntN(4)
		switch form {
		case 0:
			p := pick(g.R, 1, 20)
			e = fmt.Sprintf("x + %d = %s", p, Num(x+p))
		case 1:
			p := pick(g.R, 1, 20)
			e = fmt.Sprintf("x - %d = %s", p, Num(x-p))
		case 2:
			p := pick(g.R, 2, 12)
			e = fmt.Sprintf("%dx = %s", p, Num(p*x))
		default:
			p := pick(g.R, 2, 9)
			e = fmt.Sprintf(`\dfrac{x}{%d} = %s`, p, Num(x))
			x *= p
		}
		return Item{Q: short(m(e), expr(fmt.Sprintf("x = %s", Num(x))), blankSpace()), Nums: []int64{int64(form), x}}
	}})

// Two-step equations: 7.EE.B.4a (px + q = r).
var _ = register(&Skill{ID: "two-step-equations", Constraints: []string{TakesWhole}, Family: "equations", Grades: [2]int{7, 8}, Standard: "7.EE.B.4a",
	Make: func(g *Gen) Item {
		x := solution(g)
		p, q := nonzero(g, 9), nonzero(g, 15)
		for p == 1 || p == -1 {
			p = nonzero(g, 9)
		}
		e := linear(p, q) + " = " + Num(p*x+q)
		return Item{Q: short(m(e), expr(fmt.Sprintf("x = %s", Num(x))), workSpace(2.5)), Nums: []int64{p, q, p*x + q}}
	}})

// Multi-step equations: 8.EE.C.7b (expand and collect like terms, variables on both sides);
// A-REI.B.3 for Algebra 1.
var _ = register(&Skill{ID: "multi-step-equations", Constraints: []string{TakesWhole}, Family: "equations", Grades: [2]int{8, 9}, Standard: "8.EE.C.7b",
	Make: func(g *Gen) Item {
		x := nonzero(g, 12)
		k := pick(g.R, 2, 6)
		a, b := pick(g.R, 1, 5), nonzero(g, 9)
		c := nonzero(g, 9)
		for k*a == c {
			c = nonzero(g, 9)
		}
		// k(ax + b) = cx + d, with d chosen so that x is the solution
		d := k*(a*x+b) - c*x
		e := fmt.Sprintf("%d(%s) = %s", k, linear(a, b), linear(c, d))
		return Item{Q: short(m(e), expr(fmt.Sprintf("x = %s", Num(x))), workSpace(3.5)), Nums: []int64{k, a, b, c, d}}
	}})
