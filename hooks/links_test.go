package hooks

import (
	"net/http"
	"strings"
	"testing"

	"sheetsmith/queue"
)

// pdfLink compiles helloTeX as the user of headers and returns its PDF address.
func pdfLink(t *testing.T, h http.Handler, headers map[string]string) string {
	t.Helper()
	rec := call(h, http.MethodPost, "/compile", headers, `{"latexCode":`+jsonString(helloTeX)+`}`)
	if rec.Code != 200 {
		t.Fatalf("compile: %d %s", rec.Code, rec.Body)
	}
	url, _, _ := strings.Cut(strings.SplitAfter(rec.Body.String(), `"pdfUrl":"`)[1], `"`)
	return url
}

func wantLinkEnded(t *testing.T, h http.Handler, url, when string) {
	t.Helper()
	rec := call(h, http.MethodGet, url, nil, "")
	if rec.Code != http.StatusGone || strings.Contains(rec.Body.String(), "%PDF") ||
		!strings.Contains(rec.Body.String(), errLinkEnded.Error()) {
		t.Fatalf("%s: a link made before must end: %d %.200s", when, rec.Code, rec.Body)
	}
}

func wantLinkWorks(t *testing.T, h http.Handler, url, when string) {
	t.Helper()
	rec := call(h, http.MethodGet, url, nil, "")
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "%PDF") {
		t.Fatalf("%s: the link must work: %d %.200s", when, rec.Code, rec.Body)
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "no-cache") {
		t.Fatalf("a browser must ask again before reusing its copy: %q", cc)
	}
}

func linkFixture(t *testing.T) (*fixture, http.Handler) {
	d := testDeps()
	d.Queue = queue.New(instant{}, queue.Config{Slots: 2})
	f := newFixture(t, d)
	return f, handler(t, f)
}

// Issue 18 (6): a PDF link ends with the session that made it. Signing out ends every link the
// user was given; a link made afterwards works; another user's links are untouched.
func TestPDFLinksEndAtSignOut(t *testing.T) {
	f, h := linkFixture(t)
	bob := bearer(t, f.bob)
	before := pdfLink(t, h, bob)
	f.generatedSheet(t, f.alice, "Hello", helloTeX) // so alice, a free user, may compile it
	alices := pdfLink(t, h, bearer(t, f.alice))
	wantLinkWorks(t, h, before, "before sign-out")
	if rec := call(h, http.MethodPost, "/api/sign-out", bob, ""); rec.Code != 200 {
		t.Fatalf("sign-out: %d %s", rec.Code, rec.Body)
	}
	wantLinkEnded(t, h, before, "after sign-out")
	wantLinkEnded(t, h, before+"?download=1", "download after sign-out")
	wantLinkWorks(t, h, alices, "another user's link")
	after := pdfLink(t, h, bearer(t, f.bob)) // signed in again
	wantLinkWorks(t, h, after, "made after signing in again")

	// The epoch is the server's: a user cannot write it back through the records API.
	body := `{"links_epoch":0}`
	rec := call(h, http.MethodPatch, "/api/collections/users/records/"+f.bob.Id, bearer(t, f.bob), body)
	if strings.Contains(rec.Body.String(), "links_epoch") {
		t.Fatalf("the records API shows the epoch: %s", rec.Body)
	}
	wantLinkEnded(t, h, before, "after trying to reset the epoch")
}

// A password change (which rotates PocketBase's token key) ends the links made before it.
func TestPDFLinksEndAtPasswordChange(t *testing.T) {
	f, h := linkFixture(t)
	before := pdfLink(t, h, bearer(t, f.bob))
	bob, err := f.FindRecordById("users", f.bob.Id)
	if err != nil {
		t.Fatal(err)
	}
	bob.SetPassword("a-new-password-456")
	if err := f.Save(bob); err != nil {
		t.Fatal(err)
	}
	wantLinkEnded(t, h, before, "after a password change")
	wantLinkWorks(t, h, pdfLink(t, h, bearer(t, bob)), "made with the new password")
}

// A deleted account's links end with it.
func TestPDFLinksEndWithTheAccount(t *testing.T) {
	f, h := linkFixture(t)
	before := pdfLink(t, h, bearer(t, f.bob))
	if err := f.Delete(f.bob); err != nil {
		t.Fatal(err)
	}
	wantLinkEnded(t, h, before, "after account deletion")
}
