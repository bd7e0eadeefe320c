package offline

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
)

var firstNumber = regexp.MustCompile(`\d+`)

// Every skill, the whole sheet made harder or easier (again and again, and with two
// versions): the number the reply states is the number of questions whose content changed,
// and each of them moved that way by the skill's Difficulty in every version; every other
// question is exactly as it was.
func TestEverySkillsWholeSheetStepIsTrue(t *testing.T) {
	for _, sk := range skills.All() {
		for grade := sk.Grades[0]; grade <= sk.Grades[1]; grade += max(1, (sk.Grades[1]-sk.Grades[0])/2) {
			for seed := int64(1); seed <= 2; seed++ {
				for _, versions := range []int{0, 2} {
					s := Spec{Lang: "en", Grade: -1, Seed: seed, Versions: versions,
						Sections: []Section{{Skill: sk.ID, Count: 10, P: skills.Params{Grade: grade}}}}
					for _, prompt := range []string{"make them harder", "make them harder", "make them easier", "make them easier", "make them easier", "make them harder"} {
						q := read(prompt)
						step := 1
						if q.easier {
							step = -1
						}
						next, notes, ok := edit(context.Background(), s, q, nil, lang("en"))
						if !ok || len(notes) != 1 {
							t.Fatalf("%s: %q: ok %v, notes %q", sk.ID, prompt, ok, notes)
						}
						name := fmt.Sprintf("%s grade %d seed %d versions %d: %q", sk.ID, grade, seed, versions, prompt)
						was, now := versionItems(&s, 0, s.Sections[0]), versionItems(&next, 0, next.Sections[0])
						changed := 0
						for k := range s.Sections[0].Count {
							moved := false
							for v := range was {
								a, b := was[v][k], now[v][k]
								if reflect.DeepEqual(a, b) {
									continue
								}
								moved = true
								if c := skills.CompareDifficulty(sk.Difficulty(b), sk.Difficulty(a)); c != step {
									t.Errorf("%s: question %d (version %d) %q → %q: difficulty %v → %v", name, k+1, v, a.Q.Text, b.Q.Text, sk.Difficulty(a), sk.Difficulty(b))
								}
							}
							if moved {
								changed++
							}
						}
						said := 0
						if m := firstNumber.FindString(notes[0]); m != "" {
							fmt.Sscan(m, &said)
						}
						if said != changed {
							t.Errorf("%s: the reply %q says %d questions, %d changed", name, notes[0], said, changed)
						}
						if changed == 0 && !reflect.DeepEqual(next, s) {
							t.Errorf("%s: no question changed, yet the spec did", name)
						}
						s = next
					}
				}
			}
		}
	}
}

// The two-step equations sheet where "make them harder" said "all 10" of questions that had
// not changed: the count is the questions that changed, each harder.
func TestWholeSheetHarderCountsTheQuestionsThatChanged(t *testing.T) {
	for _, c := range []struct{ start, prompt string }{
		{"10 two-step equations", "make them harder"},
		{"10 two-step equations", "make them easier"},
		{"10 ecuaciones de dos pasos", "hazlas más difíciles"},
		{"12 clocks and 10 two-digit subtraction problems", "make them harder"},
		{"10 one-step equations", "make them harder"},
		{"20 addition problems for kindergarten", "make them harder"},
	} {
		for seed := range 8 {
			n := int64(seed * 7)
			e := New(func() int64 { n++; return n })
			before := writeOn(t, e, "", c.start)
			after := writeOn(t, e, before.Body, c.prompt)
			a, b := questionBlocks(before.Document), questionBlocks(after.Document)
			changed := 0
			for i := range a {
				if !reflect.DeepEqual(a[i], b[i]) {
					changed++
				}
			}
			said := 0
			if m := firstNumber.FindString(strings.SplitN(after.Message, ". ", 2)[1]); m != "" {
				fmt.Sscan(m, &said)
			}
			if said != changed {
				t.Errorf("%q then %q (seed %d): the reply %q says %d, %d questions changed", c.start, c.prompt, seed, after.Message, said, changed)
			}
		}
	}
}

// A level named for one question ("make number 3 challenging", "la 4 de nivel desafío") is
// for that question: it changes alone, in the stated direction, and the reply names its level.
func TestOneQuestionToANamedLevel(t *testing.T) {
	const en, es = "20 two-digit addition problems", "20 problemas de suma de dos cifras"
	for _, c := range []struct {
		start, prompt string
		n             int
		says          string
		dir           int
	}{
		{en, "make number 3 challenging", 3, "Question 3 is now at challenge level.", 1},
		{en, "make question 2 easy", 2, "Question 2 is now at easy level.", -1},
		{en, "make #4 hard", 4, "Question 4 is now at hard level.", 1},
		{es, "haz la pregunta 3 más fácil", 3, "La pregunta 3 es más fácil.", -1},
		{es, "la 4 de nivel desafío", 4, "La pregunta 4 ahora es de nivel de reto.", 1},
		{"10 two-step equations", "make number 5 challenging", 5, "Question 5 is now at challenge level.", 1},
		{"12 clocks to read", "make question 2 easy", 2, "Question 2 is now at easy level.", -1},
		{en, "question 3 at grade level", 3, "Question 3 is already at grade level, so I left it as it was.", 0},
	} {
		e := New(seeds())
		before := writeOn(t, e, "", c.start)
		after := writeOn(t, e, before.Body, c.prompt)
		name := fmt.Sprintf("%q then %q", c.start, c.prompt)
		if !strings.Contains(after.Message, c.says) {
			t.Errorf("%s: reply %q, want %q", name, after.Message, c.says)
		}
		a, b := questionBlocks(before.Document), questionBlocks(after.Document)
		if len(a) != len(b) {
			t.Fatalf("%s: %d questions, then %d", name, len(a), len(b))
		}
		for i := range a {
			if i != c.n-1 && !reflect.DeepEqual(a[i], b[i]) {
				t.Errorf("%s: question %d changed too", name, i+1)
			}
		}
		_, was := itemsOf(t, before)
		s, now := itemsOf(t, after)
		sk, _ := skills.Get(s.Sections[0].Skill)
		if got := skills.CompareDifficulty(sk.Difficulty(now[0][c.n-1]), sk.Difficulty(was[0][c.n-1])); got != c.dir {
			t.Errorf("%s: the reply %q is not true: %q → %q", name, after.Message, a[c.n-1].Text, b[c.n-1].Text)
		}
		if c.dir == 0 && after.Body != before.Body {
			t.Errorf("%s: the sheet was to stay as it was", name)
		}
	}
}

// An edit's reply is in the request's language when its words make that clear; the sheet
// keeps its own language unless the request asks to change it. Short requests ("3 more")
// are answered in the sheet's language.
func TestEditRepliesFollowTheRequestsLanguage(t *testing.T) {
	const en, es = "20 two-digit addition problems", "20 problemas de suma de dos cifras"
	for _, c := range []struct {
		start, prompt, says, sheet string
	}{
		{en, "hazlas más fáciles", "Hecho: 20 sumas. Hice las 20 preguntas más fáciles: números de una cifra en lugar de dos cifras.", "en"},
		{en, "añade 5 más", "Hecho: 25 sumas. Añadí 5 preguntas al final.", "en"},
		{en, "otra versión", "Aquí tienes la versión B", "en"},
		{en, "haz la 3 más difícil", "La pregunta 3 es más difícil.", "en"},
		{es, "make them harder", "Done: 20 addition problems. I made all 20 questions harder: three-digit numbers instead of two-digit.", "es"},
		{es, "add 5 more", "Done: 25 addition problems. I added 5 questions at the end.", "es"},
		{es, "make number 3 challenging", "Question 3 is now at challenge level.", "es"},
		// short or unclear: the sheet's language
		{en, "5 más", "Done: 25 addition problems.", "en"},
		{es, "3 more", "Hecho: 23 sumas.", "es"},
		{es, "only 10", "Dejé las primeras 10 preguntas.", "es"},
		// a language asked for: the sheet changes, and the reply is in it
		{en, "now in Spanish", "Hecho: 20 sumas. Escribí la hoja en español.", "es"},
		{es, "ahora en inglés", "Done: 20 addition problems. I wrote the sheet in English.", "en"},
	} {
		e := New(seeds())
		before := writeOn(t, e, "", c.start)
		after := writeOn(t, e, before.Body, c.prompt)
		name := fmt.Sprintf("%q then %q", c.start, c.prompt)
		if !strings.Contains(after.Message, c.says) {
			t.Errorf("%s: reply %q, want %q", name, after.Message, c.says)
		}
		s, _ := specFrom(after.Body)
		if after.Document.Language != c.sheet || s.Lang != c.sheet {
			t.Errorf("%s: the sheet is in %q (spec %q), want %q", name, after.Document.Language, s.Lang, c.sheet)
		}
		if c.sheet == before.Document.Language && questionsOf(after.Document)[0] == "" {
			t.Errorf("%s: no questions", name)
		}
	}
	// Something it cannot change is said in the request's language too.
	before := writeOn(t, New(seeds()), "", en)
	_, err := New(seeds()).Write(t.Context(), generate.Request{Prompt: "hazla más bonita por favor", CurrentBody: before.Body}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "No entendí") {
		t.Errorf("err %v", err)
	}
}
