package skills

import "fmt"

// Frac is a fraction N/D with D > 0.
type Frac struct{ N, D int64 }

// Reduced is the fraction in lowest terms.
func (f Frac) Reduced() Frac {
	if f.D < 0 {
		f.N, f.D = -f.N, -f.D
	}
	g := gcd(f.N, f.D)
	if g == 0 {
		return Frac{0, 1}
	}
	return Frac{f.N / g, f.D / g}
}

func (f Frac) Add(g Frac) Frac { return Frac{f.N*g.D + g.N*f.D, f.D * g.D}.Reduced() }
func (f Frac) Sub(g Frac) Frac { return Frac{f.N*g.D - g.N*f.D, f.D * g.D}.Reduced() }
func (f Frac) Mul(g Frac) Frac { return Frac{f.N * g.N, f.D * g.D}.Reduced() }
func (f Frac) Div(g Frac) Frac { return Frac{f.N * g.D, f.D * g.N}.Reduced() }

// Cmp compares f with g: -1, 0 or 1.
func (f Frac) Cmp(g Frac) int {
	l, r := f.N*g.D, g.N*f.D
	switch {
	case l < r:
		return -1
	case l > r:
		return 1
	}
	return 0
}

// TeX writes the fraction as asked, unreduced and full size for young readers: \dfrac{6}{8}.
func (f Frac) TeX() string { return fmt.Sprintf(`\dfrac{%d}{%d}`, f.N, f.D) }

// MixedTeX writes a fraction as a whole number, a proper fraction or a mixed number.
func (f Frac) MixedTeX() string {
	r := f.Reduced()
	sign := ""
	if r.N < 0 {
		sign, r.N = "-", -r.N
	}
	switch {
	case r.D == 1:
		return sign + fmt.Sprint(r.N)
	case r.N > r.D:
		return fmt.Sprintf(`%s%d\dfrac{%d}{%d}`, sign, r.N/r.D, r.N%r.D, r.D)
	}
	return sign + r.TeX()
}

// Answer is the key's value: "3/4", "2 1/3", "5" (simplest form).
func (f Frac) Answer() string {
	r := f.Reduced()
	sign := ""
	if r.N < 0 {
		sign, r.N = "-", -r.N
	}
	switch {
	case r.D == 1:
		return sign + fmt.Sprint(r.N)
	case r.N > r.D:
		return fmt.Sprintf("%s%d %d/%d", sign, r.N/r.D, r.N%r.D, r.D)
	}
	return fmt.Sprintf("%s%d/%d", sign, r.N, r.D)
}

// properFrac is a fraction n/d in lowest terms with 0 < n < d, d in [2, maxD].
func properFrac(g *Gen, minD, maxD int64) Frac {
	d := pick(g.R, minD, maxD)
	n := pick(g.R, 1, d-1)
	for gcd(n, d) != 1 {
		n = pick(g.R, 1, d-1)
	}
	return Frac{n, d}
}
