package hooks

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/config"
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

// Issue 32: below the free-disk floor a save, a copy and a rename answer 503 with Retry-After
// and a sentence that says so, and a sign-up answers 503 too; nothing is stored. Above the
// floor the same requests work.
func TestSaveAndSignUpBelowTheDiskFloor(t *testing.T) {
	const planted = "LOW-DISK-SHEET-7f3a"
	signUp := `{"email":"newcomer@example.com","password":"password123","passwordConfirm":"password123"}`
	json := map[string]string{"Content-Type": "application/json"}

	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) { l.MinFreeDiskMB = 1 << 40 })) // more than any disk
	h := handler(t, f)
	alice := bearer(t, f.alice)
	for _, r := range []struct{ method, url, body string }{
		{http.MethodPost, "/save-worksheet", saveBody(planted, "Low")},
		{http.MethodPost, "/worksheet/" + f.aliceSheet.Id + "/duplicate", ""},
		{http.MethodPatch, "/worksheet/" + f.aliceSheet.Id, `{"documentTitle":"` + planted + `"}`},
	} {
		rec := call(h, r.method, r.url, alice, r.body)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), msgLowDiskSave) {
			t.Fatalf("%s %s: %d %q %s", r.method, r.url, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
	if n := worksheetCount(t, f, f.alice); n != 1 {
		t.Fatalf("alice has %d worksheets, had 1", n)
	}
	if found, _ := f.FindAllRecords("worksheets"); strings.Contains(toJSON(found), planted) {
		t.Fatal("a refused write was stored")
	}
	rec := call(h, http.MethodPost, "/api/collections/users/records", json, signUp)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), msgLowDiskSignUp) {
		t.Fatalf("sign-up: %d %s", rec.Code, rec.Body)
	}
	if _, err := f.FindAuthRecordByEmail("users", "newcomer@example.com"); err == nil {
		t.Fatal("the account was created below the floor")
	}

	f = newFixture(t, withLimits(testDeps(), func(l *config.Limits) { l.MinFreeDiskMB = 1 }))
	h = handler(t, f)
	if rec := call(h, http.MethodPost, "/save-worksheet", bearer(t, f.alice), saveBody(planted, "Room")); rec.Code != 200 {
		t.Fatalf("save above the floor: %d %s", rec.Code, rec.Body)
	}
	if rec := call(h, http.MethodPost, "/api/collections/users/records", json, signUp); rec.Code != 200 {
		t.Fatalf("sign-up above the floor: %d %s", rec.Code, rec.Body)
	}
}
