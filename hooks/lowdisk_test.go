package hooks

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/queue"
)

// Below the free-disk floor /compile and /generate-latex answer 503 with Retry-After and a
// message that says why; with the floor lowered the same request compiles.
func TestLowDiskAnswers503(t *testing.T) {
	d := compilerDeps(t)
	dir := t.TempDir()
	d.Queue = queue.New(queue.Local{C: d.Compiler}, queue.Config{DataDir: dir, MinFreeDisk: 1 << 62}) // more than any disk
	f := newFixture(t, d)
	body := `{"latexCode":` + jsonString(helloTeX) + `}`
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodPost, URL: "/compile", Headers: bearer(t, f.bob), Body: strings.NewReader(body)})
	if rec.Code != 503 || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "low on disk space") {
		t.Fatalf("/compile: %d %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
	}
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("10 addition problems", "Sums", ""))
	if details, _ := out["details"].(string); code != 503 || !strings.Contains(details, "low on disk space") {
		t.Fatalf("/generate-latex: %d %v", code, out)
	}

	d.Queue = queue.New(queue.Local{C: d.Compiler}, queue.Config{DataDir: dir, MinFreeDisk: 1})
	f = newFixture(t, d)
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), body); code != 200 {
		t.Fatalf("/compile above the floor: %d %v", code, out)
	}
}
