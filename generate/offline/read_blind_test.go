package offline

import (
	"slices"
	"testing"
)

// leftOutIs checks the parts a request names that the sheet leaves out, and that nothing of
// them is said to be unhonoured layout or an unknown item.
func leftOutIs(parts ...string) func(request) string {
	return func(q request) string {
		return want(slices.Equal(q.leftOut, parts) && len(q.unsupported) == 0 && len(q.unknown) == 0,
			"left out %q, unsupported %q, unknown %q", q.leftOut, q.unsupported, q.unknown)
	}
}

// Rules read from the blind corpus run: shorthand, parts left out, stray words, counts.
var blindPhrasings = []phrasing{
	// shorthand
	{"k subtraction w/in 10", []string{"subtraction"}, []int{20}, 0, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"pythag thm 10 probs", []string{"pythagorean-theorem"}, []int{10}, -1, nil},
	{"div w/ no rem, 12 probs", []string{"division"}, []int{12}, -1, func(q request) string {
		return want(q.p.Remainders != nil && !*q.p.Remainders, "remainders %v", q.p.Remainders)
	}},
	{"equiv fractions, lrg print", []string{"equivalent-fractions"}, []int{20}, -1, func(q request) string { return want(q.large, "not large") }},
	// a part the sheet cannot hold, said to come with the skills, is left out and named
	{"12 division facts with a maze", []string{"division"}, []int{12}, -1, leftOutIs("maze")},
	{"20 addition facts with a color by number picture", []string{"addition"}, []int{20}, -1, leftOutIs("color by number")},
	{"10 subtraction problems and also some questions about lines of symmetry", []string{"subtraction"}, []int{10}, -1, leftOutIs("lines of symmetry")},
	{"probability with tree diagrams", nil, nil, -1, nil}, // a way of working the skill: refused (checked below)
	// "add a …" adds a thing, no addition
	{"8 multiplying fractions, and please add a coloring page", []string{"multiply-fractions"}, []int{8}, -1, leftOutIs("coloring")},
	// things a skill's questions are told about are no unknown items
	{"probability questions with spinners and bags of marbles", []string{"probability"}, []int{20}, -1, leftOutIs()},
	// counts
	{"one of my students needs 15 division facts", []string{"division"}, []int{15}, -1, nil},
	{"3 of our kids need 12 subtraction problems", []string{"subtraction"}, []int{12}, -1, nil},
	{"addition and subtraction, 6 and 8", []string{"addition", "subtraction"}, []int{6, 8}, -1, nil},
	{"she is learning rounding, can you make 12 easy ones", []string{"rounding"}, []int{12}, -1, nil},
	{"12 solving quadratics by factoring and 6 using the quadratic formula", []string{"quadratic-equations"}, []int{12}, -1, leftOutIs("quadratic formula")},
	{"4 adding fractions with unlike denominators, 6 dividing decimals", []string{"add-fractions", "divide-decimals"}, []int{4, 6}, -1, nil},
	{"we start a measurement unit. I need 15 metric conversion problems", []string{"unit-conversions"}, []int{15}, -1, nil},
	// a topic named in a sentence with no number, then asked for in a later one with counts
	{"My son struggles with multiplication. Can you make 10 multi-digit multiplication problems?", []string{"multi-digit-multiplication"}, []int{10}, -1, nil},
	{"We are working on fractions and decimals. Make 6 decimal additions and 6 decimals to fractions.", []string{"add-decimals", "decimal-to-fraction"}, []int{6, 6}, -1, nil},
	// a section named in context, counted where it is named again, takes that place
	{"We are working on subtraction. Please make 10 addition problems and 10 subtraction problems.", []string{"addition", "subtraction"}, []int{10, 10}, -1, nil},
}

func TestSentencesOf(t *testing.T) {
	toks := []string{"we", "are", "doing", "money", "i", "need", "8", "problems", "and", "1", "more"}
	got := sentencesOf("We are doing money. I need 8 problems\nand one more?", toks)
	if w := []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2}; !slices.Equal(got, w) {
		t.Errorf("sentences %v, want %v", got, w)
	}
}

func TestBlindPhrasings(t *testing.T) {
	for _, c := range blindPhrasings {
		if c.skills == nil {
			if q := read(c.prompt); q.refused == "" {
				t.Errorf("%q: not refused", c.prompt)
			}
			continue
		}
		if p := readWrong(c); p != "" {
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
}
