package skills

// randPoly is a polynomial of degree deg with coefficients in [-hi, hi], its leading one
// and constant not zero; missing middle terms only when gaps is set.
func randPoly(g *Gen, deg int, hi int64, gaps bool) poly {
	p := make(poly, deg+1)
	for i := range p {
		if gaps && i > 0 && i < deg && g.R.IntN(3) == 0 {
			continue
		}
		p[i] = nonzero(g, hi)
	}
	return p
}

// Adding and subtracting polynomials: HSA-APR.A.1 (polynomials are closed under addition and
// subtraction). Easy sheets add linear and quadratic polynomials; the default subtracts too;
// harder ones have cubics, and at challenge missing terms and larger coefficients.
var _ = register(&Skill{ID: "add-subtract-polynomials", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-APR.A.1",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		deg := byLevel(g.P.Level, 1+g.R.IntN(2), 2, 2+g.R.IntN(2), 3)
		hi := byLevel[int64](g.P.Level, 6, 9, 9, 12)
		p, q := randPoly(g, deg, hi, g.P.Level >= 2), randPoly(g, 1+g.R.IntN(deg), hi, g.P.Level >= 2)
		op, sum := "+", p.add(q)
		if g.P.Level >= 0 && g.R.IntN(2) == 0 {
			op, sum = "-", p.add(q.scale(-1))
		}
		e := "(" + p.tex() + ") " + op + " (" + q.tex() + ")"
		return Item{Q: short(m(e), expr(sum.tex()), blankSpace()), Nums: append(append([]int64{}, p...), q...)}
	}})

// Multiplying polynomials: HSA-APR.A.1 (closed under multiplication). Easy sheets multiply a
// monomial by a polynomial; the default two binomials (x + a)(x + b); harder ones
// (ax + b)(cx + d) and squares of binomials, and at challenge a binomial by a trinomial.
var _ = register(&Skill{ID: "multiply-polynomials", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-APR.A.1",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		var e string
		var p, q poly
		switch {
		case g.P.Level < 0:
			k := 1 + g.R.IntN(2)
			p = make(poly, k+1)
			p[k] = nonzero(g, 6)
			q = randPoly(g, 1+g.R.IntN(2), 9, false)
			e = p.tex() + "(" + q.tex() + ")"
		case g.P.Level == 0:
			p, q = binomial(1, nonzero(g, 9)), binomial(1, nonzero(g, 9))
			e = "(" + p.tex() + ")(" + q.tex() + ")"
		case g.P.Level == 1 && g.R.IntN(5) == 0: // the square of a binomial
			p = binomial(pick(g.R, 1, 6), nonzero(g, 9))
			q, e = p, "("+p.tex()+")^{2}"
		case g.P.Level == 1:
			p, q = binomial(pick(g.R, 1, 6), nonzero(g, 9)), binomial(nonzero(g, 6), nonzero(g, 9))
			e = "(" + p.tex() + ")(" + q.tex() + ")"
		default:
			f := primitive(g, 5, 9)
			p, q = binomial(f[0], f[1]), randPoly(g, 2, 7, false)
			e = "(" + p.tex() + ")(" + q.tex() + ")"
		}
		return Item{Q: short(m(e), expr(p.mul(q).tex()), workSpace(2)), Nums: append(append([]int64{}, p...), q...)}
	}})
