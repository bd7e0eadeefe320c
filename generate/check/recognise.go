package check

import (
	"math/big"
	"regexp"
	"strings"

	"sheetsmith/worksheet"
)

var (
	mathSegment = regexp.MustCompile(`(?s)\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]|\\begin\{(?:equation|align)\*?\}(.+?)\\end\{(?:equation|align)\*?\}`)
	// Questions that ask for something other than the bare result are left to the teacher.
	// Questions that ask for something other than the bare result, or whose numbers carry units
	// (the perimeter of a 5 x 3 rectangle is not 5 x 3), are left to the teacher.
	notComputable  = regexp.MustCompile(`(?i)\b(draw|explain|why|story|describe|show (?:how|your)|model|estimat\w*|shade|colou?r|circle|label|underlin\w*|true or false|true/false|which|pattern|number line|word problem|justify|error|mistake|check whether|is it|does|correct\??$|perimeter|area|volume|rectangle|triangle|length|width|height|cm|mm|km|kg|g|ml|l|m|meters?|metres?|inches|feet|foot|miles?|minutes?|hours?|seconds?|days?|weeks?|years?|percent|average|mean|median|ratio|probability|money|cents?|dollars?|pounds?|euros?)\b|\\\$|%`)
	asksConversion = regexp.MustCompile(`(?i)simplif|lowest terms|simplest form|mixed number|improper fraction|decimal`)
	asksLowest     = regexp.MustCompile(`(?i)simplif|lowest terms|simplest form`)
	asksCompare    = regexp.MustCompile(`(?i)compare|<|>|\\lt|\\gt|greater|less than`)
	hasOperator    = regexp.MustCompile(`[\d)#a-zA-Z.]\s*[-+*/^=#<>]|#|=`)
	proseRun       = regexp.MustCompile(`\(?\s*\d+(?:\.\d+)?\s*\)?(?:\s*[-+*/]\s*\(?\s*-?\d+(?:\.\d+)?\s*\)?)+(?:\s*=\s*#?)?`)
	intDivision    = regexp.MustCompile(`^(\d+)\s*/\s*(\d+)\s*(?:=\s*#?)?$`)
	loneValue      = regexp.MustCompile(`^-?\s*(?:\d+(?:\.\d+)?|\(\(\d+\)/\(\d+\)\)|\(\d+\+\(\d+\)/\(\d+\)\))$`)
	roundingTo     = regexp.MustCompile(`(?i)nearest\s+(ten thousand|ten|hundred|thousand|whole number|one|tenth|hundredth|10000|1000|100|10)\b`)
	placeValue     = regexp.MustCompile(`(?i)value of the (?:digit\s+)?(\d)\s+in\s+(?:the number\s+)?(\d+)\b`)
	plainNumber    = regexp.MustCompile(`\d+(?:\.\d+)?`)
	negativeNumber = regexp.MustCompile(`[-−–]\s*\d`)
	hasLetter      = regexp.MustCompile(`[a-zA-Z]`)
	singleLetter   = regexp.MustCompile(`^[a-zA-Z]$`)
	computeCue     = regexp.MustCompile(`(?i)\b(what is|what's|calculate|compute|evaluate|find|work out|solve|how much is|simplify)\b`)
	clockTime      = regexp.MustCompile(`\d:\d\d`)
	// choiceCmds: the vocabulary's answer options (and \correctchoice, a model's spelling)
	choiceCmds = regexp.MustCompile(`\\(?:` + strings.Join(worksheet.ChoiceCommands, "|") + `|correctchoice|begin\{(?:` +
		strings.Join(worksheet.ChoiceLists, "|") + `)\})\b`)
)

var roundingUnits = map[string]string{
	"ten thousand": "10000", "ten": "10", "hundred": "100", "thousand": "1000",
	"whole number": "1", "one": "1", "tenth": "1/10", "hundredth": "1/100",
	"10000": "10000", "1000": "1000", "100": "100", "10": "10",
}

// recognise reads a question's text (everything before its solution) and returns the problem
// it poses, if its answer can be computed.
func recognise(text string) (problem, bool) {
	if choiceCmds.MatchString(text) {
		return nil, false // multiple choice: the answer is a letter, not a number
	}
	if decimalComma.MatchString(text) {
		return nil, false // "$3{,}5 + 1{,}25$": a decimal comma
	}
	if p, ok := recogniseWordProblem(text); ok {
		return p, true
	}
	text = stripLabels(text)
	if joined := joinBlankedMath(text); joined != text && joinedEquation(joined) {
		text = joined
	}
	var segs []string
	prose := mathSegment.ReplaceAllStringFunc(text, func(m string) string {
		sub := mathSegment.FindStringSubmatch(m)
		for _, g := range sub[1:] {
			if g != "" {
				segs = append(segs, g)
				break
			}
		}
		return " @ "
	})
	// The whole item as plain text, for the worded kinds (rounding, place value, expanded form).
	flat := plainMath(mathSegment.ReplaceAllString(text, " $1$2$3$4$5 "))
	lower := strings.ToLower(flat)
	if p, ok := recognisePercent(flat); ok {
		return p, true
	}
	if notComputable.MatchString(prose) {
		return nil, false
	}

	if p, ok := recogniseWorded(lower, flat); ok {
		return p, true
	}
	if p, ok, handled := recogniseConversion(flat); handled {
		return p, ok
	}

	var exprs, lone, plainSegs []string
	for _, seg := range segs {
		e := seg
		if m := stackedArray.FindStringSubmatch(seg); m != nil {
			var ok bool
			if e, ok = unstack(m[1]); !ok {
				return nil, false
			}
		} else {
			e = plainMath(seg)
		}
		switch {
		case !strings.ContainsAny(e, "0123456789#") && !hasLetter.MatchString(e):
			// "$<$, $>$ or $=$": symbols named in the instructions
		case loneValue.MatchString(e):
			lone = append(lone, e)
		case hasOperator.MatchString(e), !singleLetter.MatchString(e) && isExpression(e):
			exprs = append(exprs, e) // "3x + 2", and "5a", "2x" or "5(4)", which a question may ask for
		case !singleLetter.MatchString(e):
			return nil, false // "$\pi$", "$\sqrt{2}$", "$(1, 2)$": something the checker cannot read
		}
		plainSegs = append(plainSegs, e)
	}
	if len(segs) == 0 && furtherStep.MatchString(prose) {
		return nil, false
	}
	if len(segs) > 0 && wordsAddData(prose, numbersOf(plainSegs...), len(exprs) > 0) {
		return nil, false
	}
	if len(segs) == 0 {
		exprs = proseEquations(prose)
	}
	if p, ok, handled := recogniseEvaluation(exprs, text); handled {
		return p, ok
	}
	if len(segs) == 0 {
		exprs = nil
	}
	if m := stackedArray.FindStringSubmatch(prose); m != nil && len(exprs) == 0 { // a tabular outside math
		e, ok := unstack(m[1])
		if !ok {
			return nil, false
		}
		exprs = append(exprs, e)
	}
	switch {
	case len(exprs) == 1:
		if loneValue.MatchString(exprs[0]) {
			break
		}
		p, ok := analyse(exprs[0], asksLowest.MatchString(prose))
		if eq, isEq := p.(equation); ok && isEq && !asksFor(eq.unknown, text, segs) {
			return nil, false
		}
		return p, ok
	case len(exprs) == 0 && len(lone) == 2 && asksCompare.MatchString(prose):
		return newComparison(lone[0], lone[1])
	case len(exprs) == 0 && len(lone) == 1 && asksConversion.MatchString(prose):
		p, ok := analyse(lone[0], asksLowest.MatchString(prose))
		if a, isA := p.(arithmetic); ok && isA {
			return converted(a.val, formAsked(prose), a.lowest)
		}
		return p, ok
	case len(exprs) == 0 && len(segs) == 0:
		return recogniseProse(prose)
	}
	return nil, false
}

// isExpression: a term the parser reads without an operator sign ("5a", "2x", "5(4)").
func isExpression(e string) bool {
	_, _, err := parseLinear(e)
	return err == nil
}

// asksFor reports whether a question solved for unknown asks for that variable: it names no
// other variable to find, and its maths holds no second variable.
func asksFor(unknown, text string, segs []string) bool {
	if asked := askedVariable(text); asked != "" && asked != unknown {
		return false
	}
	plain := make([]string, 0, len(segs))
	for _, s := range segs {
		plain = append(plain, plainMath(textCmd.ReplaceAllString(s, "")))
	}
	vs := variablesOf(plain...)
	delete(vs, unknown)
	return len(vs) == 0
}

// recogniseProse reads arithmetic written in words: "What is 144 divided by 12?". It needs a
// cue that a result is asked for, so "the 2024-2025 school year" is never a subtraction.
func recogniseProse(prose string) (problem, bool) {
	if clockTime.MatchString(prose) {
		return nil, false
	}
	s := plainMath(prose)
	for _, w := range wordOps {
		s = w.re.ReplaceAllString(s, w.op)
	}
	runs := proseRun.FindAllString(s, -1)
	if len(runs) != 1 {
		return nil, false
	}
	if !computeCue.MatchString(s) && strings.Trim(strings.Replace(s, runs[0], "", 1), " .:?!") != "" {
		return nil, false
	}
	if !onlyNumbersOf(s, runs[0]) || wordsAddData(strings.Replace(s, runs[0], " ", 1), nil, true) {
		return nil, false // "What is 7 times 8, plus 5?": more than the run
	}
	return analyse(strings.TrimSpace(runs[0]), false)
}

func recogniseWorded(lower, flat string) (problem, bool) {
	if strings.Contains(lower, "expanded form") && !hasOperator.MatchString(strings.NewReplacer("?", "", "#", "").Replace(flat)) {
		nums := plainNumber.FindAllString(flat, -1)
		if len(nums) == 1 && !strings.Contains(nums[0], ".") {
			n, _ := new(big.Int).SetString(nums[0], 10)
			return expanded{n}, true
		}
		return nil, false
	}
	if strings.Contains(lower, "round") {
		m := roundingTo.FindStringSubmatchIndex(lower)
		if m == nil {
			return nil, false
		}
		unit, _ := new(big.Rat).SetString(roundingUnits[lower[m[2]:m[3]]])
		rest := lower[:m[0]] + " " + lower[m[1]:]
		nums := plainNumber.FindAllString(rest, -1)
		if len(nums) != 1 || negativeNumber.MatchString(rest) || strings.Count(lower, "nearest") > 1 {
			return nil, false // a negative half rounds up or away from zero, as the class was taught
		}
		n, _ := new(big.Rat).SetString(nums[0])
		return arithmetic{val: roundHalfUp(n, unit), decimals: unit.Cmp(big.NewRat(1, 1)) < 0}, true
	}
	if m := placeValue.FindStringSubmatch(flat); m != nil {
		if strings.Count(m[2], m[1]) != 1 || strings.Contains(lower, "underline") {
			return nil, false
		}
		pos := len(m[2]) - 1 - strings.Index(m[2], m[1])
		return arithmetic{val: new(big.Rat).SetInt64(int64(m[1][0]-'0') * pow10(pos))}, true
	}
	return nil, false
}

func roundHalfUp(n, unit *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(n, unit)
	q.Add(q, big.NewRat(1, 2))
	f := new(big.Int).Div(q.Num(), q.Denom()) // floor for positive numbers
	return new(big.Rat).Mul(new(big.Rat).SetInt(f), unit)
}

// analyse computes a plain expression: "23+45=", "3x+5=20", "7+#=12", "((2)/(3)) # ((3)/(5))".
func analyse(e string, lowest bool) (problem, bool) {
	if strings.ContainsAny(e, "<>") || strings.Count(e, "=") > 1 {
		return nil, false
	}
	lhs, rhs, hasEq := strings.Cut(e, "=")
	lhs, rhs = strings.TrimSpace(lhs), strings.TrimSpace(rhs)
	if !hasEq || rhs == "" || rhs == "#" {
		lhs = strings.TrimSpace(strings.TrimSuffix(lhs, "#"))
		if l, r, ok := strings.Cut(lhs, "#"); ok && !hasEq {
			return newComparison(l, r)
		}
		val, unk, err := parseLinear(lhs)
		if err != nil || unk != "" {
			return nil, false
		}
		p := arithmetic{val: val.b, decimals: strings.Contains(lhs, "."), lowest: lowest}
		if m := intDivision.FindStringSubmatch(lhs); m != nil {
			p.divA, _ = new(big.Int).SetString(m[1], 10)
			p.divB, _ = new(big.Int).SetString(m[2], 10)
		}
		return p, true
	}
	l, u1, err1 := parseLinear(lhs)
	r, u2, err2 := parseLinear(rhs)
	if err1 != nil || err2 != nil || (u1 != "" && u2 != "" && u1 != u2) {
		return nil, false
	}
	coef := new(big.Rat).Sub(l.a, r.a)
	if coef.Sign() == 0 {
		return nil, false // no unknown, or no single solution
	}
	x := new(big.Rat).Quo(new(big.Rat).Sub(r.b, l.b), coef)
	unknown := u1
	if unknown == "" {
		unknown = u2
	}
	return equation{val: x, unknown: unknown}, true
}

func newComparison(l, r string) (problem, bool) {
	lv, u1, err1 := parseLinear(strings.TrimSpace(l))
	rv, u2, err2 := parseLinear(strings.TrimSpace(r))
	if err1 != nil || err2 != nil || u1 != "" || u2 != "" {
		return nil, false
	}
	lt, rt := texOf(strings.TrimSpace(l)), texOf(strings.TrimSpace(r))
	return comparison{left: lv.b, right: rv.b, leftTeX: lt, rightTeX: rt}, true
}

var plainFracBack = regexp.MustCompile(`\(\((\d+)\)/\((\d+)\)\)`)
var plainMixedBack = regexp.MustCompile(`\((\d+)\+\((\d+)\)/\((\d+)\)\)`)

// texOf writes a plain value back as LaTeX for the corrected answer.
func texOf(plain string) string {
	s := plainMixedBack.ReplaceAllString(plain, `$1\frac{$2}{$3}`)
	s = plainFracBack.ReplaceAllString(s, `\frac{$1}{$2}`)
	return strings.NewReplacer("*", `\times `, "/", `\div `).Replace(s)
}
