package hooks

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	"sheetsmith/library"
)

var (
	sharedCompiler     *latex.Compiler
	sharedCompilerErr  error
	sharedCompilerOnce sync.Once
)

// compilerDeps gives a fixture the real sandboxed compiler and the offline engine.
func compilerDeps(t testing.TB) Deps {
	t.Helper()
	if testing.Short() {
		t.Skip("needs TeX Live and bubblewrap")
	}
	sharedCompilerOnce.Do(func() {
		sharedCompiler, sharedCompilerErr = latex.New(latex.Config{Workers: 2})
	})
	if sharedCompilerErr != nil {
		t.Fatal(sharedCompilerErr)
	}
	d := testDeps()
	d.Compiler = sharedCompiler
	d.Engine = offline.New(nil)
	return d
}

const helloTeX = `\documentclass{article}\begin{document}Hello from Sheetsmith\end{document}`

// do sends one JSON request and decodes the JSON answer.
func do(t testing.TB, f *fixture, method, url string, headers map[string]string, body string) (int, map[string]any) {
	t.Helper()
	rec := serve(t, f, tests.ApiScenario{Method: method, URL: url, Headers: headers, Body: strings.NewReader(body)})
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestCompileGivesASignedPDFAddress(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(helloTeX)+`}`)
	if code != 200 || out["success"] != true {
		t.Fatalf("compile: %d %v", code, out)
	}
	url := out["pdfUrl"].(string)
	if !strings.HasPrefix(url, "/pdf/") {
		t.Fatalf("pdfUrl: %q", url)
	}
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url})
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF")) {
		t.Fatalf("pdf: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	// The frame keeps its own policy (PDF viewers refuse a sandboxed or script-less frame);
	// its address, which carries the token, is never sent on as a Referer.
	if rec.Header().Get("Content-Security-Policy") != "frame-ancestors 'self'" || rec.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("pdf headers: %q %q", rec.Header().Get("Content-Security-Policy"), rec.Header().Get("Referrer-Policy"))
	}
	// The same source compiled again gets a different, equally valid address.
	_, again := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(helloTeX)+`}`)
	if again["pdfUrl"] == url {
		t.Fatal("addresses must not be predictable from the source")
	}
	// A tampered address is refused: any one character of the signature changed, including
	// the last, whose low bits lenient base64 would ignore.
	for _, i := range []int{len(url) - 1, len(url) - 5} {
		c := byte('A')
		if url[i] == 'A' {
			c = 'B'
		}
		tampered := url[:i] + string(c) + url[i+1:]
		if rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: tampered}); rec.Code != 404 {
			t.Fatalf("tampered address (character %d): %d", i, rec.Code)
		}
	}
}

func TestCompileErrorsInWords(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := "\\documentclass{article}\n\\begin{document}\nHello\n\\frobnicate{x}\n\\end{document}\n"
	code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(src)+`}`)
	msg, _ := out["error"].(string)
	if code != 422 || out["success"] != false || !strings.HasPrefix(msg, "Compilation failed") || !strings.Contains(msg, "line 4") || !strings.Contains(msg, `\frobnicate`) {
		t.Fatalf("want a compile error in words naming line 4 and the command, got %d %q", code, msg)
	}
	if strings.Contains(msg, "l.4") || strings.Contains(msg, "Transcript") {
		t.Fatalf("raw TeX log leaked: %q", msg)
	}
}

func TestCompileValidation(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	cases := map[string]struct {
		body   string
		status int
		error  string
	}{
		"missing":                  {`{}`, 400, "latexCode is required."},
		"too long":                 {`{"latexCode":"` + strings.Repeat("x", 200_001) + `"}`, 400, "latexCode is too long (at most 200,000 characters)."},
		"malformed":                {`{"latexCode":`, 400, "The request body is not valid JSON."},
		"another user's worksheet": {`{"latexCode":` + jsonString(helloTeX) + `,"worksheetId":"` + f.aliceSheet.Id + `"}`, 404, "Worksheet not found."},
	}
	for name, c := range cases {
		code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), c.body)
		if code != c.status || out["error"] != c.error {
			t.Errorf("%s: got %d %v", name, code, out)
		}
	}
	if code, _ := do(t, f, http.MethodPost, "/compile", map[string]string{}, `{"latexCode":"x"}`); code != 401 {
		t.Errorf("no token: %d", code)
	}
}

// Without a subscription only sources the server made for this user compile; a saved
// worksheet the server never made does not, even though the user owns it.
func TestFreeUserCompilesOnlyServerMadeSources(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(helloTeX)+`}`)
	if code != 403 || out["error"] != msgCompileNotAllowed {
		t.Fatalf("arbitrary source: %d %v", code, out)
	}
	handSaved := f.aliceSheet.GetString("latex_code") // saved without the server making it
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(handSaved)+`,"worksheetId":"`+f.aliceSheet.Id+`"}`); code != 403 {
		t.Fatalf("own hand-written worksheet: %d %v", code, out)
	}
	made := f.generatedSheet(t, f.alice, "Made here", `\documentclass{article}\begin{document}Made here\end{document}`)
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(made.GetString("latex_code"))+`,"worksheetId":"`+made.Id+`"}`); code != 200 {
		t.Fatalf("own server-made worksheet: %d %v", code, out)
	}
	bobs := f.generatedSheet(t, f.bob, "Bob's", `\documentclass{article}\begin{document}Bob's own\end{document}`)
	if code, _ := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), `{"latexCode":`+jsonString(bobs.GetString("latex_code"))+`}`); code != 403 {
		t.Fatalf("another user's server-made source: %d", code)
	}
}

// Downloading a saved worksheet's PDF records the first download and locks editing.
func TestDownloadRecordsFirstDownloadAndLocksEditing(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	src := f.bobSheet.GetString("latex_code")
	_, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(src)+`,"worksheetId":"`+f.bobSheet.Id+`"}`)
	url := out["pdfUrl"].(string)

	serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url}) // viewing in the frame is not a download
	if w, _ := f.FindRecordById("worksheets", f.bobSheet.Id); !w.GetDateTime("downloaded_at").IsZero() {
		t.Fatal("viewing must not count as a download")
	}
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url + "?download=1"})
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("download: %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
	w, _ := f.FindRecordById("worksheets", f.bobSheet.Id)
	first := w.GetDateTime("downloaded_at")
	if first.IsZero() {
		t.Fatal("first download not recorded")
	}
	serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url + "?download=1"})
	if w, _ := f.FindRecordById("worksheets", f.bobSheet.Id); !w.GetDateTime("downloaded_at").Equal(first) {
		t.Fatal("only the first download is recorded")
	}
	_, detail := do(t, f, http.MethodGet, "/worksheet/"+f.bobSheet.Id, bearer(t, f.bob), "")
	if detail["worksheet"].(map[string]any)["downloaded_at"] == "" {
		t.Fatal("the worksheet should report its download time")
	}
	code, gen := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob),
		`{"prompt":"make them harder","preferences":{"documentTitle":"Bob's sums"},"worksheetId":"`+f.bobSheet.Id+`"}`)
	if code != http.StatusConflict || gen["details"] != library.ErrLocked.Error() {
		t.Fatalf("editing a downloaded worksheet: %d %v", code, gen)
	}
}
