package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/config"
	"sheetsmith/generate/llm"
	"sheetsmith/generate/offline"
)

// --explain prints every span of the request with its role and rule, then the reply; it
// writes no sheet.
func TestGenerateExplainPrintsTheReading(t *testing.T) {
	dir := t.TempDir()
	cmd := Generate(config.Config{}, offline.New(func() int64 { return 7 }))
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&bytes.Buffer{})
	cmd.SetArgs([]string{"please make 15 two-digit subtraction problems for grade 3 and a word search", "--explain", "-o", filepath.Join(dir, "x.pdf")})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	spans := map[string]string{} // a span's words → its role and rule, as printed
	for _, line := range strings.Split(strings.Split(text, "\n\n")[0], "\n") {
		f := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1)
		if len(f) != 4 {
			t.Fatalf("a line of the reading is offsets, role, rule and words: %q", line)
		}
		spans[f[3]] = f[1] + " " + f[2]
	}
	for words, want := range map[string]string{`"15"`: "count a count before its skill", `"subtraction"`: "skill skill phrases",
		`"grade 3"`: "context grade number", `"word search"`: "notdone outOfScope", `"please"`: "filler -"} {
		if spans[words] != want {
			t.Errorf("%s is %q, want %q:\n%s", words, spans[words], want, text)
		}
	}
	if !strings.Contains(text, "\nreply: ") {
		t.Errorf("no reply after the reading:\n%s", text)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.pdf")); err == nil {
		t.Error("--explain wrote a sheet")
	}

	// A refused request shows its reading and the refusal.
	cmd = Generate(config.Config{}, offline.New(nil))
	out.Reset()
	cmd.SetOut(&out)
	cmd.SetArgs([]string{"a reading passage about frogs", "--explain"})
	if err := cmd.Execute(); err != nil || !strings.Contains(out.String(), "\nrefused: ") || !strings.Contains(out.String(), `"frogs"`) {
		t.Fatalf("%v:\n%s", err, out.String())
	}

	// A model has no reading to show: one sentence says so.
	cmd = Generate(config.Config{}, llm.New(llm.Config{BaseURL: "http://127.0.0.1:1/v1", APIKey: "k", Model: "x"}))
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	cmd.SetArgs([]string{"20 addition problems", "--explain"})
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "offline engine") {
		t.Fatalf("a model engine: %v", err)
	}
}
