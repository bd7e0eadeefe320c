package skills

import "strings"

// Factors of a number: 4.OA.B.4 (find all factor pairs for a whole number in the range
// 1–100). Numbers with several factors, so the list is worth writing.
var _ = register(&Skill{ID: "list-factors", Family: "number-theory", Grades: [2]int{4, 5}, Standard: "4.OA.B.4",
	Make: func(g *Gen) Item {
		lo, hi := byLevel[int64](g.P.Level, 6, 12, 40, 100), byLevel[int64](g.P.Level, 30, 100, 150, 300)
		n := pick(g.R, lo, hi)
		for try := 0; try < 200 && len(factorsOf(n)) < 4; try++ {
			n = pick(g.R, lo, hi)
		}
		var parts []string
		for _, f := range factorsOf(n) {
			parts = append(parts, Num(f))
		}
		return Item{Q: short(g.T("factors.q", m(Num(n))), text(m(strings.Join(parts, ", "))), blankSpace()), Nums: []int64{n}}
	}})

// factorsOf is every factor of n, in increasing order.
func factorsOf(n int64) []int64 {
	var low, high []int64
	for d := int64(1); d*d <= n; d++ {
		if n%d == 0 {
			low = append(low, d)
			if d*d != n {
				high = append([]int64{n / d}, high...)
			}
		}
	}
	return append(low, high...)
}
