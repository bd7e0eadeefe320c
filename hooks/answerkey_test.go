package hooks

import (
	"net/http"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/worksheet"
)

const wrongSumsBody = `\begin{questions}
\question $2 + 2 = $ \answerblank
\begin{solution}$5$\end{solution}
\question $6 \times 7 = $ \answerblank
\begin{solution}$42$\end{solution}
\end{questions}`

func TestAnswerKeyFromTheSheetsOwnSource(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := pdftest.Wrap(t, wrongSumsBody, latex.Settings{Title: "Quick sums", ShowName: true})
	sheet := f.sheet(t, f.bob, "Quick sums", src)

	code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 200 || out["success"] != true {
		t.Fatalf("generate key: %d %v", code, out)
	}
	w, _ := f.FindRecordById("worksheets", sheet.Id)
	if !w.GetBool("has_answer_key") {
		t.Fatal("has_answer_key should be true")
	}
	code, key := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 200 || key["documentTitle"] != "Quick sums" {
		t.Fatalf("get key: %d %v", code, key)
	}
	answer := key["answerKey"].(string)
	// issue 9: a source in the vocabulary is keyed as a document; the key is the sheet page
	// for page (the same source with \sskeytrue), no longer the source with \printanswers.
	if !strings.Contains(answer, `\sskeytrue`) || strings.Contains(answer, `\printanswers`) {
		t.Fatal("the key is the rendered sheet with its answers switched on")
	}
	// The wrong model answer 2 + 2 = 5 was corrected by computation, and recorded.
	doc, found := worksheet.Extract(answer)
	if !found {
		t.Fatal("the key carries its document")
	}
	if a := doc.Blocks[0].Question.Answer; a.Value != "4" || !a.Checked {
		t.Fatalf("the wrong answer should be corrected and marked: %+v", a)
	}
	if w.GetString("answer_checks") == "" || w.GetString("answer_checks") == "null" {
		t.Fatal("the correction should be recorded")
	}
	// Same questions, same order, same pages: the key minus \sskeytrue is the stored sheet.
	if strings.Replace(answer, "\\sskeytrue\n", "", 1) != w.GetString("latex_code") {
		t.Fatal("the key must be the stored sheet with its answers switched on")
	}
	// Regenerating gives the same key.
	do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if _, again := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.bob), ""); again["answerKey"] != answer {
		t.Fatal("regeneration must be idempotent")
	}
	// The dashboard list shows the key is present.
	_, list := do(t, f, http.MethodGet, "/my-worksheets", bearer(t, f.bob), "")
	if !strings.Contains(toJSON(list), `"has_answer_key":true`) {
		t.Fatalf("list: %v", list)
	}
}

func TestAnswerKeyRules(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := pdftest.Wrap(t, wrongSumsBody, latex.Settings{Title: "Alice sums"})
	sheet := f.sheet(t, f.alice, "Alice sums", src)

	// Generating needs an active subscription.
	if code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.alice), ""); code != 403 {
		t.Fatalf("free user generating: %d %v", code, out)
	}
	// Another user's worksheet is a 404 for both calls.
	if code, _ := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), ""); code != 404 {
		t.Fatalf("another user's id: %d", code)
	}
	if code, _ := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.bob), ""); code != 404 {
		t.Fatalf("another user's key: %d", code)
	}
	// No key yet.
	if code, out := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.alice), ""); code != 404 || out["error"] != msgNoKeyYet {
		t.Fatalf("no key yet: %d %v", code, out)
	}
	// Viewing an existing key needs no subscription.
	sheet.Set("answer_key", latex.WithAnswers(src))
	sheet.Set("has_answer_key", true)
	if err := f.Save(sheet); err != nil {
		t.Fatal(err)
	}
	if code, _ := do(t, f, http.MethodGet, "/answer-key/"+sheet.Id, bearer(t, f.alice), ""); code != 200 {
		t.Fatalf("free user viewing own key: %d", code)
	}
	// ...but its source compiles for them only if the server made it: this key was written
	// into the record, not keyed by the server.
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(latex.WithAnswers(src))+`}`); code != 403 {
		t.Fatalf("free user compiling a key the server did not make: %d %v", code, out)
	}
	// A key the server made for a sheet it made compiles for them (see also
	// TestFreeUsersHandWrittenSourceIsRefusedAtCompile, which keys through the route).
	made := f.generatedSheet(t, f.alice, "Alice sums", src)
	if err := library.RecordSource(f, f.alice.Id, latex.WithAnswers(src), library.WorksheetLineage(f, made), library.KindKey); err != nil {
		t.Fatal(err)
	}
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(latex.WithAnswers(src))+`}`); code != 200 {
		t.Fatalf("free user compiling own server-made key: %d %v", code, out)
	}
}

// Without solutions in the source and without a model, nothing is stored and the reason is clear.
func TestAnswerKeyWithoutSolutionsOffline(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := pdftest.Wrap(t, `\begin{questions}\question Write a poem.\end{questions}`, latex.Settings{Title: "Poem"})
	sheet := f.sheet(t, f.bob, "Poem", src)
	code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 422 || out["details"] != msgNoSolutions || out["error"] == "" {
		t.Fatalf("%d %v", code, out)
	}
	w, _ := f.FindRecordById("worksheets", sheet.Id)
	if w.GetBool("has_answer_key") || w.GetString("latex_code") != src {
		t.Fatal("nothing may change")
	}
}

// A hand-written exam source (not the server's preamble) still gets a key that compiles.
func TestAnswerKeyForHandWrittenExamSource(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := `\documentclass{exam}\begin{document}\begin{questions}\question What is $2+2$?\begin{solution}4\end{solution}\question What is $9-3$?\begin{solution}7\end{solution}\end{questions}\end{document}`
	sheet := f.sheet(t, f.bob, "Hand written", src)
	code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 200 || out["corrections"] != float64(1) {
		t.Fatalf("generate key: %d %v", code, out)
	}
	w, _ := f.FindRecordById("worksheets", sheet.Id)
	for name, s := range map[string]string{"sheet": w.GetString("latex_code"), "key": w.GetString("answer_key")} {
		if code, res := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(s)+`}`); code != 200 {
			t.Fatalf("the stored %s must compile: %d %v", name, code, res)
		}
	}
	doc, found := worksheet.Extract(w.GetString("answer_key"))
	if !found || doc.Blocks[1].Question.Answer.Value != "6" || !doc.Blocks[1].Question.Answer.Checked {
		t.Fatalf("9 - 3 should be corrected to 6: %s", w.GetString("answer_key"))
	}
}
