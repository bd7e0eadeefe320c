package check

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// problem is a question whose answer can be computed.
type problem interface {
	// judge reports whether a solution states the right answer.
	judge(sol string) bool
	// answer is the right answer as solution LaTeX, in the form the old solution used where
	// that form can express it.
	answer(sol string) string
}

// arithmetic: a value to compute ("23 + 45", "144 ÷ 12", "simplify 6/8", "round 347 to the nearest 10").
type arithmetic struct {
	val      *big.Rat
	divA     *big.Int // set for "a ÷ b" of two whole numbers, where "q R r" is a right answer
	divB     *big.Int
	decimals bool   // the question is written in decimals
	lowest   bool   // the question asks for lowest terms
	form     string // the form a conversion asks for: "mixed", "fraction", "decimal" or ""
}

func (p arithmetic) judge(sol string) bool {
	g, ok := readAnswer(sol, "")
	return ok && p.judgeGiven(g)
}

func (p arithmetic) judgeGiven(g given) bool {
	if g.form == "remainder" {
		if p.divA == nil {
			return false
		}
		q, r := new(big.Int).QuoRem(p.divA, p.divB, new(big.Int))
		return q.Cmp(g.q) == 0 && r.Cmp(g.r) == 0
	}
	if p.lowest && !g.lowest || !p.inForm(g) { // "4/4" is not in simplest form; "1" is
		return false
	}
	return g.val.Cmp(p.val) == 0
}

func (p arithmetic) answer(sol string) string {
	g, _ := readAnswer(sol, "")
	form := g.form
	if p.form != "" {
		form = p.form
	}
	if form == "" || form == "int" {
		switch {
		case p.decimals:
			form = "decimal"
		case p.divA != nil:
			form = "remainder"
		}
	}
	if form == "remainder" && p.divA != nil && !p.val.IsInt() {
		q, r := new(big.Int).QuoRem(p.divA, p.divB, new(big.Int))
		return fmt.Sprintf("$%s$ R $%s$", formatInt(q), formatInt(r))
	}
	if form == "decimal" && p.lowest {
		form = "fraction"
	}
	return "$" + formatValue(p.val, form) + "$"
}

// equation: a one-variable linear equation, or a missing number ("7 + \square = 12").
type equation struct {
	val     *big.Rat
	unknown string // the variable's name; "#" for a missing number
}

func (p equation) judge(sol string) bool {
	g, ok := readAnswer(sol, p.unknown)
	return ok && g.form != "remainder" && g.val.Cmp(p.val) == 0
}

func (p equation) answer(sol string) string {
	g, _ := readAnswer(sol, p.unknown)
	v := formatValue(p.val, g.form)
	if p.unknown == "#" {
		return "$" + v + "$"
	}
	return "$" + p.unknown + " = " + v + "$"
}

// comparison: "\frac{2}{3} \square \frac{3}{5}"; the answer is <, > or =.
type comparison struct {
	left, right       *big.Rat
	leftTeX, rightTeX string
}

var relation = regexp.MustCompile(`<=|>=|<|>|=`)

func (p comparison) truth() string {
	switch p.left.Cmp(p.right) {
	case -1:
		return "<"
	case 1:
		return ">"
	}
	return "="
}

// readable: the answer names a relation, as a sign or in words ("greater", "less").
func (p comparison) readable(sol string) bool {
	s := strings.ToLower(cleanSolution(sol))
	return relation.MatchString(s) || strings.Contains(s, "greater") || strings.Contains(s, "less") || strings.Contains(s, "smaller")
}

func (p comparison) judge(sol string) bool {
	s := cleanSolution(sol)
	rels := relation.FindAllStringIndex(s, -1)
	if len(rels) != 1 {
		lower := strings.ToLower(s)
		switch {
		case len(rels) == 0 && strings.Contains(lower, "greater") && !strings.Contains(lower, "less"):
			return p.truth() == ">"
		case len(rels) == 0 && (strings.Contains(lower, "less") || strings.Contains(lower, "smaller")) && !strings.Contains(lower, "greater"):
			return p.truth() == "<"
		}
		return false
	}
	rel := s[rels[0][0]:rels[0][1]]
	l, r := values(s[:rels[0][0]]), values(s[rels[0][1]:])
	if len(l) == 0 && len(r) == 0 {
		return rel == p.truth()
	}
	if len(l) == 0 || len(r) == 0 {
		return false
	}
	a, b := l[len(l)-1].val, r[0].val
	if a.Cmp(p.left) == 0 && b.Cmp(p.right) == 0 {
		return rel == p.truth()
	}
	if a.Cmp(p.right) == 0 && b.Cmp(p.left) == 0 { // written the other way round
		return rel == comparison{left: a, right: b}.truth()
	}
	return false
}

func (p comparison) answer(string) string {
	return "$" + p.leftTeX + " " + p.truth() + " " + p.rightTeX + "$"
}

// expanded: write a whole number in expanded form (3482 = 3000 + 400 + 80 + 2).
type expanded struct{ n *big.Int }

// expandedTerm: "400", "4 * 100" or "4 * 10^2" (written "4 \times 10^{2}").
var expandedTerm = regexp.MustCompile(`^(\d+)(?:\s*\*\s*(\d+)(?:\s*\^\s*\{?\s*(\d+)\s*\}?)?)?$`)

func (p expanded) judge(sol string) bool {
	right, _ := p.read(sol)
	return right
}

func (p expanded) readable(sol string) bool {
	_, readable := p.read(sol)
	return readable
}

// read: right says the sum is n with every term one digit in its own place; readable says
// every term is a number, a digit times a power of ten, or a digit times 10 to a power.
func (p expanded) read(sol string) (right, readable bool) {
	s := cleanSolution(sol)
	if i := strings.LastIndex(s, "="); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimRight(strings.TrimSpace(s), ".")
	sum := new(big.Int)
	seen := map[int]bool{}
	right = true
	for _, t := range strings.Split(s, "+") {
		m := expandedTerm.FindStringSubmatch(strings.TrimSpace(t))
		if m == nil {
			return false, false
		}
		v, _ := new(big.Int).SetString(m[1], 10)
		if m[2] != "" {
			f, _ := new(big.Int).SetString(m[2], 10)
			if m[3] != "" {
				e, _ := new(big.Int).SetString(m[3], 10)
				if f.Cmp(big.NewInt(10)) != 0 || e.Cmp(big.NewInt(30)) > 0 {
					return false, false
				}
				f.Exp(f, e, nil)
			}
			if !isPowerOfTen(f) || len(m[1]) != 1 {
				right = false
			}
			v.Mul(v, f)
		}
		digits := strings.TrimRight(v.String(), "0")
		place := len(v.String()) - len(digits)
		if len(digits) != 1 || seen[place] {
			right = false // every term one nonzero digit in its own place
		}
		seen[place] = true
		sum.Add(sum, v)
	}
	return right && sum.Cmp(p.n) == 0, true
}

func isPowerOfTen(n *big.Int) bool {
	s := n.String()
	return s[0] == '1' && strings.Trim(s[1:], "0") == ""
}

func (p expanded) answer(string) string {
	return "$" + ExpandedForm(p.n.Int64()) + "$"
}

// ExpandedForm writes n as the sum of its digits' values, largest first: "3000 + 400 + 80 + 2".
func ExpandedForm(n int64) string {
	s := fmt.Sprint(n)
	var terms []string
	for i, c := range s {
		if c != '0' {
			terms = append(terms, formatInt(big.NewInt(int64(c-'0')*pow10(len(s)-1-i))))
		}
	}
	if len(terms) == 0 {
		return "0"
	}
	return strings.Join(terms, " + ")
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}
