package skills

// Prime or composite: 4.OA.B.4 (determine whether a whole number in the range 1–100 is prime
// or composite). Half the numbers are prime, so guessing one word does not pay.
var _ = register(&Skill{ID: "prime-composite", Family: "number-theory", Grades: [2]int{4, 5}, Standard: "4.OA.B.4",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 30, 100, 200, 500)
		wantPrime := g.R.IntN(2) == 0
		n := pick(g.R, 2, hi)
		for try := 0; try < 200 && isPrime(n) != wantPrime; try++ {
			n = pick(g.R, 2, hi)
		}
		word := g.T("composite")
		if isPrime(n) {
			word = g.T("prime")
		}
		return Item{Q: short(g.T("primecomp.q", m(Num(n))), text(word), blankSpace()), Nums: []int64{n}}
	}})

func isPrime(n int64) bool {
	if n < 2 {
		return false
	}
	for d := int64(2); d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}
