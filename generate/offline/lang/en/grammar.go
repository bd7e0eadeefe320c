// Package en is English's grammar: its numbers ("twenty-five", "two hundred"). Its school
// years ("3rd grade", "year 4", "kindergarten") are words of words.json.
package en

import "sheetsmith/generate/offline/lang"

// Grammar is English's.
var Grammar lang.Grammar = grammar{lang.Additive{Scales: map[string]int64{"hundred": 100, "thousand": 1000}}}

type grammar struct{ lang.Additive }

func (grammar) Grade([]string, int) (int, int) { return 0, 0 }
