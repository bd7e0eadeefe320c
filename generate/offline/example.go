package offline

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// An example in a request ("20 one-step equations like x + 5 = 12", "problems such as 2/3 of
// 24", "evaluate 2^5") sets the form of the questions: the skill it is an instance of, and the
// size of its numbers. It is never read as more sections, and its numbers are no counts.

// form is what an example says of the questions: their skill and their numbers' digits.
type form struct {
	skill           string
	digits, digits2 int
	zeros           bool   // a difference whose borrow crosses zeros: "400 - 123"
	text            string // the example as written
}

// mathExpr is one written maths expression: numbers ("3x" with its unknown), single letters,
// signs, brackets, blanks and "of" ("2/3 of 24", "20% of 80"); isExpr says whether it holds a
// sign between terms.
var mathExpr = regexp.MustCompile(`(?:[-−]?\d+(?:\.\d+)?(?:[a-zA-Z]\b)?|\(|\b[a-zA-Z]\b)(?:\d+(?:\.\d+)?(?:[a-zA-Z]\b)?|\b[a-zA-Z]\b|\bof\b|[+\-×÷*/^=−<>_?%()]|[ \t]+)*`)

// exampleMarker is "like", "such as", "e.g.", "como", "tipo" of every language, before an expression.
var exampleMarker = func() *regexp.Regexp {
	var ps []string
	for _, code := range langOrder {
		for _, p := range langs[code].Words["example markers"].([]any) {
			ps = append(ps, regexp.QuoteMeta(p.(string)))
		}
	}
	sort.Slice(ps, func(i, j int) bool { return len(ps[i]) > len(ps[j]) })
	return regexp.MustCompile(`(?i)(?:^|[\s,(])(?:` + strings.Join(ps, "|") + `)\s*:?\s*(?:what\s+is\s+|cuanto\s+es\s+)?$`)
}()

// cutExamples takes the examples out of a request: each expression after a marker, and an
// expression standing alone when the request holds no more than two (more are pasted
// problems). It returns the request without them, and the forms they show.
func cutExamples(prompt string) (string, []form) {
	prompt, letters := cutForms(prompt, letterForm.FindAllStringIndex(prompt, -1), func(e, before string) (form, bool) {
		// in letters after a marker ("in the form ax + b = c"): its letters read as numbers, x the unknown
		low := strings.ToLower(e)
		if !strings.Contains(e, "=") || !strings.Contains(low, "x") || strings.ContainsAny(low, "yz") || !exampleMarker.MatchString(before) {
			return form{}, false
		}
		return formOf(regexp.MustCompile(`(?i)\b[a-wyz]`).ReplaceAllString(e, "3")) // "ax + b = c": "3x + 3 = 3"
	})
	var keep [][]int
	for _, loc := range mathExpr.FindAllStringIndex(prompt, -1) {
		e := strings.TrimRight(prompt[loc[0]:loc[1]], " \t")
		loc[1] = loc[0] + len(e)
		if !strings.ContainsAny(e, "0123456789") || !isExpr(e) {
			continue
		}
		keep = append(keep, loc)
	}
	prompt, forms := cutForms(prompt, keep, func(e, before string) (form, bool) {
		// Unmarked, only unmistakable maths is an example ("evaluate 2^5"): "up to 10 x 10"
		// is a range, and more than two expressions are pasted problems.
		if !exampleMarker.MatchString(before) && (len(keep) > 2 || !strings.ContainsAny(e, "^=")) {
			return form{}, false
		}
		return formOf(e)
	})
	return prompt, append(letters, forms...)
}

// letterForm is an equation written in letters: "ax + b = c", "a(x + b) = c".
var letterForm = regexp.MustCompile(`(?i)\b[a-z]{1,2}\b(?:\s*[-+×÷*/^=−()]\s*\(?[a-z]{1,2}\b\)?)+`)

// cutForms takes out of the prompt each expression at locs that formOf reads as an example,
// given the text since the last one taken out.
func cutForms(prompt string, locs [][]int, formOf func(e, before string) (form, bool)) (string, []form) {
	var forms []form
	var out strings.Builder
	last := 0
	for _, loc := range locs {
		e := strings.TrimSpace(prompt[loc[0]:loc[1]])
		f, ok := formOf(e, prompt[last:loc[0]])
		if !ok {
			continue
		}
		f.text = e
		forms = append(forms, f)
		out.WriteString(prompt[last:loc[0]])
		out.WriteString(" ")
		last = loc[1]
	}
	out.WriteString(prompt[last:])
	return out.String(), forms
}

// isExpr: a sign between terms, not a date ("3/4" alone is a fraction, "2-3" a range, no example).
func isExpr(e string) bool {
	if regexp.MustCompile(`^\d+-\d+$`).MatchString(strings.TrimSpace(e)) {
		return false // "10-15 problems": a range ("81 - 46", spaced, is a subtraction)
	}
	if regexp.MustCompile(`^\d+/\d+$`).MatchString(strings.TrimSpace(e)) {
		return false // "3/4" alone: a fraction, no form of question
	}
	return regexp.MustCompile(`[+×÷*^=−<>]|\bx\b|\bof\b|\d\s*/\s*\d|\d\s*-\s*\d`).MatchString(e)
}

var (
	exNum      = regexp.MustCompile(`\d+(?:\.\d+)?`)
	exVar      = regexp.MustCompile(`(?:^|[^a-z])([a-z])(?:[^a-z]|$)`)
	exFraction = regexp.MustCompile(`\d+\s*/\s*\d+`)
	exOps      = regexp.MustCompile(`[-+×÷*/^−]|\bx\b`)
	exSigns    = regexp.MustCompile(`[-+×÷*/^−]`) // in an equation, "x" is the unknown
	trinomial  = regexp.MustCompile(`^\s*-?\d*\s*([a-z])\s*\^\s*2\s*[-+]\s*\d*\s*([a-z])\s*[-+]\s*\d+\s*$`)
)

// formOf is the skill an example is an instance of, and its numbers' sizes.
func formOf(e string) (form, bool) {
	s := strings.ToLower(strings.ReplaceAll(e, "−", "-"))
	nums := exNum.FindAllString(s, -1)
	digits := func(i int) int {
		if i < len(nums) && !strings.Contains(nums[i], ".") {
			return len(nums[i])
		}
		return 0
	}
	hasVar := false
	for _, m := range exVar.FindAllStringSubmatch(strings.ReplaceAll(s, " x ", " × "), -1) {
		if m[1] != "x" || !strings.Contains(s, " x ") {
			hasVar = true
		}
	}
	ops := exOps.FindAllString(strings.ReplaceAll(s, "=", " "), -1)
	switch {
	case strings.Contains(s, "=") && strings.ContainsAny(s, "_?"):
		return blankForm(s), true
	case strings.Contains(s, "=") && hasVar:
		left, right, _ := strings.Cut(s, "=")
		if exVar.MatchString(left) && exVar.MatchString(right) || strings.Contains(s, "(") {
			return form{skill: "multi-step-equations"}, true
		}
		side := left
		if !exVar.MatchString(left) {
			side = right
		}
		n := len(exSigns.FindAllString(side, -1))
		if regexp.MustCompile(`\d\s*[a-z]`).MatchString(side) {
			n++ // "3x": a product
		}
		if n <= 1 {
			return form{skill: "one-step-equations"}, true
		}
		return form{skill: "two-step-equations"}, true
	case strings.Contains(s, "%") && strings.Contains(s, "of"):
		return form{skill: "percent-of"}, true
	case exFraction.MatchString(s) && strings.Contains(s, "of"):
		return form{skill: "fraction-of-a-number"}, true
	case !strings.Contains(s, "=") && trinomial.MatchString(s): // "2x^2 - 11x + 5": to factor
		return form{skill: "factoring-trinomials"}, true
	case hasVar && strings.Contains(s, "("):
		return form{skill: "distributive-property"}, true
	case hasVar:
		return form{skill: "combine-like-terms"}, true
	case len(ops) > 1 && !(len(ops) == 3 && exFraction.MatchString(s) && len(exFraction.FindAllString(s, -1)) == 2):
		if len(ops) == 1+strings.Count(s, "^") && strings.Count(s, "^") > 0 {
			return form{skill: "exponents"}, true
		}
		return form{skill: "order-of-operations"}, true
	case strings.Contains(s, "^"):
		return form{skill: "exponents"}, true
	case len(exFraction.FindAllString(s, -1)) == 2:
		op := strings.TrimSpace(exFraction.ReplaceAllString(s, " "))
		return form{skill: map[string]string{"+": "add-fractions", "-": "subtract-fractions", "×": "multiply-fractions", "x": "multiply-fractions", "*": "multiply-fractions", "÷": "divide-fractions"}[op]}, op != ""
	case len(ops) == 1 && len(nums) == 2:
		a, b := atoi(nums[0]), atoi(nums[1])
		dec := strings.Contains(nums[0], ".") || strings.Contains(nums[1], ".")
		f := form{digits: digits(0), digits2: digits(1)}
		switch ops[0] {
		case "+":
			f.skill = "addition"
		case "-":
			f.skill = "subtraction"
			f.zeros = a >= 100 && a/10%10 == 0 && b%10 > a%10
		case "×", "x", "*":
			f.skill = "multiplication"
			if a > 12 || b > 12 {
				f.skill = "multi-digit-multiplication"
			}
		case "÷", "/":
			f.skill = "division"
			if b > 12 || (b > 0 && a/b > 12) {
				f.skill = "long-division"
				f.digits, f.digits2 = digits(0), digits(1)
			}
		}
		if dec {
			f = form{skill: map[string]string{"addition": "add-decimals", "subtraction": "subtract-decimals",
				"multiplication": "multiply-decimals", "multi-digit-multiplication": "multiply-decimals",
				"division": "divide-decimals", "long-division": "divide-decimals"}[f.skill]}
		}
		if f.digits == f.digits2 && f.skill != "multi-digit-multiplication" && f.skill != "long-division" {
			f.digits2 = 0
		}
		if f.skill == "multiplication" || f.skill == "division" {
			f.digits, f.digits2 = 0, 0 // facts: the tables, not a size
		}
		return f, f.skill != ""
	}
	return form{}, false
}

// kinship groups the skills an example may turn a section into: "multiplication like 34 × 6"
// is multi-digit multiplication, "equations like 3x − 4 = 11" two-step ones.
var kinship = [][]string{
	{"multiplication", "multi-digit-multiplication"},
	{"division", "long-division", "division-remainders"},
	{"one-step-equations", "two-step-equations", "multi-step-equations"},
	{"evaluate-expressions", "exponents", "order-of-operations"},
	{"add-fractions", "subtract-fractions", "multiply-fractions", "divide-fractions", "fraction-of-a-number"},
	{"percent-of", "percent-change", "percent-conversions"},
	{"distributive-property", "combine-like-terms"},
	{"factoring-trinomials", "quadratic-equations"}, // "Factoring Trinomial Quadratics": one kind of quadratics
	{"add-decimals", "subtract-decimals", "multiply-decimals", "divide-decimals"},
	{"missing-addend", "addition"},
	{"place-value", "tens-ones", "expanded-form", "standard-form"},
}

func kin(a, b string) bool {
	if a == b {
		return true
	}
	return slices.ContainsFunc(kinship, func(g []string) bool { return slices.Contains(g, a) && slices.Contains(g, b) })
}

// applyExamples lets the request's examples set its sections' form: a section of the example's
// kin becomes the example's skill, with its numbers' size unless the words said one; with no
// section named, the example names it. An example that fits no section is named in the reply.
func applyExamples(q *request, forms []form) {
	for _, f := range forms {
		used := false
		if len(q.sections) == 0 && q.refused == "" {
			q.sections = []asked{{skill: f.skill}}
		}
		// the example of a section named ("the distributive property … like 4(x + 3). Then 6
		// combining like terms") is that section's form; another kind's with its own count is its own
		named := slices.ContainsFunc(q.sections, func(a asked) bool { return a.skill == f.skill })
		for i, a := range q.sections {
			if a.skill == f.skill || kin(a.skill, f.skill) && !(named && a.count > 0) {
				q.sections[i].skill = f.skill
				used = true
			}
		}
		if used { // "fractions like 3/4 + 1/8": the example is the kind, not a domain's usual mix
			q.sections = slices.DeleteFunc(q.sections, func(a asked) bool { return a.n == 0 && a.skill != f.skill })
		}
		// one section of each skill: "evaluate 2^5 and similar powers" is powers alone
		var secs []asked
		for _, a := range q.sections {
			if k := slices.IndexFunc(secs, func(b asked) bool { return b.skill == a.skill }); k >= 0 {
				secs[k].count = max(secs[k].count, a.count)
				continue
			}
			secs = append(secs, a)
		}
		q.sections = secs
		if !used {
			q.rest = append(q.rest, f.text)
			continue
		}
		if q.p.Digits == 0 && f.digits > 0 {
			q.p.Digits, q.p.Digits2 = f.digits, f.digits2
		}
		if f.zeros {
			q.p.Zeros, q.p.Regroup = true, boolp(true)
		}
	}
}

// blankForm is the skill of an example with a blank: "3/4 = ?/12" is equivalent fractions,
// "48 ÷ 6 = ?" a division fact (the blank is the answer), "7 + ? = 12" a missing addend.
func blankForm(s string) form {
	left, right, _ := strings.Cut(s, "=")
	if len(exFraction.FindAllString(strings.NewReplacer("?", "1", "_", "1").Replace(s), -1)) >= 2 {
		return form{skill: "equivalent-fractions"}
	}
	if strings.ContainsAny(left, "_?") && !strings.ContainsAny(right, "_?") || strings.TrimSpace(strings.Trim(right, "_? ")) != "" {
		return form{skill: "missing-addend"} // the blank is an operand: "7 + ? = 12", "12 = 5 + ?"
	}
	switch op := exSigns.FindString(left); op {
	case "÷", "/":
		return form{skill: "division"}
	case "×", "*":
		return form{skill: "multiplication"}
	case "-":
		return form{skill: "subtraction"}
	case "+":
		return form{skill: "addition"}
	}
	if strings.Contains(left, " x ") {
		return form{skill: "multiplication"}
	}
	return form{skill: "missing-addend"}
}
