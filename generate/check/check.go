// Package check verifies the answers of a worksheet document by computation (Document):
// wherever a question is plain arithmetic, a fraction operation, rounding, place value, a
// percent or a one-variable linear equation, its answer is computed, corrected if wrong, and
// marked Checked, which the key shows as a ✓.
package check

import "math/big"

// Change records one corrected answer. Question is 1-based; Part is 1-based, 0 for the
// question itself.
type Change struct {
	Question int
	Part     int
	Was, Now string
}

// readableSolution reports whether a solution states a value the problem can judge: "forty-two",
// "B" or a rounded "0.67" is neither confirmed nor replaced.
func readableSolution(p problem, sol string) bool {
	unknown := ""
	switch p := p.(type) {
	case equation:
		unknown = p.unknown
	case evaluation:
		unknown = p.name
	}
	switch p := p.(type) {
	case arithmetic, percentProblem, equation, evaluation:
		g, ok := readAnswer(sol, unknown)
		return ok && !approximates(problemValue(p), g)
	case interface{ readable(string) bool }: // quantities, comparisons, expanded forms
		return p.readable(sol)
	}
	return false
}

// statesValue reports whether a solution's working states the value anywhere (v not nil).
func statesValue(sol string, v *big.Rat) bool {
	for _, g := range values(cleanSolution(sol)) {
		if g.val.Cmp(v) == 0 {
			return true
		}
	}
	return false
}
