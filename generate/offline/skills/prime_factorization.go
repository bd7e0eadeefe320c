package skills

import (
	"fmt"
	"strings"
)

// Prime factorization: 6.NS.B.4 (factors, with 4.OA.B.4's primes); written with exponents,
// primes in increasing order: 2^2 · 3 · 7. The number is built from primes, so its size and
// how many factors it has follow the level.
var _ = register(&Skill{ID: "prime-factorization", Constraints: []string{TakesMax}, Family: "number-theory", Grades: [2]int{6, 7}, Standard: "6.NS.B.4",
	Make: func(g *Gen) Item {
		primes := byLevel(g.P.Level, []int64{2, 3, 5}, []int64{2, 3, 5, 7}, []int64{2, 3, 5, 7, 11}, []int64{2, 3, 5, 7, 11, 13})
		lo, hi := byLevel[int64](g.P.Level, 8, 12, 60, 200), byLevel[int64](g.P.Level, 60, 100, 400, 1500)
		if g.P.Max > 0 { // "all less than 100"
			hi = max(g.P.Max, 8)
			lo = min(lo, hi/2)
		}
		var n int64
		for try := 0; try < 200; try++ {
			n = 1
			for k := pick(g.R, 2, byLevel[int64](g.P.Level, 3, 4, 5, 6)); k > 0; k-- {
				n *= pickOf(g.R, primes)
			}
			if n >= lo && n <= hi {
				break
			}
		}
		if n > hi { // none of the level's size fits the range asked
			n = 2 * pick(g.R, 2, hi/2)
		}
		return Item{Q: short(g.T("primefact.q", m(Num(n))), expr(Factorization(n)), blankSpace()), Nums: []int64{n}}
	}})

// Factorization writes n's prime factorization with exponents: 84 → "2^2 \cdot 3 \cdot 7".
func Factorization(n int64) string {
	var parts []string
	for p := int64(2); p*p <= n; p++ {
		e := 0
		for n%p == 0 {
			n /= p
			e++
		}
		switch {
		case e == 1:
			parts = append(parts, fmt.Sprint(p))
		case e > 1:
			parts = append(parts, fmt.Sprintf("%d^{%d}", p, e))
		}
	}
	if n > 1 {
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ` \cdot `)
}
