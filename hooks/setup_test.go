package hooks

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/config"
	"sheetsmith/library"
	_ "sheetsmith/pb_migrations"
)

// fixture is a fresh app with two users and a few worksheets.
type fixture struct {
	*tests.TestApp
	alice, bob *core.Record // alice is free, bob is active
	aliceSheet *core.Record
	bobSheet   *core.Record
}

var testPublic = fstest.MapFS{
	"index.html":      {Data: []byte("<!doctype html><title>Sheetsmith</title>")},
	"assets/app-1.js": {Data: []byte("console.log(1)")},
	"favicon.svg":     {Data: []byte("<svg/>")},
}

func testDeps() Deps {
	return Deps{Config: config.FromLookup(func(string) string { return "" }), Public: testPublic}
}

// newFixture builds a fresh app (all migrations) with the product hooks registered.
func newFixture(t testing.TB, deps ...Deps) *fixture {
	t.Helper()
	dir, err := os.MkdirTemp("", "sheetsmith-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir) // the test app works on its own clone
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	d := testDeps()
	if len(deps) > 0 {
		d = deps[0]
	}
	Register(app, d)
	f := &fixture{TestApp: app}
	f.alice = f.user(t, "alice@example.com", "free")
	f.bob = f.user(t, "bob@example.com", "active")
	f.aliceSheet = f.sheet(t, f.alice, "Alice's fractions", `\documentclass{article}\begin{document}A\end{document}`)
	f.bobSheet = f.sheet(t, f.bob, "Bob's sums", `\documentclass{article}\begin{document}B\end{document}`)
	return f
}

// user makes an account with a verified address (the free quota, not the unverified one).
func (f *fixture) user(t testing.TB, email, status string) *core.Record {
	t.Helper()
	return f.account(t, email, status, true)
}

func (f *fixture) account(t testing.TB, email, status string, verified bool) *core.Record {
	t.Helper()
	col, err := f.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.SetEmail(email)
	r.SetPassword("password123")
	r.Set("subscription_status", status)
	r.SetVerified(verified)
	if err := f.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func (f *fixture) sheet(t testing.TB, owner *core.Record, title, latex string) *core.Record {
	t.Helper()
	col, err := f.FindCollectionByNameOrId("worksheets")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.Set("owner", owner.Id)
	r.Set("document_title", title)
	r.Set("latex_code", latex)
	if err := f.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func token(t testing.TB, r *core.Record) string {
	t.Helper()
	tok, err := r.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func bearer(t testing.TB, r *core.Record) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token(t, r), "Content-Type": "application/json"}
}

// generatedSheet saves a worksheet whose source the server made for owner: the source is
// recorded in a new lineage, as /generate-latex records it.
func (f *fixture) generatedSheet(t testing.TB, owner *core.Record, title, latex string) *core.Record {
	t.Helper()
	l, err := library.NewLineage(f, owner.Id)
	if err != nil {
		t.Fatal(err)
	}
	if err := library.RecordSource(f, owner.Id, latex, l, library.KindSheet); err != nil {
		t.Fatal(err)
	}
	r := f.sheet(t, owner, title, latex)
	r.Set("lineage", l.Id)
	if err := f.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}
