package offline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// leftOutWords open the sentences that name a part of a request left out, per language: one
// out of scope, or an item of a list of skills not recognised.
var leftOutWords = []string{"I left out", "Dejé fuera", "I didn't recognise", "No reconocí"}

func saysLeftOut(reply string) bool {
	return slices.ContainsFunc(leftOutWords, func(w string) bool { return strings.Contains(reply, w) })
}

// partlySupported are requests one part of which the offline engine cannot write: the parts it
// can are written, in order with their counts, and the reply names the part left out in one
// sentence of the request's language, saying once that a language model can be connected.
var partlySupported = []struct {
	prompt, counts string
	left           []string // the sentence that must be in the reply
}{
	{"exponents and logarithms", "exponents 20",
		[]string{"I left out “logarithms”, which I can't write without a language model; an administrator can connect one for that kind of content."}},
	{"fractions, decimals and a short reading passage", "add-fractions 10 subtract-fractions 10 add-decimals 10 subtract-decimals 10",
		[]string{"I left out “reading passage”"}},
	{"10 addition problems and a word search", "addition 10", []string{"I left out “word search”"}},
	{"a crossword and 12 multiplication facts", "multiplication 12", []string{"I left out “crossword”"}},
	{"15 subtraction problems, a poem and 5 rounding", "subtraction 15 rounding 5", []string{"I left out “poem”"}},
	{"telling time, a crossword and a word search for grade 2", "telling-time 12", []string{"I left out “crossword” and “word search”"}},
	{"ecuaciones y logaritmos", "one-step-equations 20",
		[]string{"Dejé fuera «logaritmos», que no puedo escribir sin un modelo de lenguaje; un administrador puede conectar uno para ese tipo de contenido."}},
	{"10 sumas y una sopa de letras", "addition 10", []string{"Dejé fuera «sopa de letras»"}},
	{"potencias y trigonometria para sexto", "exponents 20", []string{"Dejé fuera «trigonometria»"}},
	{"fracciones, decimales y una lectura corta", "add-fractions 10 subtract-fractions 10 add-decimals 10 subtract-decimals 10", []string{"Dejé fuera «lectura»"}},
}

func TestPartlySupportedRequestsWriteWhatTheyCan(t *testing.T) {
	for _, c := range partlySupported {
		d, err := writeSheet(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		if countsOf(s) != c.counts {
			t.Errorf("%q: %s, want %s", c.prompt, countsOf(s), c.counts)
		}
		for _, w := range c.left {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, w)
			}
		}
		if n := strings.Count(d.Message, "administra"); n != 1 {
			t.Errorf("%q: the administrator named %d times: %q", c.prompt, n, d.Message)
		}
		if d.Document.Language != read(c.prompt).lang {
			t.Errorf("%q: sheet in %s", c.prompt, d.Document.Language)
		}
	}
}

// A request nothing of which the offline engine can write is refused as before, and so is one
// whose skill words are part of the topic it cannot write.
func TestWhollyUnsupportedRequestsAreStillRefused(t *testing.T) {
	for _, c := range []struct{ prompt, start string }{
		{"a word search and a crossword", "I can't"},
		{"solving systems of equations by graphing", "I can't"},
		{"graphing linear equations in slope intercept form", "I can't"},
		{"logarithms practice", "I can't"},
		{"sopa de letras y crucigrama", "No puedo"},
		{"sistemas de ecuaciones por el metodo grafico para tercero de secundaria", "No puedo"},
	} {
		_, err := writeSheet(New(seeds()), "", c.prompt)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) || !strings.HasPrefix(u.Message, c.start) {
			t.Errorf("%q: %v", c.prompt, err)
		}
	}
}

// Where the words left a real choice, the reply says what was assumed; where they did not, it
// says nothing of the kind.
func TestAssumptionsAreSaid(t *testing.T) {
	for _, c := range []struct{ prompt, counts, says string }{
		{"pre-algebra combining like terms", "combine-like-terms 20", "I took pre-algebra as grade 7."},
		{"prealgebra one step equations", "one-step-equations 20", "I took pre-algebra as grade 7."},
		{"ecuaciones para secundaria", "one-step-equations 20", "Tomé «secundaria» como primero de secundaria, grado 7."},
		{"division for grade 5", "long-division 10", "I took grade 5 division as long division."},
		{"divisiones con residuo de 5to grado", "long-division 10", "Tomé la división de grado 5 como división larga."},
		{"problemas de suma y resta", "word-problems-add-sub 10", "Tomé «problemas de suma y resta» como problemas verbales."},
		{"2.OA.2 fluency", "addition 10 subtraction 10", "I took 2.OA.2 as numbers within 20."},
		{"1.NBT.4", "addition 20", "I took 1.NBT.4 as numbers within 100."},
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
	for _, p := range []string{
		"pre-algebra combining like terms for 8th grade", // said
		"problemas verbales de suma para segundo",        // said
		"primero de secundaria: ecuaciones",              // said
		"long division for grade 5",                      // said
		"3-digit by 1-digit division",                    // the size makes it long division
		"2.OA.2 addition within 10",                      // the size said
		"4.NBT.5",                                        // the code names no size
		"20 addition problems for grade 2",
		"division facts for grade 4",
	} {
		d, err := writeSheet(New(seeds()), "", p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if strings.Contains(d.Message, "I took") || strings.Contains(d.Message, "Tomé") {
			t.Errorf("%q: nothing was assumed, but the reply says %q", p, d.Message)
		}
	}
}

// "double the multiplication", "twice as many", "el doble": that section's count doubled, or
// the sheet's; within what one sheet holds, and the cap said.
func TestDoubleFollowUps(t *testing.T) {
	e := New(seeds())
	start, err := writeSheet(e, "", multDivStart)
	if err != nil {
		t.Fatal(err)
	}
	big, err := writeSheet(e, "", "60 multiplication facts and 20 division facts")
	if err != nil {
		t.Fatal(err)
	}
	es, err := writeSheet(e, "", "10 multiplicaciones y 10 divisiones para tercero")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		body, prompt, counts string
		says                 []string
		same                 []int // sections whose questions stay as they were
	}{
		{start.Body, "double the multiplication", "multiplication 20 division 10", []string{"There are now 20 multiplication facts instead of 10."}, []int{1}},
		{start.Body, "can you double the division ones", "multiplication 10 division 20", []string{"There are now 20 division facts instead of 10."}, []int{0}},
		{start.Body, "twice as many", "multiplication 20 division 20", []string{"I doubled the sheet: 40 questions instead of 20."}, nil},
		{start.Body, "double it", "multiplication 20 division 20", []string{"I doubled the sheet: 40 questions instead of 20."}, nil},
		{start.Body, "el doble", "multiplication 20 division 20", []string{"Dupliqué la hoja: 40 preguntas en lugar de 20."}, nil},
		{start.Body, "el doble de divisiones", "multiplication 10 division 20", []string{"Ahora hay 20 divisiones en lugar de 10."}, []int{0}},
		{es.Body, "duplica las multiplicaciones", "multiplication 20 division 10", []string{"Ahora hay 20 multiplicaciones en lugar de 10."}, []int{1}},
		{big.Body, "double the multiplication", "multiplication 80 division 20", []string{
			"There are now 80 multiplication facts instead of 60.",
			"You asked for 140 questions; one sheet holds at most 100, so it has 100."}, []int{1}},
		{big.Body, "twice as many problems", "multiplication 75 division 25", []string{
			"I doubled the sheet: 100 questions instead of 80.",
			"You asked for 160 questions; one sheet holds at most 100, so it has 100."}, nil},
	} {
		was, _ := specFrom(c.body)
		d, err := writeSheet(e, c.body, c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		now, _ := specFrom(d.Body)
		if countsOf(now) != c.counts {
			t.Errorf("%q: %s, want %s", c.prompt, countsOf(now), c.counts)
		}
		for _, w := range c.says {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, w)
			}
		}
		for _, i := range c.same {
			if !sameSection(was, now, i) {
				t.Errorf("%q: section %d changed", c.prompt, i)
			}
		}
		if w := answersWrong(t, now); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
}

// A named level on one named section changes only that section, as "harder" does.
func TestNamedLevelOnOneSection(t *testing.T) {
	e := New(seeds())
	start, err := writeSheet(e, "", multDivStart)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	for _, c := range []struct {
		prompt  string
		changed int
		says    string
	}{
		{"make the division ones challenging", 1, "10 division facts are now at challenge level; 10 multiplication facts stayed as they were."},
		{"make the multiplication easy", 0, "10 multiplication facts are now at easy level; 10 division facts stayed as they were."},
		{"haz las divisiones de nivel reto", 1, "10 divisiones ahora son de nivel de reto; 10 multiplicaciones quedaron como estaban."},
		{"haz las multiplicaciones faciles", 0, "10 multiplicaciones ahora son de nivel fácil; 10 divisiones quedaron como estaban."},
	} {
		d, err := writeSheet(e, start.Body, c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		now, _ := specFrom(d.Body)
		other := 1 - c.changed
		if countsOf(now) != countsOf(was) || sameSection(was, now, c.changed) || !sameSection(was, now, other) {
			t.Errorf("%q: %s; section %d changed %v, section %d changed %v", c.prompt, countsOf(now),
				c.changed, !sameSection(was, now, c.changed), other, !sameSection(was, now, other))
		}
		if !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, c.says)
		}
	}
	// A new request for a skill the sheet has, with a level and a count, is a new sheet.
	d, err := writeSheet(e, start.Body, "20 challenging division problems")
	if err != nil {
		t.Fatal(err)
	}
	if now, _ := specFrom(d.Body); countsOf(now) != "division 20" {
		t.Errorf("a new request read as an edit: %s", countsOf(now))
	}
}

// No reply to the tables' requests and follow-ups says a part was left out: only a request
// with a part the engine cannot write gets that sentence.
func TestNoFalseLeftOutSentences(t *testing.T) {
	for _, p := range []string{"double digit addition", "a double-sided page of subtraction", "double spaced multiplication facts"} {
		if read(p).double {
			t.Errorf("%q read as doubling", p)
		}
	}
	var prompts []string // (the corpus's requests are checked by TestCorpus)
	for _, c := range phrasings {
		prompts = append(prompts, c.prompt)
	}
	n := 0
	e := New(seeds())
	start, err := writeSheet(e, "", multDivStart)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prompts {
		d, err := writeSheet(New(seeds()), "", p)
		if err != nil { // a follow-up of the tables ("make number 3 challenging"): on a sheet
			if d, err = writeSheet(e, start.Body, p); err != nil {
				continue // the tables' own tests say which must give a sheet
			}
		}
		n++
		if saysLeftOut(d.Message) {
			t.Errorf("%q: %q", p, d.Message)
		}
	}
	for _, c := range multDivFollowUps {
		if d, err := writeSheet(e, start.Body, c.prompt); err == nil {
			n++
			if saysLeftOut(d.Message) {
				t.Errorf("follow-up %q: %q", c.prompt, d.Message)
			}
		}
	}
	for _, c := range partlySupported {
		if q := read(c.prompt); len(q.leftOut) == 0 || q.refused != "" {
			t.Errorf("%q: read with nothing left out (refused %q)", c.prompt, q.refused)
		}
	}
	if n < 100 {
		t.Errorf("only %d replies checked", n)
	}
	t.Logf("%d replies checked", n)
}
