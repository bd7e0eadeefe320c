package offline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// qa7Phrasings are misreadings found after the Algebra 1 and pre-algebra skills were merged:
// "long div" is long division; a measure shares the shape named after a list of measures
// ("area and circumference of circles"); a list's items stay apart at its commas; "systems"
// alone are systems of equations; the 8.F codes; a level word carries over to the parts after it.
var qa7Phrasings = []phrasing{
	// "long div" is long division, with or without remainders
	{"long div w/ rem, 14", []string{"long-division"}, []int{14}, -1, func(q request) string {
		return want(q.p.Remainders != nil && *q.p.Remainders, "remainders %v", q.p.Remainders)
	}},
	{"4th grade long div with remainders, 15 problems", []string{"long-division"}, []int{15}, 4, nil},
	{"div larga con residuo, 10", []string{"long-division"}, []int{10}, -1, lng("es")},
	// a shape named after a list of measures is each one's
	{"area and circumference of circles", []string{"circle-area", "circle-circumference"}, []int{10, 10}, -1, nil},
	{"7th grade: circumference and area of a circle, 8 each", []string{"circle-circumference", "circle-area"}, []int{8, 8}, 7, nil},
	{"12 area and circumference of circles problems", []string{"circle-area", "circle-circumference"}, []int{6, 6}, -1, nil},
	{"área y perímetro de círculos para séptimo", []string{"circle-area", "circle-circumference"}, []int{10, 10}, 7, lng("es")},
	{"area and perimeter of rectangles, 3rd grade", []string{"area-rectangles", "perimeter-rectangles"}, []int{6, 6}, 3, nil},
	{"area of triangles and parallelograms grade 6", []string{"area-triangles", "area-parallelograms"}, []int{10, 10}, 6, nil},
	{"perimeter and area of triangles", []string{"area-triangles"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.leftOut, []string{"perimeter of triangles"}), "left out %q", q.leftOut)
	}},
	{"área y perímetro de triángulos, 10", []string{"area-triangles"}, []int{10}, -1, func(q request) string {
		return want(slices.Equal(q.leftOut, []string{"perimetro de triangulos"}), "left out %q", q.leftOut)
	}},
	{"area and perimeter of composite figures, 6th grade", []string{"composite-area"}, []int{12}, 6, func(q request) string {
		return want(slices.Equal(q.leftOut, []string{"perimeter of composite figures"}), "left out %q", q.leftOut)
	}},
	{"area of rectangles and circles", []string{"area-rectangles", "circle-area"}, []int{6, 10}, -1, nil},
	{"área de triángulos y círculos, 8 de cada uno", []string{"area-triangles", "circle-area"}, []int{8, 8}, -1, lng("es")},
	{"perimeter of rectangles and triangles", []string{"perimeter-rectangles"}, []int{12}, -1, func(q request) string {
		return want(slices.Equal(q.leftOut, []string{"perimeter of triangles"}), "left out %q", q.leftOut)
	}},
	// a list's items stay apart at its commas
	{"solving equations, factoring, quadratics", []string{"one-step-equations", "factoring-trinomials", "quadratic-equations"}, []int{10, 10, 10}, -1, nil},
	{"multi-step equations, factoring, quadratics, 6 of each", []string{"multi-step-equations", "factoring-trinomials", "quadratic-equations"}, []int{6, 6, 6}, -1, nil},
	{"álgebra 1: ecuaciones, cuadráticas, factorización", []string{"one-step-equations", "quadratic-equations", "factoring-trinomials"}, []int{10, 10, 10}, 9, lng("es")},
	// "systems" alone are systems of equations; the metric system is units
	{"10 systems for alg 1", []string{"systems-of-equations"}, []int{10}, 9, nil},
	{"systems by elimination, 8", []string{"systems-of-equations"}, []int{8}, -1, nil},
	{"alg 1: 6 systems and 6 inequalities", []string{"systems-of-equations", "inequalities"}, []int{6, 6}, 9, nil},
	{"sistemas por sustitución, 8", []string{"systems-of-equations"}, []int{8}, -1, lng("es")},
	{"the metric system, 4th grade", []string{"unit-conversions"}, []int{20}, 4, func(q request) string { return want(q.p.Units == "metric", "units %q", q.p.Units) }},
	{"conversiones del sistema métrico para quinto", []string{"unit-conversions"}, []int{20}, 5, func(q request) string { return want(q.p.Units == "metric", "units %q", q.p.Units) }},
	// the codes of the 8.F domain, and of statistics (SP)
	{"8.F.4", []string{"slope", "slope-intercept"}, []int{10, 10}, 8, nil},
	{"worksheet for 8.F.B.4, 12 problems", []string{"slope", "slope-intercept"}, []int{6, 6}, 8, nil},
	{"hoja para 8.F.A.3, 10 ejercicios", []string{"slope-intercept"}, []int{10}, 8, lng("es")},
	{"8.F.1 practice", []string{"function-notation"}, []int{20}, 8, nil},
	{"6.SP.B.5, 8 problems", []string{"mean-median-mode"}, []int{8}, 6, nil},
}

func TestQA7Phrasings(t *testing.T) {
	checkPhrasings(t, qa7Phrasings, phrasings, qaPhrasings, qa3Phrasings, qa4Phrasings, qa5Phrasings, qa6Phrasings)
}

// A measure of a shape no skill writes is named in the reply, never written as another
// shape's or another measure's; asked alone, the request is refused naming it.
func TestQA7MeasuresNoSkillWrites(t *testing.T) {
	for _, c := range []struct{ prompt, says string }{
		{"perimeter and area of triangles", "“perimeter of triangles”"},
		{"area and perimeter of composite figures", "“perimeter of composite figures”"},
		{"área y perímetro de triángulos", "«perimetro de triangulos»"},
	} {
		d, err := qa3Write(New(seeds()), "", c.prompt)
		if err != nil || !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: %v %q", c.prompt, err, d.Message)
		}
	}
	// "system" alone is no typo of "systems": the number system is no system of equations
	if q := read("number system review"); len(q.sections) > 0 {
		t.Errorf("number system review: %v", q.sections)
	}
	for _, c := range []struct{ prompt, says string }{
		{"perimeter of composite figures", "“perimeter of composite figures”"},
		{"perimeter of triangles, 10", "“perimeter of triangles”"},
		{"perímetro de figuras compuestas", "«perimetro de figuras compuestas»"},
	} {
		_, err := qa3Write(New(seeds()), "", c.prompt)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) || !strings.Contains(u.Message, c.says) {
			t.Errorf("%q: %v", c.prompt, err)
		}
	}
}

// A part naming no level takes the level named before it, until another is named; a level
// word after its skill is said of the items joined to it before it too. The reply says each
// section's level.
func TestQA7LevelsCarryOver(t *testing.T) {
	for _, c := range []struct {
		prompt string
		levels []int
		says   []string
	}{
		{"easy addition, subtraction and hard multiplication", []int{-1, -1, 1}, []string{"10 subtraction problems at easy level", "at hard level"}},
		{"easy addition and subtraction, hard multiplication, 5 each", []int{-1, -1, 1}, []string{"5 subtraction problems at easy level"}},
		{"addition, easy subtraction and hard multiplication", []int{0, -1, 1}, []string{"10 addition problems at grade level"}},
		{"4th grade: challenge multiplication, division and easy addition", []int{2, 2, -1}, []string{"at challenge level", "at easy level"}},
		{"sumas fáciles, restas y multiplicaciones difíciles", []int{-1, 1, 1}, []string{"10 restas de nivel difícil"}},
		{"sumas fáciles y restas, multiplicaciones de reto", []int{-1, -1, 2}, []string{"10 restas de nivel fácil"}},
	} {
		d, err := qa3Write(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		levels := levelsOf(s)
		if !slices.Equal(levels, c.levels) {
			t.Errorf("%q: levels %v, want %v", c.prompt, levels, c.levels)
		}
		for _, w := range c.says {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, w)
			}
		}
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
}
