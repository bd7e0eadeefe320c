package offline

import (
	"slices"
	"strings"
	"testing"
)

// qa4Phrasings are the misreadings of the fourth review round, each with variations written
// for it, in English and Spanish. What each must give was decided before the engine read it.
var qa4Phrasings = []phrasing{
	// A word for versions that begins a skill's name ("modelos de fracciones") is the skill.
	{"en español: 6 modelos de fracciones, 6 división larga, 6 recta numérica", []string{"fraction-models", "long-division", "fraction-number-line"}, []int{6, 6, 6}, -1, func(q request) string {
		return want(q.versions == 0 && q.lang == "es", "versions %d language %s", q.versions, q.lang)
	}},
	{"8 modelos de fracciones para tercero", []string{"fraction-models"}, []int{8}, 3, func(q request) string { return want(q.versions == 0, "versions %d", q.versions) }},
	{"3 modelos de 10 sumas", []string{"addition"}, []int{10}, -1, func(q request) string { return want(q.versions == 3, "versions %d", q.versions) }},
	{"4 versions of fraction models, 6 each", []string{"fraction-models"}, []int{6}, -1, func(q request) string { return want(q.versions == 4, "versions %d", q.versions) }},
	// Abbreviated operations.
	{"5 word problems mul div", []string{"word-problems-mul-div"}, []int{5}, -1, nil},
	{"4th grade, 8 word problems mult and div", []string{"word-problems-mul-div"}, []int{8}, 4, nil},
	{"6 word problems add sub", []string{"word-problems-add-sub"}, []int{6}, -1, nil},
	{"word problems plus minus, 12 problems", []string{"word-problems-add-sub"}, []int{12}, -1, nil},
	{"mult and div facts for 3rd, 10 each", []string{"multiplication", "division"}, []int{10, 10}, 3, nil},
	{"20 x facts", []string{"multiplication"}, []int{20}, -1, nil},
	{"sub within 20", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.p.Max == 20, "max %d", q.p.Max) }},
	{"10 problemas verbales de mult y div", []string{"word-problems-mul-div"}, []int{10}, -1, lng("es")},
	{"15 div con residuo", []string{"division-remainders"}, []int{15}, -1, nil},
	// "double-digit" is two-digit, in both languages.
	{"double digit addition", []string{"addition"}, []int{20}, -1, func(q request) string {
		return want(q.p.Digits == 2 && !q.double, "digits %d double %v", q.p.Digits, q.double)
	}},
	{"double-digit by single digit multiplication", []string{"multi-digit-multiplication"}, []int{10}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"sumas de doble dígito para segundo", []string{"addition"}, []int{20}, 2, func(q request) string {
		return want(q.p.Digits == 2 && !q.double, "digits %d double %v", q.p.Digits, q.double)
	}},
	{"restas de doble cifra", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	// A doubling word with no sheet: the rest read as it is.
	{"double the subtraction problems for grade 2", []string{"subtraction"}, []int{20}, 2, nil},
	{"el doble de sumas", []string{"addition"}, []int{20}, -1, nil},
	// A grade worked out from an age or a British year; an age beside a grade said is no grade.
	{"my 8 year old needs multiplication practice", []string{"multiplication"}, []int{20}, 2, nil},
	{"my 8 year old is in 3rd grade and needs multiplication", []string{"multiplication"}, []int{20}, 3, nil},
	{"year 4 column addition", []string{"addition"}, []int{20}, 3, nil},
	{"sumas para mi hijo de 7 años", []string{"addition"}, []int{20}, 1, nil},
	{"ecuaciones de primer grado", []string{"two-step-equations"}, []int{10}, -1, nil},
	{"ecuaciones de primer grado de un paso", []string{"one-step-equations"}, []int{20}, -1, nil},
	{"12 ecuaciones de primer grado de dos pasos", []string{"two-step-equations"}, []int{12}, -1, nil},
}

func TestQA4Phrasings(t *testing.T) {
	wrong := 0
	defer func() { t.Logf("%d of %d QA4 phrasings right", len(qa4Phrasings)-wrong, len(qa4Phrasings)) }()
	for _, c := range qa4Phrasings {
		if p := readWrong(c); p != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, p)
			continue
		}
		d, err := qa3Write(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		var got []int
		for _, sec := range s.Sections {
			got = append(got, sec.Count)
		}
		if !slices.Equal(got, c.counts) {
			t.Errorf("%q: %s, want counts %v", c.prompt, countsOf(s), c.counts)
		}
		if d.Document.Language != read(c.prompt).lang {
			t.Errorf("%q: sheet in %s", c.prompt, d.Document.Language)
		}
		if strings.Contains(d.Message, "doubled") || strings.Contains(d.Message, "Dupliqué") || strings.Contains(d.Message, "instead of") {
			t.Errorf("%q: a new sheet's reply claims a change: %q", c.prompt, d.Message)
		}
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
}

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
		d, err := qa3Write(New(seeds()), "", c.prompt)
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
		d, err := qa3Write(New(seeds()), "", p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if strings.Contains(d.Message, "recognise") || strings.Contains(d.Message, "reconocí") {
			t.Errorf("%q: %q", p, d.Message)
		}
	}
}

// "pon" with a level or a layout changes the sheet; with a count or a skill alone it adds.
// Sections added with a level are written at that level, and the sheet's own stay as they were.
func TestPonChangesOrAdds(t *testing.T) {
	e := New(seeds())
	start, err := qa3Write(e, "", qa3Start)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	for _, c := range []struct {
		prompt, counts string
		changed        []int // sections whose questions changed
		says           string
	}{
		{"pon las multiplicaciones fáciles", "multiplication 10 division 10", []int{0}, "10 multiplicaciones ahora son de nivel fácil"},
		{"ponme las divisiones de nivel reto", "multiplication 10 division 10", []int{1}, "10 divisiones ahora son de nivel de reto"},
		{"ponlas más difíciles", "multiplication 10 division 10", []int{0, 1}, ""},
		{"ponlas en 3 columnas", "multiplication 10 division 10", nil, "3 columnas"},
		{"pon 5 más", "multiplication 10 division 15", nil, "Añadí 5 preguntas"},
		{"pon restas", "multiplication 10 division 10 subtraction 20", nil, "20 restas"},
		// A level named with sections added is theirs: the sheet's own stay as they were.
		{"pon 10 sumas fáciles", "multiplication 10 division 10 addition 10", []int{}, "Escribí 10 sumas de nivel fácil; el resto quedó como estaba."},
		{"add 10 easy addition problems", "multiplication 10 division 10 addition 10", []int{}, "I wrote the 10 addition problems at easy level; the rest stayed as they were."},
		{"also add 5 challenging subtraction problems", "multiplication 10 division 10 subtraction 5", []int{}, "at challenge level"},
	} {
		d, err := qa3Write(e, start.Body, c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		now, _ := specFrom(d.Body)
		if countsOf(now) != c.counts || !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: %s, reply %q; want %s and %q", c.prompt, countsOf(now), d.Message, c.counts, c.says)
		}
		if c.changed != nil {
			for i := range was.Sections {
				if changed := !sameSection(was, now, i); changed != slices.Contains(c.changed, i) {
					t.Errorf("%q: section %d changed %v", c.prompt, i, changed)
				}
			}
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
		d, err := qa3Write(New(seeds()), "", c.prompt)
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
		d, err := qa3Write(New(seeds()), "", p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if strings.Contains(d.Message, "I took") || strings.Contains(d.Message, "Tomé") {
			t.Errorf("%q: nothing was worked out, but the reply says %q", p, d.Message)
		}
	}
}
