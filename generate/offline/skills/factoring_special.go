package skills

// Factoring special cases: HSA-SSE.A.2 (see x⁴ − y⁴ as a difference of squares). Easy sheets
// factor x² − b²; the default adds perfect-square trinomials x² ± 2bx + b²; harder ones a
// square leading coefficient, (ax)² − b²; challenge a common factor taken out first.
var _ = register(&Skill{ID: "factoring-special-cases", Family: "polynomials", Grades: [2]int{9, 9}, Standard: "HSA-SSE.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		f := [2]int64{1, pick(g.R, 1, byLevel[int64](g.P.Level, 10, 12, 9, 9))}
		if g.P.Level >= 1 {
			f = primitive(g, 5, 9)
			f[1] = abs(f[1])
		}
		k := int64(1)
		if g.P.Level >= 2 {
			k = pick(g.R, 2, 5)
		}
		var p poly
		var a string
		if g.P.Level < 0 || g.R.IntN(2) == 0 { // (ax − b)(ax + b)
			p = binomial(f[0], -f[1]).mul(binomial(f[0], f[1]))
			a = factorTeX([2]int64{f[0], -f[1]}, f)
		} else { // (ax ± b)²
			if g.R.IntN(2) == 0 {
				f[1] = -f[1]
			}
			p = binomial(f[0], f[1]).mul(binomial(f[0], f[1]))
			a = factorTeX(f, f)
		}
		if k > 1 {
			a = Num(k) + a
		}
		return Item{Q: short(m(p.scale(k).tex()), expr(a), blankSpace()), Nums: []int64{k, f[0], f[1]}}
	}})
