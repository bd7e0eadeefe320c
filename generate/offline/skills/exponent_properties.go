package skills

import "fmt"

// mono is a monomial c·x^ex·y^ey with a fraction coefficient and any whole exponents.
type mono struct {
	c      Frac
	ex, ey int
}

func (a mono) times(b mono) mono {
	return mono{a.c.Mul(b.c), a.ex + b.ex, a.ey + b.ey}
}

func (a mono) over(b mono) mono {
	return mono{a.c.Div(b.c), a.ex - b.ex, a.ey - b.ey}
}

func (a mono) pow(n int) mono {
	c := Frac{1, 1}
	for range abs(int64(n)) {
		c = c.Mul(a.c)
	}
	if n < 0 {
		c = Frac{1, 1}.Div(c)
	}
	return mono{c, a.ex * n, a.ey * n}
}

// asked writes a monomial as a question prints it, exponents as they are ("x^{-3}", "y^{0}"):
// "-4x^{2}y", "x^{5}".
func (a mono) asked() string {
	vars := ""
	for _, v := range []struct {
		name string
		e    int
		show bool
	}{{"x", a.ex, true}, {"y", a.ey, false}} {
		switch {
		case v.e == 1:
			vars += v.name
		case v.e != 0 || v.show:
			vars += fmt.Sprintf("%s^{%d}", v.name, v.e)
		}
	}
	return term(a.c.N, vars, true)
}

// simplest writes a monomial with positive exponents only, what is negative below the line:
// "8x^{8}", "\dfrac{3y^{2}}{2x^{4}}", "-\dfrac{1}{4x^{6}}", "1".
func (a mono) simplest() string {
	c := a.c.Reduced()
	sign := ""
	if c.N < 0 {
		sign, c.N = "-", -c.N
	}
	top, bottom := "", ""
	for _, v := range []struct {
		name string
		e    int
	}{{"x", a.ex}, {"y", a.ey}} {
		switch {
		case v.e > 0:
			top += xPow(v.name, v.e)
		case v.e < 0:
			bottom += xPow(v.name, -v.e)
		}
	}
	coef := func(n int64, vars string) string {
		if n == 1 && vars != "" {
			return vars
		}
		return Num(n) + vars
	}
	if c.D == 1 && bottom == "" {
		return sign + coef(c.N, top)
	}
	return fmt.Sprintf(`%s\dfrac{%s}{%s}`, sign, coef(c.N, top), coef(c.D, bottom))
}

// Properties of integer exponents: 8.EE.A.1 (products, quotients and powers of powers;
// zero and negative exponents). Easy sheets use powers of x alone; the default adds
// coefficients and a second variable; harder ones zero exponents and signs; challenge
// negative exponents, answered with positive exponents.
var _ = register(&Skill{ID: "exponent-properties", KindOf: []string{"exponents"}, Family: "expressions", Grades: [2]int{8, 9}, Standard: "8.EE.A.1",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		lo := byLevel(g.P.Level, 1, 1, 0, -5)
		hi := byLevel(g.P.Level, 6, 7, 8, 8)
		exp := func() int { return int(pick(g.R, int64(lo), int64(hi))) }
		coef := func(max int64) Frac {
			switch {
			case g.P.Level < 0:
				return Frac{1, 1}
			case g.P.Level == 0:
				return Frac{pick(g.R, 1, max), 1}
			}
			return Frac{nonzero(g, max), 1}
		}
		two := g.P.Level >= 0 && g.R.IntN(2) == 0
		mk := func(max int64) mono {
			a := mono{coef(max), exp(), 0}
			if two {
				a.ey = exp()
			}
			return a
		}
		var q string
		var ans mono
		var nums []int64
		switch form := g.R.IntN(3); form {
		case 0: // a product
			a, b := mk(6), mk(6)
			q, ans = "("+a.asked()+")("+b.asked()+")", a.times(b)
			nums = []int64{a.c.N, int64(a.ex), int64(a.ey), b.c.N, int64(b.ex), int64(b.ey)}
		case 1: // a quotient: the coefficient divides evenly below challenge
			b := mk(6)
			a := mk(6)
			if g.P.Level < 2 {
				a.c = b.c.Mul(coef(5))
			}
			if g.P.Level < 1 { // positive exponents in the answer too
				a.ex = b.ex + int(pick(g.R, 1, 5))
				if two {
					a.ey = b.ey + int(pick(g.R, 0, 4))
				}
			}
			q, ans = `\dfrac{`+a.asked()+"}{"+b.asked()+"}", a.over(b)
			nums = []int64{a.c.N, int64(a.ex), int64(a.ey), b.c.N, int64(b.ex), int64(b.ey)}
		default: // a power
			a := mk(3)
			n := int(pick(g.R, 2, byLevel[int64](g.P.Level, 4, 3, 3, 3)))
			if g.P.Level >= 2 && g.R.IntN(2) == 0 {
				n = -n
			}
			q, ans = "("+a.asked()+fmt.Sprintf(")^{%d}", n), a.pow(n)
			nums = []int64{a.c.N, int64(a.ex), int64(a.ey), int64(n)}
		}
		return Item{Q: short(m(q), expr(ans.simplest()), blankSpace()), Nums: nums}
	}})
