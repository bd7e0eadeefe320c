package offline

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
)

// The Algebra 1 and grade 8 skills' answers, recomputed from each question's printed text by
// code that shares nothing with the generators: the tests' evaluator of printed maths in x
// and y (eval_test.go), Cramer's rule for systems, substitution for roots and
// lines, and polynomials compared at more points than their degree.

func r64(n int64) *big.Rat { return big.NewRat(n, 1) }

var (
	alg1Point = regexp.MustCompile(`\((-?\d+), (-?\d+)\)`)
	alg1Term  = regexp.MustCompile(`^[+-]?(\d*)(x(?:\^\{(\d+)\})?)?$`)
	alg1Sci   = regexp.MustCompile(`^([1-9](?:\.\d*[1-9])?) \\times 10\^\{(-?\d+)\}$`)
	alg1Root  = regexp.MustCompile(`^(\d*)\\sqrt\{(\d+)\}$`)
	alg1Fac   = regexp.MustCompile(`\((\d*)x ([+-]) (\d+)\)(\^\{2\})?|(\d*)x`)
	alg1Abs   = regexp.MustCompile(`\\left\|(.*)\\right\|`)
	alg1GCF   = regexp.MustCompile(`^(\d+)?(x(?:\^\{\d+\})?)?\((.*)\)$`)
)

// mathOf is the maths of the question's n-th $…$.
func mathOf(t *testing.T, text string, n int) string {
	all := mathPart.FindAllStringSubmatch(text, -1)
	if len(all) <= n {
		t.Fatalf("no maths %d in %q", n, text)
	}
	return all[n][1]
}

// sameAt says whether two expressions in x agree at x = -3 … 4 (polynomials of degree ≤ 7
// that do are the same polynomial).
func sameAt(t *testing.T, a, b string) bool {
	for x := int64(-3); x <= 4; x++ {
		u, err1 := algValue(a, r64(x), nil)
		v, err2 := algValue(b, r64(x), nil)
		if err1 != nil || err2 != nil {
			t.Errorf("cannot read %q or %q: %v %v", a, b, err1, err2)
			return false
		}
		if u.Cmp(v) != 0 {
			return false
		}
	}
	return true
}

// standardTerms reads a polynomial in standard form into its coefficients by degree,
// reporting one that is not: powers in decreasing order, no zero or "1x" terms.
func standardTerms(t *testing.T, s string) map[int]int64 {
	s = strings.ReplaceAll(s, " ", "")
	var parts []string
	for i, last := 0, 0; i <= len(s); i++ {
		if i == len(s) || i > 0 && (s[i] == '+' || s[i] == '-') {
			parts, last = append(parts, s[last:i]), i
		}
	}
	out, prev := map[int]int64{}, 1<<30
	for _, p := range parts {
		m := alg1Term.FindStringSubmatch(p)
		if m == nil || m[1] == "1" && m[2] != "" || m[1] == "" && m[2] == "" {
			t.Errorf("%q: term %q is not in simplest form", s, p)
			return out
		}
		deg := 0
		if m[2] != "" {
			deg = 1
		}
		if m[3] != "" {
			deg, _ = strconv.Atoi(m[3])
		}
		c := int64(1)
		if m[1] != "" {
			c, _ = strconv.ParseInt(m[1], 10, 64)
		}
		if strings.HasPrefix(p, "-") {
			c = -c
		}
		if deg >= prev || c == 0 {
			t.Errorf("%q is not in standard form", s)
		}
		prev, out[deg] = deg, c
	}
	return out
}

// lineOf reads a linear equation in x and y as a·x + b·y + c = 0.
func lineOf(t *testing.T, eq string) (a, b, c *big.Rat) {
	sides := strings.Split(eq, "=")
	f := func(x, y int64) *big.Rat {
		l, err1 := algValue(sides[0], r64(x), r64(y))
		r, err2 := algValue(sides[1], r64(x), r64(y))
		if err1 != nil || err2 != nil || len(sides) != 2 {
			t.Fatalf("cannot read %q: %v %v", eq, err1, err2)
		}
		return new(big.Rat).Sub(l, r)
	}
	c = f(0, 0)
	return new(big.Rat).Sub(f(1, 0), c), new(big.Rat).Sub(f(0, 1), c), c
}

func squareFreeOK(n int64) bool {
	for k := int64(2); k*k <= n; k++ {
		if n%(k*k) == 0 {
			return false
		}
	}
	return n > 1
}

// checkAlgebra1 recomputes the answer of a question of the Algebra 1 and grade 8 skills; ok
// is false for any other skill.
func checkAlgebra1(t *testing.T, id string, it skills.Item, code string) (want []string, ok bool) {
	t.Helper()
	q := it.Q
	one := func(s string) ([]string, bool) { return []string{s}, true }
	switch id {
	case "slope":
		p := alg1Point.FindAllStringSubmatch(q.Text, -1)
		if len(p) != 2 {
			t.Fatalf("slope: no two points in %q", q.Text)
		}
		x1, _ := strconv.ParseInt(p[0][1], 10, 64)
		y1, _ := strconv.ParseInt(p[0][2], 10, 64)
		x2, _ := strconv.ParseInt(p[1][1], 10, 64)
		y2, _ := strconv.ParseInt(p[1][2], 10, 64)
		if x1 == x2 {
			return one(lang(code).T("undefined"))
		}
		return one(big.NewRat(y2-y1, x2-x1).RatString())
	case "systems-of-equations":
		sys := strings.TrimSuffix(strings.TrimPrefix(mathOf(t, q.Text, 0), `\begin{cases} `), ` \end{cases}`)
		eqs := strings.Split(sys, `\\`)
		if len(eqs) != 2 {
			t.Fatalf("not two equations: %q", q.Text)
		}
		a1, b1, c1 := lineOf(t, eqs[0])
		a2, b2, c2 := lineOf(t, eqs[1])
		mul := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
		det := new(big.Rat).Sub(mul(a1, b2), mul(a2, b1))
		if det.Sign() == 0 { // one line twice when the constants are in the same ratio
			same := new(big.Rat).Sub(mul(a1, c2), mul(a2, c1)).Sign() == 0 && new(big.Rat).Sub(mul(b1, c2), mul(b2, c1)).Sign() == 0
			return one(lang(code).T(map[bool]string{true: "infinitesolutions", false: "nosolution"}[same]))
		}
		// a·x + b·y = -c, by Cramer's rule
		x := new(big.Rat).Quo(new(big.Rat).Sub(mul(b1, c2), mul(b2, c1)), det)
		y := new(big.Rat).Quo(new(big.Rat).Sub(mul(a2, c1), mul(a1, c2)), det)
		if !x.IsInt() || !y.IsInt() {
			t.Errorf("system %q: solution (%s, %s) is not whole", sys, x, y)
		}
		return one(fmt.Sprintf("(%s, %s)", x.RatString(), y.RatString()))
	case "add-subtract-polynomials", "multiply-polynomials":
		standardTerms(t, q.Answer.Value)
		if !sameAt(t, mathOf(t, q.Text, 0), q.Answer.Value) {
			t.Errorf("%s: %q is not %q", id, q.Answer.Value, q.Text)
		}
		return values(q), true
	case "factoring-trinomials", "factoring-gcf", "factoring-special-cases":
		a := q.Answer.Value
		if id != "factoring-gcf" {
			k := a[:len(a)-len(strings.TrimLeft(a, "0123456789"))] // a common factor taken out first
			fs := alg1Fac.FindAllStringSubmatch(a[len(k):], -1)
			n := 0
			for _, f := range fs {
				n += len(f[0])
				if f[5] != "" || f[0] == "x" {
					continue
				}
				c, _ := strconv.ParseInt(strings.TrimPrefix(f[1], "")+map[bool]string{true: "1"}[f[1] == ""], 10, 64)
				d, _ := strconv.ParseInt(f[3], 10, 64)
				if gcd64(c, d) != 1 {
					t.Errorf("factor %q of %q is not prime", f[0], a)
				}
			}
			if n != len(a)-len(k) || len(fs) != 2 && !strings.HasSuffix(a, "^{2}") {
				t.Errorf("%q is not a product of two binomials", a)
			}
		} else {
			m := alg1GCF.FindStringSubmatch(a)
			if m == nil {
				t.Errorf("%q is not a factor times a polynomial", a)
				return values(q), true
			}
			in := standardTerms(t, m[3])
			var g int64
			for _, c := range in {
				g = gcd64(abs64(c), g)
			}
			if g != 1 || in[0] == 0 {
				t.Errorf("%q: a common factor is left inside", a)
			}
		}
		if !sameAt(t, mathOf(t, q.Text, 0), a) {
			t.Errorf("%s: %q is not %q", id, a, q.Text)
		}
		return values(q), true
	case "quadratic-equations":
		eq := strings.Split(mathOf(t, q.Text, 0), "=")
		f := func(x *big.Rat) *big.Rat {
			l, err1 := algValue(eq[0], x, nil)
			r, err2 := algValue(eq[1], x, nil)
			if err1 != nil || err2 != nil {
				t.Fatalf("cannot read %q", q.Text)
			}
			return new(big.Rat).Sub(l, r)
		}
		c := f(r64(0))
		half := func(v *big.Rat) *big.Rat { return new(big.Rat).Mul(v, big.NewRat(1, 2)) }
		a := new(big.Rat).Sub(half(new(big.Rat).Add(f(r64(1)), f(r64(-1)))), c)
		b := half(new(big.Rat).Sub(f(r64(1)), f(r64(-1))))
		disc := new(big.Rat).Sub(new(big.Rat).Mul(b, b), new(big.Rat).Mul(r64(4), new(big.Rat).Mul(a, c)))
		roots := strings.Split(strings.TrimPrefix(q.Answer.Value, "x = "), ", ")
		if a.Sign() == 0 || disc.Sign() < 0 || len(roots) != map[bool]int{true: 1, false: 2}[disc.Sign() == 0] {
			t.Errorf("%q: %d roots listed, discriminant %s", q.Text, len(roots), disc)
		}
		var prev *big.Rat
		for _, s := range roots {
			r, err := algValue(s, nil, nil)
			if err != nil || f(r).Sign() != 0 || prev != nil && prev.Cmp(r) >= 0 {
				t.Errorf("%q: root %q wrong or out of order (%v)", q.Text, s, err)
				continue
			}
			prev = r
		}
		return values(q), true
	case "absolute-value-equations":
		e := mathOf(t, q.Text, 0)
		eq := strings.Split(e, "=")
		f := func(x *big.Rat) *big.Rat {
			l, err1 := algValue(eq[0], x, nil)
			r, err2 := algValue(eq[1], x, nil)
			if err1 != nil || err2 != nil {
				t.Fatalf("cannot read %q: %v %v", e, err1, err2)
			}
			return new(big.Rat).Sub(l, r)
		}
		// the solutions: none, one or two as the V's vertex (where the inside is 0) is above,
		// on or below zero
		in := alg1Abs.FindStringSubmatch(e)
		b, _ := algValue(in[1], r64(0), nil)
		b1, _ := algValue(in[1], r64(1), nil)
		vertex := f(new(big.Rat).Quo(new(big.Rat).Neg(b), new(big.Rat).Sub(b1, b))).Sign()
		if vertex > 0 {
			return one(lang(code).T("nosolution"))
		}
		roots := strings.Split(strings.TrimPrefix(q.Answer.Value, "x = "), ", ")
		if len(roots) != 1-vertex {
			t.Errorf("%q: %d solutions listed", e, len(roots))
		}
		for _, r := range roots {
			if v, err := algValue(r, nil, nil); err != nil || f(v).Sign() != 0 {
				t.Errorf("%q: %q is no solution", e, r)
			}
		}
		return values(q), true
	case "exponent-properties":
		a := q.Answer.Value
		if strings.Contains(a, "^{-") || strings.Contains(a, "^{0}") || strings.Contains(a, "^{1}") || strings.Count(a, "x") > 1 || strings.Count(a, "y") > 1 {
			t.Errorf("%q is not in simplest form", a)
		}
		for _, xy := range [][2]int64{{2, 3}, {3, 5}, {-2, 7}} {
			u, err1 := algValue(mathOf(t, q.Text, 0), r64(xy[0]), r64(xy[1]))
			v, err2 := algValue(a, r64(xy[0]), r64(xy[1]))
			if err1 != nil || err2 != nil || u.Cmp(v) != 0 {
				t.Errorf("%q simplified to %q (%v %v)", q.Text, a, err1, err2)
				break
			}
		}
		return values(q), true
	case "scientific-notation":
		e := mathOf(t, q.Text, 0)
		v, err := algValue(e, nil, nil)
		if err != nil {
			t.Fatalf("cannot read %q: %v", e, err)
		}
		if strings.Count(e, `\times`) == 1 && !strings.Contains(e, "(") { // to standard form
			return one(stdForm(v))
		}
		m := alg1Sci.FindStringSubmatch(q.Answer.Value)
		if w, _ := algValue(q.Answer.Value, nil, nil); m == nil || w == nil || w.Cmp(v) != 0 {
			t.Errorf("%q answered %q, which is not %s in scientific notation", q.Text, q.Answer.Value, v.FloatString(10))
		}
		return values(q), true
	case "square-roots":
		m := alg1Root.FindStringSubmatch(mathOf(t, q.Text, 0))
		if m == nil {
			t.Fatalf("no root in %q", q.Text)
		}
		c, _ := strconv.ParseInt(m[1]+map[bool]string{true: "1"}[m[1] == ""], 10, 64)
		r, _ := strconv.ParseInt(m[2], 10, 64)
		if a := alg1Root.FindStringSubmatch(q.Answer.Value); a != nil {
			k, _ := strconv.ParseInt(a[1]+map[bool]string{true: "1"}[a[1] == ""], 10, 64)
			b, _ := strconv.ParseInt(a[2], 10, 64)
			if k*k*b != c*c*r || !squareFreeOK(b) {
				t.Errorf("%q simplified to %q", q.Text, q.Answer.Value)
			}
			return values(q), true
		}
		for k := int64(1); k*k <= c*c*r; k++ {
			if k*k == c*c*r {
				return one(strconv.FormatInt(k, 10))
			}
		}
		t.Errorf("%q answered %q, but it is not a whole number", q.Text, q.Answer.Value)
		return values(q), true
	case "slope-intercept":
		a, b, c := lineOf(t, mathOf(t, q.Text, 0))
		if b.Sign() == 0 {
			t.Fatalf("%q is not a function of x", q.Text)
		}
		neg := func(v *big.Rat) *big.Rat { return new(big.Rat).Neg(new(big.Rat).Quo(v, b)) }
		return []string{neg(a).RatString(), neg(c).RatString()}, true
	case "parallel-perpendicular-lines":
		pt := alg1Point.FindStringSubmatch(q.Text)
		a, b, _ := lineOf(t, mathOf(t, q.Text, 1))
		given := new(big.Rat).Neg(new(big.Rat).Quo(a, b))
		want := given // parallel: the same slope; perpendicular: the negative reciprocal
		if q.Text == lang(code).T("perpendicular.q", "$"+pt[0]+"$", "$"+mathOf(t, q.Text, 1)+"$") {
			want = new(big.Rat).Neg(new(big.Rat).Inv(given))
		} else if q.Text != lang(code).T("parallel.q", "$"+pt[0]+"$", "$"+mathOf(t, q.Text, 1)+"$") {
			t.Errorf("%q asks for neither a parallel nor a perpendicular line", q.Text)
		}
		x, _ := strconv.ParseInt(pt[1], 10, 64)
		y, _ := strconv.ParseInt(pt[2], 10, 64)
		bb := new(big.Rat).Sub(r64(y), new(big.Rat).Mul(want, r64(x)))
		m := want.RatString()
		switch {
		case want.Sign() == 0:
			return one("y = " + bb.RatString())
		case m == "1":
			m = ""
		case m == "-1":
			m = "-"
		case !want.IsInt():
			m = strings.Replace(fmt.Sprintf(`\frac{%s}{%s}`, new(big.Int).Abs(want.Num()), want.Denom()), `\frac`, map[bool]string{true: `-\frac`, false: `\frac`}[want.Sign() < 0], 1)
		}
		c := ""
		if bb.Sign() > 0 {
			c = " + " + bb.RatString()
		} else if bb.Sign() < 0 {
			c = " - " + new(big.Rat).Neg(bb).RatString()
		}
		return one("y = " + m + "x" + c)
	case "function-notation":
		var def, at string
		for _, e := range mathPart.FindAllStringSubmatch(q.Text, -1) {
			if strings.Contains(e[1], "(x) =") {
				def = e[1]
			} else {
				at = e[1]
			}
		}
		name, rhs, _ := strings.Cut(def, "(x) = ")
		arg, ok := strings.CutPrefix(at, name+"(")
		x, err1 := algValue(strings.TrimSuffix(arg, ")"), nil, nil)
		if !ok || err1 != nil {
			t.Fatalf("%q: no %s(…) to find", q.Text, name)
		}
		v, err := algValue(rhs, x, nil)
		if err != nil {
			t.Fatalf("%q: %v", q.Text, err)
		}
		return one(v.RatString())
	case "arithmetic-sequences":
		seq, want := mathOf(t, q.Text, 0), mathOf(t, q.Text, 1)
		if !strings.Contains(seq, `\ldots`) { // the sentence may name the term first
			seq, want = want, seq
		}
		var terms []int64
		for _, f := range strings.Split(strings.TrimSuffix(seq, `, \ldots`), ", ") {
			v, err := strconv.ParseInt(strings.ReplaceAll(f, "{,}", ""), 10, 64)
			if err != nil {
				t.Fatalf("%q: term %q", q.Text, f)
			}
			terms = append(terms, v)
		}
		d := terms[1] - terms[0]
		for i := 2; i < len(terms); i++ {
			if terms[i]-terms[i-1] != d {
				t.Errorf("%q is not arithmetic", seq)
			}
		}
		if want == "a_{n}" { // the rule gives every listed term
			rhs, ok := strings.CutPrefix(q.Answer.Value, "a_{n} = ")
			for i, v := range terms {
				got, err := algValue(strings.ReplaceAll(rhs, "n", "x"), r64(int64(i+1)), nil)
				if !ok || err != nil || got.Cmp(r64(v)) != 0 {
					t.Errorf("rule %q gives not %d as term %d", q.Answer.Value, v, i+1)
				}
			}
			return values(q), true
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(want, "a_{"), "}"), 10, 64)
		return one(strconv.FormatInt(terms[0]+(n-1)*d, 10))
	case "write-linear-equations":
		rhs, found := strings.CutPrefix(q.Answer.Value, "y = ")
		at := func(x int64) *big.Rat {
			v, err := algValue(rhs, r64(x), nil)
			if err != nil || !found {
				t.Fatalf("answer %q: %v", q.Answer.Value, err)
			}
			return v
		}
		if new(big.Rat).Sub(at(2), at(1)).Cmp(new(big.Rat).Sub(at(1), at(0))) != 0 || strings.Count(rhs, "x") > 1 {
			t.Errorf("%q is not y = mx + b", q.Answer.Value)
		}
		pts := alg1Point.FindAllStringSubmatch(q.Text, -1)
		for _, p := range pts {
			x, _ := strconv.ParseInt(p[1], 10, 64)
			y, _ := strconv.ParseInt(p[2], 10, 64)
			if at(x).Cmp(r64(y)) != 0 {
				t.Errorf("%q does not pass through (%d, %d): %q", q.Answer.Value, x, y, q.Text)
			}
		}
		if len(pts) == 1 {
			slope, err := algValue(mathOf(t, q.Text, 0), nil, nil)
			if err != nil || new(big.Rat).Sub(at(1), at(0)).Cmp(slope) != 0 {
				t.Errorf("%q has not the slope of %q (%v)", q.Answer.Value, q.Text, err)
			}
		}
		return values(q), true
	}
	return nil, false
}

// stdForm writes an exact decimal as the tests read a key's number: "45000", "0.0032".
func stdForm(v *big.Rat) string {
	return strings.TrimRight(strings.TrimRight(v.FloatString(12), "0"), ".")
}
