package offline

import (
	"fmt"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
)

// What the documents themselves hold, beyond the reading: questions that keep the promises of the words and levels asked.

// What the second round of trying found in the documents themselves, beyond the reading.
func TestDocumentsHoldWhatWasAsked(t *testing.T) {
	e := New(seeds())
	t.Run("take out the last 5 keeps the first fifteen", func(t *testing.T) {
		start := writeOn(t, e, "", "20 addition problems within 20 for 1st grade")
		before := questionsOf(start.Document)
		qs := questionsOf(writeOn(t, e, start.Body, "take out the last 5").Document)
		if len(qs) != 15 || strings.Join(qs, "|") != strings.Join(before[:15], "|") {
			t.Errorf("got %d questions", len(qs))
		}
	})
	t.Run("a changed question is said in a sentence", func(t *testing.T) {
		start := writeOn(t, e, "", "20 addition problems")
		if m := writeOn(t, e, start.Body, "make number 7 easier").Message; !strings.Contains(m, "Question 7 is easier. ") {
			t.Errorf("reply %q", m)
		}
	})
	t.Run("subtraction with regrouping regroups", func(t *testing.T) {
		d := writeOn(t, e, "", "twenty-four subtraction with regrouping")
		for _, q := range questionsOf(d.Document) {
			var a, b int64
			fmt.Sscanf(strings.Trim(q, "$"), "%d - %d =", &a, &b)
			if a < 10 || !borrowsIn(a, b) {
				t.Errorf("%q does not regroup", q)
			}
		}
	})
	t.Run("metric conversions are metric", func(t *testing.T) {
		d := writeOn(t, e, "", "metric conversions")
		for _, q := range questionsOf(d.Document) {
			if strings.Contains(q, "ft") || strings.Contains(q, "yd") || strings.Contains(q, "lb") || strings.Contains(q, "min") || strings.Contains(q, "qt") {
				t.Errorf("%q is not metric", q)
			}
		}
	})
	t.Run("elapsed time: one full stop after p.m.", func(t *testing.T) {
		d := writeOn(t, e, "", "20 elapsed time problems for grade 4")
		for _, q := range questionsOf(d.Document) {
			if strings.Contains(q, "..") {
				t.Errorf("%q", q)
			}
		}
	})
	t.Run("number bonds: the key writes the part in the empty circle", func(t *testing.T) {
		d := writeOn(t, e, "", "number bonds to 10")
		for _, b := range d.Document.Blocks {
			q := b.Question
			if q == nil {
				continue
			}
			empty := `\node[text=red!80!black] (b) at (0.9,-1.3) {};`
			full := `\node[text=red!80!black] (b) at (0.9,-1.3) {` + q.Answer.Value + `};`
			if q.Figure == nil || q.Answer.Figure == nil || !strings.Contains(q.Figure.LaTeX, empty) ||
				strings.Replace(q.Answer.Figure.LaTeX, full, empty, 1) != q.Figure.LaTeX || q.Space.Kind != "none" {
				t.Errorf("bond %q: sheet %v, key %v", q.Answer.Value, q.Figure, q.Answer.Figure)
			}
		}
	})
	t.Run("a remainder is written upright, spaced", func(t *testing.T) {
		d := writeOn(t, e, "", "long division with remainders for grade 4")
		for _, q := range d.Document.Blocks {
			if q.Question != nil && strings.Contains(q.Question.Answer.Value, "R") && q.Question.Answer.Kind != "text" {
				t.Errorf("answer %q is %s", q.Question.Answer.Value, q.Question.Answer.Kind)
			}
		}
	})
	t.Run("addition with regrouping within 20 makes a ten", func(t *testing.T) {
		d := writeOn(t, e, "", "addition within 20 with regrouping for 1st grade")
		for _, q := range questionsOf(d.Document) {
			var a, b int64
			fmtSscanf(strings.Trim(q, "$"), &a, &b)
			if a%10+b%10 < 10 || a+b > 20 {
				t.Errorf("%q does not make a ten within 20", q)
			}
		}
	})
}

func borrowsIn(a, b int64) bool {
	for ; b > 0; a, b = a/10, b/10 {
		if a%10 < b%10 {
			return true
		}
	}
	return false
}

// Each level of the Algebra 1 skills is what its comment promises a teacher: undefined
// slopes only at challenge and whole-number slopes on easy sheets; factored equations on easy
// quadratic sheets and fraction roots at challenge; a ≠ 1 when factoring at challenge;
// negative exponents only from challenge; easy scientific notation without negative powers;
// systems and absolute value equations without a solution only at challenge.
func TestAlgebra1LevelsKeepTheirPromises(t *testing.T) {
	items := func(id string, level int) []skills.Item {
		sk, _ := skills.Get(id)
		var out []skills.Item
		for seed := int64(1); seed <= 20; seed++ {
			out = append(out, sk.Questions(seed, 10, skills.Params{Grade: 9, Level: level}, nil, lang("en").T)...)
		}
		return out
	}
	count := func(its []skills.Item, f func(skills.Item) bool) int {
		n := 0
		for _, it := range its {
			if f(it) {
				n++
			}
		}
		return n
	}
	undefined := func(it skills.Item) bool { return it.Q.Answer.Value == "undefined" }
	for level := -1; level <= 1; level++ {
		if n := count(items("slope", level), undefined); n > 0 {
			t.Errorf("slope level %d: %d undefined slopes", level, n)
		}
		if n := count(items("exponent-properties", level), func(it skills.Item) bool { return strings.Contains(it.Q.Text, "^{-") }); n > 0 {
			t.Errorf("exponent rules level %d: %d negative exponents", level, n)
		}
	}
	if n := count(items("slope", 2), undefined); n == 0 {
		t.Errorf("no undefined slope at challenge")
	}
	if n := count(items("slope", -1), func(it skills.Item) bool { return strings.Contains(it.Q.Answer.Value, "/") }); n > 0 {
		t.Errorf("easy slopes: %d fractions", n)
	}
	if n := count(items("quadratic-equations", -1), func(it skills.Item) bool { return !strings.Contains(it.Q.Text, ")") }); n > 0 {
		t.Errorf("easy quadratics: %d not factored", n)
	}
	if n := count(items("quadratic-equations", 2), func(it skills.Item) bool { return strings.Contains(it.Q.Answer.Value, `\frac`) }); n == 0 {
		t.Errorf("challenge quadratics: no fraction roots")
	}
	if n := count(items("factoring-trinomials", 2), func(it skills.Item) bool { return strings.HasPrefix(it.Q.Text, "$x^{2}") }); n > 0 {
		t.Errorf("challenge factoring: %d with a = 1", n)
	}
	if n := count(items("exponent-properties", 2), func(it skills.Item) bool { return strings.Contains(it.Q.Text, "^{-") }); n == 0 {
		t.Errorf("challenge exponent rules: no negative exponents")
	}
	special := func(it skills.Item) bool { // no single solution
		return !strings.HasPrefix(it.Q.Answer.Value, "(") && !strings.HasPrefix(it.Q.Answer.Value, "x =")
	}
	if n := count(items("systems-of-equations", 1), special); n > 0 {
		t.Errorf("harder systems: %d without a single solution", n)
	}
	if n := count(items("systems-of-equations", 2), special); n == 0 {
		t.Errorf("challenge systems: never parallel lines or one line twice")
	}
	if n := count(items("absolute-value-equations", 1), special); n > 0 {
		t.Errorf("harder absolute value equations: %d without a solution", n)
	}
	if n := count(items("absolute-value-equations", 2), special); n == 0 {
		t.Errorf("challenge absolute value equations: never one without a solution")
	}
	if n := count(items("scientific-notation", -1), func(it skills.Item) bool { return strings.Contains(it.Q.Text+it.Q.Answer.Value, "^{-") }); n > 0 {
		t.Errorf("easy scientific notation: %d negative powers", n)
	}
}

// Grade 8 square roots are of perfect squares (8.EE.A.2); Algebra 1's mix in roots to simplify.
func TestSquareRootsFollowTheGrade(t *testing.T) {
	sk, _ := skills.Get("square-roots")
	radicals := func(grade int) int {
		n := 0
		for _, it := range sk.Questions(3, 40, skills.Params{Grade: grade}, nil, lang("en").T) {
			if strings.Contains(it.Q.Answer.Value, `\sqrt`) {
				n++
			}
		}
		return n
	}
	if g8, g9 := radicals(8), radicals(9); g8 != 0 || g9 < 10 {
		t.Errorf("radicals to simplify: %d of 40 at grade 8, %d at Algebra 1", g8, g9)
	}
}

// A skill asked for before the grade it is taught in is written at its easiest: whole-number
// slopes for grade 6, monic trinomials with positive terms for grade 7.
func TestAlgebraAskedEarlyIsEasy(t *testing.T) {
	qs := func(id string, grade int) []skills.Item {
		sk, _ := skills.Get(id)
		return sk.Questions(5, 30, skills.Params{Grade: grade}, nil, lang("en").T)
	}
	for _, it := range qs("slope", 6) {
		if strings.Contains(it.Q.Answer.Value, "/") || strings.Contains(it.Q.Text, "-") {
			t.Errorf("grade 6 slope: %q answered %q", it.Q.Text, it.Q.Answer.Value)
		}
	}
	for _, it := range qs("factoring-trinomials", 7) {
		if strings.Contains(it.Q.Text, "-") || !strings.HasPrefix(it.Q.Text, "$x^{2}") {
			t.Errorf("grade 7 factoring: %q", it.Q.Text)
		}
	}
}
