package hooks

import (
	"net/http"
	"strings"
	"testing"

	"sheetsmith/library"
)

// generated makes a sheet for bob with the offline engine and saves it under saveTitle.
func generated(t *testing.T, f *fixture, title, saveTitle string) (id, generatedSrc string) {
	t.Helper()
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("10 two-digit addition problems", title, ""))
	if code != 200 || out["success"] != true {
		t.Fatalf("generate: %d %v", code, out)
	}
	src := out["latexCode"].(string)
	code, saved := do(t, f, http.MethodPost, "/save-worksheet", bearer(t, f.bob),
		`{"latexCode":`+jsonString(src)+`,"documentTitle":`+jsonString(saveTitle)+`}`)
	if code != 200 {
		t.Fatalf("save: %d %v", code, saved)
	}
	return saved["data"].([]any)[0].(map[string]any)["id"].(string), src
}

// printsOnly fails unless src prints want and not old.
func printsOnly(t *testing.T, what, src, want, old string) {
	t.Helper()
	if !strings.Contains(src, want) || strings.Contains(src, old) {
		t.Errorf("the %s should print %q and not %q", what, want, old)
	}
}

// issue 23 item 1: a rename on the dashboard is what the sheet and its key print, and both
// stay the server's own (compilable without a subscription, editable in their lineage).
func TestRenamePrintsTheNewTitle(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	id, _ := generated(t, f, "Old Sums", "Old Sums")
	if code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+id, bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("key: %d %v", code, out)
	}
	code, out := do(t, f, http.MethodPatch, "/worksheet/"+id, bearer(t, f.bob), `{"documentTitle":"Fractions, week 2"}`)
	if code != 200 {
		t.Fatalf("rename: %d %v", code, out)
	}
	_, got := do(t, f, http.MethodGet, "/worksheet/"+id, bearer(t, f.bob), "")
	sheet := got["worksheet"].(map[string]any)["latex_code"].(string)
	printsOnly(t, "sheet", sheet, "Fractions, week 2", "Old Sums")
	_, key := do(t, f, http.MethodGet, "/answer-key/"+id, bearer(t, f.bob), "")
	answer := key["answerKey"].(string)
	printsOnly(t, "key", answer, "Fractions, week 2", "Old Sums")
	w, _ := f.FindRecordById("worksheets", id)
	if l := library.SourceLineage(f, f.bob.Id, sheet); l == nil || l.Id != w.GetString("lineage") {
		t.Error("the renamed sheet is no longer the server's own, in its lineage")
	}
	if !library.IsAnswerKey(f, f.bob.Id, answer) {
		t.Error("the renamed key is no longer the server's own key")
	}
	if w.GetInt("edit_count") != 0 {
		t.Errorf("a rename counted as an edit: %d", w.GetInt("edit_count"))
	}
	for what, src := range map[string]string{"sheet": sheet, "key": answer} {
		if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(src)+`}`); code != 200 {
			t.Errorf("the renamed %s does not compile: %d %v", what, code, out)
		}
	}
}

// issue 23 item 1: a title changed in Document Settings after generating is the title the
// saved sheet prints.
func TestSaveWithAChangedTitlePrintsIt(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	id, _ := generated(t, f, "Generated Title", "Saved Title")
	w, _ := f.FindRecordById("worksheets", id)
	printsOnly(t, "saved sheet", w.GetString("latex_code"), "Saved Title", "Generated Title")
	if l := library.SourceLineage(f, f.bob.Id, w.GetString("latex_code")); l == nil || l.Id != w.GetString("lineage") {
		t.Error("the saved sheet is not the server's own, in its lineage")
	}
	// saved unchanged, the source is kept byte for byte
	id2, src := generated(t, f, "Same Title", "Same Title")
	if w2, _ := f.FindRecordById("worksheets", id2); w2.GetString("latex_code") != src {
		t.Error("a save under the generated title changed the source")
	}
}

// A hand-written source keeps its own heading: a rename changes the name only.
func TestRenameLeavesHandWrittenLaTeX(t *testing.T) {
	f := newFixture(t)
	before := f.aliceSheet.GetString("latex_code")
	if code, out := do(t, f, http.MethodPatch, "/worksheet/"+f.aliceSheet.Id, bearer(t, f.alice), `{"documentTitle":"Renamed"}`); code != 200 {
		t.Fatalf("rename: %d %v", code, out)
	}
	if w, _ := f.FindRecordById("worksheets", f.aliceSheet.Id); w.GetString("latex_code") != before || w.GetString("document_title") != "Renamed" {
		t.Fatalf("hand-written source changed or name not saved: %q", w.GetString("document_title"))
	}
}
