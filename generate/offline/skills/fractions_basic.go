package skills

import "fmt"

// maxDen is the largest denominator for the grade: 3.NF.A (2, 3, 4, 6, 8), 4.NF (up to 12),
// 5.NF and later (up to 12, unlike denominators); harder levels up to 20.
func maxDen(p Params) int64 {
	if p.Max >= 2 && p.Max <= 20 {
		return max(p.Max, 5) // room for two different fractions
	}
	switch g := p.Grade + p.Level; {
	case g <= 3:
		return 8
	case g <= 5:
		return 12
	}
	return 20
}

// Equivalent fractions: 4.NF.A.1 (a/b = (n×a)/(n×b)); 3.NF.A.3b.
var _ = register(&Skill{ID: "equivalent-fractions", Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{3, 4}, Standard: "4.NF.A.1",
	Make: func(g *Gen) Item {
		f := properFrac(g, 2, min(maxDen(g.P), 12))
		k := pick(g.R, 2, byLevel[int64](g.P.Level, 3, 5, 9, 12))
		if g.R.IntN(2) == 0 {
			return Item{Q: short(m(f.TeX()+fmt.Sprintf(` = \dfrac{\square}{%d}`, f.D*k)), number(f.N*k), blankSpace()), Nums: []int64{f.N, f.D, k, 0}}
		}
		return Item{Q: short(m(f.TeX()+fmt.Sprintf(` = \dfrac{%d}{\square}`, f.N*k)), number(f.D*k), blankSpace()), Nums: []int64{f.N, f.D, k, 1}}
	}})

// Simplifying fractions: 4.NF.A.1 (recognise and generate equivalent fractions).
var _ = register(&Skill{ID: "simplify-fractions", Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{4, 6}, Standard: "4.NF.A.1",
	Make: func(g *Gen) Item {
		f := properFrac(g, 2, min(maxDen(g.P), 12))
		k := pick(g.R, 2, max(2, min(8, 60/f.D)))
		big := Frac{f.N * k, f.D * k}
		return Item{Q: short(g.T("simplify.q", m(big.TeX())), fracAnswer(f), blankSpace()), Nums: []int64{big.N, big.D}}
	}})

// Comparing fractions: 3.NF.A.3d (same numerator or denominator), 4.NF.A.2 (different
// numerators and denominators).
var _ = register(&Skill{ID: "compare-fractions", Domain: "fractions", FormOf: []string{"compare-numbers", "order-numbers"}, Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{3, 5}, Standard: "4.NF.A.2",
	Make: func(g *Gen) Item {
		var a, b Frac
		for try := 0; ; try++ {
			a, b = properFrac(g, 2, maxDen(g.P)), properFrac(g, 2, maxDen(g.P))
			if g.P.Grade+g.P.Level <= 3 && g.R.IntN(2) == 0 {
				b.D = a.D // like denominators, 3.NF.A.3d
				b.N = pick(g.R, 1, a.D-1)
			}
			if a != b || try > 50 {
				break
			}
		}
		if g.R.IntN(7) == 0 { // now and then an equal pair, so "=" is a real option
			k := pick(g.R, 2, 3)
			b = Frac{a.N * k, a.D * k}
		}
		rel := map[int]string{-1: "<", 0: "=", 1: ">"}[a.Cmp(b)]
		return Item{Q: compareBlank(m(a.TeX()), m(b.TeX()), rel), Nums: []int64{a.N, a.D, b.N, b.D}}
	}})

func fracAnswer(f Frac) Answer {
	r := f.Reduced()
	if r.D == 1 {
		return number(r.N)
	}
	return Answer{Kind: "fraction", Value: r.Answer()}
}
