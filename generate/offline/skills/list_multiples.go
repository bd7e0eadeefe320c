package skills

import "strings"

// Multiples of a number: 4.OA.B.4 (a whole number is a multiple of each of its factors): the
// first few multiples, more of them and of larger numbers at the harder levels.
var _ = register(&Skill{ID: "list-multiples", Family: "number-theory", Grades: [2]int{4, 5}, Standard: "4.OA.B.4",
	Make: func(g *Gen) Item {
		n := pick(g.R, byLevel[int64](g.P.Level, 2, 2, 6, 11), byLevel[int64](g.P.Level, 12, 20, 30, 60))
		count := pick(g.R, byLevel[int64](g.P.Level, 4, 5, 6, 8), byLevel[int64](g.P.Level, 6, 6, 8, 10))
		var parts []string
		for i := int64(1); i <= count; i++ {
			parts = append(parts, Num(i*n))
		}
		return Item{Q: short(g.T("multiples.q", m(Num(n)), m(Num(count))), text(m(strings.Join(parts, ", "))), blankSpace()), Nums: []int64{n, count}}
	}})
