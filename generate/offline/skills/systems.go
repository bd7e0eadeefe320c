package skills

// standardEq writes ax + by = c.
func standardEq(a, b, c int64) string {
	return term(a, "x", true) + term(b, "y", false) + " = " + Num(c)
}

// Systems of two linear equations: 8.EE.C.8b (solve algebraically; integer solutions here).
// Easy sheets give one equation solved for y, ready to substitute; from the default on, both
// are in standard form, with larger coefficients at each level; at challenge now and then a
// pair of parallel lines (no solution) or one line twice (infinitely many).
var _ = register(&Skill{ID: "systems-of-equations", Constraints: []string{TakesWhole}, Family: "equations", Grades: [2]int{8, 9}, Standard: "8.EE.C.8b",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		sol := byLevel[int64](g.P.Level, 5, 9, 10, 12)
		x, y := pick(g.R, -sol, sol), pick(g.R, -sol, sol)
		hi := byLevel[int64](g.P.Level, 3, 5, 7, 9)
		var first string
		var nums []int64
		var a1, b1 int64
		if g.P.Level < 0 { // y = mx + k
			mm, k := nonzero(g, 4), pick(g.R, -9, 9)
			y = mm*x + k
			first, nums = "y = "+linear(mm, k), []int64{mm, k}
			a1, b1 = -mm, 1
		} else {
			for {
				a1, b1 = nonzero(g, hi), nonzero(g, hi)
				if gcd(gcd(a1, b1), a1*x+b1*y) == 1 {
					break
				}
			}
			first, nums = standardEq(a1, b1, a1*x+b1*y), []int64{a1, b1, a1*x + b1*y}
		}
		if g.P.Level >= 2 && g.R.IntN(6) == 0 { // parallel or the same line, as textbooks end a set
			k := nonzero(g, 3)
			c2, key := k*(a1*x+b1*y), "infinitesolutions"
			if g.R.IntN(2) == 0 {
				c2, key = c2+nonzero(g, 9), "nosolution"
			}
			sys := `\begin{cases} ` + first + ` \\ ` + standardEq(k*a1, k*b1, c2) + ` \end{cases}`
			return Item{Q: short(m(sys), text(g.T(key)), workSpace(3)), Nums: append(nums, k*a1, k*b1, c2)}
		}
		var a2, b2 int64
		for {
			a2, b2 = nonzero(g, hi), nonzero(g, hi)
			if a1*b2-a2*b1 != 0 && gcd(gcd(a2, b2), a2*x+b2*y) == 1 {
				break
			}
		}
		second := standardEq(a2, b2, a2*x+b2*y)
		sys := `\begin{cases} ` + first + ` \\ ` + second + ` \end{cases}`
		return Item{Q: short(m(sys), expr(point(x, y)), workSpace(3)), Nums: append(nums, a2, b2, a2*x+b2*y)}
	}})
