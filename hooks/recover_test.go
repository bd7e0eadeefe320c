package hooks

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// A panic in a route is answered with the spec's message in the contract's shape, through the
// real router, and the other routes keep working.
func TestPanicInARouteAnswersTheSpecMessage(t *testing.T) {
	f := newFixture(t)
	f.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.POST("/test-panic", func(e *core.RequestEvent) error {
			var s []int
			_ = s[3] // the slice-bounds panic of issue 20's assignCounts
			return nil
		})
		return se.Next()
	})
	code, out := do(t, f, "POST", "/test-panic", bearer(t, f.bob), `{"prompt":"8 word problems on multiplication and 8 on division"}`)
	if code != http.StatusInternalServerError || out["success"] != false || out["error"] != msgServerError {
		t.Fatalf("%d %v", code, out)
	}
	if code, _ := do(t, f, "GET", "/my-worksheets", bearer(t, f.bob), ""); code != 200 {
		t.Fatalf("the rest keeps working: %d", code)
	}
}

// The log of a recovered panic holds its request: method, path, user and body (the prompt
// that crashed), and where it panicked; never the credentials.
func TestPanicIsLoggedWithItsRequest(t *testing.T) {
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	h := &hook.Hook[*core.RequestEvent]{}
	h.Bind(recoverRoute(func(*core.RequestEvent) *slog.Logger { return logger }))
	h.BindFunc(func(e *core.RequestEvent) error {
		buf := make([]byte, 100)
		e.Request.Body.Read(buf) // the handler reads the body, as every route does
		panic("boom in assignCounts")
	})
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{}
	e.Request = httptest.NewRequest("POST", "/generate-latex", strings.NewReader(`{"prompt":"8 word problems on multiplication and 8 on division"}`))
	e.Request.Header.Set("Authorization", "secret-token")
	e.Response = rec
	e.Auth = core.NewRecord(core.NewAuthCollection("users"))
	e.Auth.Id = "user123"
	if err := h.Trigger(e); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), msgServerError) {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	got := log.String()
	for _, want := range []string{"POST", "/generate-latex", "user123", "8 word problems on multiplication and 8 on division", "boom in assignCounts", "recover_test.go"} {
		if !strings.Contains(got, want) {
			t.Errorf("the log does not hold %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "secret-token") {
		t.Errorf("the log holds the credentials:\n%s", got)
	}
}
