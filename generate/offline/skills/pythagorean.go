package skills

import (
	"fmt"
	"math"

	"sheetsmith/worksheet"
)

// The Pythagorean theorem: 8.G.B.7 (find unknown side lengths in right triangles). Up to
// the hard level the sides are a Pythagorean triple (a multiple of 3-4-5, 5-12-13, 8-15-17,
// 20-21-29), so the answer is whole; the challenge level takes any whole sides and asks for
// the answer to the nearest tenth, and says so.
var _ = register(&Skill{ID: "pythagorean-theorem", Family: "geometry", Grades: [2]int{8, 9}, Standard: "8.G.B.7",
	Make: func(g *Gen) Item {
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		legMissing := int64(0)
		if g.P.Level >= 0 && g.R.IntN(2) == 0 {
			legMissing = 1
		}
		var a, c2 int64 // the bottom leg and the hypotenuse's square
		qkey := "pyth.q"
		switch {
		case g.P.Level >= 2 && legMissing == 1: // a leg and a whole hypotenuse, the other leg no whole number
			qkey = "pyth.round.q"
			for {
				a = pick(g.R, 2, 20)
				c := pick(g.R, a+1, a+12)
				d := c*c - a*a
				if b := math.Sqrt(float64(d)); isqrt(d)*isqrt(d) != d && 2*min(float64(a), b) >= max(float64(a), b) {
					c2 = c * c
					break
				}
			}
		case g.P.Level >= 2: // two whole legs, the hypotenuse no whole number
			qkey = "pyth.round.q"
			for {
				var b int64
				a, b = pick(g.R, 2, 20), pick(g.R, 2, 20)
				if c2 = a*a + b*b; isqrt(c2)*isqrt(c2) != c2 && 2*min(a, b) >= max(a, b) {
					break
				}
			}
		default:
			triples := [][3]int64{{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}}
			t := pickOf(g.R, triples[:byLevel(g.P.Level, 1, 3, 4, 4)])
			k := max(1, pick(g.R, 1, byLevel[int64](g.P.Level, 3, 4, 5, 5)*5/t[0]))
			a, c2 = k*t[0], k*k*t[2]*t[2]
			if g.R.IntN(2) == 0 {
				a = k * t[1]
			}
		}
		nums := []int64{legMissing, a, c2}
		b := math.Sqrt(float64(c2 - a*a))
		var ans string
		given := [3]string{fmt.Sprintf("%d %s", a, unit), fmt.Sprintf("%d %s", isqrt(c2-a*a), unit), fmt.Sprintf("%d %s", isqrt(c2), unit)}
		missing := c2 // the square of the missing side
		if legMissing == 1 {
			missing = c2 - a*a
			given[1] = "$x$"
		} else {
			given[2] = "$x$"
		}
		if r := isqrt(missing); r*r == missing {
			ans = fmt.Sprintf("%d %s", r, unit)
		} else {
			ans = fmt.Sprintf("%s %s", Dec(tenthsOfRoot(missing), 1), unit) // "25.0": rounded to the tenth, as asked
		}
		q := short(g.T(qkey), text(ans), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: RightTriangle(float64(a), b, given, g.P.Grade)}
		return Item{Q: q, Nums: nums}
	}})

// RightTriangle draws a right triangle to scale, its right angle at the bottom left, the leg
// along the bottom a long and the upright leg b, the longer leg shapeCm (a young reader's
// larger: see drawing); labels are the bottom leg's, the upright leg's and the hypotenuse's.
func RightTriangle(a, b float64, labels [3]string, grade int) string {
	s := shapeCm / max(a, b)
	A, B := a*s, b*s
	m := min(0.25, A/4, B/4)
	around := overhang(A, centred(A/2, labels[0]), leftOf(0, labels[1]), rightOf(A/2, labels[2]))
	return drawing(grade, A, 1, around, "") + fmt.Sprintf(`\draw[thick] (0,0) -- (%.3f,0) -- (0,%.3f) -- cycle;`+
		`\draw (%.3f,0) -- (%.3f,%.3f) -- (0,%.3f);`+
		`\node[below] at (%.3f,0) {%s};\node[left] at (0,%.3f) {%s};\node[above right] at (%.3f,%.3f) {%s};\end{tikzpicture}`,
		A, B, m, m, m, m, A/2, labels[0], B/2, labels[1], A/2, B/2, labels[2])
}

func isqrt(n int64) int64 {
	r := int64(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// tenthsOfRoot is √n to the nearest tenth, in tenths, exactly: the r with (r-½)² ≤ 100n < (r+½)².
func tenthsOfRoot(n int64) int64 {
	r := isqrt(100 * n)
	if 100*n-r*r > r { // 100n ≥ r² + r + ¼ means nearer r + 1
		r++
	}
	return r
}
