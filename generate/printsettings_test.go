package generate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/internal/pdfwords"
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

// TestYoungLargePrintKeyFromItsSource: a K–1 sheet's 24 pt large print survives a key made
// from its source alone (a save edited by hand, its document gone, its answers solved):
// compiled, the key's words
// are as tall as the sheet's, not large print's 18 pt, and the key is the sheet page for page.
func TestYoungLargePrintKeyFromItsSource(t *testing.T) {
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	doc := worksheet.Document{Title: "Adding", Settings: worksheet.Settings{LargePrint: true, PrintSize: 24, ShowName: true},
		Blocks: []worksheet.Block{{Kind: worksheet.BlockInstructions, Text: "Add."}}}
	for i := range 8 {
		q := worksheet.Question{Kind: worksheet.KindShort, Text: fmt.Sprintf("$%d + %d = $", i, 2), Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: fmt.Sprint(i + 2)}}
		doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q})
	}
	sheet, _, err := worksheet.Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	// the document block cut out, as a hand edit leaves a source the server cannot extract from
	from, to := strings.Index(sheet, worksheet.DocBegin), strings.Index(sheet, worksheet.DocEnd)
	edited := sheet[:from] + sheet[to+len(worksheet.DocEnd):]
	if _, ok := worksheet.Extract(edited); ok {
		t.Fatal("the edited source still carries its document")
	}
	c, err := latex.New(latex.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// the rendered body has no answers the reader can take: the solver (a model) writes them
	solved := "\\instructions{Add.}\n\\begin{questions}\n"
	for i := range 8 {
		solved += fmt.Sprintf("\\question $%d + 2 = $\n\\begin{solution}$%d$\\end{solution}\n", i, i+2)
	}
	key, err := AnswerKey(context.Background(), edited, fixedSolver{solved + "\\end{questions}"}, c)
	if err != nil {
		t.Fatal(err)
	}
	sheetPDF, err := c.Compile(context.Background(), sheet)
	if err != nil {
		t.Fatal(err)
	}
	height := func(pdf []byte) (float64, int) {
		d, err := pdfwords.Read(pdf)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range d.Words {
			if w.Text == "Add." {
				return w.YMax - w.Y, len(d.Pages)
			}
		}
		t.Fatal("no instructions on the page")
		return 0, 0
	}
	s, sheetPages := height(sheetPDF.PDF)
	k, keyPages := height(key.PDF.PDF)
	if k < 0.97*s || k > 1.03*s {
		t.Errorf("the key's words are %.1f pt tall, the sheet's %.1f", k, s)
	}
	if keyPages != sheetPages {
		t.Errorf("the sheet has %d pages, its key %d", sheetPages, keyPages)
	}
}
