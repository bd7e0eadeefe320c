package hooks

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// printBody is a generate request with the settings that print added to its preferences
// (prefs: `,"paperSize":"a4"` …) and extra request fields after them.
func printBody(prompt, prefs, extra string) string {
	return `{"prompt":` + jsonString(prompt) + `,"preferences":{"documentTitle":"Sums","showNameField":true,"showDateField":true,` +
		`"showPeriodField":true,"showInstructorField":false,"useNarrowMargins":true` + prefs + `}` + extra + `}`
}

func TestGeneratePrintSettingsValidation(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	for name, c := range map[string]struct{ prefs, details string }{
		"legal paper":  {`,"paperSize":"legal"`, `The paper size must be "letter" or "a4".`},
		"upper case":   {`,"paperSize":"A4"`, `The paper size must be "letter" or "a4".`},
		"no such font": {`,"font":"comic"`, `The font must be "default", "sans" or "hyperlegible".`},
	} {
		code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("10 addition problems", c.prefs, ""))
		if code != 400 || out["details"] != c.details || out["success"] != false {
			t.Errorf("%s: %d %v", name, code, out)
		}
	}
	if code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("10 addition problems", `,"largePrint":"yes"`, "")); code != 400 {
		t.Errorf("largePrint as a string: %d %v", code, out)
	}
}

// printedPaper compiles a source and reads its page size back with pdfinfo.
func printedPaper(t *testing.T, f *fixture, src string) string {
	t.Helper()
	res, err := sharedCompiler.Compile(context.Background(), src)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, res.PDF, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "Page size:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "Page size:"))
		}
	}
	return ""
}

const a4Size = "595.276 x 841.89 pts (A4)"

// TestPrintSettingsSurviveEditsAndTheKey: A4, large print and Atkinson Hyperlegible asked for
// once stay with the worksheet through an edit that does not name them and into its answer key.
func TestPrintSettingsSurviveEditsAndTheKey(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob),
		printBody("10 two-digit addition problems", `,"paperSize":"a4","largePrint":true,"font":"hyperlegible"`, ""))
	if code != 200 {
		t.Fatalf("generate: %d %v", code, out)
	}
	want := worksheet.Settings{Paper: worksheet.PaperA4, LargePrint: true, Font: worksheet.FontHyperlegible}
	check := func(what, src string) {
		t.Helper()
		doc, ok := worksheet.Extract(src)
		if !ok {
			t.Fatalf("%s: no document", what)
		}
		if s := doc.Settings; s.Paper != want.Paper || s.LargePrint != want.LargePrint || s.Font != want.Font {
			t.Errorf("%s: the document prints with %+v, want A4, large print, hyperlegible", what, s)
		}
		if got := printedPaper(t, f, src); got != a4Size {
			t.Errorf("%s: printed on %q, want %s", what, got, a4Size)
		}
	}
	first := out["latexCode"].(string)
	check("the sheet", first)

	// An edit whose preferences leave the print settings out (an API client) keeps them.
	history := `,"chatHistory":[{"role":"user","content":"10 two-digit addition problems"},{"role":"assistant","content":"Done.","latexCode":` + jsonString(first) + `}]`
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("make it 6 problems", "", history))
	if code != 200 {
		t.Fatalf("edit: %d %v", code, out)
	}
	edited := out["latexCode"].(string)
	check("the edited sheet", edited)

	sheet := f.generatedSheet(t, f.bob, "Sums", edited)
	if code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("key: %d %v", code, out)
	}
	code, key := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 200 {
		t.Fatalf("get key: %d %v", code, key)
	}
	check("the key", key["answerKey"].(string))

}

// TestLargePrintTurnedOff: a sheet in large print because the request said so in words comes
// back in normal print once the teacher unchecks Large print, and keeps the rest.
func TestLargePrintTurnedOff(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob),
		printBody("10 two-digit addition problems in large print", `,"paperSize":"a4","largePrint":false`, ""))
	if code != 200 {
		t.Fatalf("generate: %d %v", code, out)
	}
	first := out["latexCode"].(string)
	if doc, _ := worksheet.Extract(first); !doc.Settings.LargePrint {
		t.Fatalf("large print asked for in words: %+v", doc.Settings)
	}
	history := `,"chatHistory":[{"role":"user","content":"10 two-digit addition problems in large print"},{"role":"assistant","content":"Done.","latexCode":` + jsonString(first) + `}]`
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("make it 6 problems", `,"largePrint":false`, history))
	if code != 200 {
		t.Fatalf("edit: %d %v", code, out)
	}
	doc, _ := worksheet.Extract(out["latexCode"].(string))
	if doc.Settings.LargePrint || doc.Settings.Paper != worksheet.PaperA4 {
		t.Errorf("Large print unchecked: the edit prints with %+v, want normal print on A4", doc.Settings)
	}
}

// TestServerPaperDefault: a request that names no paper gets the server's (SHEETSMITH_PAPER).
func TestServerPaperDefault(t *testing.T) {
	d := compilerDeps(t)
	d.Config.Paper = "a4"
	f := newFixture(t, d)
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("8 subtraction problems", "", ""))
	if code != 200 {
		t.Fatalf("generate: %d %v", code, out)
	}
	if doc, _ := worksheet.Extract(out["latexCode"].(string)); doc.Settings.Paper != worksheet.PaperA4 {
		t.Errorf("no paper named on an A4 server: the sheet is on %q", doc.Settings.Paper)
	}
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("8 subtraction problems", `,"paperSize":"letter"`, ""))
	if doc, _ := worksheet.Extract(out["latexCode"].(string)); code != 200 || doc.Settings.Paper != worksheet.PaperLetter {
		t.Errorf("Letter asked for on an A4 server: %d, %q", code, doc.Settings.Paper)
	}
}

// TestPaperSaidInTheRequestOrChosenAfter: "on A4 paper" in the request prints on A4 though
// Document Settings say Letter, and the reply says which it used; Letter chosen in Document
// Settings after the request was typed prints on Letter, and the reply says so; an edit that
// names no paper prints on the paper Document Settings say now.
func TestPaperSaidInTheRequestOrChosenAfter(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	const letterSize = "612 x 792 pts (letter)"
	generate := func(prompt, prefs, extra string) (string, string) {
		t.Helper()
		code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody(prompt, prefs, extra))
		if code != 200 {
			t.Fatalf("%q: %d %v", prompt, code, out)
		}
		return out["latexCode"].(string), out["message"].(string)
	}
	src, reply := generate("10 addition problems on A4 paper", `,"paperSize":"letter"`, "")
	if got := printedPaper(t, f, src); got != a4Size {
		t.Errorf("the words said A4: printed on %q", got)
	}
	if !strings.Contains(reply, "A4") || !strings.Contains(reply, "as your request says") {
		t.Errorf("the reply does not say the request's paper was used: %q", reply)
	}

	chosen, reply := generate("10 addition problems on A4 paper", `,"paperSize":"letter","chosenAfterPrompt":["paperSize"]`, "")
	if got := printedPaper(t, f, chosen); got != letterSize {
		t.Errorf("Letter chosen after the words: printed on %q", got)
	}
	if !strings.Contains(reply, "Document Settings") || !strings.Contains(reply, "letter") {
		t.Errorf("the reply does not say Document Settings' paper was used: %q", reply)
	}

	history := `,"chatHistory":[{"role":"user","content":"10 addition problems on A4 paper"},{"role":"assistant","content":"Done.","latexCode":` + jsonString(src) + `}]`
	edited, _ := generate("make them harder", `,"paperSize":"letter"`, history)
	if got := printedPaper(t, f, edited); got != letterSize {
		t.Errorf("an edit naming no paper, Letter in Document Settings: printed on %q", got)
	}

	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), printBody("10 addition problems", `,"chosenAfterPrompt":["margins"]`, ""))
	if code != 400 || !strings.Contains(out["details"].(string), "chosenAfterPrompt") {
		t.Errorf("an unknown setting in chosenAfterPrompt: %d %v", code, out)
	}
}
