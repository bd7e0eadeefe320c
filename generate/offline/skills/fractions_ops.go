package skills

// fracPair picks two fractions for a sum or difference: like denominators at 4.NF.B.3,
// unlike from 5.NF.A.1; the first never smaller, so differences are not negative.
func fracPair(g *Gen, like bool) (Frac, Frac) {
	for try := 0; ; try++ {
		var a, b Frac
		if like {
			d := pick(g.R, 3, maxDen(g.P))
			a, b = Frac{pick(g.R, 1, d-1), d}, Frac{pick(g.R, 1, d-1), d}
		} else {
			a, b = properFrac(g, 2, maxDen(g.P)), properFrac(g, 2, maxDen(g.P))
			if a.D == b.D && try < 50 {
				continue
			}
		}
		if a.Cmp(b) == 0 && try < 50 {
			continue
		}
		if a.Cmp(b) < 0 {
			a, b = b, a
		}
		return a, b
	}
}

// likeDenominators: as asked ("with unlike denominators"), else as the grade's standard.
func likeDenominators(p Params) bool {
	if p.Like != nil {
		return *p.Like
	}
	return p.Grade+p.Level <= 4
}

// Adding fractions: 4.NF.B.3a (like denominators), 5.NF.A.1 (unlike denominators).
var _ = register(&Skill{ID: "add-fractions", Domain: "fractions", FormOf: []string{"addition"}, Constraints: []string{TakesMax, TakesLike}, Family: "fractions", Grades: [2]int{4, 6}, Standard: "5.NF.A.1",
	Make: func(g *Gen) Item {
		a, b := fracPair(g, likeDenominators(g.P))
		return Item{Q: short(m(a.TeX()+" + "+b.TeX()+" = "), fracAnswer(a.Add(b)), blankSpace()), Nums: []int64{a.N, a.D, b.N, b.D}}
	}})

// Subtracting fractions: 4.NF.B.3a (like denominators), 5.NF.A.1 (unlike denominators).
var _ = register(&Skill{ID: "subtract-fractions", Domain: "fractions", FormOf: []string{"subtraction"}, Constraints: []string{TakesMax, TakesLike}, Family: "fractions", Grades: [2]int{4, 6}, Standard: "5.NF.A.1",
	Make: func(g *Gen) Item {
		a, b := fracPair(g, likeDenominators(g.P))
		return Item{Q: short(m(a.TeX()+" - "+b.TeX()+" = "), fracAnswer(a.Sub(b)), blankSpace()), Nums: []int64{a.N, a.D, b.N, b.D}}
	}})

// Multiplying fractions: 4.NF.B.4 (a whole number times a fraction), 5.NF.B.4 (fraction by fraction).
var _ = register(&Skill{ID: "multiply-fractions", Domain: "fractions", FormOf: []string{"multiplication"}, Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{5, 6}, Standard: "5.NF.B.4",
	Make: func(g *Gen) Item {
		a := properFrac(g, 2, min(maxDen(g.P), 12))
		if g.P.Grade+g.P.Level <= 4 {
			w := pick(g.R, 2, 9)
			return Item{Q: short(m(Num(w)+` \times `+a.TeX()+" = "), fracAnswer(Frac{w * a.N, a.D}), blankSpace()), Nums: []int64{w, 1, a.N, a.D}}
		}
		b := properFrac(g, 2, min(maxDen(g.P), 12))
		return Item{Q: short(m(a.TeX()+` \times `+b.TeX()+" = "), fracAnswer(a.Mul(b)), blankSpace()), Nums: []int64{a.N, a.D, b.N, b.D}}
	}})

// Dividing fractions: 5.NF.B.7 (unit fractions and whole numbers), 6.NS.A.1 (fraction by fraction).
var _ = register(&Skill{ID: "divide-fractions", Domain: "fractions", FormOf: []string{"division"}, Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{6, 7}, Standard: "6.NS.A.1",
	Make: func(g *Gen) Item {
		if g.P.Grade+g.P.Level <= 5 {
			d, w := pick(g.R, 2, 9), pick(g.R, 2, 9)
			u := Frac{1, d}
			return Item{Q: short(m(u.TeX()+` \div `+Num(w)+" = "), fracAnswer(u.Div(Frac{w, 1})), blankSpace()), Nums: []int64{1, d, w, 1}}
		}
		a, b := properFrac(g, 2, min(maxDen(g.P), 12)), properFrac(g, 2, min(maxDen(g.P), 12))
		return Item{Q: short(m(a.TeX()+` \div `+b.TeX()+" = "), fracAnswer(a.Div(b)), blankSpace()), Nums: []int64{a.N, a.D, b.N, b.D}}
	}})

// Mixed numbers to improper fractions: 4.NF.B.3c.
var _ = register(&Skill{ID: "mixed-to-improper", Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{4, 5}, Standard: "4.NF.B.3c",
	Make: func(g *Gen) Item {
		w, f := pick(g.R, 1, byLevel[int64](g.P.Level, 3, 9, 12, 20)), properFrac(g, 2, min(maxDen(g.P), 12))
		imp := Frac{w*f.D + f.N, f.D}
		return Item{Q: short(g.T("toimproper.q", m(Num(w)+f.TeX())), Answer{Kind: "fraction", Value: fmtFrac(imp)}, blankSpace()), Nums: []int64{w, f.N, f.D}}
	}})

// Improper fractions to mixed numbers: 4.NF.B.3c.
var _ = register(&Skill{ID: "improper-to-mixed", Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{4, 5}, Standard: "4.NF.B.3c",
	Make: func(g *Gen) Item {
		w, f := pick(g.R, 1, byLevel[int64](g.P.Level, 3, 9, 12, 20)), properFrac(g, 2, min(maxDen(g.P), 12))
		imp := Frac{w*f.D + f.N, f.D}
		return Item{Q: short(g.T("tomixed.q", m(imp.TeX())), fracAnswer(imp), blankSpace()), Nums: []int64{imp.N, imp.D}}
	}})

func fmtFrac(f Frac) string { return Num(f.N) + "/" + Num(f.D) }
