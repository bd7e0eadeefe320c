package fr_test

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// A French request gets a French sheet: its chrome (worksheet/lang/fr.json), its instructions
// and its reply; the follow-ups a French teacher types edit it and are answered in French.
func TestLangFrenchSheetAndFollowUps(t *testing.T) {
	e := offline.New(func() int64 { return 7 })
	write := func(body, prompt string) generate.Draft {
		t.Helper()
		d, err := e.Write(context.Background(), generate.Request{Prompt: prompt, CurrentBody: body,
			Settings: latex.Settings{Title: "Exercices", ShowName: true, ShowDate: true}}, nil)
		if err != nil {
			t.Fatalf("%q: %v", prompt, err)
		}
		return d
	}
	questions := func(d generate.Draft) int {
		n := 0
		for _, b := range d.Document.Blocks {
			if b.Kind == worksheet.BlockQuestion {
				n++
			}
		}
		return n
	}
	start := write("", "20 additions à deux chiffres pour le CE1")
	sheet, key, err := worksheet.Render(*start.Document)
	if err != nil {
		t.Fatal(err)
	}
	if start.Document.Language != "fr" || !strings.Contains(sheet, "Nom") || !strings.Contains(sheet, "Date") || !strings.Contains(key, "Corrigé") || !strings.Contains(sheet, "Calcule.") {
		t.Errorf("the sheet is not in French (language %q):\n%s", start.Document.Language, sheet)
	}
	if !strings.HasPrefix(start.Message, "Voici ta fiche : 20 additions") {
		t.Errorf("reply: %s", start.Message)
	}
	for _, c := range []struct {
		prompt, reply string
		n, cols       int
		large         bool
	}{
		{"encore 5 s'il te plaît", "J'ai ajouté 5 questions", 25, 0, false},
		{"rends-les plus difficiles", "plus difficiles", 20, 0, false},
		{"garde seulement les 10 premières", "J'ai gardé les 10 premières questions", 10, 0, false},
		{"mets-la sur deux colonnes", "colonnes", 20, 2, false},
		{"en grands caractères", "", 20, 0, true},
		{"5 de plus", "J'ai ajouté 5 questions", 25, 0, false},
	} {
		d := write(start.Body, c.prompt)
		s := d.Document.Settings
		if questions(d) != c.n || c.cols != 0 && s.Columns != c.cols || s.LargePrint != c.large || d.Document.Language != "fr" || !strings.Contains(d.Message, c.reply) {
			t.Errorf("%q: %d questions, %d columns, large %v, %s: %s", c.prompt, questions(d), s.Columns, s.LargePrint, d.Document.Language, d.Message)
		}
	}
}
