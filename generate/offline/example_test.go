package offline

import (
	"slices"
	"strings"
	"testing"
)

// An example sets the form of the questions, never a section, and its numbers are no counts;
// numbers inside a sentence ("one and two-step") name kinds, not counts.
func TestExampleSetsForm(t *testing.T) {
	for _, c := range []struct {
		prompt string
		skills []string
		counts []int
		digits int
	}{
		{"20 one-step equations like x + 5 = 12", []string{"one-step-equations"}, []int{20}, 0},
		{"equations such as 3x - 4 = 11, give me 15", []string{"two-step-equations"}, []int{15}, 0},
		{"15 multiplication problems such as 34 x 6", []string{"multi-digit-multiplication"}, []int{15}, 2},
		{"addition problems like 23 + 45, 20 of them", []string{"addition"}, []int{20}, 2},
		{"fractions like 3/4 + 1/8, ten problems", []string{"add-fractions"}, []int{10}, 0},
		{"problems like 2/3 of 24", []string{"fraction-of-a-number"}, nil, 0},
		{"evaluate 2^5, 3^4, that kind of thing, 12 problems", []string{"exponents"}, []int{12}, 0},
		{"order of operations like 3 + 4 × 2 - 1", []string{"order-of-operations"}, nil, 0},
		{"ecuaciones como 2x + 3 = 11, 10 ejercicios", []string{"two-step-equations"}, []int{10}, 0},
		{"one and two-step equations, 20 total", []string{"one-step-equations", "two-step-equations"}, []int{10, 10}, 0},
		// an example that fits no section named is named in the reply, not made a section
		{"10 clocks to read, like 3 + 4", []string{"telling-time"}, []int{10}, 0},
	} {
		q := read(c.prompt)
		spec, _ := fresh(q, 1)
		var got []string
		var counts []int
		for _, s := range spec.Sections {
			got = append(got, s.Skill)
			counts = append(counts, s.Count)
		}
		if !slices.Equal(got, c.skills) || c.counts != nil && !slices.Equal(counts, c.counts) {
			t.Errorf("%q: sections %v %v, want %v %v", c.prompt, got, counts, c.skills, c.counts)
		}
		if c.digits > 0 && spec.Sections[0].P.Digits != c.digits {
			t.Errorf("%q: digits %d, want %d", c.prompt, spec.Sections[0].P.Digits, c.digits)
		}
	}
	if q := read("10 clocks to read, like 3 + 4"); !slices.Contains(q.rest, "3 + 4") {
		t.Errorf("an example that fits no section is not named: %q", q.rest)
	}
}

// Numbers that are part of what is said are no counts: a decimal ("3.14"), a percent ("10%,
// 25% and 50%"); "0 through 5" and "del 2 al 5" are ranges; "round to the nearest tenth" said
// of another skill's answers is no rounding section, and is named.
func TestNumbersInSentencesAreNoCounts(t *testing.T) {
	for _, c := range []struct {
		prompt string
		skills []string
		counts []int
		tables []int64
		max    int64
	}{
		{"Please generate a 7th grade worksheet on circumference and area of circles. Have them use 3.14 for pi and round to the nearest tenth. 10 problems in all.",
			[]string{"circle-circumference", "circle-area"}, []int{5, 5}, nil, 0},
		{"12 problems on the percent of a number. Use percents like 10%, 25% and 50%.", []string{"percent-of"}, []int{12}, nil, 0},
		{"basic multiplication facts, 0 through 5, 25 problems", []string{"multiplication"}, []int{25}, nil, 5},
		{"multiplicaciones del 2 al 5, 30 operaciones", []string{"multiplication"}, []int{30}, []int64{2, 3, 4, 5}, 0},
		{"unit 3 lesson 2.4 review, 10 fraction additions", []string{"add-fractions"}, []int{10}, nil, 0},
	} {
		q := read(c.prompt)
		spec, notes := fresh(q, 1)
		var got []string
		var counts []int
		for _, s := range spec.Sections {
			got = append(got, s.Skill)
			counts = append(counts, s.Count)
		}
		p := spec.Sections[0].P
		if !slices.Equal(got, c.skills) || !slices.Equal(counts, c.counts) || !slices.Equal(p.Tables, c.tables) || p.Max != c.max {
			t.Errorf("%q: sections %v %v tables %v max %d, want %v %v %v %d", c.prompt, got, counts, p.Tables, p.Max, c.skills, c.counts, c.tables, c.max)
		}
		if strings.Contains(c.prompt, "round to") && !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "round to the nearest tenth") }) {
			t.Errorf("%q: the rounding asked is not named: %q", c.prompt, notes)
		}
	}
}
