package offline

import (
	"fmt"
	"strings"
	"testing"
)

// explainLines is the reading as --explain prints it: one span a line.
func explainLines(prompt string) string {
	var b strings.Builder
	for _, s := range read(prompt).reading {
		fmt.Fprintf(&b, "%d-%d %s %s %q\n", s.Start, s.End, s.Role, s.Rule, s.Text)
	}
	return b.String()
}

func TestRecordDebug(t *testing.T) {
	for _, p := range []string{
		"Please create a worksheet with 20 two-digit addition problems for grade 3, large print",
		"15 problems on percents. For example, 25 is what % of 56?",
		"1. 2x + 3 = 11\n2. 3x - 4 = 8\n3. x/2 = 5",
		"My class has been working on fractions, 10 adding fractions and a word search, A4 paper",
		"¿Puedes hacer 10 SUMAS de 3 cifras? Gracias",
		"area and circumference of circles, 12 problems, round answers to the nearest tenth",
	} {
		t.Log("\n" + p + "\n" + explainLines(p))
	}
}
