package check

import (
	"math/big"
	"regexp"
	"strings"
)

// Conversions ask for a form: "Write 9/4 as a mixed number" is not answered by "9/4", though
// the value is the same. The answer in the form asked is verified; another value, or the same
// value in another form, is corrected into the form asked.

var (
	convertTo = regexp.MustCompile(`(?i)^(?:write|express|convert|change|rewrite|escribe|expresa|convierte)\s+(?:the\s+(?:improper\s+|proper\s+)?(?:fraction|decimal|mixed number|number)\s+|la\s+fracción\s+(?:impropia\s+)?|el\s+(?:decimal|número)\s+)?(.+?)\s+(?:as|to|into|in|como|en)\s+(?:an?\s+|un\s+|una\s+)?(mixed number|improper fraction|fraction|decimal|número mixto|fracción impropia|fracción|decimal)(\s+in\s+(?:simplest|lowest)\s+(?:form|terms)|\s+(?:simplificada|irreducible))?\s*[.?]?$`)
	// formTarget: "as a mixed number", "to a decimal", "como fracción": the form asked for.
	formTarget = regexp.MustCompile(`(?i)\b(?:as|to|into|in|como|en)\s+(?:an?\s+|un\s+|una\s+)?(mixed number|improper fraction|fraction|decimal|percent(?:age)?|número mixto|fracción impropia|fracción|porcentaje)`)
	formNames  = map[string]string{"mixed number": "mixed", "número mixto": "mixed", "improper fraction": "fraction",
		"fraction": "fraction", "fracción impropia": "fraction", "fracción": "fraction", "decimal": "decimal"}
)

// formAsked is the form a question asks its answer in: "mixed", "fraction", "decimal" or "";
// several ("as a decimal and as a percent", "simplify … as a decimal") is "several", which no
// one answer is judged against.
func formAsked(text string) string {
	form := ""
	for _, m := range formTarget.FindAllStringSubmatch(text, -1) {
		f, ok := formNames[strings.ToLower(m[1])]
		if !ok || form != "" && form != f {
			return "several" // a percentage is read by its own template
		}
		form = f
	}
	if form == "decimal" && asksLowest.MatchString(text) || form != "" && percentWord.MatchString(text) {
		return "several"
	}
	return form
}

var percentWord = regexp.MustCompile(`(?i)percent|porcentaje|%`)

// recogniseConversion reads "Write 0.6 as a fraction." from the whole question; handled is
// false for any other question.
func recogniseConversion(flat string) (p problem, ok, handled bool) {
	m := convertTo.FindStringSubmatch(strings.TrimSpace(flat))
	if m == nil {
		return nil, false, false
	}
	l, unk, err := parseLinear(strings.TrimSpace(m[1]))
	if err != nil || unk != "" {
		return nil, false, true
	}
	a, ok := converted(l.b, formAsked(flat), m[3] != "")
	return a, ok, true
}

// converted is a value asked for in a form; a decimal that does not end is not one a key can
// print, so it is left to the teacher.
func converted(v *big.Rat, form string, lowest bool) (problem, bool) {
	if form == "several" {
		return nil, false
	}
	if form == "decimal" {
		if _, ok := finiteDecimal(v); !ok {
			return nil, false
		}
	}
	return arithmetic{val: v, form: form, lowest: lowest, decimals: form == "decimal"}, true
}

// inForm reports whether a value was written in the form asked; a whole number is in every
// form, and a proper fraction is the mixed number it can be.
func (p arithmetic) inForm(g given) bool {
	switch p.form {
	case "":
		return true
	case "mixed":
		return g.form == "mixed" || g.form == "int" && p.val.IsInt() ||
			g.form == "fraction" && new(big.Rat).Abs(p.val).Cmp(big.NewRat(1, 1)) < 0
	case "fraction":
		return g.form == "fraction" || g.form == "int" && p.val.IsInt()
	case "decimal":
		return g.form == "decimal" || g.form == "int" && p.val.IsInt()
	}
	return false
}
