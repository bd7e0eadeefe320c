package worksheet

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// TestKeyMarks: the key's title says it is the answer key, the ✓ legend appears only when an
// answer was checked, a missing figure is a labelled box on both, and the sheet shows no answer.
func TestKeyMarks(t *testing.T) {
	doc := sampleDocument()
	sheet, key := compileBoth(t, doc)
	s, k := strings.Join(sheet, ""), strings.Join(key, "")
	if !strings.Contains(k, "Mixed Review – Answer Key") || strings.Contains(s, "Answer Key") {
		t.Errorf("titles: sheet %q, key %q", firstLine(s), firstLine(k))
	}
	if !strings.Contains(k, "marks an answer checked by computation") || strings.Contains(s, "checked by computation") {
		t.Error("the legend is not on the key of a document with checked answers, or it is on the sheet")
	}
	for _, text := range []string{s, k} {
		if !strings.Contains(text, "Figure not available: hexagon.png") {
			t.Error("the missing figure has no labelled box")
		}
	}
	for _, answer := range []string{"96", "Because it was getting dark", "Windy, at night", "x=5"} {
		if !strings.Contains(k, answer) {
			t.Errorf("the key lacks %q", answer)
		}
		if strings.Contains(s, answer) {
			t.Errorf("the sheet shows the answer %q", answer)
		}
	}
	// older code makes a key by switching on the exam class's \printanswers: that is the key too
	src, _, _ := Render(doc)
	res, err := texCompiler(t).Compile(context.Background(), latex.WithAnswers(src))
	if err != nil {
		t.Fatal(err)
	}
	if viaPrintanswers := pages(t, res.PDF); !reflect.DeepEqual(viaPrintanswers, key) {
		t.Errorf("the sheet with \\printanswers is not the key:\n%q\n%q", viaPrintanswers, key)
	}
	if n := Notices(doc); len(n) != 1 || !strings.Contains(n[0], "hexagon.png") {
		t.Errorf("notices = %q", n)
	}

	unchecked := doc
	unchecked.Blocks = nil
	for _, b := range doc.Blocks {
		if b.Question != nil {
			q := *b.Question
			q.Answer.Checked = false
			var parts []Question
			for _, p := range q.Parts {
				p.Answer.Checked = false
				parts = append(parts, p)
			}
			q.Parts = parts
			b.Question = &q
		}
		unchecked.Blocks = append(unchecked.Blocks, b)
	}
	_, key = compileBoth(t, unchecked)
	if k := strings.Join(key, ""); strings.Contains(k, "checked by computation") || strings.Contains(k, "✓") {
		t.Error("the key of a document without checked answers shows the ✓ legend")
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// TestExamKeepsASectionOneQuestion: in the Exam layout a question with twenty computations
// stays one numbered question: its parts run on over the pages, none lost, and no second
// number appears; the key is the sheet page for page.
func TestExamKeepsASectionOneQuestion(t *testing.T) {
	q := Question{Kind: KindGroup, Text: "Work out each product."}
	for i := 1; i <= 20; i++ {
		q.Parts = append(q.Parts, Question{Kind: KindShort, Text: fmt.Sprintf("$%d \\times 7$", 100+i), Answer: Answer{Kind: AnswerNumber, Value: fmt.Sprint(7 * (100 + i))}})
	}
	doc := Document{Title: "Products", Settings: Settings{Layout: LayoutExam},
		Blocks: []Block{{Kind: BlockInstructions, Text: "Show your working."}, {Kind: BlockQuestion, Question: &q}}}
	sheet, key := compileBoth(t, doc)
	if len(sheet) != len(key) {
		t.Fatalf("sheet %d pages, key %d", len(sheet), len(key))
	}
	all, keyAll := strings.Join(sheet, "\n"), strings.Join(key, "\n")
	if strings.Count(all, "Work out each product.") != 1 || !strings.Contains(all, "1.") || regexp.MustCompile(`(?m)^\s*2\.`).MatchString(all) {
		t.Errorf("the section is not one numbered question:\n%s", all)
	}
	for i := 1; i <= 20; i++ {
		if !strings.Contains(all, fmt.Sprintf("%d × 7", 100+i)) || !strings.Contains(keyAll, fmt.Sprint(7*(100+i))) {
			t.Errorf("computation %d or its answer is missing", i)
		}
	}
	// Standard keeps the question whole.
	doc.Settings.Layout = LayoutStandard
	s, _, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(s, `\ssq{`); n != 1 {
		t.Errorf("the standard layout has %d questions, want 1", n)
	}
}

// BenchmarkRender measures typesetting a 20-question document into sheet and key sources.
func BenchmarkRender(b *testing.B) {
	doc := makeDocument("", 20, 2, LayoutStandard, 7)
	for b.Loop() {
		if _, _, err := Render(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompileSheetAndKey compiles a fresh 20-question sheet and its key with the
// project's compiler (warm pool, no cache hits: every iteration changes the title).
func BenchmarkCompileSheetAndKey(b *testing.B) {
	c := texCompiler(b)
	doc := makeDocument("", 20, 2, LayoutStandard, 7)
	i := 0
	for b.Loop() {
		i++
		doc.Title = fmt.Sprintf("Bench %d", i)
		sheet, key, err := Render(doc)
		if err != nil {
			b.Fatal(err)
		}
		done := make(chan error, 2)
		for _, src := range []string{sheet, key} {
			go func() { _, err := c.Compile(context.Background(), src); done <- err }()
		}
		for range 2 {
			if err := <-done; err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestTallQuestionFitsOnePage: a question taller than a page is scaled onto one page, on the
// sheet and the key alike, instead of running off its bottom.
func TestTallQuestionFitsOnePage(t *testing.T) {
	q := Question{Kind: KindGroup, Text: "qk001 Answer every part."}
	for i := range 12 {
		q.Parts = append(q.Parts, Question{Kind: KindOpen, Text: fmt.Sprintf("Part %d.", i+1), Space: Space{Kind: SpaceBox, Size: 3},
			Answer: Answer{Kind: AnswerText, Value: fmt.Sprintf("answer%02d", i+1)}})
	}
	doc := Document{Title: "Tall", Blocks: []Block{{Kind: BlockQuestion, Question: &q},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "qk002 After.", Answer: Answer{Value: "7"}}}}}
	sheet, key := compileBoth(t, doc)
	if len(sheet) != 2 || len(key) != 2 {
		t.Fatalf("sheet %d pages, key %d; want 2", len(sheet), len(key))
	}
	for i := range 12 {
		if a := fmt.Sprintf("answer%02d", i+1); !strings.Contains(key[0], a) {
			t.Errorf("page 1 of the key lacks %s", a)
		}
	}
	if !strings.Contains(sheet[0], "Part 12.") || !strings.Contains(sheet[1], "qk002") {
		t.Error("the tall question is not whole on page 1, or the next question is not on page 2")
	}
}

// TestLanguage: the words the server prints (fields, True/False, the key's title, points, the
// missing-figure box) follow the document's language; accents print.
func TestLanguage(t *testing.T) {
	doc := Document{Title: "Repaso de ciencias", Language: "es-MX", Settings: Settings{ShowName: true, ShowDate: true},
		Blocks: []Block{
			{Kind: BlockQuestion, Question: &Question{Kind: KindTrueFalse, Text: "El agua hierve a 100 °C al nivel del mar.", Points: 2, Answer: Answer{Value: "true"}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "¿Cuántos lados tiene?", Figure: &Figure{Missing: "hexágono.png"}, Answer: Answer{Value: "6", Checked: true}}},
		}}
	sheet, key := compileBoth(t, doc)
	s, k := strings.Join(sheet, ""), strings.Join(key, "")
	for _, want := range []string{"Nombre:", "Fecha:", "Verdadero", "Falso", "(2 puntos)", "Figura no disponible: hexágono.png", "¿Cuántos lados tiene?", "100 °C"} {
		if !strings.Contains(s, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(k, "Repaso de ciencias – Clave de respuestas") || !strings.Contains(k, "comprobada por cálculo") {
		t.Errorf("the key's title or legend is not in Spanish:\n%s", k)
	}
}

// TestEditedSheetStillKeys: a rendered sheet whose LaTeX a teacher changed by hand no longer
// carries its document (Extract refuses it), yet it still compiles, and switching on the exam
// class's answers (latex.WithAnswers, the path for sources without a document) gives its key,
// answers in place.
func TestEditedSheetStillKeys(t *testing.T) {
	doc := sampleDocument()
	sheet, _, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(sheet, "Why do you think Mara lit the lantern?", "Why did Mara light the lantern?", 1)
	if edited == sheet {
		t.Fatal("the edit did not apply")
	}
	if _, ok := Extract(edited); ok {
		t.Fatal("Extract returned the document of a sheet edited by hand")
	}
	c := texCompiler(t)
	s, err := c.Compile(context.Background(), edited)
	if err != nil {
		t.Fatal(err)
	}
	k, err := c.Compile(context.Background(), latex.WithAnswers(edited))
	if err != nil {
		t.Fatal(err)
	}
	if moved := overlays(t, s.PDF, k.PDF, doc.Title); len(moved) > 0 {
		t.Errorf("words of the sheet are elsewhere in the key: %s", strings.Join(moved, "; "))
	}
	text := strings.Join(pages(t, k.PDF), "")
	for _, want := range []string{"Why did Mara light the lantern?", "Answer Key", "96", "Windy, at night"} {
		if !strings.Contains(text, want) {
			t.Errorf("the key of the edited sheet lacks %q", want)
		}
	}
}

// A negative answer prints with a minus sign in the key, not the short hyphen a - is in text.
func TestNegativeAnswersPrintAMinusSign(t *testing.T) {
	doc := Document{Title: "Integers", Blocks: []Block{
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "$-7 + (-5) =$", Space: Space{Kind: SpaceBlank}, Answer: Answer{Kind: AnswerNumber, Value: "-12"}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "$-250 \\times 5 =$", Space: Space{Kind: SpaceBlank}, Answer: Answer{Kind: AnswerNumber, Value: "-1,250"}}},
	}}
	_, key := compileBoth(t, doc)
	text := strings.Join(key, "")
	for _, want := range []string{"−12", "−1,250"} {
		if !strings.Contains(text, want) {
			t.Errorf("the key does not print %q with a minus sign:\n%s", want, text)
		}
	}
}
