package check

import (
	"math/big"
	"regexp"
	"strings"
)

// given is the answer read from a solution: a value (with the form it was written in), or a
// quotient and remainder.
type given struct {
	val  *big.Rat
	form string // "int", "decimal", "fraction", "mixed", "remainder"
	// lowest reports whether a fraction was written in lowest terms (and proper, for mixed numbers).
	lowest bool
	q, r   *big.Int
}

var (
	solWrap       = regexp.MustCompile(`\\(?:textbf|text|mathbf|mathrm|boxed|fbox|underline|emph|textit|mbox|ensuremath)\s*\{([^{}]*)\}`)
	solMixed      = regexp.MustCompile(`(\d+)\s*\\[dt]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}`)
	solFrac       = regexp.MustCompile(`\\[dt]?frac\s*\{\s*(-?)\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}`)
	solFracShort  = regexp.MustCompile(`\\[dt]?frac\s*(\d)\s*(\d)`)
	remainderForm = regexp.MustCompile(`(?i)(\d+)\s*(?:r|rem\.?|remainder|rest|with a remainder of|with remainder)\s*(\d+)\b`)
	valueToken    = regexp.MustCompile(`(\d+(?:\.\d+)?)(?:\s+(\d+)\s*/\s*(\d+)|\s*/\s*(\d+))?`)
	computedCmd   = regexp.MustCompile(`\s*\\computed\b\s*`)
	// unevaluated: notation the reader does not evaluate: a power, a repeating decimal, a root
	unevaluated = regexp.MustCompile(`\^|\\overline|\\dot\b|\\sqrt|\\pi\b|π|√`)
)

var solReplacer = strings.NewReplacer(
	"$", " ", `\(`, " ", `\)`, " ", `\[`, " ", `\]`, " ", "{,}", "", `\,`, " ", `\;`, " ", `\!`, "", `\ `, " ",
	"−", "-", "–", "-", `\times`, "*", `\cdot`, "*", `\div`, "/", "~", " ", `\quad`, " ", `\qquad`, " ",
	`\lt`, "<", `\gt`, ">", `\textless`, "<", `\textgreater`, ">", `\leq`, "<=", `\geq`, ">=",
	`\left`, "", `\right`, "", `\\`, " ", `\newline`, " ", `\par`, " ", "&", " ",
)

// cleanSolution reduces a solution's LaTeX to plain text with fractions as "a/b" and mixed
// numbers as "w a/b".
func cleanSolution(sol string) string {
	s := computedCmd.ReplaceAllString(sol, " ")
	for {
		t := solWrap.ReplaceAllString(s, " $1 ")
		if t == s {
			break
		}
		s = t
	}
	s = solFracShort.ReplaceAllString(s, `\frac{$1}{$2}`)
	s = thinGroup.ReplaceAllString(s, "$1$2")
	s = solMixed.ReplaceAllString(s, " $1 $2/$3 ")
	s = solFrac.ReplaceAllString(s, " $1$2/$3 ")
	s = solReplacer.Replace(s)
	s = commaGroup.ReplaceAllString(s, "$1$2")
	s = commaGroup.ReplaceAllString(s, "$1$2") // 1,234,567 needs two passes
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// values lists every number in plain text, in order.
func values(s string) []given {
	var out []given
	for _, m := range valueToken.FindAllStringSubmatchIndex(s, -1) {
		g := given{lowest: true}
		whole := s[m[2]:m[3]]
		switch {
		case m[4] >= 0: // mixed
			w, _ := new(big.Rat).SetString(whole)
			n, _ := new(big.Int).SetString(s[m[4]:m[5]], 10)
			d, _ := new(big.Int).SetString(s[m[6]:m[7]], 10)
			if d.Sign() == 0 || !w.IsInt() {
				continue
			}
			g.val = new(big.Rat).Add(w, new(big.Rat).SetFrac(n, d))
			g.form = "mixed"
			g.lowest = n.Cmp(d) < 0 && new(big.Int).GCD(nil, nil, n, d).Cmp(big.NewInt(1)) == 0
		case m[8] >= 0: // fraction
			n, ok := new(big.Int).SetString(whole, 10)
			d, _ := new(big.Int).SetString(s[m[8]:m[9]], 10)
			if !ok || d.Sign() == 0 {
				continue
			}
			g.val = new(big.Rat).SetFrac(n, d)
			g.form = "fraction"
			g.lowest = d.Cmp(big.NewInt(1)) != 0 && new(big.Int).GCD(nil, nil, n, d).Cmp(big.NewInt(1)) == 0
		default:
			g.val, _ = new(big.Rat).SetString(whole)
			g.form = "int"
			if strings.Contains(whole, ".") {
				g.form, g.lowest = "decimal", false
			}
		}
		if negativeSign(s, m[0]) {
			g.val.Neg(g.val)
		}
		out = append(out, g)
	}
	return out
}

// negativeSign reports whether the number starting at i is preceded by a minus sign that is
// not a subtraction ("-5" and "= -5", not "12 - 5").
func negativeSign(s string, i int) bool {
	j := i - 1
	for j >= 0 && s[j] == ' ' {
		j--
	}
	if j < 0 || s[j] != '-' {
		return false
	}
	k := j - 1
	for k >= 0 && s[k] == ' ' {
		k--
	}
	return k < 0 || !(s[k] >= '0' && s[k] <= '9' || s[k] == ')')
}

// readAnswer finds the final answer a solution states: after its last "=" if it shows working,
// else its last number. unknown, when set, prefers "x = 5" over other numbers.
func readAnswer(sol, unknown string) (given, bool) {
	if decimalComma.MatchString(sol) {
		return given{}, false // "4{,}75": not four hundred and seventy-five
	}
	s := cleanSolution(sol)
	if unknown != "" && unknown != "#" {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(unknown) + `\s*=\s*(-?\s*[\d./ ]+)`)
		if ms := re.FindAllStringSubmatch(s, -1); ms != nil {
			if vs := values(ms[len(ms)-1][0]); len(vs) > 0 {
				return vs[len(vs)-1], true
			}
		}
	}
	if ms := remainderForm.FindAllStringSubmatch(s, -1); ms != nil {
		m := ms[len(ms)-1]
		q, _ := new(big.Int).SetString(m[1], 10)
		r, _ := new(big.Int).SetString(m[2], 10)
		return given{form: "remainder", q: q, r: r}, true
	}
	tail := s
	if i := strings.LastIndex(s, "="); i >= 0 && len(values(s[i+1:])) > 0 {
		tail = s[i+1:]
	}
	vs := values(tail)
	if len(vs) == 0 || unevaluated.MatchString(tail) {
		return given{}, false // "2^7" is a power the reader does not evaluate, not a 7
	}
	return vs[len(vs)-1], true
}

// approximates reports whether a decimal answer is a rounding of a value no decimal ends:
// "0.67" for 2/3 rounds what the question did not ask to round, so it is neither confirmed
// nor corrected. Within one unit of its last place counts, so a cut-off "0.66" does too.
func approximates(want *big.Rat, g given) bool {
	if want == nil || g.form != "decimal" || g.val == nil {
		return false
	}
	if _, ok := finiteDecimal(want); ok {
		return false
	}
	unit := big.NewRat(1, 1)
	for scaled := new(big.Rat).Set(g.val); !scaled.IsInt(); scaled.Mul(scaled, big.NewRat(10, 1)) {
		unit.Quo(unit, big.NewRat(10, 1))
	}
	d := new(big.Rat).Sub(g.val, want)
	return d.Abs(d).Cmp(unit) <= 0
}

// problemValue is the number a problem computes, nil for comparisons and expanded forms.
func problemValue(p problem) *big.Rat {
	switch p := p.(type) {
	case arithmetic:
		return p.val
	case percentProblem:
		return p.val
	case equation:
		return p.val
	case evaluation:
		return p.val
	}
	return nil
}
