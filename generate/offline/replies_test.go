package offline

import (
	"errors"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
)

// What a reply names: list items not recognised, measures no skill writes, what was worked out, what a refusal suggests.

// An item of a list of skills that is neither a skill nor a known out-of-scope topic is named
// in the reply; the skills are written.
func TestUnknownListItemsAreNamed(t *testing.T) {
	for _, c := range []struct{ prompt, counts, says string }{
		{"addition, subtraction and tangrams", "addition 10 subtraction 10", "I didn't recognise “tangrams”, so I left it out."},
		{"tangrams and 10 addition problems", "addition 10", "I didn't recognise “tangrams”, so I left it out."},
		{"addition, tangrams, pentominoes and subtraction", "addition 10 subtraction 10", "I didn't recognise “tangrams” and “pentominoes”, so I left them out."},
		{"addition and tangram puzzles for grade 2", "addition 20", "I didn't recognise “tangram puzzles”, so I left it out."},
		{"sumas, restas y tangram", "addition 10 subtraction 10", "No reconocí «tangram», así que lo dejé fuera."},
		{"10 multiplicaciones y unos pentominós", "multiplication 10", "No reconocí «pentominos», así que lo dejé fuera."},
	} {
		d, err := writeSheet(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		if countsOf(s) != c.counts || !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: %s, reply %q; want %s and %q", c.prompt, countsOf(s), d.Message, c.counts, c.says)
		}
	}
	// Words that are no item of a list of skills: nothing is named.
	for _, p := range []string{
		"multiplication and division, urgent",
		"addition and subtraction for my class",
		"addition, subtraction and stuff",
		"addition and subtraction, thanks",
		"addition, subtraction and more",
		"sumas y restas, gracias",
		"sumas, restas y más cosas",
		"fractions, decimals and a short reading passage",
		"addition and subtraction and then some review", // no list of skills alone
	} {
		d, err := writeSheet(New(seeds()), "", p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if strings.Contains(d.Message, "recognise") || strings.Contains(d.Message, "reconocí") {
			t.Errorf("%q: %q", p, d.Message)
		}
	}
}

// A measure of a shape no skill writes is named in the reply, never written as another
// shape's or another measure's; asked alone, the request is refused naming it.
func TestMeasuresNoSkillWrites(t *testing.T) {
	for _, c := range []struct{ prompt, says string }{
		{"perimeter and area of triangles", "“perimeter of triangles”"},
		{"area and perimeter of composite figures", "“perimeter of composite figures”"},
		{"área y perímetro de triángulos", "«perimetro de triangulos»"},
	} {
		d, err := writeSheet(New(seeds()), "", c.prompt)
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
		_, err := writeSheet(New(seeds()), "", c.prompt)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) || !strings.Contains(u.Message, c.says) {
			t.Errorf("%q: %v", c.prompt, err)
		}
	}
}

// A grade or skill the reader worked out is said in the reply; a grade said is not.
func TestWorkedOutGradesAndSkillsAreSaid(t *testing.T) {
	for _, c := range []struct{ prompt, says string }{
		{"ecuaciones de primer grado", "Tomé «ecuaciones de primer grado» como ecuaciones de dos pasos."},
		{"10 ecuaciones de primer grado para segundo de secundaria", "Tomé «ecuaciones de primer grado» como ecuaciones de dos pasos."},
		{"my 8 year old needs multiplication practice", "I took age 8 as grade 2."},
		{"easy subtraction within 10 for a 6 yr old", "I took age 6 as kindergarten."},
		{"sumas para mi hijo de 7 años", "Tomé la edad de 7 años como grado 1."},
		{"year 4 column addition", "I took year 4 as grade 3."},
		{"year 1 number bonds", "I took year 1 as kindergarten."},
	} {
		d, err := writeSheet(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		if !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, c.says)
		}
	}
	for _, p := range []string{
		"my 8 year old is in 3rd grade and needs multiplication",
		"sumas para mi hijo de 7 años de primer grado",
		"two-step equations for 8th grade",
		"ecuaciones lineales",
		"ecuaciones de primer grado de un paso", // the kind said
		"12 ecuaciones de primer grado de dos pasos",
		"multiplication for grade 3",
	} {
		d, err := writeSheet(New(seeds()), "", p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if strings.Contains(d.Message, "I took") || strings.Contains(d.Message, "Tomé") {
			t.Errorf("%q: nothing was worked out, but the reply says %q", p, d.Message)
		}
	}
}

// A refusal's suggestions fit the grade asked, or the sheet's in a conversation: each is a
// request the engine writes, of a skill taught in that grade.
func TestRefusalsSuggestForTheGrade(t *testing.T) {
	e := New(seeds())
	fourth := writeOn(t, e, "", "4th grade: 10 long division problems")
	for _, c := range []struct {
		body, prompt string
		grade        int
	}{
		{"", "a reading passage for 2nd grade", 2},
		{"", "can you make a spelling list for my kindergartners", 0},
		{"", "an essay prompt for 5th grade", 5},
		{"", "a science worksheet on cells for 7th grade", 7},
		{"", "quadratic formula practice for algebra 1", 9},
		{"", "una lectura de comprensión para tercero", 3},
		{fourth.Body, "now add a reading passage", 4},
		{fourth.Body, "ahora una hoja de ortografía", 4},
	} {
		_, err := writeSheet(e, c.body, c.prompt)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		var offered []string
		for _, part := range strings.Split(u.Message, "“")[1:] {
			offered = append(offered, strings.Split(part, "”")[0])
		}
		if n := len(offered) - 1; n < 2 || n > 3 { // the first quoted is the topic refused
			t.Errorf("%q: %d suggestions in %q", c.prompt, n, u.Message)
			continue
		}
		for _, o := range offered[1:] {
			q := read(o)
			if len(q.sections) != 1 || q.grade != c.grade || q.refused != "" {
				t.Errorf("%q: suggestion %q reads as %d sections, grade %d", c.prompt, o, len(q.sections), q.grade)
				continue
			}
			if sk, _ := skills.Get(q.sections[0].skill); sk.Grades[0] > c.grade || sk.Grades[1] < c.grade {
				t.Errorf("%q: suggestion %q is not taught in grade %d", c.prompt, o, c.grade)
			}
		}
	}
}
