package skills

import (
	"slices"
	"strings"
)

// Ordering numbers from least to greatest: 2.NBT.B.4 (compare three-digit numbers).
var _ = register(&Skill{ID: "order-numbers", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{1, 3}, Standard: "2.NBT.B.4",
	Make: func(g *Gen) Item {
		hi := max(gradeMax(g.P), 20) // four different numbers, always
		var xs []int64
		for len(xs) < 4 {
			if n := pick(g.R, 0, hi); !slices.Contains(xs, n) {
				xs = append(xs, n)
			}
		}
		shown := fmtList(xs)
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		return Item{Q: short(g.T("order.q")+" "+shown, expr(fmtList(sorted)), blankSpace()), Nums: xs}
	}})

func fmtList(xs []int64) string {
	var s []string
	for _, x := range xs {
		s = append(s, m(Num(x)))
	}
	return strings.Join(s, ", ")
}
