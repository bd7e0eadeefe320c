package wordsheet

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pdf compiles a complete source with the real pdflatex, as the server does (no shell escape,
// stop at the first error), and returns the text pdftotext reads in it and its page count.
func pdf(t *testing.T, name, src string) (string, int) {
	t.Helper()
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Fatal("pdflatex is not installed; the compile tests need TeX Live")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []byte
	var err error
	for pass := 0; pass == 0 || pass < 3 && strings.Contains(string(out), "Rerun"); pass++ {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, "pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", name+".tex")
		cmd.Dir = dir
		out, err = cmd.CombinedOutput()
		cancel()
		if err != nil {
			s := string(out)
			t.Fatalf("%s: pdflatex failed: %v\n%s", name, err, s[max(0, len(s)-3000):])
		}
	}
	file := filepath.Join(dir, name+".pdf")
	if keep := os.Getenv("SHEETSMITH_KEEP_PDF"); keep != "" {
		b, _ := os.ReadFile(file)
		os.WriteFile(filepath.Join(keep, name+".pdf"), b, 0o644)
	}
	text, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, err := exec.Command("pdfinfo", file).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	pages, _ := strconv.Atoi(regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(string(info))[1])
	return string(text), pages
}
