package skills

import (
	"fmt"
	"sort"
)

// rootTeX writes a root for maths mode: "-5", "\frac{3}{2}", "-\frac{1}{4}".
func rootTeX(f Frac) string {
	r := f.Reduced()
	if r.D == 1 {
		return Num(r.N)
	}
	sign := ""
	if r.N < 0 {
		sign, r.N = "-", -r.N
	}
	return fmt.Sprintf(`%s\frac{%d}{%d}`, sign, r.N, r.D)
}

// rootsAnswer writes the solutions in increasing order, a double root once: "x = -5, 3".
func rootsAnswer(rs ...Frac) Answer {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Cmp(rs[j]) < 0 })
	s := "x = " + rootTeX(rs[0])
	for i := 1; i < len(rs); i++ {
		if rs[i].Cmp(rs[i-1]) != 0 {
			s += ", " + rootTeX(rs[i])
		}
	}
	return expr(s)
}

// Solving quadratic equations by factoring: HSA-REI.B.4b. Easy sheets give the equation
// factored already (the zero-product property); the default x² + bx + c = 0; harder ones a
// common factor or terms on both sides; challenge ax² + bx + c = 0 with fraction roots.
var _ = register(&Skill{ID: "quadratic-equations", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-REI.B.4b",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		var f1, f2 [2]int64
		switch {
		case g.P.Level < 2:
			hi := byLevel[int64](g.P.Level, 9, 9, 12, 12)
			f1, f2 = [2]int64{1, pick(g.R, -hi, hi)}, [2]int64{1, nonzero(g, hi)}
		default:
			for f1[0]*f2[0] < 2 {
				f1, f2 = primitive(g, 3, 9), primitive(g, 3, 9)
			}
		}
		p := binomial(f1[0], f1[1]).mul(binomial(f2[0], f2[1]))
		var e string
		switch {
		case g.P.Level < 0:
			e = factorTeX(f1, f2) + " = 0"
		case g.P.Level == 1 && g.R.IntN(2) == 0: // a common factor
			k := pick(g.R, 2, 4) * (1 - 2*int64(g.R.IntN(2)))
			e = p.scale(k).tex() + " = 0"
		case g.P.Level == 1: // the constant on the other side
			e = poly{0, p[1], p[2]}.tex() + " = " + Num(-p[0])
		default:
			e = p.tex() + " = 0"
		}
		a := rootsAnswer(Frac{-f1[1], f1[0]}, Frac{-f2[1], f2[0]})
		return Item{Q: short(m(e), a, workSpace(2.5)), Nums: []int64{f1[0], f1[1], f2[0], f2[1]}}
	}})
