package check

import (
	"errors"
	"math/big"
	"strings"
	"unicode"
)

// linear is a*v + b: enough for plain arithmetic (a = 0) and one-variable linear equations.
type linear struct{ a, b *big.Rat }

func constant(r *big.Rat) linear { return linear{new(big.Rat), r} }

func (l linear) isConst() bool { return l.a.Sign() == 0 }

var errSyntax = errors.New("not an expression")

// exprParser parses a plain ASCII expression ("23+45", "3x+5", "(1/2)*4", "#+5") where every
// letter or '#' is the one unknown. It refuses anything else, so odd input stays unchecked.
type exprParser struct {
	toks []string
	pos  int
	unk  string // the unknown's name once seen
}

func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := rune(s[i])
		switch {
		case c == ' ':
			i++
		case unicode.IsDigit(c) || c == '.':
			j := i
			dots := 0
			for j < len(s) && (unicode.IsDigit(rune(s[j])) || s[j] == '.') {
				if s[j] == '.' {
					dots++
				}
				j++
			}
			if dots > 1 || s[i:j] == "." || s[j-1] == '.' {
				return nil, errSyntax
			}
			toks = append(toks, s[i:j])
			i = j
		case strings.ContainsRune("+-*/^()", c):
			toks = append(toks, string(c))
			i++
		case c == '#' || (c < 128 && unicode.IsLetter(c)):
			toks = append(toks, string(c))
			i++
		default:
			return nil, errSyntax
		}
	}
	return toks, nil
}

// parseLinear parses s completely; unknown is the name of the variable used ("" if none).
func parseLinear(s string) (l linear, unknown string, err error) {
	toks, err := tokenize(s)
	if err != nil || len(toks) == 0 {
		return linear{}, "", errSyntax
	}
	p := &exprParser{toks: toks}
	l, err = p.expr()
	if err != nil {
		return linear{}, "", err
	}
	if p.pos != len(p.toks) {
		return linear{}, "", errSyntax
	}
	return l, p.unk, nil
}

func (p *exprParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *exprParser) expr() (linear, error) {
	l, err := p.term()
	if err != nil {
		return l, err
	}
	for p.peek() == "+" || p.peek() == "-" {
		op := p.toks[p.pos]
		p.pos++
		r, err := p.term()
		if err != nil {
			return l, err
		}
		if op == "-" {
			r = linear{new(big.Rat).Neg(r.a), new(big.Rat).Neg(r.b)}
		}
		l = linear{new(big.Rat).Add(l.a, r.a), new(big.Rat).Add(l.b, r.b)}
	}
	return l, nil
}

func startsPrimary(t string) bool {
	return t == "(" || t == "#" || (t != "" && unicode.IsLetter(rune(t[0])))
}

func (p *exprParser) term() (linear, error) {
	l, err := p.unary()
	if err != nil {
		return l, err
	}
	afterDivision := false
	for {
		t := p.peek()
		switch {
		case t == "*" || t == "/":
			afterDivision = t == "/"
			p.pos++
			r, err := p.unary()
			if err != nil {
				return l, err
			}
			if l, err = combine(l, r, t); err != nil {
				return l, err
			}
		case startsPrimary(t):
			// implicit multiplication: 3x, 2(x+1), (1/2)(4); never "2 3"
			if afterDivision {
				return l, errSyntax // "6 ÷ 2(1 + 2)": 1 or 9 depending on whom you ask
			}
			r, err := p.power()
			if err != nil {
				return l, err
			}
			if l, err = combine(l, r, "*"); err != nil {
				return l, err
			}
		default:
			return l, nil
		}
	}
}

func combine(l, r linear, op string) (linear, error) {
	if op == "*" {
		switch {
		case r.isConst():
			return linear{new(big.Rat).Mul(l.a, r.b), new(big.Rat).Mul(l.b, r.b)}, nil
		case l.isConst():
			return linear{new(big.Rat).Mul(r.a, l.b), new(big.Rat).Mul(r.b, l.b)}, nil
		}
		return l, errSyntax // not linear
	}
	if !r.isConst() || r.b.Sign() == 0 {
		return l, errSyntax
	}
	return linear{new(big.Rat).Quo(l.a, r.b), new(big.Rat).Quo(l.b, r.b)}, nil
}

func (p *exprParser) unary() (linear, error) {
	switch p.peek() {
	case "-":
		p.pos++
		l, err := p.unary()
		return linear{new(big.Rat).Neg(l.a), new(big.Rat).Neg(l.b)}, err
	case "+":
		p.pos++
		return p.unary()
	}
	return p.power()
}

func (p *exprParser) power() (linear, error) {
	base, err := p.primary()
	if err != nil || p.peek() != "^" {
		return base, err
	}
	p.pos++
	exp, err := p.unary()
	if err != nil || !exp.isConst() || !exp.b.IsInt() || !base.isConst() {
		return base, errSyntax
	}
	n := exp.b.Num().Int64()
	if n < 0 || n > 12 || exp.b.Num().BitLen() > 8 || n == 0 && base.b.Sign() == 0 {
		return base, errSyntax // 0^0: undefined as most classes teach it
	}
	out := big.NewRat(1, 1)
	for range n {
		out.Mul(out, base.b)
	}
	return constant(out), nil
}

func (p *exprParser) primary() (linear, error) {
	t := p.peek()
	switch {
	case t == "":
		return linear{}, errSyntax
	case t == "(":
		p.pos++
		l, err := p.expr()
		if err != nil || p.peek() != ")" {
			return l, errSyntax
		}
		p.pos++
		return l, nil
	case t == "#" || unicode.IsLetter(rune(t[0])):
		if p.unk != "" && p.unk != t {
			return linear{}, errSyntax // two unknowns
		}
		p.unk = t
		p.pos++
		return linear{big.NewRat(1, 1), new(big.Rat)}, nil
	case unicode.IsDigit(rune(t[0])) || t[0] == '.':
		r, ok := new(big.Rat).SetString(t)
		if !ok {
			return linear{}, errSyntax
		}
		p.pos++
		return constant(r), nil
	}
	return linear{}, errSyntax
}
