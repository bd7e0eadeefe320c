package wordsheet

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

func TestReadRequests(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		kind   string
		lang   string
		words  []string
		grade  int
		check  func(Spec) bool
	}{
		{"word search with these words: sun, moon, star", KindWordSearch, "en", []string{"sun", "moon", "star"}, -1, nil},
		{"Wordsearch for 2nd grade with cat, dog, fish and bird", KindWordSearch, "en", []string{"cat", "dog", "fish", "bird"}, 2, nil},
		{"word serach: apple; banana; kiwi", KindWordSearch, "en", []string{"apple", "banana", "kiwi"}, -1, nil},
		{"Make a word search for grade 5 using these words:\n- volcano\n- magma\n- lava\n- crater", KindWordSearch, "en", []string{"volcano", "magma", "lava", "crater"}, 5, nil},
		{"word search with these words: ice cream, hot dog, pizza. Make it hard, no diagonals", KindWordSearch, "en", []string{"ice cream", "hot dog", "pizza"}, -1,
			func(s Spec) bool { return s.Level == LevelHard && s.NoDiagonals }},
		{"sopa de letras con estas palabras: niño, canción, árbol y mañana", KindWordSearch, "es", []string{"niño", "canción", "árbol", "mañana"}, -1, nil},
		{"Sopa de letras para 3er grado con las palabras: sol, luna, cielo", KindWordSearch, "es", []string{"sol", "luna", "cielo"}, 3, nil},
		{"cross word: orbit – the path of a planet around the sun; comet – a ball of ice and dust", KindCrossword, "en", []string{"orbit", "comet"}, -1,
			func(s Spec) bool {
				return s.Clues[0] == "the path of a planet around the sun" && s.Clues[1] == "a ball of ice and dust"
			}},
		{"crucigrama:\nórbita - camino de un planeta\ncometa - bola de hielo", KindCrossword, "es", []string{"órbita", "cometa"}, -1, nil},
		{"unscramble sheet with these words: apple, pear", KindScramble, "en", []string{"apple", "pear"}, -1, nil},
		{"vocabulary matching: habitat: where an animal lives; prey: an animal that is hunted", KindMatching, "en", []string{"habitat", "prey"}, -1, nil},
		{"6 bingo cards with our sight words: " + strings.Repeat("x, ", 0) + "the, and, a, to, said, in, he, I, of, it, was, you, they, on, she, is, for, at, his, but, that, with, all, we",
			KindBingo, "en", nil, -1, func(s Spec) bool { return s.Cards == 6 && len(s.Words) == 24 && slices.Contains(s.Words, "and") }},
		{"30 cartones de bingo con estas palabras: a, b, c", KindBingo, "es", []string{"a", "b", "c"}, -1, func(s Spec) bool { return s.Cards == 30 }},
		{"hundreds chart with missing numbers for first grade", KindChart, "en", nil, 1, func(s Spec) bool { return s.Max == 100 && s.Skip == 0 }},
		{"120 chart, count by 5s", KindChart, "en", nil, -1, func(s Spec) bool { return s.Max == 120 && s.Skip == 5 }},
		{"tabla del 100 contar de 2 en 2", KindChart, "es", nil, -1, func(s Spec) bool { return s.Skip == 2 }},
		{"handwriting practice for the letters a, b, c", KindHandwriting, "en", []string{"a", "b", "c"}, -1, nil},
		{"spelling practice: because, friend, said", KindSpelling, "en", []string{"because", "friend", "said"}, -1, nil},
		{"cloze, every 7th word: The water cycle moves water around the Earth all the time.", KindCloze, "en", nil, -1,
			func(s Spec) bool { return s.Every == 7 && strings.HasPrefix(s.Passage, "The water cycle") }},
		{"cloze passage, blank the words sunlight, water and leaves: Plants need sunlight and water. Leaves make food.", KindCloze, "en", nil, -1,
			func(s Spec) bool { return slices.Equal(s.Blank, []string{"sunlight", "water", "leaves"}) }},
		{"large print word search with: red, blue, green", KindWordSearch, "en", []string{"red", "blue", "green"}, -1, func(s Spec) bool { return s.Large }},
	} {
		r, ok := Read(tc.prompt, 1)
		if !ok {
			t.Errorf("%q: not read as a word sheet", tc.prompt)
			continue
		}
		s := r.spec
		if s.Kind != tc.kind || s.Lang != tc.lang || s.Grade != tc.grade || tc.words != nil && !slices.Equal(s.Words, tc.words) || tc.check != nil && !tc.check(s) {
			t.Errorf("%q:\n got %+v (refusal %q)", tc.prompt, s, r.refusal)
		}
	}
}

// A setting the kind has nothing to apply to is named, not dropped.
func TestUnhonouredSettingsAreNamed(t *testing.T) {
	r, _ := Read("hard crossword, no diagonals: orbit – a path; comet – ice", 1)
	if got := strings.Join(r.notes, " "); !strings.Contains(got, "A crossword has no levels to change") || !strings.Contains(got, "no directions") {
		t.Errorf("notes: %q", got)
	}
	if r, _ := Read("hard word search with: sun, moon", 1); len(r.notes) > 0 || r.spec.Level != LevelHard {
		t.Errorf("a word search's level: %+v %v", r.spec, r.notes)
	}
}

// A maths request never goes to the word-sheet reader, and the maths words of a word list
// do not make it one.
func TestMathsIsNotAWordSheet(t *testing.T) {
	for _, p := range []string{
		"20 addition problems", "10 word problems with money", "subtraction with regrouping for grade 2",
		"matching equivalent fractions", "multiplication facts 0-12", "make it harder", "another version",
		"skip counting by 5s", "spelling out numbers in words", "ordenar números", "20 sumas de dos cifras",
	} {
		if r, ok := Read(p, 1); ok {
			t.Errorf("%q read as a %s", p, r.spec.Kind)
		}
		d, handled, err := Write(context.Background(), generate.Request{Prompt: p}, func() int64 { return 1 }, nil, nil)
		if handled || d.Document != nil || err != nil {
			t.Errorf("%q: handled %v, err %v", p, handled, err)
		}
	}
}

// What needs a model is refused with what can be done instead, in the request's language.
func TestNeedsModelRefusals(t *testing.T) {
	for _, tc := range []struct{ prompt, want string }{
		{"crossword about the solar system", "I can't invent clues"},
		{"crossword with these words: orbit, comet, planet", "I can't invent clues"},
		{"vocabulary matching for photosynthesis words, make up the definitions", "can't invent clues or definitions"},
		{"word search about animals", "I can't choose the words for a word search"},
		{"a word search with fall vocabulary", "I can't choose the words"},
		{"cloze passage about volcanoes", "I can't write a passage"},
		{"cloze: The sun is a star and the moon is not a star at all.", "which words to blank"},
		{"sopa de letras sobre los animales", "No puedo elegir las palabras"},
		{"crucigrama sobre el sistema solar", "No puedo inventar pistas"},
		{"bingo cards with: a, b, c", "at least 24"},
		{"word search for kindergarten with: photosynthesising, chlorofluorocarbons", "“photosynthesising” is longer than the largest grid (15 letters)"},
	} {
		_, handled, err := Write(context.Background(), generate.Request{Prompt: tc.prompt}, func() int64 { return 1 }, nil, nil)
		var u *generate.UnsupportedError
		if !handled || !errors.As(err, &u) || !strings.Contains(u.Message, tc.want) {
			t.Errorf("%q: handled %v, err %v; want a refusal saying %q", tc.prompt, handled, err, tc.want)
		}
	}
}

// Follow-ups rebuild the sheet from the Origin it carries.
func TestFollowUps(t *testing.T) {
	seed := int64(100)
	next := func() int64 { seed++; return seed }
	first, handled, err := Write(context.Background(), generate.Request{Prompt: "word search for grade 4 with these words: sun, moon, star"}, next, nil, nil)
	if !handled || err != nil {
		t.Fatal(handled, err)
	}
	cur := first.Document
	spec := func(d *worksheet.Document) Spec {
		s, ok := FromOrigin(d.Origin)
		if !ok {
			t.Fatalf("no word sheet in the origin %q", d.Origin)
		}
		return s
	}
	steps := []struct {
		prompt string
		check  func(before, after Spec) bool
	}{
		{"add these words: comet, planet", func(b, a Spec) bool { return slices.Equal(a.Words, []string{"sun", "moon", "star", "comet", "planet"}) }},
		{"make it harder", func(b, a Spec) bool { return a.level() == LevelHard }},
		{"no diagonals", func(b, a Spec) bool { return a.NoDiagonals && a.level() == LevelHard }},
		{"bigger letters", func(b, a Spec) bool { return a.Large && a.Seed == b.Seed }},
		{"another version", func(b, a Spec) bool { return a.Seed != b.Seed && slices.Equal(a.Words, b.Words) }},
		{"remove moon", func(b, a Spec) bool { return !slices.Contains(a.Words, "moon") && len(a.Words) == 4 }},
	}
	for _, st := range steps {
		before := spec(cur)
		d, handled, err := Write(context.Background(), generate.Request{Prompt: st.prompt, CurrentDocument: cur}, next, nil, nil)
		if !handled || err != nil || d.Document == nil {
			t.Fatalf("%q: handled %v, err %v", st.prompt, handled, err)
		}
		after := spec(d.Document)
		if !st.check(before, after) {
			t.Errorf("%q: %+v → %+v", st.prompt, before, after)
		}
		cur = d.Document
	}
	if !cur.Settings.LargePrint {
		t.Error("bigger letters did not set large print")
	}
	// A follow-up the word sheet cannot make goes on (to the maths reader), and one that it
	// names but cannot make is refused with what it can do.
	if _, handled, _ := Write(context.Background(), generate.Request{Prompt: "20 addition problems", CurrentDocument: cur}, next, nil, nil); handled {
		t.Error("a new maths sheet was taken for a word-sheet edit")
	}
	// What the maths reader finds maths in goes to it: an edit that adds maths, a request that
	// names a word search beside maths but gives no words.
	maths := func(p string) bool { return strings.Contains(p, "problems") }
	for _, p := range []string{"add 10 subtraction problems", "10 addition problems and a word search"} {
		if _, handled, _ := Write(context.Background(), generate.Request{Prompt: p, CurrentDocument: cur}, next, maths, nil); handled {
			t.Errorf("%q was taken for a word sheet", p)
		}
	}
	if _, handled, _ := Write(context.Background(), generate.Request{Prompt: "word search with these words: problems, answers"}, next, maths, nil); !handled {
		t.Error("a word search whose words look like maths went to the maths reader")
	}
	_, handled, err = Write(context.Background(), generate.Request{Prompt: "make the word search prettier", CurrentDocument: cur}, next, nil, nil)
	var u *generate.UnsupportedError
	if !handled || !errors.As(err, &u) || !strings.Contains(u.Message, "add or remove words") {
		t.Errorf("an edit it cannot make: %v %v", handled, err)
	}
}

// The title is the kind's in the request's language, with a version letter when asked.
func TestTitle(t *testing.T) {
	for _, tc := range []struct{ prompt, version, want string }{
		{"word search with: a1, b2", "", "Word Search"},
		{"sopa de letras con: sol, luna", "B", "Sopa de letras, versión B"},
		{"120 chart", "", "120 Chart"},
	} {
		got, ok := Title(generate.Request{Prompt: tc.prompt}, tc.version)
		if !ok || got != tc.want {
			t.Errorf("%q: %q, want %q", tc.prompt, got, tc.want)
		}
	}
	if _, ok := Title(generate.Request{Prompt: "20 addition problems"}, ""); ok {
		t.Error("a maths sheet titled as a word sheet")
	}
	if got, _ := Title(generate.Request{Prompt: "crossword: a – b; c – d", Settings: latex.Settings{Title: "Space"}}, ""); got != "Space" {
		t.Errorf("the teacher's title: %q", got)
	}
}
