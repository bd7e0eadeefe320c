package commands

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sheetsmith/config"
	"sheetsmith/generate/offline"
)

// An output name whose extension picks no format is one plain sentence and exit status 1,
// with no usage text, before anything is generated.
func TestGenerateUnknownExtension(t *testing.T) {
	for _, names := range [][2]string{{"sheet.odt", ""}, {"sheet.pdf", "key.txt"}} {
		code := catchExit(t)
		cmd := Generate(noEnv(), offline.New(nil))
		var stdout, stderr bytes.Buffer
		cmd.SetOut(&stdout)
		cmd.SetErr(&stderr)
		dir := t.TempDir()
		args := []string{"10 addition problems", "-o", filepath.Join(dir, names[0])}
		if names[1] != "" {
			args = append(args, "--answer-key", filepath.Join(dir, names[1]))
		}
		cmd.SetArgs(args)
		cmd.Execute()
		msg := stderr.String()
		if *code != 1 || !strings.Contains(msg, "name the file .pdf, .docx (Word) or .zip (a LaTeX project for Overleaf).") ||
			strings.Contains(msg, "Usage") || strings.Count(strings.TrimSpace(msg), "\n") > 0 || stdout.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, *code, msg, stdout.String())
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%v: wrote %d files", args, len(entries))
		}
	}
}

func unzipped(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("%s is not a zip: %v", path, err)
	}
	files := map[string]string{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(r)
		files[f.Name] = string(data)
	}
	return files
}

// -o sheet.zip writes the .tex project, --answer-key key.docx the key as a Word document with
// its answers; -o sheet.docx the sheet as Word without them.
func TestGenerateWritesByExtension(t *testing.T) {
	if testing.Short() {
		t.Skip("needs TeX Live and pandoc")
	}
	dir := t.TempDir()
	zipOut, keyOut, docxOut := filepath.Join(dir, "sheet.zip"), filepath.Join(dir, "key.docx"), filepath.Join(dir, "Sheet.DOCX")
	run := func(args ...string) string {
		cmd := Generate(noEnv(), offline.New(func() int64 { return 7 }))
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(args)
		if err := cmd.Execute(); err != nil {
			t.Fatalf("generate %v: %v\n%s", args, err, out.String())
		}
		return out.String()
	}
	run("10 single digit multiplication problems", "-o", zipOut, "--answer-key", keyOut, "--title", "Times Practice")
	project := unzipped(t, zipOut)
	if !strings.Contains(project["main.tex"], "Times Practice") || !strings.Contains(project["main.tex"], `\documentclass`) {
		t.Errorf("sheet.zip's main.tex:\n%.500s", project["main.tex"])
	}
	key := wordText(unzipped(t, keyOut)["word/document.xml"])
	if !strings.Contains(key, "Times Practice") || !strings.Contains(key, "Answer Key") {
		t.Errorf("key.docx lacks its title or Answer Key:\n%.800s", key)
	}
	run("10 single digit multiplication problems", "-o", docxOut, "--title", "Times Practice")
	if sheet := wordText(unzipped(t, docxOut)["word/document.xml"]); !strings.Contains(sheet, "Times Practice") || strings.Contains(sheet, "Answer Key") {
		t.Errorf("Sheet.DOCX:\n%.800s", sheet)
	}
}

// wordText is the text of a Word document's body, its runs joined.
func wordText(xml string) string {
	var b strings.Builder
	for _, m := range regexp.MustCompile(`<w:t(?: [^>]*)?>([^<]*)</w:t>`).FindAllStringSubmatch(xml, -1) {
		b.WriteString(m[1])
	}
	return b.String()
}

// noEnv is the configuration of a machine with no Sheetsmith variables set.
func noEnv() config.Config { return config.FromLookup(func(string) string { return "" }) }
