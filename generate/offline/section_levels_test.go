package offline

import (
	"slices"
	"strings"
	"testing"
)

// Levels named section by section, and carried from one part of a request to the next.

// Levels named section by section: each section at its own level, the reply naming them.
func TestSectionLevels(t *testing.T) {
	for _, c := range []struct {
		prompt string
		counts string
		levels []int
		says   []string
	}{
		{"easy addition and hard subtraction", "addition 10 subtraction 10", []int{-1, 1}, []string{"10 addition problems at easy level", "10 subtraction problems at hard level"}},
		{"10 easy and 10 challenge multiplication problems", "multiplication 10 multiplication 10", []int{-1, 2}, []string{"at easy level", "at challenge level"}},
		{"10 easy multiplication problems and 10 hard ones", "multiplication 10 multiplication 10", []int{-1, 1}, []string{"at easy level", "at hard level"}},
		{"3rd grade: 8 easy subtraction, 8 on-level subtraction and 4 challenge subtraction", "subtraction 8 subtraction 8 subtraction 4", []int{-1, 0, 2}, []string{"at grade level", "at challenge level", "grade 3"}},
		{"simple addition, then tricky division, 6 each", "addition 6 division 6", []int{-1, 1}, []string{"6 addition problems at easy level"}},
		{"20 problems: easy addition and hard subtraction", "addition 10 subtraction 10", []int{-1, 1}, []string{"at easy level"}},
		{"8 easy subtraction, 8 on-level subtraction and 4 challenge subtraction", "subtraction 8 subtraction 8 subtraction 4", []int{-1, 0, 2}, []string{"8 subtraction problems at grade level"}},
		{"sumas fáciles y restas difíciles, 8 de cada una", "addition 8 subtraction 8", []int{-1, 1}, []string{"8 sumas de nivel fácil"}},
		{"sumas fáciles y restas difíciles", "addition 10 subtraction 10", []int{-1, 1}, []string{"de nivel fácil", "de nivel difícil"}},
		{"10 multiplicaciones fáciles y 10 de reto", "multiplication 10 multiplication 10", []int{-1, 2}, []string{"de nivel fácil", "de nivel de reto"}},
		// one level: the whole sheet's, and no section named by level
		{"easy addition and subtraction", "addition 10 subtraction 10", []int{-1, -1}, nil},
	} {
		d, err := writeSheet(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		levels := levelsOf(s)
		if countsOf(s) != c.counts || !slices.Equal(levels, c.levels) {
			t.Errorf("%q: %s levels %v, want %s %v", c.prompt, countsOf(s), levels, c.counts, c.levels)
		}
		for _, w := range c.says {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, w)
			}
		}
		if c.says == nil && strings.Contains(d.Message, "level") {
			t.Errorf("%q: reply %q names levels", c.prompt, d.Message)
		}
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
	// The same skill at two levels: the two sections' questions differ, the hard ones harder.
	d, _ := writeSheet(New(seeds()), "", "10 easy and 10 challenge multiplication problems")
	qs := questionsOf(d.Document)
	if len(qs) != 20 || slices.Equal(qs[:10], qs[10:]) {
		t.Errorf("the two sections are the same: %v", qs)
	}
}

// levelsOf are the levels of a sheet's sections, in order.
func levelsOf(s Spec) []int {
	var levels []int
	for _, sec := range s.Sections {
		levels = append(levels, sec.P.Level)
	}
	return levels
}

// A part naming no level takes the level named before it, until another is named; a level
// word after its skill is said of the items joined to it before it too. The reply says each
// section's level.
func TestLevelsCarryOver(t *testing.T) {
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
		d, err := writeSheet(New(seeds()), "", c.prompt)
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
