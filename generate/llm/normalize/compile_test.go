package normalize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
)

// Every recorded model answer under testdata must end in a PDF, both as the worksheet and as
// its answer key, once normalised and wrapped in the server's preamble.
func TestNormalisedSamplesCompile(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	settings := latex.Settings{Title: "Practice & Review #3", ShowName: true, ShowDate: true, Layout: "default"}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		body, pkgs, fixes := Body(string(raw))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t.Logf("fixes: %q", fixes)
			src := pdftest.Wrap(t, body, settings, pkgs...)
			pdftest.Compile(t, src)
			pdftest.Compile(t, latex.WithAnswers(src))
		})
	}
}

// The exam layout puts each question on its own page; the same bodies must compile there too.
func TestNormalisedSampleCompilesInExamLayout(t *testing.T) {
	raw, err := os.ReadFile("testdata/broken_environments.txt")
	if err != nil {
		t.Fatal(err)
	}
	body, pkgs, _ := Body(string(raw))
	pdftest.Compile(t, pdftest.Wrap(t, body, latex.Settings{Title: "Quiz", Layout: "exam", NarrowMargins: true}, pkgs...))
}
