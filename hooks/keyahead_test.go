package hooks

import (
	"context"
	"net/http"
	"testing"
	"time"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// keySource is the answer key AnswerKey will compile for src (recorded, not compiled).
type keySource struct{ src string }

func (k *keySource) Compile(_ context.Context, src string) (*latex.Result, error) {
	k.src = src
	return &latex.Result{}, nil
}

// waitCompiled waits until the shared compiler holds src's PDF.
func waitCompiled(t *testing.T, src string) bool {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if _, ok := sharedCompiler.PDF(latex.Key(src)); ok {
			return true
		}
	}
	return false
}

// issue 23 item 8: the answer key is compiled beside the sheet when the sheet is made (and when
// a save gives it a new title), so Generate Answer Key is answered from the cache.
func TestAnswerKeyIsCompiledBesideTheSheet(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	for _, c := range []struct{ name, title, saveTitle string }{
		{"generated", "Keyed ahead", "Keyed ahead"},
		{"retitled at save", "Keyed ahead 2", "Renamed before saving"},
	} {
		id, _ := generated(t, f, c.title, c.saveTitle)
		w, _ := f.FindRecordById("worksheets", id)
		var key keySource
		if ok, err := generate.PrepareKey(context.Background(), w.GetString("latex_code"), &key); !ok || err != nil {
			t.Fatalf("%s: no key to prepare: %v", c.name, err)
		}
		if !waitCompiled(t, key.src) {
			t.Fatalf("%s: the key was not compiled beside the sheet", c.name)
		}
		code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+id, bearer(t, f.bob), "")
		if code != 200 || out["cached"] != true {
			t.Fatalf("%s: the click should be answered from the cache: %d %v", c.name, code, out)
		}
	}
}
