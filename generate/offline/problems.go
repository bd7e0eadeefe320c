package offline

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// problem is one generated question with its operands; its answer is computed from them.
type problem struct {
	op     string
	a, b   int64 // whole-number operands (for rounding: the number and the unit)
	fa, fb frac
	digit  int64 // place value: the digit asked about
}

func (p problem) key() string { return fmt.Sprint(p) }

// pick returns a whole number in [lo, hi] (lo when the range is empty).
func pick(r *rand.Rand, lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	return lo + r.Int64N(hi-lo+1)
}

func pickFrom(r *rand.Rand, xs []int64) int64 { return xs[r.IntN(len(xs))] }

// makeProblems writes spec.Count problems. The i-th problem depends only on the seed and the
// problems before it, so "add 5 more" and "only 10" keep the problems a sheet already had.
func makeProblems(s Spec) []problem {
	r := rand.New(rand.NewPCG(uint64(s.Seed), uint64(s.Seed)^0x9e3779b97f4a7c15))
	seen := map[string]bool{}
	var out []problem
	for i := range s.Count {
		op := s.Ops[i%len(s.Ops)]
		var p problem
		for try := 0; try < 60; try++ {
			p = one(r, op, s.Levels[op], s)
			if !seen[p.key()] {
				break
			}
		}
		seen[p.key()] = true
		out = append(out, p)
	}
	return out
}

func one(r *rand.Rand, op string, l Level, s Spec) problem {
	p := problem{op: op}
	switch op {
	case opAdd:
		if s.Negatives {
			p.a, p.b = pick(r, -l.A.Max, l.A.Max), pick(r, -l.B.Max, l.B.Max)
			break
		}
		hiA := l.A.Max
		if l.SumMax > 0 {
			hiA = min(hiA, l.SumMax-l.B.Min)
		}
		p.a = pick(r, l.A.Min, hiA)
		hiB := l.B.Max
		if l.SumMax > 0 {
			hiB = min(hiB, l.SumMax-p.a)
		}
		p.b = pick(r, l.B.Min, hiB)
	case opSub:
		if s.Negatives {
			p.a, p.b = pick(r, -l.A.Max, l.A.Max), pick(r, -l.B.Max, l.B.Max)
			break
		}
		x, y := pick(r, l.A.Min, l.A.Max), pick(r, l.B.Min, l.B.Max)
		p.a, p.b = max(x, y), min(x, y)
	case opMul:
		if len(l.Tables) > 0 {
			p.a, p.b = pickFrom(r, l.Tables), pick(r, l.B.Min, l.B.Max)
			if r.IntN(3) == 0 {
				p.a, p.b = p.b, p.a
			}
			break
		}
		p.a, p.b = pick(r, l.A.Min, l.A.Max), pick(r, l.B.Min, l.B.Max)
	case opDiv:
		p.a, p.b = division(r, l, s.Remainders)
	case opFracSimpl:
		q := pick(r, 2, min(l.MaxDen, 12))
		n := pick(r, 1, q-1)
		for gcd(n, q) != 1 {
			n = pick(r, 1, q-1)
		}
		k := pick(r, 2, max(2, min(6, 48/q)))
		p.fa = frac{n * k, q * k}
	case opFracAdd, opFracSub:
		p.fa, p.fb = fractionPair(r, l, op == opFracAdd)
	case opFracCompare:
		p.fa, p.fb = fractionPair(r, l, false)
		if r.IntN(2) == 0 {
			p.fa, p.fb = p.fb, p.fa
		}
		if r.IntN(8) == 0 { // now and then an equivalent pair, so "=" is a real option
			k := pick(r, 2, 3)
			p.fb = frac{p.fa.n * k, p.fa.d * k}
		}
	case opRound:
		unit := pickFrom(r, l.RoundTo)
		lo, hi := unit+1, min(unit*100-1, 9_999_999)
		if l.A.Max > 0 {
			lo, hi = max(l.A.Min, unit/2+1), l.A.Max
		}
		n := pick(r, lo, hi)
		for try := 0; n%unit == 0 && try < 20; try++ {
			n = pick(r, lo, hi)
		}
		p.a, p.b = n, unit
	case opPlaceValue:
		p.a, p.digit = 4725, 7 // only if the range has no number with a digit to ask about
		for try := 0; try < 50; try++ {
			n := pick(r, max(l.A.Min, 10), max(l.A.Max, 99))
			if ds := uniqueNonzeroDigits(n); len(ds) > 0 {
				p.a, p.digit = n, ds[r.IntN(len(ds))]
				break
			}
		}
	case opExpanded:
		p.a = pick(r, max(l.A.Min, 10), max(l.A.Max, 99))
	}
	return p
}

// division picks dividend and divisor: exact unless remainders are wanted, then never exact.
func division(r *rand.Rand, l Level, remainders bool) (dividend, divisor int64) {
	if len(l.Tables) > 0 {
		d := pickFrom(r, l.Tables)
		for try := 0; (d == 0 || (remainders && d < 2)) && try < 20; try++ {
			d = pickFrom(r, l.Tables)
		}
		if d == 0 || (remainders && d < 2) {
			d = 2
		}
		q := pick(r, max(1, l.B.Min), max(1, l.B.Max))
		if remainders {
			return d*q + pick(r, 1, d-1), d
		}
		return d * q, d
	}
	for try := 0; try < 40; try++ {
		d := pick(r, max(2, l.B.Min), max(2, l.B.Max))
		extra := int64(0)
		if remainders {
			extra = d - 1
		}
		qlo := max(1, (l.A.Min+d-1)/d)
		qhi := (l.A.Max - extra) / d
		if qhi < qlo {
			continue
		}
		q := pick(r, qlo, qhi)
		if remainders {
			return d*q + pick(r, 1, d-1), d
		}
		return d * q, d
	}
	// The range is too tight for its divisors: fall back to facts.
	d, q := pick(r, 2, 9), pick(r, 1, 10)
	if remainders {
		return d*q + pick(r, 1, d-1), d
	}
	return d * q, d
}

// fractionPair picks two proper fractions, the first at least the second (never equal).
func fractionPair(r *rand.Rand, l Level, sum bool) (frac, frac) {
	for try := 0; ; try++ {
		var a, b frac
		if l.Like {
			q := pick(r, 3, l.MaxDen)
			a, b = frac{pick(r, 1, q-1), q}, frac{pick(r, 1, q-1), q}
			if sum && a.n+b.n > q && try < 30 {
				continue // like denominators: keep sums within one whole
			}
		} else {
			q1, q2 := pick(r, 2, l.MaxDen), pick(r, 2, l.MaxDen)
			if (q1 == q2 || lcm(q1, q2) > 2*l.MaxDen) && try < 30 {
				continue
			}
			a, b = frac{pick(r, 1, q1-1), q1}, frac{pick(r, 1, q2-1), q2}
		}
		switch a.cmp(b) {
		case 0:
			if try < 30 {
				continue
			}
		case -1:
			a, b = b, a
		}
		return a, b
	}
}

// uniqueNonzeroDigits lists the digits of n that are not 0 and occur once.
func uniqueNonzeroDigits(n int64) []int64 {
	s := fmt.Sprint(n)
	var out []int64
	for _, c := range s {
		if c != '0' && strings.Count(s, string(c)) == 1 {
			out = append(out, int64(c-'0'))
		}
	}
	slices.Sort(out)
	return out
}

// answer computes the problem's answer as solution LaTeX.
func (p problem) answer() string {
	switch p.op {
	case opAdd:
		return math(num(p.a + p.b))
	case opSub:
		return math(num(p.a - p.b))
	case opMul:
		return math(num(p.a * p.b))
	case opDiv:
		q, rem := p.a/p.b, p.a%p.b
		if rem == 0 {
			return math(num(q))
		}
		return math(num(q)) + " R " + math(num(rem))
	case opFracSimpl:
		return math(p.fa.answerTeX())
	case opFracAdd:
		return math(p.fa.plus(p.fb).answerTeX())
	case opFracSub:
		return math(p.fa.minus(p.fb).answerTeX())
	case opFracCompare:
		rel := map[int]string{-1: "<", 0: "=", 1: ">"}[p.fa.cmp(p.fb)]
		return math(p.fa.tex() + " " + rel + " " + p.fb.tex())
	case opRound:
		n, u := p.a, p.b
		return math(num((n + u/2) / u * u))
	case opPlaceValue:
		s := fmt.Sprint(p.a)
		return math(num(p.digit * pow10(len(s)-1-strings.IndexByte(s, byte('0'+p.digit)))))
	case opExpanded:
		return math(expandedForm(p.a))
	}
	return ""
}

func expandedForm(n int64) string {
	s := fmt.Sprint(n)
	var terms []string
	for i, c := range s {
		if c != '0' {
			terms = append(terms, num(int64(c-'0')*pow10(len(s)-1-i)))
		}
	}
	return strings.Join(terms, " + ")
}

func math(s string) string { return "$" + s + "$" }

// num writes a whole number for math mode, grouping thousands from 10000 up.
func num(n int64) string {
	if n < 0 {
		return "-" + num(-n)
	}
	s := fmt.Sprint(n)
	if len(s) <= 4 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("{,}")
		}
		b.WriteRune(c)
	}
	return b.String()
}

// operand writes a second operand, in brackets when negative: "7 + (-3)".
func operand(n int64) string {
	if n < 0 {
		return "(" + num(n) + ")"
	}
	return num(n)
}
