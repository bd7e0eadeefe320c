package offline

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode"
)

// A small evaluator of the maths the sheets print, written for the tests alone: it reads
// "$4(5x + 7) = 9x - 5$", "\frac{x}{3}", "12 \div (-4)", "3^{2}", "2^{-3}", "|x - 2y|",
// "3\frac{1}{2}" with exact rationals at given x and y, so a question's answer is checked
// from the question's own text, not from the generator's code.

type texEval struct {
	s    string
	i    int
	x, y *big.Rat
	abs  int // inside |…|: a bar closes it
}

// evalTeX is the value of printed maths at x (nil when it has no x).
func evalTeX(expr string, x *big.Rat) (*big.Rat, error) { return algValue(expr, x, nil) }

// algValue is the value of printed maths at x and y (either may be nil when absent).
func algValue(tex string, x, y *big.Rat) (*big.Rat, error) {
	s := strings.NewReplacer("$", "", `\times`, "*", `\cdot`, "*", `\div`, "/", "{,}", "", `\left`, "", `\right`, "", `\,`, "", `\;`, "", " ", "").Replace(tex)
	p := &texEval{s: s, x: x, y: y}
	v, err := p.sum()
	if err == nil && p.i != len(p.s) {
		err = fmt.Errorf("unread %q in %q", p.s[p.i:], s)
	}
	return v, err
}

func (p *texEval) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *texEval) sum() (*big.Rat, error) {
	v, err := p.product()
	for err == nil && (p.peek() == '+' || p.peek() == '-') {
		neg := p.peek() == '-'
		p.i++
		var w *big.Rat
		if w, err = p.product(); err == nil {
			if neg {
				w = new(big.Rat).Neg(w)
			}
			v = new(big.Rat).Add(v, w)
		}
	}
	return v, err
}

func (p *texEval) product() (*big.Rat, error) {
	v, err := p.signed()
	for err == nil {
		c := p.peek()
		var w *big.Rat
		switch {
		case c == '*' || c == '/':
			p.i++
			if w, err = p.signed(); err == nil {
				if c == '*' {
					v = new(big.Rat).Mul(v, w)
				} else if w.Sign() == 0 {
					err = fmt.Errorf("division by zero in %q", p.s)
				} else {
					v = new(big.Rat).Quo(v, w)
				}
			}
		case c == '(' || c == '{' || c == 'x' || c == 'y' || c == '\\' || c >= '0' && c <= '9' || c == '|' && p.abs == 0:
			if w, err = p.power(); err == nil {
				v = new(big.Rat).Mul(v, w)
			}
		default:
			return v, nil
		}
	}
	return v, err
}

func (p *texEval) signed() (*big.Rat, error) {
	if p.peek() == '-' {
		p.i++
		v, err := p.signed()
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	}
	return p.power()
}

func (p *texEval) power() (*big.Rat, error) {
	b, err := p.atom()
	if err != nil || p.peek() != '^' {
		return b, err
	}
	p.i++
	var e *big.Rat
	if p.peek() == '{' {
		e, err = p.atom()
	} else {
		e, err = new(big.Rat).SetInt64(int64(p.peek()-'0')), nil
		p.i++
	}
	if err != nil || !e.IsInt() {
		return nil, fmt.Errorf("exponent in %q", p.s)
	}
	n := e.Num().Int64()
	r := big.NewRat(1, 1)
	for range max(n, -n) {
		r.Mul(r, b)
	}
	if n < 0 {
		if r.Sign() == 0 {
			return nil, fmt.Errorf("0 to a negative power in %q", p.s)
		}
		r.Inv(r)
	}
	return r, nil
}

func (p *texEval) atom() (*big.Rat, error) {
	c := p.peek()
	rest := p.s[p.i:]
	switch {
	case c == '(' || c == '{':
		p.i++
		v, err := p.sum()
		if err != nil {
			return nil, err
		}
		if want := map[byte]byte{'(': ')', '{': '}'}[c]; p.peek() != want {
			return nil, fmt.Errorf("missing %c in %q", want, p.s)
		}
		p.i++
		return v, nil
	case c == '|':
		p.i++
		p.abs++
		v, err := p.sum()
		p.abs--
		if err != nil || p.peek() != '|' {
			return nil, fmt.Errorf("unclosed |…| in %q (%v)", p.s, err)
		}
		p.i++
		return new(big.Rat).Abs(v), nil
	case c == 'x' || c == 'y':
		p.i++
		v := map[byte]*big.Rat{'x': p.x, 'y': p.y}[c]
		if v == nil {
			return nil, fmt.Errorf("%c without a value in %q", c, p.s)
		}
		return v, nil
	case strings.HasPrefix(rest, `\frac`) || strings.HasPrefix(rest, `\dfrac`):
		p.i += strings.Index(rest, "frac") + 4
		a, err := p.atom()
		if err != nil {
			return nil, err
		}
		b, err := p.atom()
		if err != nil || b.Sign() == 0 {
			return nil, fmt.Errorf("bad fraction in %q", p.s)
		}
		return new(big.Rat).Quo(a, b), nil
	case c >= '0' && c <= '9' || c == '.':
		j := p.i
		for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.') {
			j++
		}
		v, ok := new(big.Rat).SetString(p.s[p.i:j])
		if !ok {
			return nil, fmt.Errorf("bad number %q", p.s[p.i:j])
		}
		p.i = j
		if rest := p.s[p.i:]; strings.HasPrefix(rest, `\frac`) || strings.HasPrefix(rest, `\dfrac`) {
			f, err := p.atom() // a mixed number: 3\frac{1}{2}
			if err != nil {
				return nil, err
			}
			return new(big.Rat).Add(v, f), nil
		}
		return v, nil
	}
	return nil, fmt.Errorf("unexpected %q in %q", string(c), p.s)
}

// ratAnswer writes a rational the way a key writes it: "5", "3/4", "2 1/3", "-1/2".
func ratAnswer(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
		r = new(big.Rat).Neg(r)
	}
	n, d := new(big.Int).Set(r.Num()), r.Denom()
	if n.Cmp(d) < 0 {
		return fmt.Sprintf("%s%s/%s", sign, n, d)
	}
	w, rem := new(big.Int).QuoRem(n, d, new(big.Int))
	return fmt.Sprintf("%s%s %s/%s", sign, w, rem, d)
}

// decAnswer writes a terminating rational as a decimal without trailing zeros.
func decAnswerOf(r *big.Rat) string {
	s := r.FloatString(6)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

var linearRe = regexp.MustCompile(`^(-?\d*)x(?:\s*([+-])\s*(\d+))?$|^(-?\d+)$`)

// linearOf reads "3x - 4", "-x", "7" into its coefficients.
func linearOf(s string) (a, b int64, ok bool) {
	s = strings.TrimSpace(s)
	m := linearRe.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	if m[4] != "" {
		fmt.Sscan(m[4], &b)
		return 0, b, true
	}
	switch m[1] {
	case "":
		a = 1
	case "-":
		a = -1
	default:
		fmt.Sscan(m[1], &a)
	}
	if m[3] != "" {
		fmt.Sscan(m[3], &b)
		if m[2] == "-" {
			b = -b
		}
	}
	return a, b, true
}

// romanValue reads a Roman numeral, checking it is written the standard way.
func romanValue(s string) int64 {
	vals := map[rune]int64{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	var total int64
	rs := []rune(strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }))
	for i, r := range rs {
		v := vals[r]
		if i+1 < len(rs) && vals[rs[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total
}
