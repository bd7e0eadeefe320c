package skills

import "sheetsmith/worksheet"

// Addition: K.OA.A.2 (within 10), 1.OA.C.6 (within 20), 2.NBT.B.5 (within 100),
// 3.NBT.A.2 (within 1000), 4.NBT.B.4 (multi-digit, standard algorithm).
var _ = register(&Skill{ID: "addition", Constraints: []string{TakesMax, TakesDigits, TakesDigits2, TakesRegroup, TakesVertical, TakesWhole}, Family: "operations", Grades: [2]int{0, 5}, Standard: "1.OA.C.6",
	Make: func(g *Gen) Item {
		a, b := addends(g)
		return Item{Q: arith(g.P, a, "+", b, a+b), Nums: []int64{a, b}}
	}})

// addends picks two addends for the grade: a sum within a cap for K–1, n-digit numbers after.
func addends(g *Gen) (int64, int64) {
	if g.P.Max > 0 || (g.P.Digits == 0 && g.P.Grade+g.P.Level <= 1) {
		// the sum first, then its parts: facts spread over the range, "+ 0" only now and then
		// "with regrouping" within 20: 8 + 5 makes a ten; the facts are tried until one does
		top := sumCap(g.P)
		for try := 0; ; try++ {
			sum := pick(g.R, 2, top)
			if g.P.Regroup == nil && g.R.IntN(12) == 0 {
				return sum, 0
			}
			a := pick(g.R, 1, sum-1)
			if g.P.Regroup == nil || try > 50 || carries(a, sum-a) == *g.P.Regroup {
				return a, sum - a
			}
		}
	}
	d := opDigits(g.P)
	d2 := d
	if g.P.Digits2 > 0 {
		d2 = g.P.Digits2
	}
	regroup := regrouping(g.P)
	for try := 0; ; try++ {
		lo, hi := digitsRange(d)
		lo2, hi2 := digitsRange(d2)
		a, b := pick(g.R, lo, hi), pick(g.R, lo2, hi2)
		if regroup == nil || try > 50 || carries(a, b) == *regroup {
			return a, b
		}
	}
}

// opDigits is the size of multi-digit operands: 2.NBT.B.5 two digits, 3.NBT.A.2 three,
// 4.NBT.B.4 four; a request's digits win.
func opDigits(p Params) int {
	if p.Digits > 0 {
		return p.Digits
	}
	return max(1, min(5, p.Grade+p.Level))
}

// carries: adding a and b regroups in some column.
func carries(a, b int64) bool {
	for ; a > 0 || b > 0; a, b = a/10, b/10 {
		if a%10+b%10 >= 10 {
			return true
		}
	}
	return false
}

// arith writes "a op b = ", inline or stacked in columns (then the question has its own place
// to write, under the line).
func arith(p Params, a int64, op string, b int64, ans int64) worksheet.Question {
	if p.Vertical && a >= 0 && b >= 0 {
		return short(stack(a, op, b), number(ans), blankSpace()) // the key writes the answer on the line
	}
	return short(m(Num(a)+" "+op+" "+paren(b)+" = "), number(ans), blankSpace())
}

func stack(a int64, op string, b int64) string {
	return `$\begin{array}[t]{@{}r@{\;}r@{}} & ` + Num(a) + ` \\ ` + op + ` & ` + Num(b) + ` \\ \hline \end{array}$`
}

// regrouping is whether sums and differences must regroup: as asked, or, when the size of the
// numbers is fixed ("two-digit"), harder means regrouping and easier means none.
func regrouping(p Params) *bool {
	if p.Regroup != nil || p.Digits == 0 || p.Level == 0 {
		return p.Regroup
	}
	r := p.Level > 0
	return &r
}
