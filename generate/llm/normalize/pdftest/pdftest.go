// Package pdftest compiles a LaTeX source with the real pdflatex, for tests that must show
// a normalised body ends in a PDF.
package pdftest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Wrap is worksheet.Wrap for a body the test expects to pass the body check.
func Wrap(t testing.TB, body string, s latex.Settings, packages ...string) string {
	t.Helper()
	src, err := worksheet.Wrap(body, s, packages...)
	if err != nil {
		t.Fatalf("worksheet.Wrap refused the body: %v", err)
	}
	return src
}

// Compile runs pdflatex on src in a temporary directory the way the server does (no shell
// escape, stop at the first error) and fails the test with the log's error lines if no PDF
// comes out. It skips under -short: pdflatex takes about a second.
func Compile(t testing.TB, src string) {
	t.Helper()
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Fatal("pdflatex is not installed; the compile tests need TeX Live")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a looping TeX run must not stall the suite
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdflatex", "-no-shell-escape", "-interaction=nonstopmode",
		"-halt-on-error", "doc.tex")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if _, statErr := os.Stat(filepath.Join(dir, "doc.pdf")); err != nil || statErr != nil {
		t.Fatalf("pdflatex failed: %v\n%s\n--- source ---\n%s", err, errorLines(string(out)), numbered(src))
	}
}

// errorLines keeps the "! …" error and the few lines after it, which say where it happened.
func errorLines(log string) string {
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "!") {
			return strings.Join(lines[i:min(i+8, len(lines))], "\n")
		}
	}
	return log[max(0, len(log)-1500):]
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		b.WriteString(strconv.Itoa(i+1) + ": " + l + "\n")
	}
	return b.String()
}

// WrapLoading is Wrap, with the allowed packages beyond latex.ExtraPackages and
// latex.OptionPackages loaded as latex.PackageLines writes them (worksheet.Wrap writes only
// the fixed ones), before the page geometry.
func WrapLoading(t testing.TB, body string, s latex.Settings, packages ...string) string {
	t.Helper()
	src := Wrap(t, body, s, packages...)
	var more []string
	for _, p := range packages {
		if _, opt := latex.OptionPackages[p]; !opt && !slices.Contains(latex.ExtraPackages, p) && !slices.Contains(latex.BasePackages, p) {
			more = append(more, p)
		}
	}
	loc := geometryLine.FindStringIndex(src)
	if loc == nil {
		t.Fatal("no geometry line in the source")
	}
	i := loc[0]
	return src[:i] + latex.PackageLines(more) + src[i:]
}

var geometryLine = regexp.MustCompile(`(?m)^\\usepackage(\[[^\n]*\])?\{geometry\}`)
