package hooks

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// serveReal runs the fixture behind PocketBase's own apis.Serve (its default CORS middleware
// and the dashboard included) on a loopback port and returns the base address.
func serveReal(t *testing.T, f *fixture) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.OnServe().BindFunc((&hookServeListener{ln: ln}).handler())
	done := make(chan error, 1)
	go func() { done <- apis.Serve(f, apis.ServeConfig{HttpAddr: ln.Addr().String()}) }()
	t.Cleanup(func() {
		f.Cleanup()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("the server did not stop")
		}
	})
	base := "http://" + ln.Addr().String()
	for i := 0; i < 100; i++ {
		if res, err := http.Get(base + "/api/health"); err == nil {
			res.Body.Close()
			return base
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the server did not start")
	return ""
}

// hookServeListener hands apis.Serve a listener already bound, and no installer (which would
// try to open a browser).
type hookServeListener struct{ ln net.Listener }

func (h *hookServeListener) handler() func(*core.ServeEvent) error {
	return func(se *core.ServeEvent) error {
		se.Listener = h.ln
		se.InstallerFunc = nil
		return se.Next()
	}
}

func request(t *testing.T, method, url string, headers map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// Same-origin CORS, a Content-Security-Policy and a Referrer-Policy on the app and the product
// routes; the dashboard keeps PocketBase's own policy.
func TestSecurityHeadersOnTheServer(t *testing.T) {
	f := newFixture(t)
	base := serveReal(t, f)
	own := "http://127.0.0.1:8090" // SHEETSMITH_APP_URL's default
	evil := "https://evil.example"

	for _, path := range []string{"/", "/dashboard", "/api/config", "/my-worksheets", "/api/collections/templates/records"} {
		res := request(t, http.MethodGet, base+path, map[string]string{"Origin": evil, "Authorization": "Bearer " + token(t, f.alice)})
		if got := res.Header.Get("Access-Control-Allow-Origin"); got != "" {
			t.Errorf("%s answers origin %s with Access-Control-Allow-Origin %q", path, evil, got)
		}
		if csp := res.Header.Get("Content-Security-Policy"); csp != appCSP {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if rp := res.Header.Get("Referrer-Policy"); rp != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", path, rp)
		}
	}
	pre := request(t, http.MethodOptions, base+"/compile", map[string]string{"Origin": evil, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"})
	if got := pre.Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("preflight from %s allowed: %q", evil, got)
	}
	// The app's own public origin may call it.
	if got := request(t, http.MethodGet, base+"/api/config", map[string]string{"Origin": own}).Header.Get("Access-Control-Allow-Origin"); got != own {
		t.Errorf("own origin: Access-Control-Allow-Origin %q", got)
	}
	// The dashboard is served with PocketBase's own policy (its inline script's hash).
	dash := request(t, http.MethodGet, base+"/_/", nil)
	if dash.StatusCode != 200 || !strings.Contains(dash.Header.Get("Content-Security-Policy"), "script-src 'self' 'sha256-") || dash.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("dashboard: %d %q %q", dash.StatusCode, dash.Header.Get("Content-Security-Policy"), dash.Header.Get("Referrer-Policy"))
	}
	if got := request(t, http.MethodGet, base+"/api/health", map[string]string{"Origin": evil}).Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("PocketBase's API answers %s: %q", evil, got)
	}
}
