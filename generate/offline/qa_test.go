package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// qaPhrasings are requests written in a second round of trying the engine as teachers and
// parents would, none of them in the first table: the parser must read every one right too.
var qaPhrasings = []phrasing{
	{"my kid needs practice with subtraction, she's in 2nd grade", []string{"subtraction"}, []int{20}, 2, nil},
	{"3rd grade multiplication facts, 30 problems", []string{"multiplication"}, []int{30}, 3, nil},
	{"second graders: adding 2 digit numbers", []string{"addition"}, []int{20}, 2, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	{"kinder counting objects", []string{"count-objects"}, []int{12}, 0, nil},
	{"addition to 5 for kinder", []string{"addition"}, []int{20}, 0, func(q request) string { return want(q.p.Max == 5, "max %d", q.p.Max) }},
	{"twelve fraction of a number questions for 5th grade", []string{"fraction-of-a-number"}, []int{12}, 5, nil},
	{"twenty-four subtraction with regrouping", []string{"subtraction"}, []int{24}, -1, func(q request) string { return want(q.p.Regroup != nil && *q.p.Regroup, "regroup") }},
	{"a couple dozen division facts", []string{"division"}, []int{24}, -1, nil},
	{"half a dozen long division problems", []string{"long-division"}, []int{6}, -1, nil},
	{"thirty-six multiplication facts for grade three", []string{"multiplication"}, []int{36}, 3, nil},
	{"10 multiplying fractions and 10 dividing fractions, 6th grade", []string{"multiply-fractions", "divide-fractions"}, []int{10, 10}, 6, nil},
	{"8 one step equations, 8 two step equations and 4 multi step equations", []string{"one-step-equations", "two-step-equations", "multi-step-equations"}, []int{8, 8, 4}, -1, nil},
	{"even and odd plus skip counting by 2s for first grade", []string{"even-odd", "skip-counting"}, []int{10, 10}, 1, nil},
	{"6 of each: area, perimeter, volume", []string{"area-rectangles", "perimeter-rectangles", "volume"}, []int{6, 6, 6}, -1, nil},
	{"mixed review for 5th grade: long division, adding decimals, and simplifying fractions", []string{"long-division", "add-decimals", "simplify-fractions"}, []int{5, 10, 10}, 5, nil},
	{"number bonds and fact families for 1st grade", []string{"number-bonds", "fact-families"}, []int{6, 10}, 1, nil},
	{"ratios and proportions 7th grade", []string{"ratios", "proportions"}, []int{10, 10}, 7, nil},
	{"5 rounding to the nearest ten and 5 to the nearest hundred", []string{"rounding"}, []int{10}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{10, 100}), "round to %v", q.p.RoundTo)
	}},
	{"multiplcation and divison facts", []string{"multiplication", "division"}, []int{10, 10}, -1, nil},
	{"equivalant fractions for 4th grade", []string{"equivalent-fractions"}, []int{20}, 4, nil},
	{"eliapsed time", []string{"elapsed-time"}, []int{20}, -1, nil},
	{"take away facts within 5 for kinder", []string{"subtraction"}, []int{20}, 0, func(q request) string {
		return want(q.fewer == 0 && q.p.Max == 5, "fewer %d, max %d", q.fewer, q.p.Max)
	}},
	{"telling tme to the nearest 5 minutes", []string{"telling-time"}, []int{12}, -1, func(q request) string { return want(q.p.Step == 5, "step %d", q.p.Step) }},
	{"expaned form grade 2", []string{"expanded-form"}, []int{20}, 2, nil},
	{"2 digit additon with carrying", []string{"addition"}, []int{20}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Regroup != nil && *q.p.Regroup, "digits/regroup")
	}},
	{"my daughter is struggling with fractions, she is in 4th grade", []string{"simplify-fractions", "add-fractions", "subtract-fractions", "compare-fractions"}, []int{10, 10, 10, 10}, 4, nil},
	{"can I get a worksheet on rounding for my 3rd grader", []string{"rounding"}, []int{20}, 3, nil},
	{"homework for a 7 year old, adding and taking away", []string{"addition", "subtraction"}, []int{10, 10}, 1, nil},
	{"just some basic times tables please", []string{"multiplication"}, []int{20}, -1, nil},
	{"Need a quick warm up on integers for 7th", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{10, 10, 10, 10}, 7, nil},
	{"something to practise the 9 times table", []string{"multiplication"}, []int{20}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{9}), "tables %v", q.p.Tables) }},
	{"money word problems grade 2", []string{"money-word-problems"}, []int{20}, 2, nil},
	{"writing numbers in standard form", []string{"standard-form"}, []int{20}, -1, nil},
	{"comparing fractions using greater than less than", []string{"compare-fractions"}, []int{20}, -1, nil},
	{"order numbers from least to greatest", []string{"order-numbers"}, []int{20}, -1, nil},
	{"converting fractions to decimals", []string{"fraction-to-decimal"}, []int{20}, -1, nil},
	{"percents to decimals and fractions", []string{"percent-conversions"}, []int{20}, -1, nil},
	{"find the percent of a number, 15 problems", []string{"percent-of"}, []int{15}, -1, nil},
	{"improper fractions to mixed numbers for grade 4", []string{"improper-to-mixed"}, []int{20}, 4, nil},
	{"metric conversions", []string{"unit-conversions"}, []int{20}, -1, nil},
	{"volume of rectangular prisms grade 5", []string{"volume"}, []int{12}, 5, nil},
	{"solving inequalities and graphing them on a number line", []string{"inequalities"}, []int{12}, -1, nil},
	{"unit rate problems for 6th grade", []string{"unit-rates"}, []int{20}, 6, nil},
	{"missing number subtraction for 1st grade", []string{"missing-subtrahend"}, []int{20}, 1, nil},
	{"write the number in words", []string{"number-words"}, []int{20}, -1, nil},
	{"3 versions of a 20 question multiplication quiz for grade 4", []string{"multiplication"}, []int{20}, 4, func(q request) string { return want(q.versions == 3, "versions %d", q.versions) }},
	{"two versions, 10 two step equations", []string{"two-step-equations"}, []int{10}, -1, func(q request) string { return want(q.versions == 2, "versions %d", q.versions) }},
	{"40 addition facts in 4 columns", []string{"addition"}, []int{40}, -1, func(q request) string { return want(q.columns == 4, "columns %d", q.columns) }},
	{"challenging long division for advanced 4th graders", []string{"long-division"}, []int{10}, 4, func(q request) string { return want(q.level == 2, "level %d", q.level) }},
	// Spanish
	{"mi hijo necesita practicar las restas, está en segundo", []string{"subtraction"}, []int{20}, 2, lng("es")},
	{"veinte multiplicaciones para tercero", []string{"multiplication"}, []int{20}, 3, lng("es")},
	{"ecuaciones de un paso y de dos pasos, 8 de cada", []string{"one-step-equations", "two-step-equations"}, []int{8, 8}, -1, lng("es")},
	{"fracciones equivalentes para cuarto de primaria, letra grande", []string{"equivalent-fractions"}, []int{20}, 4, func(q request) string { return lng("es")(q) + want(q.large, "large") }},
	{"sumas y restas hasta 10 para preescolar", []string{"addition", "subtraction"}, []int{10, 10}, 0, func(q request) string { return lng("es")(q) + want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"problemas de dinero", []string{"counting-money"}, []int{20}, -1, lng("es")},
	{"valor posicional para tercero", []string{"place-value"}, []int{20}, 3, lng("es")},
	{"perimetro de rectangulos", []string{"perimeter-rectangles"}, []int{12}, -1, lng("es")},
	{"decimales: sumar y restar, 10 de cada", []string{"add-decimals", "subtract-decimals"}, []int{10, 10}, -1, lng("es")},
	{"quiero 3 versiones de un examen de fracciones equivalentes", []string{"equivalent-fractions"}, []int{20}, -1, func(q request) string { return lng("es")(q) + want(q.versions == 3, "versions %d", q.versions) }},
	{"desigualdades para septimo grado", []string{"inequalities"}, []int{12}, 7, lng("es")},
	{"multiplicacion de fracciones, doce ejercicios", []string{"multiply-fractions"}, []int{12}, -1, lng("es")},
	{"numeros pares e impares para primero", []string{"even-odd"}, []int{20}, 1, lng("es")},
	{"la hora en punto y media hora para primer grado", []string{"telling-time"}, []int{12}, 1, lng("es")},
}

func TestParserReadsQAPhrasings(t *testing.T) {
	if len(qaPhrasings) < 60 {
		t.Errorf("only %d phrasings", len(qaPhrasings))
	}
	for _, c := range qaPhrasings {
		if slices.ContainsFunc(phrasings, func(p phrasing) bool { return p.prompt == c.prompt }) {
			t.Errorf("%q is in the first table already", c.prompt)
		}
	}
	wrong := 0
	for _, c := range qaPhrasings {
		if p := readWrong(c); p != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
	t.Logf("%d of %d QA phrasings read right", len(qaPhrasings)-wrong, len(qaPhrasings))
}

// readWrong says what the parser got wrong about one phrasing, or "".
func readWrong(c phrasing) string {
	q := read(c.prompt)
	var got []string
	for _, s := range q.sections {
		got = append(got, s.skill)
	}
	counts := sectionCounts(q)
	var problems []string
	if !slices.Equal(got, c.skills) {
		problems = append(problems, fmt.Sprintf("skills %v, want %v", got, c.skills))
	} else if !slices.Equal(counts, c.counts) {
		problems = append(problems, fmt.Sprintf("counts %v, want %v", counts, c.counts))
	}
	if q.grade != c.grade {
		problems = append(problems, fmt.Sprintf("grade %d, want %d", q.grade, c.grade))
	}
	if q.refused != "" {
		problems = append(problems, "refused "+q.refused)
	}
	if c.check != nil {
		if p := c.check(q); p != "" {
			problems = append(problems, p)
		}
	}
	return strings.Join(problems, "; ")
}

// What the second round of trying found in the documents themselves, beyond the reading.
func TestQADocuments(t *testing.T) {
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

// Follow-up edits as parents and teachers type them, each on the same first sheet: what the
// edited sheet must hold.
func TestQAFollowUps(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 addition problems within 20 for 1st grade")
	before := questionsOf(start.Document)
	for _, c := range []struct {
		prompt      string
		n, cols     int
		large       bool
		lang        string
		sameNumbers bool
	}{
		{"can you add five more", 25, 4, false, "en", true},
		{"take out the last 5", 15, 4, false, "en", true},
		{"put it in 3 columns", 20, 3, false, "en", true},
		{"bigger print please", 20, 2, true, "en", true},
		{"use 2 columns instead", 20, 2, false, "en", true},
		{"5 more please", 25, 4, false, "en", true},
		{"now in spanish", 20, 4, false, "es", true},
		{"otra versión", 20, 4, false, "en", false},
		{"make it 30 problems", 30, 4, false, "en", true},
		{"quita las ultimas 4", 16, 4, false, "en", true},
	} {
		d := writeOn(t, e, start.Body, c.prompt)
		qs := questionsOf(d.Document)
		s := d.Document.Settings
		same := strings.Join(qs[:min(len(qs), 15)], "|") == strings.Join(before[:15], "|")
		if len(qs) != c.n || s.Columns != c.cols || s.LargePrint != c.large || d.Document.Language != c.lang || same != c.sameNumbers {
			t.Errorf("%q: %d questions, %d columns, large %v, %s, same numbers %v", c.prompt, len(qs), s.Columns, s.LargePrint, d.Document.Language, same)
		}
	}
}
