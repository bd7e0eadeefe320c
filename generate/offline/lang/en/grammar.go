// Package en is English's grammar: its numbers ("twenty-five", "two hundred"). Its school
// years ("3rd grade", "year 4", "kindergarten") are words of words.json.
package en

import "sheetsmith/generate/offline/lang"

// Grammar is English's.
var Grammar lang.Grammar = grammar{lang.Additive{Scales: map[string]int64{"hundred": 100, "thousand": 1000}}}

type grammar struct{ lang.Additive }

func (grammar) Grade([]string, int) (int, int) { return 0, 0 }

var (
	ones = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
)

// Say writes "forty-five", "three hundred six".
func (g grammar) Say(n int64) string {
	switch {
	case n < 20:
		return ones[n]
	case n < 100:
		if n%10 == 0 {
			return tens[n/10]
		}
		return tens[n/10] + "-" + ones[n%10]
	}
	s := ones[n/100] + " hundred"
	if n%100 != 0 {
		s += " " + g.Say(n%100)
	}
	return s
}
