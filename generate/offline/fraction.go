package offline

import "fmt"

// frac is a fraction n/d with d > 0.
type frac struct{ n, d int64 }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int64) int64 { return a / gcd(a, b) * b }

func (f frac) reduced() frac {
	g := gcd(f.n, f.d)
	if g == 0 {
		return frac{0, 1}
	}
	return frac{f.n / g, f.d / g}
}

func (f frac) plus(g frac) frac  { return frac{f.n*g.d + g.n*f.d, f.d * g.d}.reduced() }
func (f frac) minus(g frac) frac { return frac{f.n*g.d - g.n*f.d, f.d * g.d}.reduced() }

// cmp compares f with g: -1, 0 or 1.
func (f frac) cmp(g frac) int {
	l, r := f.n*g.d, g.n*f.d
	switch {
	case l < r:
		return -1
	case l > r:
		return 1
	}
	return 0
}

// tex writes the fraction as it appears in a question, unreduced.
func (f frac) tex() string { return fmt.Sprintf(`\dfrac{%d}{%d}`, f.n, f.d) }

// answerTeX writes a result in simplest form: a whole number, a fraction, or a mixed number.
func (f frac) answerTeX() string {
	r := f.reduced()
	switch {
	case r.d == 1:
		return fmt.Sprint(r.n)
	case r.n > r.d:
		return fmt.Sprintf(`%d\dfrac{%d}{%d}`, r.n/r.d, r.n%r.d, r.d)
	}
	return r.tex()
}
