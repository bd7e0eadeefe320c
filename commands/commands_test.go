package commands

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sheetsmith/config"
	"sheetsmith/generate/offline"
)

func pdfText(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	return string(out)
}

func TestGenerateCommandWritesSheetAndKey(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	dir := t.TempDir()
	sheet, key := filepath.Join(dir, "sheet.pdf"), filepath.Join(dir, "key.pdf")
	cmd := Generate(config.Config{}, offline.New(func() int64 { return 7 }))
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"10 single digit multiplication problems", "-o", sheet, "--answer-key", key, "--title", "Times Practice", "--template", "exam"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("generate: %v\n%s", err, out.String())
	}
	text := pdfText(t, sheet)
	if !strings.Contains(text, "Times Practice") || strings.Contains(text, "Answer") {
		t.Fatalf("sheet text:\n%s", text)
	}
	// issue 9: the key is the sheet page for page with each answer in its own space; every
	// product is computed, so every answer carries the ✓.
	if k := pdfText(t, key); !strings.Contains(k, "Answer Key") || strings.Count(k, "✓") < 10 {
		t.Fatalf("the key should show every answer:\n%s", k)
	}
	if !strings.Contains(out.String(), "Wrote the answer key") {
		t.Fatalf("output: %s", out.String())
	}
}

func TestGenerateCommandErrors(t *testing.T) {
	cmd := Generate(config.Config{}, offline.New(nil))
	cmd.SetArgs([]string{"10 addition problems"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "-o out.pdf") {
		t.Fatalf("missing -o: %v", err)
	}
	cmd = Generate(config.Config{}, offline.New(nil))
	cmd.SetArgs([]string{"10 addition problems", "-o", filepath.Join(t.TempDir(), "x.pdf"), "--template", "fancy"})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "unknown template") {
		t.Fatalf("bad template: %v", err)
	}
}

func TestCompileCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.tex"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, []byte(`\documentclass{article}\begin{document}Hello, class\end{document}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := Compile(config.Config{})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetArgs([]string{in, "-o", out})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pdfText(t, out), "Hello, class") {
		t.Fatal("the PDF should show the text")
	}
	bad := filepath.Join(dir, "bad.tex")
	os.WriteFile(bad, []byte("\\documentclass{article}\n\\begin{document}\n\\nosuchthing\n\\end{document}\n"), 0o644)
	cmd = Compile(config.Config{})
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	cmd.SetArgs([]string{bad, "-o", filepath.Join(dir, "bad.pdf")})
	if err := cmd.Execute(); err == nil || !strings.HasPrefix(err.Error(), "Compilation failed: line 3") {
		t.Fatalf("want a compile error in words: %v", err)
	}
}
