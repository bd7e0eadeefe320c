package check

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"sheetsmith/worksheet"
)

// TestCheckedMeansComputed writes random documents of computable and trap questions with
// right, wrong and misleading answers, and holds the checker to its promise: an answer marked
// checked is the value computed from its question, and a given value never comes back as the
// answer for another variable.
func TestCheckedMeansComputed(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	type want struct {
		truth   string // the right value; "" when the question must stay unchecked
		trap    string // a value that must never be the checked answer
		checked bool
	}
	for round := 0; round < 300; round++ {
		var blocks []worksheet.Block
		var wants []want
		for range 1 + r.IntN(8) {
			var text, truth, trap string
			computable := true
			switch r.IntN(5) {
			case 0: // arithmetic
				a, b := r.IntN(500), 1+r.IntN(50)
				text, truth = fmt.Sprintf(`$%d + %d = $`, a, b), strconv.Itoa(a+b)
			case 1: // evaluation: y = mx + c at x = k
				m, c, k := 1+r.IntN(9), r.IntN(20), 1+r.IntN(9)
				text = fmt.Sprintf(`If $y = %dx + %d$, find $y$ when $x = %d$.`, m, c, k)
				truth, trap = strconv.Itoa(m*k+c), strconv.Itoa(k)
			case 2: // the trap with nothing to compute y from
				k := 1 + r.IntN(9)
				text, trap, computable = fmt.Sprintf(`Find the value of $y$ when $x = %d$.`, k), strconv.Itoa(k), false
			case 3: // percent
				p, n := 5*(1+r.IntN(19)), 20*(1+r.IntN(20))
				text, truth = fmt.Sprintf(`What is %d%% of %d?`, p, n), formatPercent(p*n)
			case 4: // a word problem: never computed
				text, computable = fmt.Sprintf(`Sam has %d marbles and finds %d more. How many now?`, r.IntN(50), r.IntN(50)), false
			}
			answers := []string{truth, strconv.Itoa(r.IntN(1000)), ""}
			if trap != "" {
				answers = append(answers, trap, "x = "+trap)
			}
			answer := answers[r.IntN(len(answers))]
			blocks = append(blocks, short(text, answer))
			wants = append(wants, want{truth: truth, trap: trap, checked: computable})
		}
		doc := docOf(blocks...)
		Document(doc)
		for i, w := range wants {
			a := doc.Blocks[i].Question.Answer
			q := doc.Blocks[i].Question.Text
			switch {
			case a.Checked && !w.checked:
				t.Fatalf("%s: marked checked (%q) though it cannot be computed", q, a.Value)
			case w.checked && !a.Checked:
				t.Fatalf("%s: a computable answer %q was left unchecked", q, a.Value)
			case a.Checked && plainValue(a.Value) != w.truth:
				t.Fatalf("%s: checked answer %q, the truth is %s", q, a.Value, w.truth)
			case a.Checked && w.trap != "" && w.trap != w.truth && plainValue(a.Value) == w.trap:
				t.Fatalf("%s: the given value %s came back as the answer", q, w.trap)
			}
		}
	}
}

func formatPercent(hundredths int) string {
	if hundredths%100 == 0 {
		return strconv.Itoa(hundredths / 100)
	}
	return strconv.FormatFloat(float64(hundredths)/100, 'f', -1, 64)
}

// plainValue is the number in "y = 14" or "14".
func plainValue(v string) string {
	if m := namedValue.FindStringSubmatch(v); m != nil {
		return m[2]
	}
	return v
}
