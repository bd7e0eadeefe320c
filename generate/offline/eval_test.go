package offline

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode"
)

// A small evaluator of the maths the sheets print, written for the tests alone: it reads
// "$4(5x + 7) = 9x - 5$", "\frac{x}{3}", "12 \div (-4)", "3^{2}" with exact rationals, so a
// question's answer is checked from the question's own text, not from the generator's code.

type parser struct {
	s string
	i int
	x *big.Rat
}

func evalTeX(expr string, x *big.Rat) (*big.Rat, error) {
	s := strings.NewReplacer("$", "", `\times`, "*", `\div`, "/", `\cdot`, "*", "{,}", "", `\left`, "", `\right`, "", `\,`, "", `\;`, "").Replace(expr)
	s = strings.ReplaceAll(s, " ", "")
	p := &parser{s: s, x: x}
	v, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.s) {
		return nil, fmt.Errorf("unread %q in %q", p.s[p.i:], s)
	}
	return v, nil
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) sum() (*big.Rat, error) {
	v, err := p.product()
	if err != nil {
		return nil, err
	}
	for p.peek() == '+' || p.peek() == '-' {
		op := p.peek()
		p.i++
		w, err := p.product()
		if err != nil {
			return nil, err
		}
		if op == '+' {
			v = new(big.Rat).Add(v, w)
		} else {
			v = new(big.Rat).Sub(v, w)
		}
	}
	return v, nil
}

func (p *parser) product() (*big.Rat, error) {
	v, err := p.power()
	if err != nil {
		return nil, err
	}
	for {
		c := p.peek()
		switch {
		case c == '*' || c == '/':
			p.i++
			w, err := p.power()
			if err != nil {
				return nil, err
			}
			if c == '*' {
				v = new(big.Rat).Mul(v, w)
			} else {
				if w.Sign() == 0 {
					return nil, fmt.Errorf("division by zero")
				}
				v = new(big.Rat).Quo(v, w)
			}
		case c == '(' || c == 'x' || c == '\\': // implicit multiplication: 4(…), 3x, 2\frac…
			w, err := p.power()
			if err != nil {
				return nil, err
			}
			v = new(big.Rat).Mul(v, w)
		default:
			return v, nil
		}
	}
}

func (p *parser) power() (*big.Rat, error) {
	v, err := p.unary()
	if err != nil {
		return nil, err
	}
	if p.peek() == '^' {
		p.i++
		var e *big.Rat
		if p.peek() == '{' {
			p.i++
			e, err = p.sum()
			if err != nil || p.peek() != '}' {
				return nil, fmt.Errorf("bad exponent")
			}
			p.i++
		} else {
			e, err = p.atom()
			if err != nil {
				return nil, err
			}
		}
		n := e.Num().Int64()
		r := big.NewRat(1, 1)
		for range n {
			r = new(big.Rat).Mul(r, v)
		}
		return r, nil
	}
	return v, nil
}

func (p *parser) unary() (*big.Rat, error) {
	if p.peek() == '-' {
		p.i++
		v, err := p.power()
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	}
	return p.atom()
}

func (p *parser) atom() (*big.Rat, error) {
	c := p.peek()
	switch {
	case c == '(' || c == '{':
		close := map[byte]byte{'(': ')', '{': '}'}[c]
		p.i++
		v, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.peek() != close {
			return nil, fmt.Errorf("missing %c in %q", close, p.s)
		}
		p.i++
		return v, nil
	case c == 'x':
		p.i++
		if p.x == nil {
			return nil, fmt.Errorf("x without a value")
		}
		return p.x, nil
	case strings.HasPrefix(p.s[p.i:], `\frac`) || strings.HasPrefix(p.s[p.i:], `\dfrac`):
		p.i += len(`\frac`)
		if strings.HasPrefix(p.s[p.i-len(`\frac`):], `\dfrac`) {
			p.i++
		}
		a, err := p.atom()
		if err != nil {
			return nil, err
		}
		b, err := p.atom()
		if err != nil {
			return nil, err
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
		// a mixed number: 3\frac{1}{2}
		if strings.HasPrefix(p.s[p.i:], `\frac`) || strings.HasPrefix(p.s[p.i:], `\dfrac`) {
			f, err := p.atom()
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
