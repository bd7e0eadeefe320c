// Package en is English's grammar: its numbers ("twenty-five", "two hundred"). Its school
// years ("3rd grade", "year 4", "kindergarten") are words of words.json.
package en

import "sheetsmith/generate/offline/lang"

// Grammar is English's.
var Grammar lang.Grammar = grammar{lang.Additive{Scales: map[string]int64{"hundred": 100, "thousand": 1000}}}

type grammar struct{ lang.Additive }

func (grammar) Grade([]string, int) (int, int) { return 0, 0 }

// Say writes "forty-five", "three hundred six".
func (grammar) Say(n int64) string { return speller.Say(n) }

var speller = lang.Speller{
	Ones: []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"},
	Tens:     []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"},
	Hundred:  "hundred",
	TensJoin: "-",
	Join:     " ",
}
