package skills

import "sort"

// factorTeX writes a product of linear factors ax + b, equal factors as a square, in a fixed
// order (by a, then b): "(x - 5)(x + 3)", "(x + 4)^{2}", "x(2x - 7)".
func factorTeX(fs ...[2]int64) string {
	sort.Slice(fs, func(i, j int) bool {
		if fs[i][0] != fs[j][0] {
			return fs[i][0] < fs[j][0]
		}
		return fs[i][1] < fs[j][1]
	})
	one := func(f [2]int64) string {
		if f[1] == 0 {
			return binomial(f[0], 0).tex()
		}
		return "(" + binomial(f[0], f[1]).tex() + ")"
	}
	if len(fs) == 2 && fs[0] == fs[1] {
		return "(" + binomial(fs[0][0], fs[0][1]).tex() + ")^{2}"
	}
	s := ""
	for _, f := range fs {
		s += one(f)
	}
	return s
}

// primitive is a factor ax + b, a > 0, that no whole number > 1 divides.
func primitive(g *Gen, amax, bmax int64) [2]int64 {
	for {
		a, b := pick(g.R, 1, amax), nonzero(g, bmax)
		if gcd(a, b) == 1 {
			return [2]int64{a, b}
		}
	}
}

// Factoring trinomials: HSA-SSE.A.2 (see the structure of an expression to rewrite it).
// Easy sheets factor x² + bx + c with positive b and c; the default any signs; harder ones
// larger numbers; challenge ax² + bx + c with a ≠ 1.
var _ = register(&Skill{ID: "factoring-trinomials", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-SSE.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		var f1, f2 [2]int64
		for {
			switch g.P.Level {
			case -1:
				f1, f2 = [2]int64{1, pick(g.R, 1, 9)}, [2]int64{1, pick(g.R, 1, 9)}
			case 0:
				f1, f2 = [2]int64{1, nonzero(g, 9)}, [2]int64{1, nonzero(g, 9)}
			case 1:
				f1, f2 = [2]int64{1, nonzero(g, 12)}, [2]int64{1, nonzero(g, 12)}
			default:
				f1, f2 = primitive(g, 3, 9), primitive(g, 3, 9)
			}
			p := binomial(f1[0], f1[1]).mul(binomial(f2[0], f2[1]))
			if p[1] != 0 && (g.P.Level < 2 || p[2] > 1) {
				return Item{Q: short(m(p.tex()), expr(factorTeX(f1, f2)), blankSpace()), Nums: []int64{f1[0], f1[1], f2[0], f2[1]}}
			}
		}
	}})

// Factoring out the greatest common factor: HSA-SSE.A.2. The factor left inside has no
// common factor and a constant term. Easy sheets take out a number from two terms; the
// default a number and a power of x; harder ones larger factors and cubes.
var _ = register(&Skill{ID: "factoring-gcf", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-SSE.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		G := pick(g.R, 2, byLevel[int64](g.P.Level, 5, 9, 12, 15))
		k := g.R.IntN(byLevel(g.P.Level, 1, 2, 3, 4))
		deg := byLevel(g.P.Level, 1, 1+g.R.IntN(2), 2, 2+g.R.IntN(2))
		var in poly
		for in == nil || in.content() != 1 {
			in = randPoly(g, deg, byLevel[int64](g.P.Level, 5, 7, 9, 9), g.P.Level >= 2)
			in[deg] = abs(in[deg])
		}
		mono := make(poly, k+1)
		mono[k] = G
		q := mono.mul(in)
		a := mono.tex() + "(" + in.tex() + ")"
		return Item{Q: short(m(q.tex()), expr(a), blankSpace()), Nums: append([]int64{G, int64(k)}, in...)}
	}})
