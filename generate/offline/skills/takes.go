package skills

import "slices"

// The constraints a request can set on a section's questions (fields of Params). A request's
// reader fills them from the words it finds; a section whose skill does not take a constraint
// ignores it, and the reply names the words it did not use.
const (
	TakesMax        = "max"        // "within 20", "up to 100", "from 50 to 100", "denominators up to 12"
	TakesDigits     = "digits"     // "3-digit numbers"
	TakesDigits2    = "digits2"    // "by 1-digit numbers", "2-digit divisors"
	TakesTables     = "tables"     // "the 7 times table", "count by 5s"
	TakesRoundTo    = "round"      // "to the nearest hundred"
	TakesRemainders = "remainders" // "no remainders"
	TakesRegroup    = "regroup"    // "with regrouping"
	TakesVertical   = "vertical"   // "stacked", "vertical"
	TakesStep       = "step"       // clocks "to the quarter hour"
	TakesUnits      = "units"      // "metric", "customary"
	TakesLike       = "like"       // "like denominators", "unlike denominators"
	TakesZeros      = "zeros"      // "subtraction across zeros"
	TakesBill       = "bill"       // "pays with a $20 bill"
	TakesPi         = "pi"         // "use 3.14 for pi", "in terms of pi"
	TakesSize       = "size"       // "data sets of 7 numbers"
	TakesWhole      = "whole"      // "the answers should be integers", "whole-number answers"
)

// takes is every skill's declaration of the constraints it honours, by constraint.
var takes = map[string][]string{
	TakesMax: {"addition", "subtraction", "missing-addend", "missing-subtrahend", "number-bonds", "compare-numbers",
		"order-numbers", "count-objects", "even-odd", "number-words", "roman-numerals", "multiplication", "division",
		"word-problems-add-sub", "word-problems-mul-div", "word-problems-two-step",
		"add-integers", "subtract-integers", "multiply-integers", "divide-integers",
		"equivalent-fractions", "simplify-fractions", "compare-fractions", "add-fractions", "subtract-fractions",
		"multiply-fractions", "divide-fractions", "mixed-to-improper", "improper-to-mixed", "fraction-of-a-number",
		"rounding", "area-rectangles", "perimeter-rectangles", "volume", "square-roots", "prime-factorization"},
	TakesDigits: {"addition", "subtraction", "missing-addend", "compare-numbers", "multiplication", "division", "division-remainders",
		"long-division", "multi-digit-multiplication", "rounding", "place-value", "expanded-form", "standard-form", "place-value-chart"},
	TakesDigits2:    {"addition", "subtraction", "long-division", "multi-digit-multiplication"},
	TakesTables:     {"multiplication", "division", "division-remainders", "skip-counting"},
	TakesRoundTo:    {"rounding"},
	TakesRemainders: {"long-division", "division-remainders", "division"}, // the last two always have them, or never
	TakesRegroup:    {"addition", "subtraction"},
	TakesVertical:   {"addition", "subtraction", "multiplication", "multi-digit-multiplication", "long-division"}, // the last two always stack
	TakesStep:       {"telling-time"},
	TakesUnits:      {"unit-conversions"},
	TakesLike:       {"add-fractions", "subtract-fractions"},
	TakesZeros:      {"subtraction"},
	TakesBill:       {"making-change"},
	TakesPi:         {"circle-area", "circle-circumference"},
	TakesSize:       {"mean-median-mode"},
	// answers always whole numbers or integers (long division's once it has no remainders)
	TakesWhole: {"addition", "subtraction", "missing-addend", "missing-subtrahend", "multiplication", "division",
		"multi-digit-multiplication", "long-division", "add-integers", "subtract-integers", "multiply-integers",
		"divide-integers", "one-step-equations", "two-step-equations", "multi-step-equations", "systems-of-equations"},
}

// holds is what a skill's questions already hold of another kind, from a grade on: order of
// operations has powers from 6.EE.A.1, so "include exponents" asks nothing it does not do.
var holds = map[string]map[string]int{"order-of-operations": {"exponents": 6}}

// Holds reports whether the skill's questions at a grade hold another skill's form ("with exponents").
func (s *Skill) Holds(form string, grade int) bool {
	g, ok := holds[s.ID][form]
	return ok && grade >= g
}

// operatesFrom is the level from which a skill's questions operate on its numbers (scientific
// notation multiplies from the hard level), for a request that asks for operations.
var operatesFrom = map[string]int{"scientific-notation": 1}

// OperatesFrom is the level from which the skill's questions operate on its numbers, if they do.
func (s *Skill) OperatesFrom() (int, bool) { l, ok := operatesFrom[s.ID]; return l, ok }

// Takes reports whether the skill's questions honour a constraint (one of the Takes… kinds).
func (s *Skill) Takes(kind string) bool { return slices.Contains(takes[kind], s.ID) }

// Constraints is every constraint kind, in a fixed order.
func Constraints() []string {
	return []string{TakesMax, TakesDigits, TakesDigits2, TakesTables, TakesRoundTo, TakesRemainders, TakesRegroup,
		TakesVertical, TakesStep, TakesUnits, TakesLike, TakesZeros, TakesBill, TakesPi, TakesSize, TakesWhole}
}
