// Package stripemock runs Stripe's official API mock (github.com/stripe/stripe-mock) for tests:
// installed from the Go module proxy when missing, started on a loopback port, stopped after.
package stripemock

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Module is the pinned stripe-mock release.
const Module = "github.com/stripe/stripe-mock@v0.203.0"

var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// Start runs stripe-mock for the rest of t and returns its base URL (http://127.0.0.1:PORT).
func Start(t testing.TB) string {
	t.Helper()
	bin := binary(t)
	// Both listeners on loopback with ports of the system's choosing: naming only the HTTP
	// address would still open HTTPS on the fixed port 12112.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})

	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(60 * time.Second):
		t.Fatal("stripe-mock did not start listening within 60s")
		return ""
	}
}

// binary finds stripe-mock on PATH or in the Go bin directory, installing it there if missing.
func binary(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	dir := goBin(t)
	p := filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "install", Module)
	cmd.Env = append(os.Environ(), "GOBIN="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", Module, err, out)
	}
	return p
}

// goBin is where `go install` puts binaries: GOBIN, else GOPATH/bin.
func goBin(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	lines := strings.Split(string(out), "\n") // one line per variable, empty when unset
	if len(lines) < 2 {
		t.Fatalf("go env: unexpected output %q", out)
	}
	if gobin := strings.TrimSpace(lines[0]); gobin != "" {
		return gobin
	}
	gopath := strings.TrimSpace(lines[1])
	// GOPATH may list several directories; go install uses the first.
	return filepath.Join(filepath.SplitList(gopath)[0], "bin")
}
