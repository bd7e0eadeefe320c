package generate

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// TestPrintSettingsOfWrappedSources: a source the server wrapped (a body it could not read
// into a document) keeps its paper, face and large print in its answer key, read back from the
// source like its title and fields.
func TestPrintSettingsOfWrappedSources(t *testing.T) {
	for _, s := range []latex.Settings{
		{Title: "A4", Layout: "default", Paper: worksheet.PaperA4, Font: worksheet.FontDefault},
		{Title: "Hyper", Layout: "default", Paper: worksheet.PaperA4, Font: worksheet.FontHyperlegible, LargePrint: true},
		{Title: "Sans", Layout: "exam", Paper: worksheet.PaperLetter, Font: worksheet.FontSans},
	} {
		src := pdftest.Wrap(t, "x", s)
		if got := SourceSettings(src); got != s {
			t.Errorf("%+v read back as %+v", s, got)
		}
	}
	body := "\\begin{questions}\n\\question What is $6 + 7$?\n\\begin{solution}$13$\\end{solution}\n\\end{questions}"
	src := pdftest.Wrap(t, body, latex.Settings{Title: "Sums", Layout: "default", Paper: worksheet.PaperA4, LargePrint: true})
	key, err := AnswerKey(context.Background(), src, nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	doc, ok := worksheet.Extract(key.Key)
	if !ok {
		t.Fatalf("the key of a readable body is a document:\n%s", key.Key)
	}
	if doc.Settings.Paper != worksheet.PaperA4 || !doc.Settings.LargePrint || !strings.Contains(key.Key, "\\usepackage[a4paper,") {
		t.Errorf("the key prints with %+v", doc.Settings)
	}
}
