package offline

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// seeds hands out 1, 2, 3… so a test can tell a kept seed from a new one.
func seeds() func() int64 {
	n := int64(0)
	return func() int64 { n++; return n }
}

func writeOn(t *testing.T, e *Engine, body, prompt string) generate.Draft {
	t.Helper()
	d, err := e.Write(context.Background(), generate.Request{Prompt: prompt, CurrentBody: body,
		Settings: latex.Settings{Title: "Practice", ShowName: true, NarrowMargins: true}}, nil)
	if err != nil {
		t.Fatalf("%q: %v", prompt, err)
	}
	return d
}

// questionsOf lists a document's questions (parts of exam groups included) as text.
func questionsOf(doc *worksheet.Document) []string {
	var out []string
	for _, b := range doc.Blocks {
		if b.Kind != worksheet.BlockQuestion {
			continue
		}
		if len(b.Question.Parts) > 0 {
			for _, p := range b.Question.Parts {
				out = append(out, p.Text)
			}
			continue
		}
		out = append(out, b.Question.Text)
	}
	return out
}

func sections(doc *worksheet.Document) []string {
	var out []string
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockSection {
			out = append(out, b.Title)
		}
	}
	return out
}

func TestCompoundRequestBecomesSectionsInOrder(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "5 addition, 5 subtraction and 5 multiplication problems for grade 3")
	if got := sections(d.Document); strings.Join(got, "|") != "Addition problems|Subtraction problems|Multiplication facts" {
		t.Errorf("sections %v", got)
	}
	if n := len(questionsOf(d.Document)); n != 15 {
		t.Errorf("%d questions", n)
	}
	if !strings.Contains(d.Message, "5 addition problems, 5 subtraction problems and 5 multiplication facts (grade 3)") {
		t.Errorf("reply %q", d.Message)
	}
	if !strings.HasPrefix(d.Body, specMarker) || !strings.Contains(d.Body, `\ssq{`) {
		t.Errorf("the body must carry the spec and the rendered questions")
	}
}

func TestFollowUpEditsChangeOnlyWhatWasAsked(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 two-digit addition problems")
	before := questionsOf(start.Document)

	t.Run("add 5 more keeps the twenty", func(t *testing.T) {
		qs := questionsOf(writeOn(t, e, start.Body, "add 5 more").Document)
		if len(qs) != 25 || strings.Join(qs[:20], "|") != strings.Join(before, "|") {
			t.Errorf("got %d questions", len(qs))
		}
	})
	t.Run("only 10 keeps the first ten", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "only 10 questions please")
		qs := questionsOf(d.Document)
		if len(qs) != 10 || strings.Join(qs, "|") != strings.Join(before[:10], "|") {
			t.Errorf("got %d questions", len(qs))
		}
	})
	t.Run("make number 3 harder changes number 3 only", func(t *testing.T) {
		qs := questionsOf(writeOn(t, e, start.Body, "make number 3 harder").Document)
		for i := range before {
			if (qs[i] != before[i]) != (i == 2) {
				t.Errorf("question %d: %q → %q", i+1, before[i], qs[i])
			}
		}
		var a, b int64
		fmtSscanf(strings.Trim(qs[2], "$"), &a, &b)
		if a%10+b%10 < 10 && a/10%10+b/10%10 < 10 {
			t.Errorf("number 3 %q does not regroup", qs[2])
		}
	})
	t.Run("two columns changes the layout only", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "only two columns")
		if d.Document.Settings.Columns != 2 || strings.Join(questionsOf(d.Document), "|") != strings.Join(before, "|") {
			t.Errorf("columns %d", d.Document.Settings.Columns)
		}
	})
	t.Run("now in Spanish", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "now in Spanish")
		if d.Document.Language != "es" || !strings.HasPrefix(d.Message, "Hecho") || len(questionsOf(d.Document)) != 20 {
			t.Errorf("language %q, reply %q", d.Document.Language, d.Message)
		}
		if strings.Join(questionsOf(d.Document), "|") != strings.Join(before, "|") {
			t.Errorf("the numbers changed with the language")
		}
	})
	t.Run("another version: same structure, new numbers", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "make another version")
		qs := questionsOf(d.Document)
		same := 0
		for i := range qs {
			if qs[i] == before[i] {
				same++
			}
		}
		if len(qs) != 20 || same > 2 || !strings.Contains(d.Document.Title, "Version B") {
			t.Errorf("%d questions, %d the same, title %q", len(qs), same, d.Document.Title)
		}
		next := questionsOf(writeOn(t, e, d.Body, "another version").Document)
		if strings.Join(next, "|") == strings.Join(qs, "|") {
			t.Errorf("version C repeats version B")
		}
	})
	t.Run("change to subtraction keeps the count", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "change to subtraction")
		if got := sections(d.Document); len(got) != 1 || got[0] != "Subtraction problems" || len(questionsOf(d.Document)) != 20 {
			t.Errorf("sections %v, %d questions", got, len(questionsOf(d.Document)))
		}
	})
	t.Run("also 5 clocks adds a section", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "also add 5 telling time questions")
		qs := questionsOf(d.Document)
		if got := sections(d.Document); len(got) != 2 || got[1] != "Clocks to read" || len(qs) != 25 || strings.Join(qs[:20], "|") != strings.Join(before, "|") {
			t.Errorf("sections %v, %d questions", got, len(qs))
		}
	})
	t.Run("make them harder: three-digit", func(t *testing.T) {
		d := writeOn(t, e, start.Body, "make them harder")
		var a, b int64
		fmtSscanf(strings.Trim(questionsOf(d.Document)[0], "$"), &a, &b)
		if a < 100 || b < 100 {
			t.Errorf("harder: %q", questionsOf(d.Document)[0])
		}
	})
	t.Run("something it cannot change", func(t *testing.T) {
		_, err := e.Write(context.Background(), generate.Request{Prompt: "hmm", CurrentBody: start.Body}, nil)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) || !strings.Contains(u.Message, "harder") {
			t.Errorf("err %v", err)
		}
	})
}

func TestVersionsShareStructureWithNewNumbers(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "make 3 versions of 10 multiplication facts for grade 3")
	secs := sections(d.Document)
	if len(secs) != 3 || !strings.HasPrefix(secs[0], "Version A") || !strings.HasPrefix(secs[2], "Version C") {
		t.Fatalf("sections %v", secs)
	}
	qs := questionsOf(d.Document)
	if len(qs) != 30 || strings.Join(qs[:10], "|") == strings.Join(qs[10:20], "|") {
		t.Errorf("%d questions; versions A and B the same", len(qs))
	}
	if !strings.Contains(d.Message, "A, B and C") {
		t.Errorf("reply %q", d.Message)
	}
}

// "make 3 versions": each version on pages of its own under the sheet's header, numbered
// from 1, and the key page for page.
func TestVersionsStartOnNewPagesNumberedFromOne(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "make 3 versions of 10 two-step equations and 4 inequalities for grade 7")
	starts := 0
	for _, b := range d.Document.Blocks {
		if b.NewPage {
			starts++
			if b.Kind != worksheet.BlockSection || !strings.HasPrefix(b.Title, "Version ") {
				t.Errorf("new page at %s %q", b.Kind, b.Title)
			}
		}
	}
	if starts != 3 {
		t.Errorf("%d versions start a new page, want 3", starts)
	}
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(sheet, "{1.}"); n != 3 {
		t.Errorf("question 1 printed %d times, want once per version", n)
	}
	st, sp := pdf(t, "versions-sheet", sheet)
	_, kp := pdf(t, "versions-key", key)
	if sp != kp || sp < 3 {
		t.Errorf("sheet %d pages, key %d", sp, kp)
	}
	pages := strings.Split(st, "\f")
	prev := 0
	for _, v := range []string{"Version A: Two-step", "Version B: Two-step", "Version C: Two-step"} {
		at := slices.IndexFunc(pages, func(p string) bool { return strings.Contains(p, v) })
		if at < 0 || at < prev || at > 0 && at == prev || !strings.Contains(pages[at], "Name:") || strings.Index(pages[at], "Name:") > strings.Index(pages[at], v) {
			t.Errorf("%s is on page %d, not on a new page under the sheet's header", v, at+1)
		}
		prev = at
	}
}

func TestCountsOverThePageLimitAreCappedAndSaid(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "500 addition problems")
	if n := len(questionsOf(d.Document)); n != maxQuestions {
		t.Errorf("%d questions", n)
	}
	if !strings.Contains(d.Message, "500") || !strings.Contains(d.Message, "100") {
		t.Errorf("reply %q does not say it was capped", d.Message)
	}
}

func TestWhatItCannotHonourIsNamed(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "20 multiplication facts as multiple choice")
	if !strings.Contains(d.Message, "I couldn't make it multiple choice offline.") {
		t.Errorf("reply %q", d.Message)
	}
	d = writeOn(t, New(seeds()), "", "adding fractions, answers as decimals")
	if !strings.Contains(d.Message, "couldn't write the answers as decimals") {
		t.Errorf("reply %q", d.Message)
	}
	d = writeOn(t, New(seeds()), "", "adding fractions, answers in simplest form")
	if strings.Contains(d.Message, "couldn't") {
		t.Errorf("reply %q", d.Message)
	}
}

func TestSpanishRequestGetsSpanishSheetAndReply(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "20 problemas de suma y resta para segundo grado")
	if d.Document.Language != "es" || !strings.HasPrefix(d.Message, "Aquí") {
		t.Errorf("language %q, reply %q", d.Document.Language, d.Message)
	}
	if !strings.Contains(questionsOf(d.Document)[0], "¿Cuántas") {
		t.Errorf("question %q", questionsOf(d.Document)[0])
	}
}

func TestRefusalsAreShortAndInTheRequestsLanguage(t *testing.T) {
	for _, c := range []struct{ prompt, start string }{
		{"a reading passage about frogs", "I can't write"},
		{"una lectura de comprensión sobre volcanes", "No puedo escribir"},
	} {
		_, err := New(seeds()).Write(context.Background(), generate.Request{Prompt: c.prompt}, nil)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) {
			t.Fatalf("%q: %v", c.prompt, err)
		}
		m := u.Message
		if !strings.HasPrefix(m, c.start) || strings.Count(m, "“") < 2 || strings.Contains(m, "OPENAI") || len(m) > 400 {
			t.Errorf("%q: %q", c.prompt, m)
		}
		if !strings.Contains(m, "administrator") && !strings.Contains(m, "administrador") {
			t.Errorf("%q: %q does not say an administrator can connect a model", c.prompt, m)
		}
	}
}

// TestExamLayoutGroupsQuestionsWithRoomToWork: in the exam layout a section is one numbered
// question whose parts are its problems, each with room to work.
func TestExamLayoutGroupsQuestionsWithRoomToWork(t *testing.T) {
	d, err := New(seeds()).Write(context.Background(), generate.Request{Prompt: "12 long division problems for grade 4",
		Settings: latex.Settings{Layout: "exam"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Document.Settings.Layout != worksheet.LayoutExam {
		t.Errorf("layout %q", d.Document.Settings.Layout)
	}
	groups := 0
	for _, b := range d.Document.Blocks {
		if b.Kind != worksheet.BlockQuestion {
			continue
		}
		groups++
		if b.Question.Kind != worksheet.KindGroup || len(b.Question.Parts) != 12 {
			t.Errorf("exam question %+v", b.Question)
		}
		for _, p := range b.Question.Parts {
			if p.Space.Kind != worksheet.SpaceWork {
				t.Errorf("a part has %+v, not room to work", p.Space)
			}
		}
	}
	if groups != 1 {
		t.Errorf("one section is %d numbered questions", groups)
	}
	if n := len(questionsOf(d.Document)); n != 12 {
		t.Errorf("%d questions", n)
	}
}

func fmtSscanf(s string, a, b *int64) (int, error) {
	return fmt.Sscanf(strings.ReplaceAll(s, "{,}", ""), "%d + %d =", a, b)
}

// A sheet whose source kept only the document (the server's rendering) is still edited:
// its sections and counts are read back from the document in the chat.
func TestEditsFromTheDocumentInTheChat(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "6 clocks and 4 two-digit addition problems")
	sheet, _, err := worksheet.Render(*start.Document)
	if err != nil {
		t.Fatal(err)
	}
	req := generate.Request{Prompt: "add 5 more", History: []generate.Message{
		{Role: "user", Content: "6 clocks and 4 two-digit addition problems"},
		{Role: "assistant", Content: start.Message, LatexCode: sheet}}}
	d, err := e.Write(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := sections(d.Document); strings.Join(got, "|") != "Clocks to read|Addition problems" || len(questionsOf(d.Document)) != 15 {
		t.Errorf("sections %v, %d questions", got, len(questionsOf(d.Document)))
	}
	// A sheet another engine wrote is not taken for the offline engine's.
	_, err = e.Write(context.Background(), generate.Request{Prompt: "make them harder", CurrentBody: `\begin{questions}\question Name three rivers.\end{questions}`}, nil)
	var u *generate.UnsupportedError
	if !errors.As(err, &u) || !strings.Contains(u.Message, "not written by the offline engine") {
		t.Errorf("err %v", err)
	}
}

func TestSpanishFollowUps(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "12 restas de dos cifras")
	before := questionsOf(start.Document)
	for _, c := range []struct {
		prompt string
		ok     func(d generate.Draft) bool
	}{
		{"añade 5 más", func(d generate.Draft) bool { return len(questionsOf(d.Document)) == 17 }},
		{"solo 6", func(d generate.Draft) bool { return len(questionsOf(d.Document)) == 6 }},
		{"en dos columnas", func(d generate.Draft) bool { return d.Document.Settings.Columns == 2 }},
		{"haz la 3 más difícil", func(d generate.Draft) bool {
			qs := questionsOf(d.Document)
			return qs[2] != before[2] && qs[3] == before[3] && qs[1] == before[1]
		}},
		{"ahora en inglés", func(d generate.Draft) bool {
			return d.Document.Language == "en" && strings.HasPrefix(d.Message, "Done")
		}},
		{"otra versión", func(d generate.Draft) bool { return strings.Contains(d.Document.Title, "versión B") }},
		{"con letra grande", func(d generate.Draft) bool { return d.Document.Settings.LargePrint }},
	} {
		d := writeOn(t, e, start.Body, c.prompt)
		if !c.ok(d) {
			t.Errorf("%q: %d questions, settings %+v, title %q, reply %q", c.prompt, len(questionsOf(d.Document)), d.Document.Settings, d.Document.Title, d.Message)
		}
	}
}

// A spec in a stored source could have been written by anyone: it is kept within one sheet.
func TestASpecFromASourceIsKeptWithinASheet(t *testing.T) {
	body := specMarker + `{"lang":"en","grade":-1,"sections":[{"skill":"addition","count":1000000000,"p":{"grade":2,"digits":99,"max":9000000000000000000,"tables":[0,-5,300]}}],"seed":1,"versions":1000000}`
	d := writeOn(t, New(seeds()), body, "add 5 more")
	if n := len(questionsOf(d.Document)); n > maxQuestions || n < 1 {
		t.Errorf("%d questions", n)
	}
}

// Requests at the edges of what makes sense still give a sheet, quickly.
func TestEdgeRequestsStillGiveASheet(t *testing.T) {
	for _, p := range []string{
		"compare fractions with denominators up to 2", "adding fractions up to 2", "count by 0s",
		"1-digit long division", "9-digit addition", "addition within 1", "number bonds up to 2",
		"0 addition problems", "subtraction within 0", "the 0 times table", "rounding to the nearest 100000",
		"100 versions of 100 clocks", "skip counting by 100s",
	} {
		d, err := New(seeds()).Write(context.Background(), generate.Request{Prompt: p}, nil)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		if n := len(questionsOf(d.Document)); n < 1 || n > maxQuestions {
			t.Errorf("%q: %d questions", p, n)
		}
	}
}

// The pipeline stores only the rendered document: an edit of it (the document in the request,
// as the server passes it) keeps the sheet's own numbers, grade and levels.
func TestEditOfTheStoredDocumentKeepsItsNumbers(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 two-digit subtraction problems for grade 3 in 2 columns")
	sheet, _, err := worksheet.Render(*start.Document)
	if err != nil {
		t.Fatal(err)
	}
	stored, ok := worksheet.Extract(sheet)
	if !ok {
		t.Fatal("the rendered sheet carries no document")
	}
	body, _ := latex.Body(sheet)
	before := questionsOf(&stored)
	d, err := e.Write(context.Background(), generate.Request{Prompt: "add 5 more", CurrentBody: body, CurrentDocument: &stored}, nil)
	if err != nil {
		t.Fatal(err)
	}
	qs := questionsOf(d.Document)
	if len(qs) != 25 || strings.Join(qs[:20], "|") != strings.Join(before, "|") {
		t.Fatalf("got %d questions; the first twenty changed: %v", len(qs), qs)
	}
	if d.Document.Settings.Columns != 2 {
		t.Errorf("columns %d, want 2 kept", d.Document.Settings.Columns)
	}
}

// digitsOf is how many digits each number of a sum has: "$375 + 118 = $" → 3, 3.
func digitsOf(q string) []int {
	var out []int
	for _, n := range strings.Fields(strings.NewReplacer("$", " ", "+", " ", "=", " ", "{,}", "").Replace(q)) {
		out = append(out, len(n))
	}
	return out
}

// Every follow-up edit's reply says in one sentence, in the request's language, what changed,
// and the sentence is true: the questions really changed that way, or were left as they were
// when the reply says they could go no further.
func TestEditRepliesSayWhatChanged(t *testing.T) {
	qs := func(d generate.Draft) []string { return questionsOf(d.Document) }
	allDigits := func(n int) func(before, after generate.Draft) bool {
		return func(_, after generate.Draft) bool {
			for _, q := range qs(after) {
				if d := digitsOf(q); len(d) != 2 || d[0] != n || d[1] != n {
					return false
				}
			}
			return len(qs(after)) == 20
		}
	}
	changedAll := func(before, after generate.Draft) bool {
		a, b := qs(before), qs(after)
		for i := range a {
			if a[i] == b[i] {
				return false
			}
		}
		return len(a) == len(b)
	}
	same := func(before, after generate.Draft) bool {
		return slices.Equal(qs(before), qs(after)) && !strings.HasPrefix(after.Message, "Done") && !strings.HasPrefix(after.Message, "Hecho")
	}
	firstKept := func(n, total int) func(before, after generate.Draft) bool {
		return func(before, after generate.Draft) bool {
			return len(qs(after)) == total && slices.Equal(qs(after)[:n], qs(before)[:n])
		}
	}
	columns := func(n int) func(before, after generate.Draft) bool {
		return func(before, after generate.Draft) bool {
			return after.Document.Settings.Columns == n && slices.Equal(qs(before), qs(after))
		}
	}
	language := func(code string) func(before, after generate.Draft) bool {
		return func(before, after generate.Draft) bool {
			return after.Document.Language == code && slices.Equal(qs(before), qs(after))
		}
	}
	onlyThird := func(before, after generate.Draft) bool {
		a, b := qs(before), qs(after)
		for i := range a {
			if (a[i] != b[i]) != (i == 2) {
				return false
			}
		}
		return true
	}
	version := func(title string) func(before, after generate.Draft) bool {
		return func(before, after generate.Draft) bool {
			return strings.Contains(after.Document.Title, title) && !slices.Equal(qs(before), qs(after))
		}
	}
	const enAdd, esAdd = "20 two-digit addition problems", "20 problemas de suma de dos cifras"
	for _, c := range []struct {
		start, prompt, says string
		true                func(before, after generate.Draft) bool
	}{
		// A whole-sheet level edit names the change, concretely where the request set the size.
		{enAdd, "make them a bit harder", "I made all 20 questions harder: three-digit numbers instead of two-digit.", allDigits(3)},
		{enAdd, "make it easier", "I made all 20 questions easier: one-digit numbers instead of two-digit.", allDigits(1)},
		{esAdd, "hazlas más difíciles", "Hice las 20 preguntas más difíciles: números de tres cifras en lugar de dos cifras.", allDigits(3)},
		{esAdd, "hazlas más fáciles", "Hice las 20 preguntas más fáciles: números de una cifra en lugar de dos cifras.", allDigits(1)},
		{"10 two-step equations", "make them harder", "I made all 10 questions harder: hard level instead of grade level.", changedAll},
		{"10 ecuaciones de dos pasos", "hazlas más fáciles", "Hice las 10 preguntas más fáciles: nivel fácil en lugar de nivel del grado.", changedAll},
		{"12 clocks and 10 two-digit subtraction problems", "make them harder", "I made 10 subtraction problems harder; 12 clocks to read stayed as they were.",
			func(before, after generate.Draft) bool {
				return slices.Equal(qs(before)[:12], qs(after)[:12]) && !slices.Equal(qs(before)[12:], qs(after)[12:])
			}},
		// …and says so when it can go no further, instead of pretending.
		{"20 single-digit addition problems", "make it easier", "Your worksheet is as it was: 20 addition problems. These questions are already as easy as I can make them offline, so I left them as they were.", same},
		{"10 7-digit addition problems", "make them harder", "These questions are already as hard as I can make them offline, so I left them as they were.", same},
		{"20 sumas de 1 cifra", "hazlas más fáciles", "Tu hoja sigue igual: 20 sumas. Estas preguntas ya son tan fáciles como puedo hacerlas sin conexión, así que las dejé como estaban.", same},
		{"20 addition problems for kindergarten", "make it easier", "These questions are already as easy as I can make them offline", same},
		{"the 7 times table", "make them harder", "These questions keep to the numbers you asked for, so I left them as they were;", same},
		{"la tabla del 7", "hazlas más difíciles", "Estas preguntas siguen los números que pediste, así que las dejé como estaban;", same},
		// The other follow-ups name what they changed too.
		{enAdd, "add 5 more", "Done: 25 addition problems. I added 5 questions at the end.", firstKept(20, 25)},
		{esAdd, "añade 5 más", "Hecho: 25 sumas. Añadí 5 preguntas al final.", firstKept(20, 25)},
		{enAdd, "only 10", "I kept the first 10 questions.", firstKept(10, 10)},
		{esAdd, "solo 10", "Dejé las primeras 10 preguntas.", firstKept(10, 10)},
		{enAdd, "only two columns", "The questions are now in 2 columns.", columns(2)},
		{esAdd, "en dos columnas", "Las preguntas ahora están en 2 columnas.", columns(2)},
		{enAdd, "one column", "The questions are now in one column.", columns(1)},
		{enAdd, "now in Spanish", "Hecho: 20 sumas. Escribí la hoja en español.", language("es")},
		{esAdd, "ahora en inglés", "Done: 20 addition problems. I wrote the sheet in English.", language("en")},
		{enAdd, "make number 3 harder", "Question 3 is harder.", onlyThird},
		{esAdd, "haz la 3 más difícil", "La pregunta 3 es más difícil.", onlyThird},
		{enAdd, "make another version", "Here is version B: the same kinds of questions with new numbers.", version("Version B")},
		{esAdd, "otra versión", "Aquí tienes la versión B: las mismas clases de preguntas con números nuevos.", version("versión B")},
		{enAdd, "new numbers", "The questions have new numbers.", func(before, after generate.Draft) bool { return !slices.Equal(qs(before), qs(after)) }},
	} {
		e := New(seeds())
		before := writeOn(t, e, "", c.start)
		after := writeOn(t, e, before.Body, c.prompt)
		if !strings.Contains(after.Message, c.says) {
			t.Errorf("%q then %q: reply %q, want %q", c.start, c.prompt, after.Message, c.says)
		}
		if !c.true(before, after) {
			t.Errorf("%q then %q: the reply %q is not true of the sheet:\n%v\n→ %v", c.start, c.prompt, after.Message, qs(before), qs(after))
		}
	}
}

// itemsOf are the items the sheet's spec writes (its first version), with the spec: what the
// document shows, with the numbers each question was made from.
func itemsOf(t *testing.T, d generate.Draft) (Spec, [][]skills.Item) {
	t.Helper()
	s, ok := specFrom(d.Body)
	if !ok {
		t.Fatal("the body carries no spec")
	}
	var out [][]skills.Item
	for i, sec := range s.Sections {
		out = append(out, sectionQuestions(&s, s.Version, i, sec))
	}
	return s, out
}

// questionBlocks are a document's questions as they are written, every field of them.
func questionBlocks(doc *worksheet.Document) []worksheet.Question {
	var out []worksheet.Question
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			out = append(out, *b.Question)
		}
	}
	return out
}

// "Make number 3 harder" (or easier) changes that question only, and the reply is true of it:
// the skill's Difficulty of the question rose (or fell) and every other question is the same,
// field for field; when it can go no further, the sheet is as it was and the reply says so.
func TestOneQuestionHarderOrEasierIsTrue(t *testing.T) {
	const rose, fell, none = 1, -1, 0
	for _, c := range []struct {
		start, prompt string
		n             int // the question, from 1
		says          string
		want          int
	}{
		{"20 two-digit addition problems", "make number 3 harder", 3, "Question 3 is harder.", rose},
		{"20 two-digit addition problems", "make question 2 easier", 2, "Question 2 is easier.", fell},
		{"20 problemas de suma de dos cifras", "haz la 3 más difícil", 3, "La pregunta 3 es más difícil.", rose},
		{"20 problemas de suma de dos cifras", "haz la 2 más fácil", 2, "La pregunta 2 es más fácil.", fell},
		{"20 multiplication facts for grade 3", "make number 3 harder", 3, "Question 3 is harder.", rose},
		{"the 7 times table", "make number 3 harder", 3, "Question 3 is harder, within the numbers you asked for.", rose},
		{"la tabla del 7", "haz la 3 más difícil", 3, "La pregunta 3 es más difícil, dentro de los números que pediste.", rose},
		{"12 clocks to read", "make number 3 harder", 3, "Question 3 is harder.", rose},
		{"10 adding fractions problems", "make number 4 harder", 4, "Question 4 is harder.", rose},
		{"10 sumas de fracciones", "haz la 4 más fácil", 4, "La pregunta 4 es más fácil.", fell},
		{"12 subtraction problems for grade 3", "make problem 5 harder", 5, "Question 5 is harder.", rose},
		{"10 two-step equations", "make #2 easier", 2, "Question 2 is easier.", fell},
		{"6 clocks and 4 two-digit addition problems", "make number 8 harder", 8, "Question 8 is harder.", rose},
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
				t.Errorf("%s: question %d changed too: %q → %q", name, i+1, a[i].Text, b[i].Text)
			}
		}
		if c.want == none {
			if !reflect.DeepEqual(a, b) || after.Body != before.Body || strings.HasPrefix(after.Message, "Done") || strings.HasPrefix(after.Message, "Hecho") {
				t.Errorf("%s: the reply %q says the sheet is as it was, and it is not", name, after.Message)
			}
			continue
		}
		if reflect.DeepEqual(a[c.n-1], b[c.n-1]) {
			t.Errorf("%s: question %d did not change", name, c.n)
			continue
		}
		_, was := itemsOf(t, before)
		s, now := itemsOf(t, after)
		sec, k := 0, c.n-1
		for ; k >= len(now[sec]); sec++ {
			k -= len(now[sec])
		}
		if now[sec][k].Q.Text != b[c.n-1].Text && len(b[c.n-1].Parts) == 0 {
			t.Fatalf("%s: the spec writes %q, the sheet shows %q", name, now[sec][k].Q.Text, b[c.n-1].Text)
		}
		sk, _ := skills.Get(s.Sections[sec].Skill)
		d0, d1 := sk.Difficulty(was[sec][k]), sk.Difficulty(now[sec][k])
		if skills.CompareDifficulty(d1, d0) != c.want {
			t.Errorf("%s: the reply %q is not true: %q (difficulty %v) → %q (difficulty %v)", name, after.Message, a[c.n-1].Text, d0, b[c.n-1].Text, d1)
		}
		if p := s.Sections[sec].P; len(p.Tables) > 0 { // "the 7 times table": still a fact of that table
			if n := now[sec][k].Nums; n[0] != 7 && n[1] != 7 || max(n[0], n[1]) > 12 {
				t.Errorf("%s: %q is not in the 7 times table", name, b[c.n-1].Text)
			}
		}
	}
}

// Asked again and again, the same question grows harder (or easier) each time until it can go
// no further; then the sheet stays as it was and the reply says so. The 7 times table keeps to
// the 7s.
func TestOneQuestionHarderUntilItCannot(t *testing.T) {
	for _, c := range []struct {
		start, prompt, more, held string
		dir                       int
	}{
		{"the 7 times table", "make number 3 harder", "Question 3 is harder, within the numbers you asked for.", "Question 3 is already as hard as the numbers you asked for allow, so I left it as it was.", 1},
		{"la tabla del 7", "haz la 3 más difícil", "La pregunta 3 es más difícil, dentro de los números que pediste.", "La pregunta 3 ya es tan difícil como permiten los números que pediste, así que la dejé como estaba.", 1},
		{"20 two-digit addition problems", "make number 3 harder", "Question 3 is harder.", "Question 3 is already as hard as I can make it offline, so I left it as it was.", 1},
		{"20 addition problems for kindergarten", "make number 3 easier", "Question 3 is easier.", "Question 3 is already as easy as I can make it offline, so I left it as it was.", -1},
		{"20 sumas para kínder", "haz la 3 más fácil", "La pregunta 3 es más fácil.", "La pregunta 3 ya es tan fácil como puedo hacerla sin conexión, así que la dejé como estaba.", -1},
	} {
		e := New(seeds())
		d := writeOn(t, e, "", c.start)
		stopped, grew := false, 0
		for try := 0; try < 6 && !stopped; try++ {
			next := writeOn(t, e, d.Body, c.prompt)
			a, b := questionBlocks(d.Document), questionBlocks(next.Document)
			_, was := itemsOf(t, d)
			s, now := itemsOf(t, next)
			sk, _ := skills.Get(s.Sections[0].Skill)
			rose := skills.CompareDifficulty(sk.Difficulty(now[0][2]), sk.Difficulty(was[0][2])) == c.dir
			switch {
			case strings.Contains(next.Message, c.more):
				grew++
				if !rose || !reflect.DeepEqual(a[:2], b[:2]) || !reflect.DeepEqual(a[3:], b[3:]) {
					t.Errorf("%q, %q (%d): the reply %q is not true: %q → %q", c.start, c.prompt, try+1, next.Message, a[2].Text, b[2].Text)
				}
			case strings.Contains(next.Message, c.held):
				stopped = true
				if next.Body != d.Body || strings.HasPrefix(next.Message, "Done") || strings.HasPrefix(next.Message, "Hecho") {
					t.Errorf("%q, %q (%d): the reply %q says the sheet is as it was, and it is not", c.start, c.prompt, try+1, next.Message)
				}
			default:
				t.Fatalf("%q, %q (%d): reply %q", c.start, c.prompt, try+1, next.Message)
			}
			d = next
		}
		if !stopped || grew == 0 {
			t.Errorf("%q: %q changed question 3 %d times, then said it could go no further: %v", c.start, c.prompt, grew, stopped)
		}
	}
}

// A level named in an edit ("make it challenging", "ponlo de nivel desafío", "back to grade
// level") puts the sheet at that level, not one step along; "harder" stays one step. The reply
// names the level, and it is the sheet's.
func TestNamedLevelEditsGoToThatLevel(t *testing.T) {
	const eq, ec = "10 two-step equations", "10 ecuaciones de dos pasos"
	for _, c := range []struct {
		start, prompt, says string
		level               int
		changed             bool
	}{
		{eq, "make it challenging", "All 10 questions are now at challenge level instead of grade level.", 2, true},
		{eq, "make them a challenge", "All 10 questions are now at challenge level instead of grade level.", 2, true},
		{eq, "make them hard", "All 10 questions are now at hard level instead of grade level.", 1, true},
		{eq, "make them easy", "All 10 questions are now at easy level instead of grade level.", -1, true},
		{eq, "make them a bit harder", "I made all 10 questions harder: hard level instead of grade level.", 1, true},
		{"10 challenging two-step equations", "back to grade level please", "All 10 questions are now at grade level instead of challenge level.", 0, true},
		{"10 challenging two-step equations", "make it hard", "All 10 questions are now at hard level instead of challenge level.", 1, true},
		{"10 challenging two-step equations", "make them challenging", "These questions are already at challenge level, so I left them as they were.", 2, false},
		{"20 two-digit addition problems", "make it challenging", "All 20 questions are now at challenge level instead of grade level.", 2, true},
		{"the 7 times table", "make it challenging", "These questions keep to the numbers you asked for, so I left them as they were;", 0, false},
		{ec, "ponlo de nivel desafío", "Las 10 preguntas ahora son de nivel de reto en lugar de nivel del grado.", 2, true},
		{ec, "hazlas difíciles", "Las 10 preguntas ahora son de nivel difícil en lugar de nivel del grado.", 1, true},
		{ec, "hazlas más difíciles", "Hice las 10 preguntas más difíciles: nivel difícil en lugar de nivel del grado.", 1, true},
		{"10 ecuaciones de dos pasos de nivel desafío", "ponlas de nivel del grado", "Las 10 preguntas ahora son de nivel del grado en lugar de nivel de reto.", 0, true},
		{"10 ecuaciones de dos pasos de nivel desafío", "ponlo de nivel desafío", "Estas preguntas ya son de nivel de reto, así que las dejé como estaban.", 2, false},
	} {
		e := New(seeds())
		before := writeOn(t, e, "", c.start)
		after := writeOn(t, e, before.Body, c.prompt)
		name := fmt.Sprintf("%q then %q", c.start, c.prompt)
		if !strings.Contains(after.Message, c.says) {
			t.Errorf("%s: reply %q, want %q", name, after.Message, c.says)
		}
		s, ok := specFrom(after.Body)
		if !ok {
			t.Fatalf("%s: no spec", name)
		}
		for _, sec := range s.Sections {
			if sec.P.Level != c.level {
				t.Errorf("%s: the reply %q is not true: the sheet is at level %d, want %d", name, after.Message, sec.P.Level, c.level)
			}
		}
		if changed := !slices.Equal(questionsOf(before.Document), questionsOf(after.Document)); changed != c.changed {
			t.Errorf("%s: the reply %q is not true: questions changed %v, want %v", name, after.Message, changed, c.changed)
		}
		if !c.changed && after.Body != before.Body {
			t.Errorf("%s: the sheet was to stay as it was", name)
		}
	}
}
