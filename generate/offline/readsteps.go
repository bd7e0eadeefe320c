package offline

import (
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// The steps of readAs after its text rules, on the words left: each reads one kind of thing
// and marks the words it used.

// splitWords is the words left, punctuation dropped ("fractions, decimals and percents"), and
// for each whether a comma or semicolon came just before it: a list's boundary; and where
// each was written.
func splitWords(s string, at []origin) (toks []string, sep []bool, tokAt []origin) {
	comma := false
	for _, w := range wordsOf(s) {
		if w.w != "," && w.w != ";" && w.w != ":" {
			toks = append(toks, w.w)
			sep = append(sep, comma)
			tokAt = append(tokAt, spanOf(at, w.a, w.z))
			comma = false
		} else {
			comma = comma || w.w != ":"
		}
	}
	return toks, sep, tokAt
}

// readWords reads the words that set a field ("no remainders", "large print", "to the quarter
// hour", "hard"), wishes the sheet cannot honour ("multiple choice") and the units named;
// converting says units were named with a word for converting.
func readWords(toks []string, used []bool, r *reading) (converting bool) {
	q := r.q
	for _, group := range wordRules {
		for _, rule := range group {
			words := occurrences(toks, used, rule.key, true)
			for _, w := range words {
				rule.set(q, w)
			}
			r.toks.note(used, rule.key, rule.role)
			if len(words) > 0 {
				if rule.kind != "" {
					r.took(rule.kind, words[0]) // the first said, as the reply quotes it
				}
				break
			}
		}
	}
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["unsupported"] {
			if at := find(toks, used, p, false); at >= 0 && !inRefused(toks, at, len(p)) { // "a color by number picture" is a part left out
				q.unsupported = append(q.unsupported, strings.Join(p, " "))
				markUsed(used, at, len(p))
				r.toks.note(used, "unsupported", roleNotDone)
			}
		}
	}
	q.replaceSkills = matchAll(toks, used, "replace", true)
	r.toks.note(used, "replace", roleEdit)
	switch { // "metric conversions": read, and the words left for the skill's own phrase
	case matchAll(toks, used, "metric", false):
		q.p.Units = "metric"
		r.took(skills.TakesUnits, "metric")
	case matchAll(toks, used, "customary", false):
		q.p.Units = "customary"
		r.took(skills.TakesUnits, "customary")
	}
	// "inches and feet", "gramos a kilogramos": units named are the system converted in
	// (both systems named: either); with a word for converting and no skill, unit conversions.
	// The units themselves are left for the reply: the sheet converts others as well.
	r.toks.note(used, "units", roleConstraint)
	metricUnits, customaryUnits := matchAll(toks, used, "metric units", false), matchAll(toks, used, "customary units", false)
	if q.p.Units == "" && metricUnits != customaryUnits {
		q.p.Units = map[bool]string{true: "metric", false: "customary"}[metricUnits]
	}
	return (metricUnits || customaryUnits) && matchAll(toks, used, "convert", true)
}

// answersRounded takes out the rounding said of another skill's answers ("circumference of
// circles … round answers to the nearest tenth"): no section of its own; the reply names it.
func answersRounded(toks []string, used []bool, q *request) (roundAnswers []string) {
	if slices.ContainsFunc(q.sections, func(a asked) bool { return !strings.HasPrefix(a.skill, "rounding") }) {
		q.sections = slices.DeleteFunc(q.sections, func(a asked) bool {
			w := strings.Fields(a.phrase)
			roundAnswer := len(w) == 1 && roundVerbs[w[0]] && a.pos+1 < len(toks) && answerNouns[toks[a.pos+1]] // "round answers"
			if !strings.HasPrefix(a.skill, "rounding") || len(w) < 2 && !roundAnswer {
				return false
			}
			if roundAnswer { // "round answers to the nearest tenth": to the place named again
				end := a.pos + 2
				for _, g := range a.again {
					end = max(end, min(g+2, len(toks)))
				}
				w = toks[a.pos:end]
				markUsed(used, a.pos, end-a.pos)
			}
			// "round answers to the nearest tenth", "answers rounded to …": the verb, or the answers, just before
			from := max(0, a.pos-4)
			if roundVerbs[w[0]] || slices.ContainsFunc(toks[from:a.pos], func(t string) bool { return roundVerbs[t] || answerNouns[t] }) {
				for k := from; k < a.pos; k++ {
					if roundVerbs[toks[k]] || answerNouns[toks[k]] {
						w = append(toks[k:a.pos:a.pos], w...)
						markUsed(used, k, a.pos-k)
						break
					}
				}
				roundAnswers = append(roundAnswers, originalOf(q.prompt, w))
				return true
			}
			return false
		})
	}
	return roundAnswers
}

// standardSections: a Common Core code names its skills when the words name none; with
// words, its grade.
func standardSections(toks []string, used []bool, q *request) {
	if len(q.sections) == 0 {
		for i, t := range toks {
			if strings.HasPrefix(t, "\x01std") {
				n := atoi(strings.TrimPrefix(t, "\x01std"))
				st := q.standards[n]
				used[i] = true
				for k, id := range st.skills {
					q.sections = append(q.sections, asked{skill: id, pos: i, sub: k})
				}
				if q.p.Max == 0 && st.max > 0 {
					q.p.Max = st.max
					if q.p.Digits == 0 { // the code's numbers, the teacher having named none
						q.assumed = append(q.assumed, assumption{"assumedStandardMax", []any{q.stdCodes[n], st.max}})
					}
				}
			}
		}
	}
	for i, t := range toks {
		if strings.HasPrefix(t, "\x01std") {
			used[i] = true
		}
	}
}

// sectionsOfSettings are the sections the settings name when the words name none: a clock's
// minutes ("time to the hour"), tables ("his 6s and 7s"), the sign between sizes ("3-digit x
// 1-digit"); a range of multiplication or division alone ("facts 6-9") is its tables.
func sectionsOfSettings(r *reading, n int) {
	q := r.q
	if len(q.sections) == 0 && q.p.Step > 0 { // "time to the hour": a clock's minutes name the clocks
		q.sections = []asked{{skill: "telling-time", pos: n}}
	}
	if len(r.plural) > 0 && len(q.p.Tables) == 0 {
		switch {
		case len(q.sections) == 0:
			q.sections = []asked{{skill: "multiplication", pos: n}}
			q.p.Tables = r.plural
		case len(q.sections) == 1 && (q.sections[0].skill == "multiplication" || q.sections[0].skill == "division"):
			q.p.Tables = r.plural
		}
		if len(q.p.Tables) > 0 {
			r.took(skills.TakesTables, r.pluralWords)
		}
	}
	if r.bareLo >= 2 && q.p.Max <= 12 && len(q.p.Tables) == 0 && len(q.sections) > 0 && !slices.ContainsFunc(q.sections, func(a asked) bool {
		return a.skill != "multiplication" && a.skill != "division" && a.skill != "division-remainders"
	}) {
		q.p.Tables, q.p.Max = span(r.bareLo, q.p.Max), 0
		r.took(skills.TakesTables, r.rangeWords)
		if q.took[skills.TakesMax] == r.rangeWords {
			delete(q.took, skills.TakesMax)
		}
	}
	if len(q.sections) == 0 {
		switch {
		case r.digitsOp == "×" || has(r.digitsOp, "times words"):
			q.sections = []asked{{skill: "multi-digit-multiplication", pos: n}}
		case r.digitsOp == "÷" || has(r.digitsOp, "division words"):
			q.sections = []asked{{skill: "long-division", pos: n}}
		}
	}
}

// outOfScope is the out-of-scope topics a message names, and where. A phrase of several words
// is out of scope even where a skill read a word of it ("systems of equations"); a word alone
// only where no skill did, and not as the verb of a skill that follows ("spelling out numbers").
func outOfScope(toks []string, used []bool, q *request) (parts []outPart) {
	for _, code := range langOrder {
		for _, p := range numbered(langs[code].phrases["refuse"]) {
			// A phrase of several words is out of scope even where a skill read a word of it
			// ("systems of equations"); a word alone only where no skill did, and not as the
			// verb of a skill that follows ("spelling out numbers").
			u := used
			if len(p) > 1 {
				u = make([]bool, len(toks))
			}
			at := find(toks, u, p, false)
			if at >= 0 && len(p) == 1 && len(q.sections) > 0 {
				next := at + 1
				if next < len(toks) && particles[toks[next]] {
					next++
				}
				if next < len(toks) && used[next] {
					at = -1
				}
			}
			if at >= 0 {
				parts = append(parts, outPart{at, len(p), strings.Join(toks[at:at+len(p)], " ")})
			}
		}
	}
	return parts
}

// particles go with a verb before its object: "spelling out numbers".
var particles = wordSet("particles")

// valuesListed: "denominators 2, 4 and 8": the values a noun of the numbers lists are no
// counts (listed, for the reply if nothing uses them); divisors listed are the tables of the
// skills that take them ("divisors 3, 4 and 6").
func valuesListed(toks []string, sep, used []bool, r *reading) (listed []int) {
	for k := range toks {
		if !matchAll(toks[k:k+1], []bool{false}, "value nouns", false) {
			continue
		}
		var vals []int64
		var at []int
		for j := k + 1; j < len(toks) && !used[j] && (isNumber(toks[j]) || listJoins[toks[j]] || orWords[toks[j]]); j++ {
			if isNumber(toks[j]) {
				if j+1 < len(toks) && (itemWords[toks[j+1]] || used[j+1]) || j == k+1 && sep[j] {
					break // "…, 12 problems", "unlike denominators, 5 dividing decimals": a count
				}
				vals, at = append(vals, atoi(toks[j])), append(at, j)
				if listJoins[toks[j-1]] || orWords[toks[j-1]] {
					break // "… and 8": the list's end
				}
			}
		}
		if len(vals) > 0 && len(r.q.p.Tables) == 0 && matchAll(toks[k:k+1], []bool{false}, "divisor nouns", false) {
			r.q.p.Tables = bounded(skills.Params{Tables: vals}).Tables
			r.took(skills.TakesTables, strings.Join(toks[k:at[len(at)-1]+1], " "))
			markUsed(used, k+1, at[len(at)-1]-k)
			continue
		}
		for _, j := range at {
			used[j] = true
			listed = append(listed, j)
		}
	}
	return listed
}
