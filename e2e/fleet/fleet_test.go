// Package fleet tests the compile queue with real processes on loopback: a hub that leaves
// compiling to remote workers, two `sheetsmith worker` processes, and one of them killed with
// SIGKILL in the middle of a burst.
package fleet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const token = "fleet-test-secret-of-at-least-32-bytes"

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() { builtBin, buildErr = buildBinary() })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

func buildBinary() (string, error) {
	dir, err := os.MkdirTemp("", "sheetsmith-fleet-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "sheetsmith")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build: %v\n%s", err, out)
	}
	return bin, nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

// start runs the binary with its output in a file of the test's temp dir.
func start(t *testing.T, bin, name string, env []string, args ...string) *exec.Cmd {
	t.Helper()
	logf, err := os.Create(filepath.Join(t.TempDir(), name+".log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(append(os.Environ(), "SHEETSMITH_NATS_TOKEN="+token), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logf.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("--- %s log (tail) ---\n%s", name, tail(string(b), 3000))
		}
	})
	return cmd
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

type api struct {
	t    *testing.T
	base string
}

func (a api) call(method, path, auth string, body any, out any) int {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil { // not up yet, or gone: the caller decides
		a.t.Logf("%s %s: %v", method, path, err)
		return 0
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if out != nil {
		if p, ok := out.(*[]byte); ok {
			*p = b
		} else {
			_ = json.Unmarshal(b, out)
		}
	}
	return res.StatusCode
}

type workerStatus struct {
	ID      string `json:"id"`
	Running int    `json:"running"`
}

type status struct {
	Backend struct {
		Workers []workerStatus `json:"workers"`
	} `json:"backend"`
}

func TestFleetSurvivesAKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs TeX in several processes")
	}
	bin := build(t)
	data := t.TempDir()
	httpPort, natsPort := freePort(t), freePort(t)
	if out, err := exec.Command(bin, "superuser", "upsert", "admin@example.com", "fleet-password-1", "--dir", data).CombinedOutput(); err != nil {
		t.Fatalf("superuser: %v %s", err, out)
	}
	start(t, bin, "hub", nil, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", httpPort), "--dir", data,
		"--nats-listen", fmt.Sprintf("127.0.0.1:%d", natsPort), "--local-workers", "0")
	natsURL := fmt.Sprintf("nats://127.0.0.1:%d", natsPort)
	workers := map[string]*exec.Cmd{}
	for _, id := range []string{"w1", "w2"} {
		// Each worker dumps its own format, as on its own machine.
		workers[id] = start(t, bin, id, []string{"XDG_CACHE_HOME=" + t.TempDir()}, "worker", "--nats", natsURL, "--insecure-plaintext", "--slots", "1", "--id", id)
	}

	a := api{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", httpPort)}
	var admin struct{ Token string }
	deadline := time.Now().Add(60 * time.Second)
	for a.call("POST", "/api/collections/_superusers/auth-with-password", "", map[string]string{"identity": "admin@example.com", "password": "fleet-password-1"}, &admin) != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the hub did not come up")
		}
		time.Sleep(200 * time.Millisecond)
	}
	var st status
	for {
		a.call("GET", "/api/sheetsmith/queue", admin.Token, nil, &st)
		if len(st.Backend.Workers) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("workers did not join: %+v", st)
		}
		time.Sleep(200 * time.Millisecond)
	}

	// Four paying teachers, two compiles each at once.
	var tokens []string
	for i := range 4 {
		email := fmt.Sprintf("teacher%d@example.com", i)
		user := map[string]any{"email": email, "password": "password123", "passwordConfirm": "password123", "subscription_status": "active"}
		if code := a.call("POST", "/api/collections/users/records", admin.Token, user, nil); code != 200 {
			t.Fatalf("create user: %d", code)
		}
		var auth struct{ Token string }
		if code := a.call("POST", "/api/collections/users/auth-with-password", "", map[string]string{"identity": email, "password": "password123"}, &auth); code != 200 {
			t.Fatalf("sign in: %d", code)
		}
		tokens = append(tokens, "Bearer "+auth.Token)
	}

	type result struct {
		n    int
		code int
		url  string
		err  string
	}
	results := make(chan result, 8)
	t0 := time.Now()
	var wg sync.WaitGroup
	for n := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// About a second of TeX each, so the kill lands in the middle of a job.
			src := fmt.Sprintf("\\documentclass{article}\\begin{document}\\newcount\\n \\loop\\advance\\n1 \\ifnum\\n<5000000 \\repeat Sheet %d: \\the\\n\\end{document}\n", n)
			var out struct {
				PdfURL string `json:"pdfUrl"`
				Error  string `json:"error"`
			}
			code := a.call("POST", "/compile", tokens[n%4], map[string]string{"latexCode": src}, &out)
			t.Logf("compile %d answered %d after %v", n, code, time.Since(t0).Round(time.Millisecond))
			results <- result{n, code, out.PdfURL, out.Error}
		}()
	}
	for {
		a.call("GET", "/api/sheetsmith/queue", admin.Token, nil, &st)
		busy := false
		for _, w := range st.Backend.Workers {
			busy = busy || (w.ID == "w1" && w.Running > 0)
		}
		if busy {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("w1 never took a job: %+v", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := workers["w1"].Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	t.Logf("killed w1 after %v", time.Since(t0).Round(time.Millisecond))
	wg.Wait()
	close(results)
	for r := range results {
		if r.code != 200 || !strings.HasPrefix(r.url, "/pdf/") {
			t.Errorf("compile %d: %d %s", r.n, r.code, r.err)
			continue
		}
		var pdf []byte
		if code := a.call("GET", r.url, "", nil, &pdf); code != 200 || !bytes.HasPrefix(pdf, []byte("%PDF")) {
			t.Errorf("pdf %d: %d", r.n, code)
		}
	}
}

// The default server, with no queue flags, compiles through its in-process queue.
func TestDefaultServeCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs TeX")
	}
	bin := build(t)
	data := t.TempDir()
	port := freePort(t)
	if out, err := exec.Command(bin, "superuser", "upsert", "admin@example.com", "fleet-password-1", "--dir", data).CombinedOutput(); err != nil {
		t.Fatalf("superuser: %v %s", err, out)
	}
	start(t, bin, "serve", []string{"XDG_CACHE_HOME=" + t.TempDir()}, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", port), "--dir", data, "--local-workers", "1")
	a := api{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	var admin struct{ Token string }
	deadline := time.Now().Add(60 * time.Second)
	for a.call("POST", "/api/collections/_superusers/auth-with-password", "", map[string]string{"identity": "admin@example.com", "password": "fleet-password-1"}, &admin) != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the server did not come up")
		}
		time.Sleep(200 * time.Millisecond)
	}
	user := map[string]any{"email": "t@example.com", "password": "password123", "passwordConfirm": "password123", "subscription_status": "active"}
	if code := a.call("POST", "/api/collections/users/records", admin.Token, user, nil); code != 200 {
		t.Fatalf("create user: %d", code)
	}
	var auth struct{ Token string }
	a.call("POST", "/api/collections/users/auth-with-password", "", map[string]string{"identity": "t@example.com", "password": "password123"}, &auth)
	var out struct {
		PdfURL string `json:"pdfUrl"`
		Error  string `json:"error"`
	}
	src := "\\documentclass{article}\\begin{document}Default server\\end{document}\n"
	if code := a.call("POST", "/compile", "Bearer "+auth.Token, map[string]string{"latexCode": src}, &out); code != 200 {
		t.Fatalf("compile: %d %s", code, out.Error)
	}
	var pdf []byte
	if code := a.call("GET", out.PdfURL, "", nil, &pdf); code != 200 || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("pdf: %d", code)
	}
	var st struct {
		Slots   int `json:"slots"`
		Backend struct {
			Workers []struct{ ID string } `json:"workers"`
		} `json:"backend"`
	}
	a.call("GET", "/api/sheetsmith/queue", admin.Token, nil, &st)
	if len(st.Backend.Workers) != 1 || st.Backend.Workers[0].ID != "local" {
		t.Fatalf("%+v", st)
	}
}
