package skills

// A fraction of a whole number ("What is 2/3 of 12?"): 4.NF.B.4 (a fraction times a whole
// number), 5.NF.B.4a; 3.NF.A.1 unit fractions of a set. Always a whole-number answer.
var _ = register(&Skill{ID: "fraction-of-a-number", Constraints: []string{TakesMax}, Family: "fractions", Grades: [2]int{3, 5}, Standard: "4.NF.B.4",
	Make: func(g *Gen) Item {
		d := pick(g.R, 2, min(maxDen(g.P), 12))
		n := int64(1)
		if g.P.Grade+g.P.Level >= 4 {
			n = pick(g.R, 1, d-1)
			for gcd(n, d) != 1 {
				n = pick(g.R, 1, d-1)
			}
		}
		whole := d * pick(g.R, 1, byLevel[int64](g.P.Level, 5, 10, 15, 25))
		f := Frac{n, d}
		return Item{Q: short(g.T("fracof.q", m(f.TeX()), m(Num(whole))), number(whole*n/d), blankSpace()), Nums: []int64{n, d, whole}}
	}})
