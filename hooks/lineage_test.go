package hooks

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/library"
)

// history is a chatHistory field carrying doc as the current document.
func history(doc string) string {
	return `,"chatHistory":[{"role":"user","content":"a worksheet"},{"role":"assistant","content":"ok","latexCode":` + jsonString(doc) + `}]`
}

func generateOK(t *testing.T, f *fixture, body string) map[string]any {
	t.Helper()
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), body)
	if code != 200 || out["success"] != true {
		t.Fatalf("generate: %d %v", code, out)
	}
	return out
}

func saveAs(t *testing.T, f *fixture, user map[string]string, src, title string) string {
	t.Helper()
	code, out := do(t, f, http.MethodPost, "/save-worksheet", user, `{"latexCode":`+jsonString(src)+`,"documentTitle":`+jsonString(title)+`}`)
	if code != 200 {
		t.Fatalf("save: %d %v", code, out)
	}
	return out["data"].([]any)[0].(map[string]any)["id"].(string)
}

// A free user can save hand-written LaTeX, but saving opens no path to compile it: it answers
// 403 and nothing of it comes back. Their own server-made worksheet and its answer key still
// open in the viewer after the subscription lapses; a copy changed by one byte does not.
func TestFreeUsersHandWrittenSourceIsRefusedAtCompile(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	const secret = "PLANTED-SECRET-7f3a9c"
	hand := `\documentclass{article}\begin{document}` + secret + `\end{document}`
	id := saveAs(t, f, bearer(t, f.alice), hand, "Mine")
	for _, body := range []string{
		`{"latexCode":` + jsonString(hand) + `,"worksheetId":"` + id + `"}`,
		`{"latexCode":` + jsonString(hand) + `}`,
	} {
		rec := serve(t, f, tests.ApiScenario{Method: http.MethodPost, URL: "/compile", Headers: bearer(t, f.alice), Body: strings.NewReader(body)})
		if rec.Code != 403 || strings.TrimSpace(rec.Body.String()) != toJSON(map[string]any{"success": false, "error": msgCompileNotAllowed}) {
			t.Fatalf("hand-written source: %d %s", rec.Code, rec.Body.String())
		}
		if strings.Contains(rec.Body.String(), secret) {
			t.Fatalf("nothing of the source may come back: %s", rec.Body.String())
		}
	}
	// Viewing the saved worksheet itself needs no subscription.
	if code, out := do(t, f, http.MethodGet, "/worksheet/"+id, bearer(t, f.alice), ""); code != 200 {
		t.Fatalf("view own worksheet: %d %v", code, out)
	}

	// Bob generates, saves and keys a worksheet, then his subscription lapses.
	doc := generateOK(t, f, genBody("10 addition problems within 20", "Sums", ""))["latexCode"].(string)
	sheetID := saveAs(t, f, bearer(t, f.bob), doc, "Sums")
	if code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheetID, bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("answer key: %d %v", code, out)
	}
	f.bob.Set("subscription_status", "canceled")
	if err := f.Save(f.bob); err != nil {
		t.Fatal(err)
	}
	_, view := do(t, f, http.MethodGet, "/worksheet/"+sheetID, bearer(t, f.bob), "")
	sheet := view["worksheet"].(map[string]any)["latex_code"].(string)
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(sheet)+`,"worksheetId":"`+sheetID+`"}`); code != 200 || out["pdfUrl"] == nil {
		t.Fatalf("lapsed user's own generated worksheet: %d %v", code, out)
	}
	_, key := do(t, f, http.MethodGet, "/answer-key/"+sheetID, bearer(t, f.bob), "")
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(key["answerKey"].(string))+`,"worksheetId":"`+sheetID+`"}`); code != 200 {
		t.Fatalf("lapsed user's answer key: %d %v", code, out)
	}
	changed := strings.Replace(sheet, `\begin{document}`, `\begin{document}`+secret, 1)
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(changed)+`,"worksheetId":"`+sheetID+`"}`); code != 403 || strings.Contains(toJSON(out), secret) {
		t.Fatalf("a changed copy of a server-made source: %d %v", code, out)
	}
	// Saving the changed copy does not make it compile either.
	copyID := saveAs(t, f, bearer(t, f.bob), changed, "Copy")
	if code, _ := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(changed)+`,"worksheetId":"`+copyID+`"}`); code != 403 {
		t.Fatalf("a saved changed copy: %d", code)
	}
	// Another user's server-made source is not this user's.
	if code, _ := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(sheet)+`}`); code != 403 {
		t.Fatalf("another user's generated source: %d", code)
	}
}

// The edit count belongs to the document's lineage on the server: a changed byte does not
// start a fresh count, going back to an earlier version does not either, and saved copies
// share it.
func TestEditCountFollowsTheLineage(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	v0 := generateOK(t, f, genBody("10 addition problems within 20", "Sums", ""))["latexCode"].(string)
	first := generateOK(t, f, genBody("only 5 questions", "Sums", history(v0)))
	if first["editsLeft"] != float64(library.MaxEdits-1) {
		t.Fatalf("first edit: %v", first["editsLeft"])
	}
	v1 := first["latexCode"].(string)

	// One changed byte is not a document the server made: refused, not counted afresh.
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("make them harder", "Sums", history(v1+"%")))
	if code != http.StatusConflict || out["details"] != msgNotEditable {
		t.Fatalf("a changed copy: %d %v", code, out)
	}
	// An earlier version of the same document continues the same count.
	if again := generateOK(t, f, genBody("make them harder", "Sums", history(v0))); again["editsLeft"] != float64(library.MaxEdits-2) {
		t.Fatalf("editing an earlier version: %v", again["editsLeft"])
	}
	// Two saved copies of one document share its count.
	a := saveAs(t, f, bearer(t, f.bob), v1, "A")
	b := saveAs(t, f, bearer(t, f.bob), v1, "B")
	edited := generateOK(t, f, genBody("make them harder", "Sums", `,"worksheetId":"`+a+`"`))
	if edited["editsLeft"] != float64(library.MaxEdits-3) || edited["worksheetId"] != a {
		t.Fatalf("editing saved copy A: %v", edited)
	}
	_, view := do(t, f, http.MethodGet, "/worksheet/"+b, bearer(t, f.bob), "")
	if view["worksheet"].(map[string]any)["edit_count"] != float64(3) {
		t.Fatalf("saved copy B should report the lineage's 3 edits: %v", view["worksheet"])
	}
	// A hand-written saved worksheet is not an edit the server can count.
	hand := saveAs(t, f, bearer(t, f.bob), `\documentclass{article}\begin{document}x\end{document}`, "Hand")
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("make them harder", "Hand", `,"worksheetId":"`+hand+`"`))
	if code != http.StatusConflict || out["details"] != msgNotEditable {
		t.Fatalf("a hand-written worksheet: %d %v", code, out)
	}
}

// downloadOf compiles src (for a saved worksheet when id is set) and downloads the PDF.
func downloadOf(t *testing.T, f *fixture, src, id string) {
	t.Helper()
	body := `{"latexCode":` + jsonString(src)
	if id != "" {
		body += `,"worksheetId":"` + id + `"`
	}
	code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), body+`}`)
	if code != 200 {
		t.Fatalf("compile: %d %v", code, out)
	}
	if rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: out["pdfUrl"].(string) + "?download=1"}); rec.Code != 200 {
		t.Fatalf("download: %d", rec.Code)
	}
}

// A download locks the document's lineage: its source sent back in chatHistory is locked
// whether it was compiled without a worksheet or from a saved one, and so is every version.
func TestDownloadLocksTheLineage(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	locked := func(body string) {
		t.Helper()
		code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), body)
		if code != http.StatusConflict || out["details"] != library.ErrLocked.Error() {
			t.Fatalf("want locked: %d %v", code, out)
		}
	}

	// Compiled without a worksheet id (the unsaved preview) and downloaded.
	v0 := generateOK(t, f, genBody("10 addition problems within 20", "Sums", ""))["latexCode"].(string)
	v1 := generateOK(t, f, genBody("only 5 questions", "Sums", history(v0)))["latexCode"].(string)
	downloadOf(t, f, v1, "")
	locked(genBody("make them harder", "Sums", history(v1)))
	locked(genBody("make them harder", "Sums", history(v0)))
	// Saved afterwards, it is saved locked.
	id := saveAs(t, f, bearer(t, f.bob), v1, "Sums")
	_, view := do(t, f, http.MethodGet, "/worksheet/"+id, bearer(t, f.bob), "")
	if view["worksheet"].(map[string]any)["downloaded_at"] == "" {
		t.Fatal("a worksheet saved from a downloaded document should be locked")
	}
	locked(genBody("make them harder", "Sums", `,"worksheetId":"`+id+`"`))

	// Downloaded from a saved worksheet, then sent back in chatHistory without its id.
	w0 := generateOK(t, f, genBody("10 subtraction problems within 20", "Minus", ""))["latexCode"].(string)
	saved := saveAs(t, f, bearer(t, f.bob), w0, "Minus")
	downloadOf(t, f, w0, saved)
	locked(genBody("make them harder", "Minus", history(w0)))
	// The frame view is not a download: an untouched document stays editable.
	fresh := generateOK(t, f, genBody("10 multiplication problems", "Times", ""))["latexCode"].(string)
	_, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(fresh)+`}`)
	serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: out["pdfUrl"].(string)})
	generateOK(t, f, genBody("make them harder", "Times", history(fresh)))
}

// The server's records of what it made cannot be written or read through PocketBase's records
// API: a user cannot forge a source into being server-made, or reset a lineage.
func TestProvenanceRecordsAreServerOnly(t *testing.T) {
	f := newFixture(t)
	made := f.generatedSheet(t, f.alice, "Made", `\documentclass{article}\begin{document}Made\end{document}`)
	forged := `{"owner":"` + f.alice.Id + `","source_hash":"` + library.SourceHash(`\documentclass{article}\begin{document}forged\end{document}`) + `","lineage":"` + made.GetString("lineage") + `","kind":"sheet"}`
	for _, c := range []struct{ method, url, body string }{
		{http.MethodPost, "/api/collections/generations/records", forged},
		{http.MethodGet, "/api/collections/generations/records", ""},
		{http.MethodPost, "/api/collections/lineages/records", `{"owner":"` + f.alice.Id + `","edits":0}`},
		{http.MethodGet, "/api/collections/lineages/records", ""},
		{http.MethodPatch, "/api/collections/lineages/records/" + made.GetString("lineage"), `{"edits":0,"downloaded_at":""}`},
		{http.MethodPatch, "/api/collections/worksheets/records/" + made.Id, `{"lineage":""}`},
	} {
		rec := serve(t, f, tests.ApiScenario{Method: c.method, URL: c.url, Headers: bearer(t, f.alice), Body: strings.NewReader(c.body)})
		if rec.Code != 403 && rec.Code != 404 {
			t.Errorf("%s %s: %d %s", c.method, c.url, rec.Code, rec.Body.String())
		}
	}
	if n, _ := f.CountRecords("generations"); n != 1 {
		t.Fatalf("want only the server's record, got %d", n)
	}
}

// Downloading the answer key ends no editing; a duplicate of a downloaded sheet is a new,
// editable document with its own lineage.
func TestKeyDownloadAndDuplicateLeaveEditingOpen(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := generateOK(t, f, genBody("10 addition problems within 20", "Sums", ""))["latexCode"].(string)
	id := saveAs(t, f, bearer(t, f.bob), src, "Sums")
	if code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+id, bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("answer key: %d %v", code, out)
	}
	_, key := do(t, f, http.MethodGet, "/answer-key/"+id, bearer(t, f.bob), "")
	downloadOf(t, f, key["answerKey"].(string), id)
	generateOK(t, f, genBody("make them harder", "Sums", `,"worksheetId":"`+id+`"`))

	_, view := do(t, f, http.MethodGet, "/worksheet/"+id, bearer(t, f.bob), "")
	sheet := view["worksheet"].(map[string]any)["latex_code"].(string)
	downloadOf(t, f, sheet, id)
	code, out := do(t, f, http.MethodPost, "/worksheet/"+id+"/duplicate", bearer(t, f.bob), "")
	if code != 200 {
		t.Fatalf("duplicate: %d %v", code, out)
	}
	copyID := out["data"].([]any)[0].(map[string]any)["id"].(string)
	generateOK(t, f, genBody("make them harder", "Sums", `,"worksheetId":"`+copyID+`"`))
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("make them harder", "Sums", `,"worksheetId":"`+id+`"`))
	if code != http.StatusConflict || out["details"] != library.ErrLocked.Error() {
		t.Fatalf("the downloaded original should stay locked: %d %v", code, out)
	}
}
