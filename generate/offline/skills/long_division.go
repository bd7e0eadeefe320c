package skills

import "fmt"

// Long division with the division bracket and room to work: 4.NBT.B.6 (up to four-digit
// dividends, one-digit divisors, remainders), 5.NBT.B.6 (two-digit divisors), 6.NS.B.2.
var _ = register(&Skill{ID: "long-division", KindOf: []string{"division"}, Constraints: []string{TakesDigits, TakesDigits2, TakesRemainders, TakesVertical, TakesWhole}, Family: "operations", Grades: [2]int{4, 6}, Standard: "4.NBT.B.6",
	Make: func(g *Gen) Item {
		dd, ds := 3, 1
		switch lvl := g.P.Grade + g.P.Level; {
		case lvl <= 3:
			dd, ds = 2, 1
		case lvl == 4:
			dd, ds = pickOf(g.R, []int{3, 4}), 1
		case lvl == 5:
			dd, ds = pickOf(g.R, []int{3, 4}), 2
		default:
			dd, ds = pickOf(g.R, []int{4, 5}), 2
		}
		// the teacher's sizes beat the level's, each on its own ("one-digit divisors, hard")
		if g.P.Digits > 0 {
			dd = g.P.Digits
		}
		if g.P.Digits2 > 0 {
			ds = g.P.Digits2
		}
		dd = max(dd, ds)
		a, d := dividend(g, dd, ds)
		q := short(fmt.Sprintf(`$%s\,\overline{)\,%s}$`, Num(d), Num(a)), quotient(a, d), workSpace(divisionRoom(a/d)))
		return Item{Q: q, Nums: []int64{a, d}}
	}})

// divisionRoom is the room, in cm, to work a long division whose quotient is q: each digit of
// the quotient is a step, and each step two lines of a pupil's handwriting (the product, then
// the difference with the next digit brought down), about 0.7 cm each. Room by the dividend's
// digits was too much wherever the quotient is shorter (a two-digit divisor, a first digit
// smaller than the divisor), and spread a sheet over pages it did not need.
func divisionRoom(q int64) float64 {
	return float64(2*7*len(fmt.Sprint(max(q, 1)))) / 10 // in mm first: 4.2, not 4.199999999999999
}

// dividend picks a dividend with dd digits and a divisor with ds digits; exact unless
// remainders are asked for (then never exact); with no word either way, 4.NBT.B.6 mixes them.
func dividend(g *Gen, dd, ds int) (int64, int64) {
	lo, hi := digitsRange(dd)
	dlo, dhi := digitsRange(ds)
	dlo = max(dlo, 2)
	for try := 0; ; try++ {
		d := pick(g.R, dlo, dhi)
		a := pick(g.R, max(lo, d), hi)
		rem := a % d
		switch {
		case try > 200:
			return a - rem, d
		case g.P.Remainders == nil, *g.P.Remainders && rem != 0:
			return a, d
		case !*g.P.Remainders:
			if a-rem >= lo {
				return a - rem, d
			}
		}
	}
}

// quotient is "152" or "152 R 3".
func quotient(a, d int64) Answer {
	if a%d == 0 {
		return number(a / d)
	}
	return text(fmt.Sprintf("%d R %d", a/d, a%d)) // words: "R" upright, its spaces kept
}
