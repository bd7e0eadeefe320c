package hooks

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

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
	after := pdfLink(t, h, bearer(t, reload(t, f, f.bob))) // signed in again
	wantLinkWorks(t, h, after, "made after signing in again")
}

func reload(t *testing.T, f *fixture, r *core.Record) *core.Record {
	t.Helper()
	r, err := f.FindRecordById(r.Collection().Name, r.Id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Issue 32: signing out ends the session token itself, not only the links: the token of before
// (and of any other device) answers 401 on the product API and cannot be refreshed into a new
// one; a token made after it works.
func TestSignOutEndsTheSessionToken(t *testing.T) {
	f, h := linkFixture(t)
	old := bearer(t, f.bob)
	other := bearer(t, f.bob) // another device, signed in before
	if rec := call(h, http.MethodGet, "/api/user-profile", old, ""); rec.Code != 200 {
		t.Fatalf("profile before sign-out: %d %s", rec.Code, rec.Body)
	}
	if rec := call(h, http.MethodPost, "/api/sign-out", old, ""); rec.Code != 200 {
		t.Fatalf("sign-out: %d %s", rec.Code, rec.Body)
	}
	for _, tok := range []map[string]string{old, other} {
		if rec := call(h, http.MethodGet, "/api/user-profile", tok, ""); rec.Code != http.StatusUnauthorized || strings.Contains(rec.Body.String(), "subscription_status") {
			t.Fatalf("profile with the token of before: %d %s", rec.Code, rec.Body)
		}
		rec := call(h, http.MethodPost, "/api/collections/users/auth-refresh", tok, "")
		if rec.Code != http.StatusUnauthorized || strings.Contains(rec.Body.String(), `"token"`) {
			t.Fatalf("refresh with the token of before: %d %s", rec.Code, rec.Body)
		}
		if rec := call(h, http.MethodPost, "/save-worksheet", tok, saveBody("after sign-out", "T")); rec.Code != http.StatusUnauthorized {
			t.Fatalf("save with the token of before: %d %s", rec.Code, rec.Body)
		}
	}
	fresh := bearer(t, reload(t, f, f.bob)) // signed in again: a token of the new key
	if rec := call(h, http.MethodGet, "/api/user-profile", fresh, ""); rec.Code != 200 {
		t.Fatalf("profile with a new token: %d %s", rec.Code, rec.Body)
	}
}

// Issue 32 (info): the records API refuses, whole and with 400, a field a user may not set
// (the old link epoch among them), where it answered 200 and changed nothing; a field the user
// may set still saves.
func TestUsersRecordsRefuseServerFields(t *testing.T) {
	f, h := linkFixture(t)
	url := "/api/collections/users/records/" + f.bob.Id
	for _, body := range []string{`{"links_epoch":0}`, `{"name":"Bob","links_epoch":0}`, `{"verified":false}`, `{"tokenSecret":"x"}`} {
		rec := call(h, http.MethodPatch, url, bearer(t, f.bob), body)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "These fields cannot be set:") ||
			!strings.Contains(rec.Body.String(), "validation_field_not_settable") {
			t.Fatalf("PATCH %s: %d %s", body, rec.Code, rec.Body)
		}
	}
	if got := reload(t, f, f.bob); got.GetString("name") != "" || !got.Verified() || got.TokenKey() != f.bob.TokenKey() {
		t.Fatalf("a refused PATCH changed the record: name %q verified %v", got.GetString("name"), got.Verified())
	}
	if rec := call(h, http.MethodPatch, url, bearer(t, f.bob), `{"name":"Bob"}`); rec.Code != 200 {
		t.Fatalf("PATCH name: %d %s", rec.Code, rec.Body)
	}
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
