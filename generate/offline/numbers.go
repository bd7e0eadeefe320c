package offline

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sheetsmith/generate/offline/skills"
)

var (
	hyphenated = regexp.MustCompile(`^[a-z]+(?:-[a-z]+)+$`)
	digitWord  = pat(`\b(\d)[\s-]*{digits}\b`)
	halfDozen  = pat(`\b{half}\s+(?:{indefinite articles}\s+)?12\b`)
	twoDozen   = pat(`\b(?:{indefinite articles}\s+)?{couple}\s+(?:{of}\s+)?12\b`)
	aDozen     = pat(`\b{indefinite articles}\s+12\b`)
	nDozen     = regexp.MustCompile(`\b(\d+)\s+12\b`)
	dozenHalf  = pat(`\b(?:{indefinite articles}\s+)?12\s+{and a half}\b`)
	nQuestion  = pat(`\b(\d+)-({items})\b`)
	aCountOf   = pat(`\b{indefinite articles}\s+([23])\s+(?:{of}\s+)?`) // "a couple of", "a few": the count
	oneDigit   = pat(`\b{one digit}[\s-]+({digit})\b`)
)

// numbersToDigits writes the number words and the school years of every language as the
// reader's rules read them, in a folded request: "twenty five two-digit sums" → "25 2-digit
// sums", "treinta y cinco" → "35", "a dozen" → "12", "CM1" → the language's grade word and 4.
// Each language's folder reads its own (lang.Grammar); the first in langOrder wins a tie.
func numbersToDigits(s string) string {
	parts, glued := splitHyphens(strings.Fields(s))
	var out []string
	for i := 0; i < len(parts); {
		if glued[i] { // a number begins a word: "re-do" and "x-two" are no numbers
			out[len(out)-1] += "-" + parts[i]
			i++
			continue
		}
		if words, n := gradeAt(parts, i); n > 0 {
			out = append(out, words)
			i += n
			continue
		}
		n, v := numberAt(parts, i, glued)
		if n == 0 || v == 12 && i+n < len(parts) && glued[i+n] { // "dozen-…" stays a word
			out = append(out, parts[i])
			i++
			continue
		}
		out = append(out, strconv.FormatInt(v, 10))
		i += n
	}
	s = strings.Join(out, " ")
	s = dozenHalf.ReplaceAllString(s, "18")    // "a dozen and a half"
	s = nQuestion.ReplaceAllString(s, "$1 $2") // "a 10-question quiz"
	s = oneDigit.ReplaceAllString(s, "1 $1")   // "por una cifra"
	s = halfDozen.ReplaceAllString(s, "6")     // "half a dozen"
	s = twoDozen.ReplaceAllString(s, "24")     // "a couple dozen"
	s = aDozen.ReplaceAllString(s, "12")
	s = aCountOf.ReplaceAllString(s, "$1 ")
	s = nDozen.ReplaceAllStringFunc(s, func(m string) string {
		k := atoi(nDozen.FindStringSubmatch(m)[1])
		if k > 10 { // "20 12" is not twenty dozen
			return m
		}
		return strconv.FormatInt(12*k, 10)
	})
	return digitWord.ReplaceAllString(s, "$1-digit")
}

// splitHyphens writes each hyphenated word as its parts, glued to the one before: the
// languages read "twenty-five", "quatre-vingt-dix" and "two-digit" part by part.
func splitHyphens(words []string) (parts []string, glued []bool) {
	for _, w := range words {
		if !hyphenated.MatchString(w) {
			parts, glued = append(parts, w), append(glued, false)
			continue
		}
		for k, p := range strings.Split(w, "-") {
			parts, glued = append(parts, p), append(glued, k > 0)
		}
	}
	return parts, glued
}

// numberAt is the longest number any language reads at parts[i]: its words and value. It
// ends inside a hyphenated word only when it began it: "twenty two-digit" is 20 and "2-digit".
func numberAt(parts []string, i int, glued []bool) (n int, v int64) {
	for _, code := range langOrder {
		if g := grammars[code]; g != nil {
			if k, value := g.Number(parts[i:], langs[code].numbers); k > n {
				n, v = k, value
			}
		}
	}
	if end := i + n; n > 0 && end < len(parts) && glued[end] {
		k := end - 1
		for glued[k] {
			k--
		}
		if k > i {
			return numberAt(parts[:k], i, glued[:k])
		}
	}
	return n, v
}

// gradeAt is a school year named at parts[i] in a language's own words ("CM1", "4.º ano"),
// written as the language's words.json says a grade ("grade" and the number, or the
// kindergarten's word), and how many parts it took.
func gradeAt(parts []string, i int) (string, int) {
	for _, code := range langOrder {
		g := grammars[code]
		if g == nil {
			continue
		}
		if n, grade := g.Grade(parts, i); n > 0 {
			l := langs[code]
			if grade == 0 && len(l.phrases["kindergarten"]) > 0 {
				return strings.Join(l.phrases["kindergarten"][0], " "), n
			}
			return strings.Join(l.phrases["grade"][0], " ") + " " + strconv.Itoa(grade), n
		}
	}
	return "", 0
}

// maxNumber is the largest number the reader takes from a request: any longer run of digits
// ("99999999999999999999 questions each") is read as it. Every count, range and size read is
// then small enough that a sum over a request's numbers cannot wrap, and the sheet's own
// limits (capCounts, bounded) take it from there.
const maxNumber = 1_000_000_000

// atoi reads a number as written, saturating at ±maxNumber ("" and non-numbers are 0).
func atoi(s string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0
	}
	return max(-maxNumber, min(n, maxNumber))
}

// addCount adds two counts, saturating at maxNumber: a sheet's total of many sections.
func addCount(a, b int) int { return min(a+b, maxNumber) }

// bound keeps what a request read within what one sheet can use: counts within maxNumber
// (atoi's bound; sums of them saturate) and the numbers' sizes as bounded says.
func (q *request) bound() {
	for i := range q.sections {
		q.sections[i].count = max(0, min(q.sections[i].count, maxNumber))
	}
	q.p = bounded(q.p)
}

// bounded is p within what one sheet can use, whether read from a request or from a stored
// spec anyone could have written: digits to 9 (a row's width), ranges and bills to
// maxNumber, at most 20 distinct tables from 1 to 100, data sets of up to 100 numbers.
func bounded(p skills.Params) skills.Params {
	p.Grade = max(0, min(p.Grade, 9))
	p.Level = max(-1, min(p.Level, 2))
	p.Digits, p.Digits2 = max(0, min(p.Digits, 9)), max(0, min(p.Digits2, 9))
	p.Max = max(0, min(p.Max, maxNumber))
	p.Bill = max(0, min(p.Bill, maxNumber))
	p.Size = max(0, min(p.Size, 100))
	p.Step = max(0, min(p.Step, 60))
	p.RoundTo = slices.DeleteFunc(p.RoundTo, func(u int64) bool {
		return u != 10 && u != 100 && u != 1000 && u != 10000 && u != 100000
	})
	var tables []int64 // each once, in the order said
	for _, t := range p.Tables {
		if t >= 1 && t <= 100 && len(tables) < 20 && !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	p.Tables = tables
	return p
}
