package generate

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// sheetText is the text pdftotext reads from a compiled sheet.
func sheetText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func texCompiler(t *testing.T) *latex.Compiler {
	t.Helper()
	if testing.Short() {
		t.Skip("needs TeX Live")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed")
	}
	c, err := latex.New(latex.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A reply printed as the model wrote it, with a title macro of the model's own, an undefined
// command inside a sentence, a double superscript, an \end that ends nothing and a styled
// Unicode letter: the sheet still prints with every question; each command costs only itself,
// and the reply names what was left out, never a TeX error.
func TestCompileFailuresCostOnlyTheSymbol(t *testing.T) {
	body := "\\wstitleblock{Counting Forward}{Grade 1}{}\n\n" +
		"Read each question. \\mysterymacro Then answer.\n\n" +
		"\\begin{enumerate}\n\\item The mass is $2.76 \\times 10^2^6$ kg. Name the gas.\n" +
		"\\item Write S\u2099 for the sum and \U0001D431 for the unknown.\n\\end{enumerate}\n\\end{enumerate}\n" +
		"\\begin{strangebox}Keep this sentence.\\end{strangebox}\n"
	eng := &noRepairEngine{draft: Draft{Body: body, Message: "Here is your worksheet."}}
	res, err := (&Pipeline{Engine: eng, Compiler: texCompiler(t)}).Run(context.Background(), Request{Settings: latex.Settings{Title: "Mass"}}, nil)
	if err != nil {
		t.Fatalf("the sheet was lost: %v", err)
	}
	text := sheetText(t, res.PDF.PDF)
	for _, want := range []string{"Read each question. Then answer.", "kg. Name the gas.", "for the sum and x for the unknown", "Keep this sentence."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
	for _, want := range []string{`\wstitleblock`, `\mysterymacro`, "strangebox"} {
		if !strings.Contains(res.Message, want) {
			t.Errorf("the reply %q does not name %s", res.Message, want)
		}
	}
	if strings.Contains(text, "Counting Forward") || strings.Contains(res.Message, "Compilation failed") {
		t.Errorf("the title macro's arguments were printed, or the reply shows TeX's error: %q", res.Message)
	}
}

// A character no font has, in a document's figure: dropped with the same sentence as in text,
// the sheet printed.
func TestUnprintableCharacterInADocumentIsNamed(t *testing.T) {
	doc := &worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{
		Kind: worksheet.KindShort, Text: "Which note lasts longer?", Answer: worksheet.Answer{Value: "the half note"}}}}}
	prep := &prepared{doc: doc}
	doc.Blocks[0].Question.Text = "Which note lasts longer, \u2669 or \U0001D405?"
	draft := Draft{Document: doc}
	note, ok := fixCompile(&draft, prep, &latex.Error{Kind: latex.ErrUnicode, Command: "\u2669"})
	if !ok || note != "I left out the symbol \u2669, which cannot be printed." {
		t.Fatalf("fix %v, note %q", ok, note)
	}
	if got := draft.Document.Blocks[0].Question.Text; got != "Which note lasts longer,  or F?" {
		t.Errorf("the question reads %q", got)
	}
	if doc.Blocks[0].Question.Text != "Which note lasts longer, \u2669 or \U0001D405?" {
		t.Error("the fix changed the engine's own document")
	}
}

// What strict validation used to refuse, a document now prints: a blank in a choice's stem,
// a font size in a figure, and a symbol in a figure no font has (left out, and the reply says
// so in the same sentence as for text).
func TestDocumentWithBlankStemFigureSizeAndSymbolPrints(t *testing.T) {
	doc := &worksheet.Document{Blocks: []worksheet.Block{
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindChoice,
			Text: "The cat ___ on the mat.", Choices: []worksheet.Choice{{Text: "sat", Correct: true}, {Text: "sit"}}}},
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort,
			Text: "Name the note in the picture.", Answer: worksheet.Answer{Value: "a quaver"},
			Figure: &worksheet.Figure{LaTeX: "\\begin{tikzpicture}\\node[font=\\Huge] at (0,0) {Note \u2669 here};\\end{tikzpicture}"}}},
	}}
	eng := &noRepairEngine{draft: Draft{Document: doc, Message: "Here is your worksheet."}}
	res, err := (&Pipeline{Engine: eng, Compiler: texCompiler(t)}).Run(context.Background(), Request{Settings: latex.Settings{Title: "Notes"}}, nil)
	if err != nil {
		t.Fatalf("the sheet was lost: %v", err)
	}
	text := sheetText(t, res.PDF.PDF)
	for _, want := range []string{"The cat", "on the mat.", "sat", "Note", "here", "Name the note in the picture."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(res.Message, "I left out the symbol \u2669, which cannot be printed.") {
		t.Errorf("the reply %q does not name the symbol left out\n%s\n%s", res.Message, text, res.Source)
	}
}

// Code keeps its lines: a listing in a question prints line for line with its indentation,
// its characters (% # _ { }) printed as written, not squashed into one paragraph.
func TestCodeListingKeepsItsLines(t *testing.T) {
	code := "What does this print?\n```python\ndef f(n):\n    for i in range(n):  # 50% of_it\n        print({i})\n```\nWrite the output."
	doc := &worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{
		Kind: worksheet.KindShort, Text: code, Answer: worksheet.Answer{Value: "0 1"}}}}}
	eng := &noRepairEngine{draft: Draft{Document: doc}}
	res, err := (&Pipeline{Engine: eng, Compiler: texCompiler(t)}).Run(context.Background(), Request{Settings: latex.Settings{Title: "Code"}}, nil)
	if err != nil {
		t.Fatalf("the sheet was lost: %v", err)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(res.PDF.PDF)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]int{}
	for _, l := range strings.Split(string(out), "\n") {
		for _, want := range []string{"def f(n):", "for i in range(n):", "print({i})"} {
			if i := strings.Index(l, want); i >= 0 {
				lines[want] = i
			}
		}
	}
	if len(lines) != 3 || !strings.Contains(string(out), "# 50% of_it") {
		t.Fatalf("the code's lines are not printed one by one (%v):\n%s", lines, out)
	}
	if !(lines["def f(n):"] < lines["for i in range(n):"] && lines["for i in range(n):"] < lines["print({i})"]) {
		t.Errorf("the indentation is lost: %v\n%s", lines, out)
	}
}
