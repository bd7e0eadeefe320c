package skills

// poly is a polynomial in x by its coefficients, the constant first: {-7, 0, 3} is 3x² − 7.
// The Algebra 1 skills build their questions and answers from it.
type poly []int64

func (p poly) add(q poly) poly {
	out := make(poly, max(len(p), len(q)))
	for i := range out {
		if i < len(p) {
			out[i] += p[i]
		}
		if i < len(q) {
			out[i] += q[i]
		}
	}
	return out.trim()
}

func (p poly) scale(k int64) poly {
	out := make(poly, len(p))
	for i, c := range p {
		out[i] = k * c
	}
	return out.trim()
}

func (p poly) mul(q poly) poly {
	if len(p) == 0 || len(q) == 0 {
		return nil
	}
	out := make(poly, len(p)+len(q)-1)
	for i, a := range p {
		for j, b := range q {
			out[i+j] += a * b
		}
	}
	return out.trim()
}

// trim drops zero leading coefficients.
func (p poly) trim() poly {
	for len(p) > 0 && p[len(p)-1] == 0 {
		p = p[:len(p)-1]
	}
	return p
}

// content is the greatest common factor of the coefficients.
func (p poly) content() int64 {
	var g int64
	for _, c := range p {
		g = gcd(g, c)
	}
	return g
}

// xPow writes x to a power for maths mode: "", "x", "x^{2}".
func xPow(v string, k int) string {
	switch k {
	case 0:
		return ""
	case 1:
		return v
	}
	return v + "^{" + Num(int64(k)) + "}"
}

// tex writes the polynomial in standard form, highest power first: "3x^{2} - 7"; "0".
func (p poly) tex() string {
	s := ""
	for k := len(p) - 1; k >= 0; k-- {
		if p[k] != 0 {
			s += term(p[k], xPow("x", k), s == "")
		}
	}
	if s == "" {
		return "0"
	}
	return s
}

// binomial is ax + b.
func binomial(a, b int64) poly { return poly{b, a} }
