package skills

// Subtraction: K.OA.A.2 (within 10), 1.OA.C.6 (within 20), 2.NBT.B.5 (within 100),
// 3.NBT.A.2 (within 1000), 4.NBT.B.4 (multi-digit). Never a negative difference.
var _ = register(&Skill{ID: "subtraction", Constraints: []string{TakesMax, TakesDigits, TakesDigits2, TakesRegroup, TakesVertical, TakesZeros, TakesWhole}, Family: "operations", Grades: [2]int{0, 5}, Standard: "1.OA.C.6",
	Make: func(g *Gen) Item {
		var a, b int64
		if g.P.Zeros { // "across zeros": 400 − 123, 5003 − 1467; the borrow crosses every zero
			lo, _ := digitsRange(max(opDigits(g.P), 3))
			a = pick(g.R, 1, 9)*lo + pick(g.R, 0, 5)
			for b%10 <= a%10 {
				b = pick(g.R, lo/2, a-1)
			}
			return Item{Q: arith(g.P, a, "-", b, a-b), Nums: []int64{a, b}}
		}
		if g.P.Max > 0 || (g.P.Digits == 0 && g.P.Grade+g.P.Level <= 1) {
			// "with regrouping" within 20: 13 − 5 breaks the ten; tried until it does
			for try := 0; ; try++ {
				a = pick(g.R, 2, sumCap(g.P))
				b = pick(g.R, 1, a-1)
				if g.P.Regroup == nil && g.R.IntN(12) == 0 {
					b = 0
				}
				if g.P.Regroup == nil || try > 50 || borrows(a, b) == *g.P.Regroup {
					break
				}
			}
		} else {
			lo, hi := digitsRange(opDigits(g.P))
			lo2, hi2 := lo, hi
			if g.P.Digits2 > 0 {
				lo2, hi2 = digitsRange(g.P.Digits2)
			}
			regroup := regrouping(g.P)
			for try := 0; ; try++ {
				a, b = pick(g.R, lo, hi), pick(g.R, lo2, hi2)
				if a < b {
					a, b = b, a
				}
				if regroup == nil || try > 50 || borrows(a, b) == *regroup {
					break
				}
			}
		}
		return Item{Q: arith(g.P, a, "-", b, a-b), Nums: []int64{a, b}}
	}})

// borrows: a − b regroups in some column.
func borrows(a, b int64) bool {
	for ; b > 0; a, b = a/10, b/10 {
		if a%10 < b%10 {
			return true
		}
	}
	return false
}
