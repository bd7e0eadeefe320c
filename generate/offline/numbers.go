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

// tensJoins join tens and units: "treinta y cinco".
var tensJoins = wordSet("tens joins")

// numbersToDigits writes the number words of every language as digits, in a folded request:
// "twenty five two-digit sums" → "25 2-digit sums", "treinta y cinco" → "35", "a dozen" → "12".
func numbersToDigits(s string) string {
	words := strings.Fields(s)
	var out []string
	value := func(w string) (int64, bool) {
		for _, code := range langOrder {
			if n, ok := langs[code].numbers[w]; ok {
				return n, true
			}
		}
		return 0, false
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if hyphenated.MatchString(w) { // "twenty-five", "two-digit", "one-step"
			parts := strings.Split(w, "-")
			n0, ok0 := value(parts[0])
			if len(parts) == 2 {
				if n1, ok1 := value(parts[1]); ok0 && ok1 && n0 >= 20 && n0%10 == 0 && n1 < 10 {
					out = append(out, strconv.FormatInt(n0+n1, 10))
					continue
				}
			}
			if ok0 && n0 != 12 {
				parts[0] = strconv.FormatInt(n0, 10)
			}
			out = append(out, strings.Join(parts, "-"))
			continue
		}
		n, ok := value(w)
		if !ok {
			out = append(out, w)
			continue
		}
		// tens and units: "twenty five", "treinta y cinco"
		if n >= 20 && n < 100 && n%10 == 0 && i+1 < len(words) {
			j := i + 1
			if tensJoins[words[j]] && j+1 < len(words) {
				j++
			}
			if u, ok := value(words[j]); ok && u >= 1 && u <= 9 {
				n += u
				i = j
			}
		}
		// "two hundred", "3 hundred", "two thousand"
		if i+1 < len(words) && n < 100 {
			if k := wordValue("number multipliers", words[i+1]); k == 100 && n < 10 || k == 1000 {
				n *= k
				i++
			}
		}
		out = append(out, strconv.FormatInt(n, 10))
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
