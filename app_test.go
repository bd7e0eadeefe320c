package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The helper process is this test binary started again: a binary under the temp directory,
// which PocketBase takes for `go run` and puts in dev mode by default.
func TestMain(m *testing.M) {
	if os.Getenv("SHEETSMITH_TEST_MAIN") == "1" {
		main() // the whole binary, with the arguments the test gave
		os.Exit(0)
	}
	if os.Getenv("SHEETSMITH_TEST_APP") == "1" {
		if err := newApp().Start(); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A binary under /tmp does not start in dev mode: creating a superuser prints no SQL and no
// password hash. With --dev it does, which shows the check can see it.
func TestNoDevModeUnlessAsked(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(exe, os.TempDir()) {
		t.Skipf("the test binary %s is not under the temp directory", exe)
	}
	const password = "planted-secret-pw-8d2f"
	run := func(extra ...string) string {
		t.Helper()
		args := append([]string{"superuser", "upsert", "admin@example.com", password, "--dir", filepath.Join(t.TempDir(), "pb_data")}, extra...)
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "SHEETSMITH_TEST_APP=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("superuser upsert %v: %v\n%s", extra, err, out)
		}
		return string(out)
	}

	out := run()
	for _, leak := range []string{"INSERT", "SELECT", "UPDATE", "$2a$", password} {
		if strings.Contains(out, leak) {
			t.Fatalf("the server printed %q without --dev:\n%s", leak, out)
		}
	}
	if dev := run("--dev"); !strings.Contains(dev, "INSERT") {
		t.Fatalf("--dev should still print SQL statements:\n%s", dev)
	}
}

// Each command's help lists its own flags: the compile queue's flags are serve's alone.
func TestQueueFlagsAreServesAlone(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	help := func(args ...string) string {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "SHEETSMITH_TEST_MAIN=1")
		cmd.Dir = t.TempDir()
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for _, c := range []string{"generate", "compile"} {
		if out := help(c, "--help"); !strings.Contains(out, "Usage") || strings.Contains(out, "nats") || strings.Contains(out, "pdf-store") {
			t.Errorf("%s --help lists the queue's flags or no usage:\n%s", c, out)
		}
	}
	if out := help("serve", "--help"); !strings.Contains(out, "--nats-listen") {
		t.Errorf("serve --help lacks --nats-listen:\n%s", out)
	}
}
