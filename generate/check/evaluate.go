package check

import (
	"math/big"
	"regexp"
	"strings"
)

// A question that gives one variable's value and asks for another's ("If $y = 3x + 2$, find
// $y$ when $x = 4$") is an evaluation: the answer is y, computed by putting 4 for x. The given
// value itself is never an answer, and a question that asks for y is checked as y or not at all.

var (
	// assignment: a single letter given a constant value ("x=4", "x=-2.5", "x=((1)/(2))").
	assignment         = regexp.MustCompile(`^([a-zA-Z])=(-?\d+(?:\.\d+)?|-?\(\(\d+\)/\(\d+\)\))$`)
	reversedAssignment = regexp.MustCompile(`^(-?\d+(?:\.\d+)?|-?\(\(\d+\)/\(\d+\)\))=([a-zA-Z])$`)
	letters            = regexp.MustCompile(`[a-zA-Z]`)
	// askedInMath: "find $y$", "what is the value of $y$", "solve for $x$".
	askedInMath = regexp.MustCompile(`(?i:\b(?:find|solve\s+for|value\s+of|what\s+is|what's|determine|calculate|work\s+out))\s+(?:(?i:the\s+value\s+of)\s+)?(?:\$|\\\()\s*([a-zA-Z])\s*(?:\$|\\\))`)
	// askedInProse: "find y", "solve for x" written without maths; "a" and "I" are words.
	askedInProse = regexp.MustCompile(`(?i:\b(?:find|solve\s+for|value\s+of|what\s+is|determine))\s+(?:(?i:the\s+value\s+of)\s+)?([b-zB-HJ-Z])(?:[\s.,?:;!]|$)`)
	evalCue      = regexp.MustCompile(`(?i)\b(evaluate|find|value|what is|what's|calculate|work out|determine|substitut\w*)\b`)
	// proseEquation: "y = 3x + 2" or "x = 4" written in prose, ended by punctuation or a joining word.
	proseEquation = regexp.MustCompile(`\b([a-zA-Z])\s*=\s*([-+*/^().\d\sa-zA-Z]*?[\da-zA-Z)])\s*(?:[,;?!]|\.(?:\s|$)|$|\s+(?:when|if|for|and|find|what|then|where)\b)`)
)

// askedVariable is the one variable a question names as the thing to find, "" if none.
func askedVariable(text string) string {
	if m := askedInMath.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	if m := askedInProse.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// variablesOf lists the distinct letters of plain expressions.
func variablesOf(exprs ...string) map[string]bool {
	vs := map[string]bool{}
	for _, e := range exprs {
		for _, l := range letters.FindAllString(e, -1) {
			vs[l] = true
		}
	}
	return vs
}

// evaluation: the value of a variable (name) or of an expression (name "") at a given value.
type evaluation struct {
	val  *big.Rat
	name string
}

func (p evaluation) judge(sol string) bool {
	g, ok := readAnswer(sol, p.name)
	return ok && g.form != "remainder" && g.val.Cmp(p.val) == 0
}

func (p evaluation) answer(sol string) string {
	g, _ := readAnswer(sol, p.name)
	v := formatValue(p.val, g.form)
	if p.name == "" {
		return "$" + v + "$"
	}
	return "$" + p.name + " = " + v + "$"
}

// substitute evaluates a plain expression with the letter w replaced by the value c; ok is
// false when anything but w is unknown or the expression cannot be read.
func substitute(expr, w, c string) (*big.Rat, bool) {
	vs := variablesOf(expr)
	if !vs[w] || len(vs) != 1 {
		return nil, false
	}
	l, unk, err := parseLinear(strings.ReplaceAll(expr, w, "("+c+")"))
	if err != nil || unk != "" {
		return nil, false
	}
	return l.b, true
}

// recogniseEvaluation reads the plain equations and expressions of a question that gives a
// variable's value. handled is false when no value is given (the ordinary path applies);
// when it is true and ok is false the question is left unchecked.
func recogniseEvaluation(exprs []string, text string) (p problem, ok, handled bool) {
	var assigns [][]string
	var others []string
	for _, e := range exprs {
		compact := strings.ReplaceAll(e, " ", "")
		if m := assignment.FindStringSubmatch(compact); m != nil {
			assigns = append(assigns, m)
		} else if m := reversedAssignment.FindStringSubmatch(compact); m != nil {
			assigns = append(assigns, []string{m[0], m[2], m[1]})
		} else {
			others = append(others, e)
		}
	}
	if len(assigns) == 0 {
		return nil, false, false
	}
	if len(assigns) != 1 || len(others) != 1 {
		return nil, false, true // a given value and nothing (or too much) to put it into
	}
	w, c := assigns[0][1], assigns[0][2]
	asked := askedVariable(text)
	o := others[0]
	lhs, rhs, hasEq := strings.Cut(o, "=")
	lhs, rhs = strings.TrimSpace(lhs), strings.TrimSpace(rhs)
	switch {
	case !hasEq:
		if asked != "" || !evalCue.MatchString(text) {
			return nil, false, true
		}
		v, ok := substitute(o, w, c)
		if !ok {
			return nil, false, true
		}
		return evaluation{val: v}, true, true
	case strings.Count(o, "=") == 1 && len(lhs) == 1 && letters.MatchString(lhs) && lhs != w:
		// "y = 3x + 2"
	case strings.Count(o, "=") == 1 && len(rhs) == 1 && letters.MatchString(rhs) && rhs != w:
		lhs, rhs = rhs, lhs // "3x + 2 = y"
	default:
		return nil, false, true
	}
	if asked != "" && asked != lhs {
		return nil, false, true
	}
	v, ok := substitute(rhs, w, c)
	if !ok {
		return nil, false, true
	}
	return evaluation{val: v, name: lhs}, true, true
}

// proseEquations reads "y = 3x + 2" and "x = 4" from a question written without maths.
func proseEquations(prose string) []string {
	var out []string
	for _, m := range proseEquation.FindAllStringSubmatch(prose, -1) {
		out = append(out, m[1]+"="+strings.TrimSpace(plainMath(m[2])))
	}
	return out
}

// Percent and fraction-of questions: "What is 25% of 80?", "Write 3/4 as a percent.",
// "What is 1/4 of 36?"
var (
	percentOf = regexp.MustCompile(`(?i)^(?:what\s+is|what's|find|calculate|work\s+out|compute)?\s*(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d+(?:\.\d+)?)\s*[?.#]?$`)
	// fractionOf: "What is $\frac{1}{4}$ of 36?" (its maths read as ((1)/(4))) or "3/4 of 20"
	fractionOf = regexp.MustCompile(`(?i)^(?:what\s+is|what's|find|calculate|work\s+out|compute)?\s*(?:\(\((\d+)\)/\((\d+)\)\)|(\d+)\s*/\s*(\d+))\s+of\s+(\d+(?:\.\d+)?)\s*[?.#]?$`)
	asPercent  = regexp.MustCompile(`(?i)^(?:write|express|convert|change)\s+(.+?)\s+(?:as|to|into)\s+(?:a\s+)?percent(?:age)?\s*[.?#]?$`)
)

// percentProblem is a value asked for as a percentage: the answer is read as a number of per cent.
type percentProblem struct{ val *big.Rat }

func (p percentProblem) judge(sol string) bool {
	g, ok := readAnswer(sol, "")
	return ok && g.form != "remainder" && g.val.Cmp(p.val) == 0
}

func (p percentProblem) answer(string) string {
	return "$" + formatValue(p.val, "decimal") + `\%$`
}

// recognisePercent reads the two percent questions from the item's plain text.
func recognisePercent(flat string) (problem, bool) {
	s := strings.TrimSpace(strings.ReplaceAll(flat, "%", " %"))
	s = spaces.ReplaceAllString(s, " ")
	if m := percentOf.FindStringSubmatch(s); m != nil {
		pct, _ := new(big.Rat).SetString(m[1])
		of, _ := new(big.Rat).SetString(m[2])
		v := new(big.Rat).Mul(pct, of)
		return arithmetic{val: v.Quo(v, big.NewRat(100, 1)), decimals: true}, true
	}
	if m := fractionOf.FindStringSubmatch(s); m != nil {
		num, den := m[1]+m[3], m[2]+m[4]
		f, ok := new(big.Rat).SetString(num + "/" + den)
		of, _ := new(big.Rat).SetString(m[5])
		if !ok || den == "0" {
			return nil, false
		}
		v := new(big.Rat).Mul(f, of)
		return arithmetic{val: v, decimals: strings.Contains(m[5], ".")}, true
	}
	if m := asPercent.FindStringSubmatch(s); m != nil {
		l, unk, err := parseLinear(strings.TrimSpace(m[1]))
		if err != nil || unk != "" {
			return nil, false
		}
		v := new(big.Rat).Mul(l.b, big.NewRat(100, 1))
		if hundredths := new(big.Rat).Mul(v, big.NewRat(100, 1)); !hundredths.IsInt() {
			return nil, false // 1/3 is not a percentage a key can print exactly
		}
		return percentProblem{val: v}, true
	}
	return nil, false
}
