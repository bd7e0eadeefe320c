package offline

import (
	"regexp"
	"strconv"
	"strings"
)

var numberWords = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
	"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000, "single": 1,
}

var ordinalWords = map[string]string{
	"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6",
	"seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10", "eleventh": "11", "twelfth": "12",
}

var (
	tensUnits   = regexp.MustCompile(`\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-](one|two|three|four|five|six|seven|eight|nine)\b`)
	wordNumber  = regexp.MustCompile(`\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|single)\b`)
	aHundred    = regexp.MustCompile(`\b(?:a|one)\s+(hundred|thousand)\b`)
	timesWord   = regexp.MustCompile(`\b(\d+)\s+(hundred|thousand)\b`)
	dozen       = regexp.MustCompile(`\b(?:(\d+)\s+)?(?:a\s+)?dozen\b`)
	ordinalRe   = regexp.MustCompile(`\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)(\s+grade|\s+graders?|\s+class)\b`)
	gradeOrd    = regexp.MustCompile(`\b(\d+)(?:st|nd|rd|th)\b`)
	digitGroups = regexp.MustCompile(`(\d),(\d{3})\b`)
	timesSign   = regexp.MustCompile(`(\d)\s*[x*]\s*(\d)`)
	spacedDigit = regexp.MustCompile(`\b(\d)[\s-]+digits?\b`)
)

// normalisePrompt lower-cases a request and writes every number in digits: "Twenty two-digit
// sums up to one thousand" → "20 2-digit sums up to 1000".
func normalisePrompt(p string) string {
	s := strings.ToLower(p)
	s = strings.NewReplacer("×", " x ", "÷", " / ", "’", "'", "–", "-", "—", " ", "…", " ").Replace(s)
	s = ordinalRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := ordinalRe.FindStringSubmatch(m)
		return ordinalWords[sub[1]] + sub[2]
	})
	s = tensUnits.ReplaceAllStringFunc(s, func(m string) string {
		sub := tensUnits.FindStringSubmatch(m)
		return strconv.Itoa(numberWords[sub[1]] + numberWords[sub[2]])
	})
	s = aHundred.ReplaceAllString(s, "$1")
	s = wordNumber.ReplaceAllStringFunc(s, func(m string) string { return strconv.Itoa(numberWords[m]) })
	s = timesWord.ReplaceAllStringFunc(s, func(m string) string {
		sub := timesWord.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sub[1])
		return strconv.Itoa(n * numberWords[sub[2]])
	})
	s = dozen.ReplaceAllStringFunc(s, func(m string) string {
		sub := dozen.FindStringSubmatch(m)
		n := 1
		if sub[1] != "" {
			n, _ = strconv.Atoi(sub[1])
		}
		return strconv.Itoa(12 * n)
	})
	for digitGroups.MatchString(s) {
		s = digitGroups.ReplaceAllString(s, "$1$2")
	}
	s = gradeOrd.ReplaceAllString(s, "$1")
	s = spacedDigit.ReplaceAllString(s, "$1-digit")
	s = strings.NewReplacer("double digit", "2-digit", "double-digit", "2-digit", "triple digit", "3-digit", "triple-digit", "3-digit").Replace(s)
	s = timesSign.ReplaceAllString(s, "$1 x $2")
	return strings.Join(strings.Fields(s), " ")
}

func atoi(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
