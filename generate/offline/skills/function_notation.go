package skills

import "fmt"

// Evaluating functions: HSF-IF.A.2 (use function notation, evaluate functions for inputs in
// their domains; 8.F.A.1 in grade 8). Easy sheets evaluate linear functions at whole
// numbers; the default quadratics too; harder ones negative inputs and coefficients; challenge
// cubics.
var _ = register(&Skill{ID: "function-notation", Family: "linear", Grades: [2]int{8, 9}, Standard: "HSF-IF.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		deg := byLevel(g.P.Level, 1, 1+g.R.IntN(2), 2, 2+g.R.IntN(2))
		p := randPoly(g, deg, byLevel[int64](g.P.Level, 9, 9, 9, 6), false)
		if g.P.Level < 1 {
			p[deg] = abs(p[deg])
		}
		x := pick(g.R, byLevel[int64](g.P.Level, 0, -5, -6, -4), byLevel[int64](g.P.Level, 9, 6, 6, 4))
		var v int64
		for k := len(p) - 1; k >= 0; k-- { // Horner
			v = v*x + p[k]
		}
		name := pickOf(g.R, []string{"f", "g", "h"})
		q := g.T("function.q", m(fmt.Sprintf("%s(%s)", name, Num(x))), m(name+"(x) = "+p.tex()))
		return Item{Q: short(q, expr(Num(v)), blankSpace()), Nums: append([]int64{x}, p...)}
	}})
