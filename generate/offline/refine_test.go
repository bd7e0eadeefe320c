package offline

import (
	"fmt"
	"slices"
	"testing"
)

// readingOfSections is what the refiners decide: the sections, the sheet's count, what was assumed.
func readingOfSections(p string) string {
	q := read(p)
	return fmt.Sprint(q.sections, q.total, q.assumed)
}

// refinerCases is, for each refiner, a request it reads: without the refiner it is read otherwise.
var refinerCases = map[string]string{
	"a list shares a phrase":             "1 and 2 step equations, 20 problems",
	"an add verb adds a thing":           "Please make a worksheet from these 6th grade problems and add an answer key:\na) 2/3 × 9/10\nb) 5/6 ÷ 1/3\nc) 3/4 × 8\nd) 7/8 ÷ 7/4",
	"measures of shapes":                 "perimeter and area of triangles",
	"a longer phrase after of":           "area and perimeter of composite figures, 6th grade",
	"said of another's questions":        "scientific notation with negative exponents",
	"not wanted or mastered":             "multiplication facts, no division",
	"plus joins skills":                  "CLT + distrib 10 ea",
	"the inequalities' number line":      "graphing inequalities on number lines 6th grade",
	"in the order named":                 "5 word problems mul div",
	"a kind of its family":               "I teach 7th grade. Could you make a worksheet with 12 one-step and two-step inequalities?",
	"the domain of the operations":       "int +/- 10 each",
	"word problems of the operations":    "5 word problems mul div",
	"problems of as word problems":       "10 problemas de suma y resta",
	"sizes that make another skill":      "div w/ rem gr4 x12",
	"the same skill once":                "5 word problems mul div",
	"people are no count":                "One of my 3rd graders needs large print: our multiplication practice, 12 problems, the 6 and 7 tables",
	"a count after x":                    "mult facts 2-5 x30",
	"another x the sheet's":              "div w/ rem gr4 x12",
	"a count before its skill":           "20 x facts",
	"a count before a skill named again": "telling time to the quarter hour, 12 clocks",
	"a count of the sheet":               "div facts 20q gr3",
	"counts listed after the skills":     "hoja de fracciones equivalentes y simplificación de fracciones para cuarto, 10 y 10",
	"a count alone at the end":           "% conv 15",
	"a further count adds":               "8 word problems on multiplication and 8 on division",
	"a count shared by joined skills":    "12 area and perimeter problems, then 6 volume",
	"one count before several":           "word problems on fractions, 10",
	"in the order counted":               "I tutor an Algebra 1 student who is really weak on factoring. Could you make 10 problems factoring out the GCF, 10 factoring trinomials, and 5 difference of squares?",
}

// withRefiners reads with the refiners given in place of the stated ones.
func withRefiners[T any](table *[]refiner[T], rs []refiner[T], read func()) {
	all := *table
	*table = rs
	defer func() { *table = all }()
	read()
}

func without[T any](rs []refiner[T], i int) []refiner[T] {
	return slices.Concat(rs[:i], rs[i+1:])
}

// Each refiner settles a conflict a request has: without it the request is read otherwise.
func TestEachRefinerSettlesItsConflict(t *testing.T) {
	check := func(name string, skip func(func())) {
		p, ok := refinerCases[name]
		if !ok {
			t.Errorf("refiner %q has no request it settles", name)
			return
		}
		want := readingOfSections(p)
		var got string
		skip(func() { got = readingOfSections(p) })
		if got == want {
			t.Errorf("refiner %q changes nothing of %q", name, p)
		}
	}
	for i, r := range skillRefiners {
		check(r.name, func(f func()) { withRefiners(&skillRefiners, without(skillRefiners, i), f) })
	}
	for i, r := range countRefiners {
		check(r.name, func(f func()) { withRefiners(&countRefiners, without(countRefiners, i), f) })
	}
}

// The refiners' order is the one refine_order.go states: these pairs read otherwise swapped.
func TestRefinerOrderMatters(t *testing.T) {
	for _, c := range []struct{ first, then, prompt string }{
		{"measures of shapes", "a longer phrase after of", "area and perimeter of composite figures, 6th grade"},
		{"a kind of its family", "the domain of the operations", "int +/- 10 each"},
		{"the domain of the operations", "word problems of the operations", "word problems on fractions, 10"},
		{"sizes that make another skill", "the same skill once", "20 division facts and 10 division with remainders"},
	} {
		i := slices.IndexFunc(skillRefiners, func(r refiner[refining]) bool { return r.name == c.first })
		if i < 0 || i+1 >= len(skillRefiners) || skillRefiners[i+1].name != c.then {
			t.Errorf("%q is no longer just before %q", c.first, c.then)
			continue
		}
		want := readingOfSections(c.prompt)
		swapped := slices.Clone(skillRefiners)
		swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
		var got string
		withRefiners(&skillRefiners, swapped, func() { got = readingOfSections(c.prompt) })
		if got == want {
			t.Errorf("%q read the same with %q after %q", c.prompt, c.first, c.then)
		}
	}
}
