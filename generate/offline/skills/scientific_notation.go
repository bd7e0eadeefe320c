package skills

import (
	"fmt"
	"strings"
)

// sci is the number sig·10^pow, sig a whole number without trailing zeros.
type sci struct {
	sig int64
	pow int
}

func (n sci) norm() sci {
	for n.sig != 0 && n.sig%10 == 0 {
		n.sig, n.pow = n.sig/10, n.pow+1
	}
	return n
}

// exp is the exponent of the number in scientific notation.
func (n sci) exp() int { return n.pow + digitCount(n.sig) - 1 }

// sciTeX writes it in scientific notation: "4.5 \times 10^{4}".
func (n sci) sciTeX() string {
	d := fmt.Sprint(n.sig)
	if len(d) > 1 {
		d = d[:1] + "." + d[1:]
	}
	return fmt.Sprintf(`%s \times 10^{%d}`, d, n.exp())
}

// standard writes it in standard form, thousands grouped by sep: "45,000", "0.0032".
func (n sci) standard(sep string) string {
	if n.pow >= 0 {
		return strings.ReplaceAll(Num(n.sig*pow10(n.pow)), "{,}", sep)
	}
	d := fmt.Sprint(n.sig)
	for len(d) <= -n.pow {
		d = "0" + d
	}
	whole := d[:len(d)+n.pow]
	var w int64
	fmt.Sscan(whole, &w)
	return strings.ReplaceAll(Num(w), "{,}", sep) + "." + d[len(d)+n.pow:]
}

// randSci is a number of 1 to sigs significant digits whose exponent is in [lo, hi].
func randSci(g *Gen, sigs int, lo, hi int) sci {
	lo1, hi1 := digitsRange(int(pick(g.R, 1, int64(sigs))))
	s := pick(g.R, lo1, hi1)
	for s%10 == 0 && s > 9 {
		s = pick(g.R, lo1, hi1)
	}
	e := int(pick(g.R, int64(lo), int64(hi)))
	return sci{s, e - digitCount(s) + 1}
}

// Scientific notation: 8.EE.A.3 (write numbers as a digit times a power of 10) and 8.EE.A.4
// (operations in scientific notation). Easy sheets convert large numbers each way; the
// default small numbers too; harder ones multiply, and challenge multiplies and divides.
var _ = register(&Skill{ID: "scientific-notation", OperatesAt: level(1), Family: "expressions", Grades: [2]int{8, 9}, Standard: "8.EE.A.3",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		forms := byLevel(g.P.Level, 2, 2, 3, 4)
		form := g.R.IntN(forms)
		if g.P.Level >= 2 {
			form = 2 + g.R.IntN(2)
		}
		lo, hi := byLevel(g.P.Level, 2, -6, -7, -8), byLevel(g.P.Level, 6, 8, 9, 9)
		var q string
		var a Answer
		var n sci
		switch form {
		case 0, 1:
			for n.exp() == 0 || n.exp() == 1 || n.sig == 0 { // 0 and 1 are no practice
				n = randSci(g, byLevel(g.P.Level, 2, 3, 3, 4), lo, hi)
			}
			if form == 0 {
				q, a = g.T("sci.to.q", m(n.standard("{,}"))), expr(n.sciTeX())
			} else {
				q, a = g.T("sci.from.q", m(n.sciTeX())), number(0)
				a.Value = n.standard(",")
			}
		case 2:
			x, y := randSci(g, 2, -5, 9), randSci(g, 2, -5, 9)
			n = sci{x.sig * y.sig, x.pow + y.pow}.norm()
			q, a = g.T("sci.op.q", m("("+x.sciTeX()+") ("+y.sciTeX()+")")), expr(n.sciTeX())
			return Item{Q: short(q, a, workSpace(2)), Nums: []int64{x.sig, int64(x.exp()), y.sig, int64(y.exp())}}
		default: // x ÷ y = n: the quotient is chosen, so it is exact
			n, y := randSci(g, 2, -5, 9), randSci(g, 2, -5, 9)
			x := sci{n.sig * y.sig, n.pow + y.pow}.norm()
			q, a = g.T("sci.op.q", m("("+x.sciTeX()+`) \div (`+y.sciTeX()+")")), expr(n.norm().sciTeX())
			return Item{Q: short(q, a, workSpace(2)), Nums: []int64{x.sig, int64(x.exp()), y.sig, int64(y.exp())}}
		}
		return Item{Q: short(q, a, blankSpace()), Nums: []int64{n.sig, int64(n.exp())}}
	}})
