package check

import (
	"regexp"
	"strings"
)

// In most languages other than English a comma is the decimal sign: in a Spanish sheet
// "$3{,}5$" is three and a half and "1.250" may be one thousand two hundred and fifty. The
// reader takes "," and "{,}" for thousands and "." for the decimal point, so where a sheet's
// language may mean the other way round, a number written with either is left unchecked.

// pointLanguages write the decimal point as English does.
var pointLanguages = map[string]bool{"": true, "en": true, "zh": true, "ja": true, "ko": true, "th": true, "he": true, "hi": true}

// ambiguousNumber: "3,5", "3{,}5", "1,250", "1.250": a separator either language could mean.
var ambiguousNumber = regexp.MustCompile(`\d\s*(?:\{,\}|,)\s*\d|\d\.\d{3}(?:\D|$)`)

// separatorsAmbiguous reports whether, in a sheet of this language, the question or its
// answers write a number whose separator could be read either way.
func separatorsAmbiguous(language string, texts ...string) bool {
	lang, _, _ := strings.Cut(strings.ToLower(language), "-")
	if pointLanguages[lang] {
		return false
	}
	for _, t := range texts {
		if ambiguousNumber.MatchString(t) {
			return true
		}
	}
	return false
}

// decimalComma: a comma (or "{,}") followed by other than three digits is a decimal comma,
// never a thousands separator: "3{,}5", "4,75". The reader takes commas for thousands, so a
// question or an answer written so is not read.
var decimalComma = regexp.MustCompile(`\d(?:\{,\}|,)(?:\d{1,2}|\d{4,})(?:\D|$)`)
