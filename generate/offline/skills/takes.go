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

// Holds reports whether the skill's questions at a grade hold another skill's form ("with exponents").
func (s *Skill) Holds(form string, grade int) bool {
	g, ok := s.HoldsFrom[form]
	return ok && grade >= g
}

// OperatesFrom is the level from which the skill's questions operate on its numbers, if they do.
func (s *Skill) OperatesFrom() (int, bool) {
	if s.OperatesAt == nil {
		return 0, false
	}
	return *s.OperatesAt, true
}

// Takes reports whether the skill's questions honour a constraint (one of the Takes… kinds).
func (s *Skill) Takes(kind string) bool { return slices.Contains(s.Constraints, kind) }

// Constraints is every constraint kind, in a fixed order.
func Constraints() []string {
	return []string{TakesMax, TakesDigits, TakesDigits2, TakesTables, TakesRoundTo, TakesRemainders, TakesRegroup,
		TakesVertical, TakesStep, TakesUnits, TakesLike, TakesZeros, TakesBill, TakesPi, TakesSize, TakesWhole}
}
