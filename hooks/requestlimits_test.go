package hooks

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/logger"

	"sheetsmith/config"
)

// callFrom is call from the client address addr.
func callFrom(h http.Handler, addr, method, url string, headers map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	req.RemoteAddr = addr + ":40000"
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// pageRule is the shipped "/" rule of audience, its window stretched to an hour so that a slow
// machine cannot cross a window's end mid-flood (the count is the shipped one).
func pageRule(t *testing.T, f *fixture, audience string) int {
	t.Helper()
	s := f.Settings()
	for i, r := range s.RateLimits.Rules {
		if r.Label == "/" && r.Audience == audience {
			s.RateLimits.Rules[i].Duration = 3600
			if err := f.Save(s); err != nil {
				t.Fatal(err)
			}
			return r.MaxRequests
		}
	}
	t.Fatalf("no %q rule for %q: %+v", "/", audience, s.RateLimits.Rules)
	return 0
}

// Issue 32: a route outside /api/ is rate limited per address too: a stranger's flood of the
// web app's pages and of names nothing answers gets 429 after the shipped count, another
// address is not affected, and a signed-in flood of the product API meets its own rule. The
// refused requests of one address write one log row a minute, not one each.
func TestPageFloodFromOneAddressAnswers429(t *testing.T) {
	f := newFixture(t)
	keepLogs(f)
	h := handler(t, f)
	n := pageRule(t, f, core.RateLimitRuleAudienceGuest)
	for i := range n {
		url := "/login"
		if i%2 == 1 {
			url = "/no-such-page"
		}
		if rec := callFrom(h, "203.0.113.7", http.MethodGet, url, nil, ""); rec.Code == http.StatusTooManyRequests {
			t.Fatalf("request %d of %d refused", i+1, n)
		}
	}
	for _, url := range []string{"/login", "/no-such-page", "/assets/app-1.js"} {
		if rec := callFrom(h, "203.0.113.7", http.MethodGet, url, nil, ""); rec.Code != http.StatusTooManyRequests || strings.Contains(rec.Body.String(), "Sheetsmith") {
			t.Fatalf("%s after %d requests: %d %.100s", url, n, rec.Code, rec.Body)
		}
	}
	if rec := callFrom(h, "203.0.113.7", http.MethodPost, "/nothing/here", nil, ""); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("a route that names nothing: %d", rec.Code)
	}
	if rec := callFrom(h, "198.51.100.2", http.MethodGet, "/login", nil, ""); rec.Code != 200 {
		t.Fatalf("another address: %d", rec.Code)
	}

	m := pageRule(t, f, core.RateLimitRuleAudienceAuth)
	alice := bearer(t, f.alice)
	for i := range m {
		if rec := callFrom(h, "198.51.100.9", http.MethodGet, "/my-worksheets", alice, ""); rec.Code != 200 {
			t.Fatalf("signed-in request %d of %d: %d %s", i+1, m, rec.Code, rec.Body)
		}
	}
	if rec := callFrom(h, "198.51.100.9", http.MethodGet, "/my-worksheets", alice, ""); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("signed-in flood: %d", rec.Code)
	}
	const refusedFrom = "json_extract(data, '$.status') = 429 AND json_extract(data, '$.userIP') = {:ip}"
	flushLogs(t, f, func() bool {
		return logCount(t, f, "json_extract(data, '$.type') = 'request'", nil) >= n+1+1+m+1 &&
			logCount(t, f, refusedFrom, dbx.Params{"ip": "198.51.100.9"}) == 1
	})
	if got := logCount(t, f, refusedFrom, dbx.Params{"ip": "203.0.113.7"}); got != 1 {
		t.Fatalf("4 refused requests of one address wrote %d log rows", got)
	}
}

// keepLogs turns PocketBase's log on (its test app turns it off) for the shipped three days.
func keepLogs(f *fixture) { f.Settings().Logs.MaxDays = 3 }

// flushLogs writes the logs PocketBase holds in memory until done says enough are written
// (request rows are handed to the writer from a goroutine of their own).
func flushLogs(t *testing.T, f *fixture, done func() bool) {
	t.Helper()
	bh, ok := f.Logger().Handler().(*logger.BatchHandler)
	if !ok {
		t.Fatalf("logger %T", f.Logger().Handler())
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		if err := bh.WriteAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		if done() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the request logs were never written")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func logCount(t *testing.T, f *fixture, where string, params dbx.Params) int {
	t.Helper()
	var n int
	if err := f.AuxDB().NewQuery("SELECT count(*) FROM _logs WHERE " + where).Bind(params).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Issue 32: long URLs and headers sent to names that answer nothing (404s) and with a bad
// token (401) are logged, but cut to a few hundred bytes: no 300 bytes of a planted 4 kB marker
// are in auxiliary.db's _logs or anywhere in its files.
func TestLongRequestsAreNotLoggedAtFullSize(t *testing.T) {
	f := newFixture(t)
	keepLogs(f)
	h := handler(t, f)
	b := make([]byte, 2048)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	marker := hex.EncodeToString(b) // 4 kB, URL-safe
	headers := map[string]string{"User-Agent": marker, "Referer": "https://example.com/" + marker, "X-Padding": marker}
	sent := 0
	for _, r := range []struct{ method, url string }{
		{http.MethodGet, "/no-such-page?q=" + marker},
		{http.MethodPost, "/nothing/" + marker},
		{http.MethodGet, "/pdf/" + marker},
	} {
		if rec := callFrom(h, "203.0.113.8", r.method, r.url, headers, ""); rec.Code < 400 {
			t.Fatalf("%s %.40s: %d", r.method, r.url, rec.Code)
		}
		sent++
	}
	bad := map[string]string{"Authorization": "Bearer " + marker, "User-Agent": marker}
	if rec := callFrom(h, "203.0.113.8", http.MethodGet, "/api/user-profile", bad, ""); rec.Code != http.StatusUnauthorized {
		t.Fatalf("bad token: %d", rec.Code)
	}
	sent++
	prefix := dbx.Params{"p": marker[:100]}
	flushLogs(t, f, func() bool { return logCount(t, f, "instr(data, {:p}) > 0", prefix) >= sent })

	// No row holds 300 bytes of the marker in a row, from its start or from its middle.
	for _, part := range []string{marker, marker[:300], marker[2000:2300]} {
		if n := logCount(t, f, "instr(data, {:m}) > 0 OR instr(message, {:m}) > 0", dbx.Params{"m": part}); n != 0 {
			t.Fatalf("%d log rows hold %d bytes of the marker", n, len(part))
		}
	}
	var longest int
	if err := f.AuxDB().NewQuery("SELECT max(length(data) + length(message)) FROM _logs WHERE instr(data, {:p}) > 0").Bind(prefix).Row(&longest); err != nil {
		t.Fatal(err)
	}
	t.Logf("the longest of these request rows: %d bytes", longest)
	if longest > 4096 {
		t.Fatalf("a request's row takes %d bytes", longest)
	}
	files, _ := filepath.Glob(filepath.Join(f.DataDir(), "auxiliary.db*"))
	if len(files) == 0 {
		t.Fatal("no auxiliary.db")
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(marker[:300])) {
			t.Fatalf("%s holds the marker", filepath.Base(name))
		}
	}
}

// Issue 32: the request log keeps at most its row cap, the newest rows, however many requests
// come (this test sends them faster than anyone, so the rate limits are off for it).
func TestRequestLogStaysUnderItsCap(t *testing.T) {
	const maxRows = 50
	f := newFixture(t, withLimits(testDeps(), func(l *config.Limits) { l.LogMaxRows = maxRows }))
	s := f.Settings()
	s.RateLimits.Enabled = false
	if err := f.Save(s); err != nil {
		t.Fatal(err)
	}
	keepLogs(f)
	var written atomic.Int64
	f.OnModelAfterCreateSuccess(core.LogsTableName).BindFunc(func(e *core.ModelEvent) error {
		written.Add(1)
		return e.Next()
	})
	h := handler(t, f)
	const sent = 400
	for i := range sent {
		callFrom(h, "203.0.113.9", http.MethodGet, "/no-such-page-"+strings.Repeat("x", i%50), nil, "")
	}
	flushLogs(t, f, func() bool { return written.Load() >= sent })
	if n := logCount(t, f, "1", nil); n > maxRows || n < maxRows/2 {
		t.Fatalf("%d rows after %d requests, cap %d", n, sent, maxRows)
	}
}

// The server's own rows are cut too, more loosely: an error that carries a planted 4 kB value
// keeps its first 2 kB.
func TestServerLogRowsAreCut(t *testing.T) {
	planted := strings.Repeat("secret-", 600) // 4.2 kB
	l := &core.Log{Message: "compile failed", Data: map[string]any{"error": planted, "details": map[string]any{"log": planted}}}
	shrinkLog(l)
	if e, _ := l.Data["error"].(string); len(e) > serverLogValueMax || !strings.HasPrefix(e, "secret-secret-") {
		t.Fatalf("error value: %d bytes", len(e))
	}
	if d, _ := l.Data["details"].(string); len(d) > serverLogValueMax {
		t.Fatalf("details: %T %d", l.Data["details"], len(d))
	}
}
