package commands

import (
	"bytes"
	"github.com/spf13/cobra"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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
	// The key shows every product, each one right.
	k := pdfText(t, key)
	products := regexp.MustCompile(`(\d+) × (\d+) =\s+(\d+)`).FindAllStringSubmatch(k, -1)
	if len(products) != 10 || !strings.Contains(k, "Answer Key") {
		t.Fatalf("the key should show every answer:\n%s", k)
	}
	for _, p := range products {
		a, _ := strconv.Atoi(p[1])
		b, _ := strconv.Atoi(p[2])
		if c, _ := strconv.Atoi(p[3]); a*b != c || a > 9 || b > 9 {
			t.Errorf("key: %s", p[0])
		}
	}
	if !strings.Contains(out.String(), "Wrote the answer key") {
		t.Fatalf("output: %s", out.String())
	}
}

// TestMain keeps every test's failing command from ending the test binary: the commands
// report their exit status through exit, which a test reads with catchExit.
func TestMain(m *testing.M) {
	exit = func(int) {}
	os.Exit(m.Run())
}

// catchExit records the exit status the command under test asks for (0 if none).
func catchExit(t *testing.T) *int {
	code := new(int)
	prev := exit
	exit = func(c int) { *code = c }
	t.Cleanup(func() { exit = prev })
	return code
}

func TestGenerateCommandErrors(t *testing.T) {
	code := catchExit(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"10 addition problems"}, "-o out.pdf"},
		{[]string{"  ", "-o", filepath.Join(t.TempDir(), "x.pdf")}, "Please describe the worksheet you want."},
		{[]string{"10 addition problems", "-o", filepath.Join(t.TempDir(), "x.pdf"), "--template", "fancy"}, "unknown template"},
	} {
		*code = 0
		cmd := Generate(config.Config{}, offline.New(nil))
		var stderr bytes.Buffer
		cmd.SetArgs(tc.args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&stderr)
		err := cmd.Execute()
		if err == nil || *code != 1 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, err %v, stderr %q; want exit 1 and %q", tc.args, *code, err, stderr.String(), tc.want)
		}
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

func TestGenerateCommandWritesVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	dir := t.TempDir()
	cmd := Generate(config.Config{}, offline.New(func() int64 { return 7 }))
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"8 two-digit addition problems", "-o", filepath.Join(dir, "sheet.pdf"),
		"--answer-key", filepath.Join(dir, "key.pdf"), "--versions", "2"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("generate: %v\n%s", err, out.String())
	}
	a, b := pdfText(t, filepath.Join(dir, "sheet-A.pdf")), pdfText(t, filepath.Join(dir, "sheet-B.pdf"))
	if !strings.Contains(a, "Version A") || !strings.Contains(b, "Version B") {
		t.Fatalf("titles:\n%s\n%s", a, b)
	}
	// Same structure (eight sums), new numbers.
	if strings.Count(a, "=") != 8 || strings.Count(b, "=") != 8 || strings.ReplaceAll(a, "Version A", "") == strings.ReplaceAll(b, "Version B", "") {
		t.Errorf("version A:\n%s\nversion B:\n%s", a, b)
	}
	for _, f := range []string{"key-A.pdf", "key-B.pdf"} {
		if !strings.Contains(pdfText(t, filepath.Join(dir, f)), "Answer Key") {
			t.Errorf("%s is not a key", f)
		}
	}
}

func TestGenerateCommandRefusesWithoutUsageOrLogLines(t *testing.T) {
	code := catchExit(t)
	cmd := Generate(config.Config{}, offline.New(nil))
	var stdout, stderr bytes.Buffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"a reading passage about frogs", "-o", filepath.Join(t.TempDir(), "x.pdf")})
	cmd.Execute()
	msg := stderr.String()
	if *code != 1 || !strings.HasPrefix(msg, "I can't write") || strings.Contains(msg, "Usage") || strings.Count(strings.TrimSpace(msg), "\n") > 0 || stdout.Len() > 0 {
		t.Errorf("exit %d, stderr %q, stdout %q", *code, msg, stdout.String())
	}
}

// With no --title the sheet is titled in its own language, versions too; a title given is kept
// as given, its versions named in the sheet's language.
func TestGenerateCommandTitlesInTheSheetsLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	for _, c := range []struct {
		name   string
		args   []string
		titles map[string]string // file → the title it shows
		not    string
	}{
		{"spanish default", []string{"10 sumas de dos cifras"}, map[string]string{"sheet.pdf": "Práctica de matemáticas"}, "Worksheet"},
		{"english default", []string{"10 two-digit addition problems"}, map[string]string{"sheet.pdf": "Math Practice"}, "Worksheet"},
		{"spanish versions", []string{"8 restas de dos cifras", "--versions", "2"},
			map[string]string{"sheet-A.pdf": "Práctica de matemáticas, versión A", "sheet-B.pdf": "Práctica de matemáticas, versión B"}, "Version"},
		{"spanish, title given", []string{"10 sumas de dos cifras", "--title", "Repaso del lunes"}, map[string]string{"sheet.pdf": "Repaso del lunes"}, "Práctica"},
		{"spanish versions, title given", []string{"8 sumas", "--title", "Repaso", "--versions", "2"},
			map[string]string{"sheet-A.pdf": "Repaso, versión A", "sheet-B.pdf": "Repaso, versión B"}, "Práctica"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := Generate(config.Config{}, offline.New(func() int64 { return 7 }))
			var out bytes.Buffer
			cmd.SetOut(&out)
			cmd.SetErr(&out)
			cmd.SetArgs(append(c.args, "-o", filepath.Join(dir, "sheet.pdf")))
			if err := cmd.Execute(); err != nil {
				t.Fatalf("generate: %v\n%s", err, out.String())
			}
			for file, title := range c.titles {
				text := pdfText(t, filepath.Join(dir, file))
				if !strings.Contains(text, title) || strings.Contains(text, c.not) {
					t.Errorf("%s: want the title %q (and no %q):\n%s", file, title, c.not, text)
				}
			}
		})
	}
}

// Any failure after the request was understood (here the LaTeX copy cannot be written) is
// one sentence and exit status 1 too, never cobra's usage text.
func TestGenerateCommandFailureIsOneSentence(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	code := catchExit(t)
	cmd := Generate(config.Config{}, offline.New(nil))
	var stdout, stderr bytes.Buffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	dir := t.TempDir()
	cmd.SetArgs([]string{"10 two-digit addition problems", "-o", filepath.Join(dir, "x.pdf"), "--tex", filepath.Join(dir, "missing", "x.tex")})
	cmd.Execute()
	last := strings.TrimSpace(stderr.String())
	if i := strings.LastIndex(last, "\n"); i >= 0 {
		last = last[i+1:]
	}
	if *code != 1 || strings.Contains(stderr.String(), "Usage") || strings.HasPrefix(last, "Error:") || !strings.Contains(last, "x.tex") {
		t.Errorf("exit %d, stderr %q", *code, stderr.String())
	}
}

// A mistyped command line is refused in one sentence with a non-zero status, and nothing is
// written: under PocketBase's root command an unknown flag used to exit 0 in silence.
func TestCommandsRefuseUnknownFlagsAndArguments(t *testing.T) {
	code := catchExit(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "x.pdf")
	for _, tc := range []struct {
		cmd  *cobra.Command
		args []string
		want string
	}{
		{Generate(config.Config{}, offline.New(nil)), []string{"10 addition problems", "-o", out, "--bogus-flag"}, "unknown flag: --bogus-flag"},
		{Generate(config.Config{}, offline.New(nil)), []string{"-o", out}, "sheetsmith generate --help"},
		{Generate(config.Config{}, offline.New(nil)), []string{"10 addition", "problems", "-o", out}, "sheetsmith generate --help"},
		{Compile(config.Config{}), []string{filepath.Join(dir, "in.tex"), "-o", out, "--fast"}, "unknown flag: --fast"},
	} {
		*code = 0
		var stderr bytes.Buffer
		tc.cmd.SetArgs(tc.args)
		tc.cmd.SetOut(&bytes.Buffer{})
		tc.cmd.SetErr(&stderr)
		tc.cmd.Execute()
		if *code != 2 || !strings.Contains(stderr.String(), tc.want) || strings.Contains(stderr.String(), "Usage") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, *code, stderr.String(), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v wrote %s", tc.args, out)
		}
	}
}
