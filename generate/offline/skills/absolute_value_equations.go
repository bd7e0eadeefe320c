package skills

// Absolute value equations: HSA-CED.A.1 / HSA-REI.B.3 (solve equations in one variable; the
// absolute value taken as both signs). Easy sheets solve |x + b| = c; the default |ax + b| = c;
// harder ones isolate the absolute value first, k|ax + b| + d = e; challenge now and then an
// equation with no solution.
var _ = register(&Skill{ID: "absolute-value-equations", Family: "equations", Grades: [2]int{9, 9}, Standard: "HSA-REI.B.3",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		a := int64(1)
		if g.P.Level >= 0 {
			a = pick(g.R, 1, byLevel[int64](g.P.Level, 1, 5, 5, 6))
		}
		// ax + b = ±c with both roots whole: a divides 2b, and c = a·x1 + b > 0.
		b := a * nonzero(g, byLevel[int64](g.P.Level, 9, 3, 4, 4))
		if a%2 == 0 && g.R.IntN(2) == 0 {
			b = a / 2 * (2*nonzero(g, 5) + 1)
		}
		x1 := pick(g.R, -10, 10)
		for a*x1+b <= 0 {
			x1 = pick(g.R, -10, 10)
		}
		c := a*x1 + b
		x2 := (-c - b) / a
		inside := `\left|` + linear(a, b) + `\right|`
		e := inside + " = " + Num(c)
		ans := rootsAnswer(Frac{x1, 1}, Frac{x2, 1})
		if g.P.Level >= 1 {
			k, d := pick(g.R, 2, 5), nonzero(g, 12)
			if g.R.IntN(2) == 0 { // |…| + d as often as k|…| + d
				k = 1
			}
			right := k*c + d
			if g.P.Level >= 2 && g.R.IntN(5) == 0 { // |…| equal to a negative number
				right, ans = d-k*pick(g.R, 1, 9), text(g.T("nosolution"))
			}
			coef := ""
			if k > 1 {
				coef = Num(k)
			}
			e = coef + inside + term(d, "", false) + " = " + Num(right)
		}
		return Item{Q: short(m(e), ans, workSpace(2.5)), Nums: []int64{a, b, c}}
	}})
