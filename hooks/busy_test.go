package hooks

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
)

// A full compile queue answers 429 with Retry-After and a plain message (the queue itself is
// tested in latex/).
func TestBusyCompilerAnswersRetryAfter(t *testing.T) {
	f := newFixture(t)
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{App: f}
	e.Request = httptest.NewRequest("POST", "/compile", nil)
	e.Response = rec
	if err := compileFailure(e, fmt.Errorf("queue: %w", latex.ErrBusy)); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "busy") {
		t.Fatalf("%d %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
	}
}

// When the compiler cannot start (no bubblewrap), the server still serves everything else and
// the compile routes say why.
func TestServerWithoutSandboxRefusesToCompile(t *testing.T) {
	d := testDeps()
	d.NewCompiler = func() (*latex.Compiler, error) {
		return nil, fmt.Errorf("bubblewrap (bwrap) cannot run on this machine")
	}
	f := newFixture(t, d)
	code, out := do(t, f, "POST", "/compile", bearer(t, f.bob), `{"latexCode":"x"}`)
	if code != 503 || !strings.Contains(out["error"].(string), "bubblewrap") {
		t.Fatalf("%d %v", code, out)
	}
	if code, _ := do(t, f, "POST", "/generate-latex", bearer(t, f.bob), genBody("10 sums", "T", "")); code != 503 {
		t.Fatalf("generate: %d", code)
	}
	if code, _ := do(t, f, "GET", "/my-worksheets", bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("the rest keeps working: %d", code)
	}
}
