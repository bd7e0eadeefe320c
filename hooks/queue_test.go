package hooks

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
)

// instant is a backend that compiles anything at once.
type instant struct{}

func (instant) Compile(_ context.Context, job queue.Job) (*latex.Result, error) {
	return &latex.Result{PDF: []byte("%PDF-1.5"), Key: latex.Key(job.Source)}, nil
}
func (instant) PDF(context.Context, string) ([]byte, bool) { return []byte("%PDF-1.5"), true }
func (instant) Close() error                               { return nil }

// The lane comes from the user's record on the server: an active subscriber's compile runs in
// the paid lane, a free user's (of their own saved sheet) in the free lane. The status is for
// superusers only.
func TestCompilesRunInTheLaneOfTheUsersRecord(t *testing.T) {
	q := queue.New(instant{}, queue.Config{Slots: 2})
	d := testDeps()
	d.Queue = q
	f := newFixture(t, d)
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(helloTeX)+`}`); code != 200 {
		t.Fatalf("bob: %d %v", code, out)
	}
	// Alice is free: her sheet compiles because the server made it for her.
	src := f.aliceSheet.GetString("latex_code")
	l, err := library.NewLineage(f, f.alice.Id)
	if err != nil {
		t.Fatal(err)
	}
	if err := library.RecordSource(f, f.alice.Id, src, l, library.KindSheet); err != nil {
		t.Fatal(err)
	}
	body := `{"latexCode":` + jsonString(src) + `,"worksheetId":"` + f.aliceSheet.Id + `"}`
	if code, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.alice), body); code != 200 {
		t.Fatalf("alice: %d %v", code, out)
	}
	st := q.Status()
	if st.Lanes[queue.Paid].Dispatched != 1 || st.Lanes[queue.Free].Dispatched != 1 {
		t.Fatalf("%+v", st.Lanes)
	}

	if code, _ := do(t, f, http.MethodGet, "/api/sheetsmith/queue", bearer(t, f.bob), ""); code == 200 {
		t.Fatal("a user read the queue status")
	}
	if code, out := do(t, f, http.MethodGet, "/api/sheetsmith/queue/me", bearer(t, f.bob), ""); code != 200 || out["waiting"] != false {
		t.Fatalf("%d %v", code, out)
	}
	su := f.superuser(t)
	code, out := do(t, f, http.MethodGet, "/api/sheetsmith/queue", map[string]string{"Authorization": token(t, su)}, "")
	lanes, _ := out["lanes"].([]any)
	if code != 200 || len(lanes) != 2 || lanes[0].(map[string]any)["dispatched"] != 1.0 {
		t.Fatalf("%d %v", code, out)
	}
}

func (f *fixture) superuser(t testing.TB) *core.Record {
	t.Helper()
	col, err := f.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.SetEmail("admin@example.com")
	r.SetPassword("password123456")
	if err := f.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// The queue's refusals (a full lane, a user's full queue) answer 429 with Retry-After and
// the queue's own words.
func TestQueueRefusalAnswersRetryAfter(t *testing.T) {
	f := newFixture(t)
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{App: f}
	e.Request = httptest.NewRequest("POST", "/compile", nil)
	e.Response = rec
	busy := &queue.BusyError{Message: "You already have compiles waiting. Please wait for them to finish and try again.", RetryAfter: 5 * time.Second}
	if err := compileFailure(e, busy); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "already have compiles waiting") {
		t.Fatalf("%d %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
	}
}
