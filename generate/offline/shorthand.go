package offline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// Shorthand of sizes and reviews, read before the rest of the request.

// digitsBy is "2 x 2", "3 by 2" of a multiplication: the digits of its factors, not a count
// ("multiplication 2 x 2 with steps", "2 by 2 multiplication"). Sizes are 1 to 4 digits; "2 x 2 =" is an
// expression, not a size.
var digitsBy = regexp.MustCompile(`(?i)\b([1-4])\s*(?:x|×|by|por)\s*([1-4])\b(\s*(?:digits?|cifras?))?(\s*=)?`)

// sizesOfMultiplication writes "2 x 2" of a sentence that names multiplication ("multiplication
// words") as its language says a size ("digits by form": "2 digit by 2 digit").
func sizesOfMultiplication(prompt string) string {
	var out strings.Builder
	for _, sent := range sentencesIn(prompt) {
		code := multiplicationIn(sent)
		if code == "" {
			out.WriteString(sent)
			continue
		}
		form := langs[code].Words["digits by form"].(string)
		out.WriteString(digitsBy.ReplaceAllStringFunc(sent, func(w string) string {
			m := digitsBy.FindStringSubmatch(w)
			if m[3] != "" || m[4] != "" { // "2 by 2 digits" says it already; "2 x 2 =" is a sum
				return w
			}
			return strings.NewReplacer("N", m[1], "M", m[2]).Replace(form)
		}))
	}
	return out.String()
}

// multiplicationIn is the language whose "multiplication words" the sentence holds ("" none).
func multiplicationIn(sent string) string {
	toks := strings.Fields(fold(sent))
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["multiplication words"] {
			if len(p) == 1 && slices.Contains(toks, p[0]) {
				return code
			}
		}
	}
	return ""
}

// reviewOfGrade: "an Algebra 1 review packet", "a 5th grade math review" name a grade and no
// skill: the sheet reviews the grade, a section of each of its families' skills taught there
// (of the grade's own standards first), up to reviewSections.
func reviewOfGrade(q *request) {
	if len(q.sections) > 0 || q.refused != "" || q.grade < 0 || len(q.pasted) > 0 {
		return
	}
	toks := strings.Fields(unhyphen(fold(q.prompt)))
	if !slices.ContainsFunc(toks, func(t string) bool { return wordSet("review words")[t] }) {
		return
	}
	var cands []*skills.Skill
	for _, sk := range skills.All() {
		if sk.Grades[0] <= q.grade && q.grade <= sk.Grades[1] {
			cands = append(cands, sk)
		}
	}
	// The grade's own standards first ("3.OA.C.7" of grade 3, "HS…" of Algebra 1), the most
	// widely useful (nearby) first among them.
	code := strconv.Itoa(q.grade) + "."
	if q.grade == 9 {
		code = "HS"
	}
	rank := func(sk *skills.Skill) int {
		r := len(nearby)
		if i := slices.Index(nearby, sk.ID); i >= 0 {
			r = i
		}
		if !strings.HasPrefix(sk.Standard, code) {
			r += 100
		}
		return r
	}
	slices.SortStableFunc(cands, func(a, b *skills.Skill) int { return rank(a) - rank(b) })
	families := map[string]bool{}
	for _, sk := range cands {
		if !families[sk.Family] && len(q.sections) < reviewSections {
			families[sk.Family] = true
			q.sections = append(q.sections, asked{skill: sk.ID, pos: len(toks)})
		}
	}
}

const reviewSections = 4
