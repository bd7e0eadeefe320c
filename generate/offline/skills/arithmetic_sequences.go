package skills

import (
	"fmt"
	"strings"
)

// Arithmetic sequences: HSF-BF.A.2 (write arithmetic sequences with an explicit formula, use
// them to find terms). Easy sheets find an early term of an increasing sequence; the default
// later terms, decreasing sequences too; harder ones negative first terms; challenge the
// explicit rule aₙ = dn + c half the time.
var _ = register(&Skill{ID: "arithmetic-sequences", Family: "linear", Grades: [2]int{9, 9}, Standard: "HSF-BF.A.2",
	Make: func(g *Gen) Item {
		belowGrade(g, 9)
		d := pick(g.R, 2, byLevel[int64](g.P.Level, 5, 9, 12, 15))
		if g.P.Level >= 0 && g.R.IntN(3) == 0 {
			d = -d
		}
		a1 := pick(g.R, byLevel[int64](g.P.Level, 1, 1, -20, -30), byLevel[int64](g.P.Level, 12, 20, 20, 30))
		var terms []string
		for i := range int64(4) {
			terms = append(terms, Num(a1+i*d))
		}
		seq := m(strings.Join(terms, ", ") + `, \ldots`)
		if g.P.Level >= 2 && g.R.IntN(2) == 0 {
			rule := "a_{n} = " + linear(d, a1-d)
			rule = strings.Replace(rule, "x", "n", 1)
			return Item{Q: short(g.T("seq.rule.q", seq, m("a_{n}")), expr(rule), blankSpace()), Nums: []int64{a1, d}}
		}
		n := pick(g.R, 6, byLevel[int64](g.P.Level, 10, 30, 50, 100))
		q := g.T("seq.term.q", seq, m(fmt.Sprintf("a_{%d}", n)))
		return Item{Q: short(q, expr(Num(a1+(n-1)*d)), blankSpace()), Nums: []int64{a1, d, n}}
	}})
