package worksheet

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// printDocument is a short sheet of prose questions, so its words show the body's type size.
func printDocument(s Settings) Document {
	doc := Document{Title: "Reading check", Settings: s}
	for _, text := range []string{
		"Which animal sleeps through the whole winter in its den?",
		"Name the season that comes after spring in the north.",
		"Write two words that rhyme with cold and tell a friend.",
	} {
		q := Question{Kind: KindShort, Text: text, Answer: Answer{Kind: AnswerText, Value: "bear"}, Space: Space{Kind: SpaceBlank}}
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
	}
	return doc
}

// pdfTool runs pdfinfo or pdffonts on a PDF and returns what it prints.
func pdfTool(t *testing.T, tool string, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, path).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return string(out)
}

// bodyHeight is the median height (pt) of the words of the questions' own text, as
// pdftotext -bbox boxes them: it grows with the type size.
func bodyHeight(t *testing.T, pdf []byte) float64 {
	t.Helper()
	var hs []float64
	for _, w := range words(t, pdf) {
		if slices.Contains([]string{"animal", "sleeps", "through", "winter", "season", "comes", "spring", "rhyme", "friend"}, w.text) {
			hs = append(hs, w.yMax-w.y)
		}
	}
	if len(hs) < 5 {
		t.Fatalf("found %d words of the questions", len(hs))
	}
	slices.Sort(hs)
	return hs[len(hs)/2]
}

// TestSettingsThatPrint: the paper, the type size and the face a teacher chose are what the
// PDFs of the sheet and its key print on and in, read back from the PDFs.
func TestSettingsThatPrint(t *testing.T) {
	normal := map[string]float64{} // face: the body's word height in normal print
	for _, tc := range []struct {
		name     string
		s        Settings
		pageSize string // pdfinfo's "Page size:" line
		face     string // a font pdffonts names
		large    bool
	}{
		{"letter", Settings{Paper: PaperLetter}, "612 x 792 pts (letter)", "SFRM", false},
		{"a4", Settings{Paper: PaperA4}, "595.276 x 841.89 pts (A4)", "SFRM", false},
		{"a4-narrow", Settings{Paper: PaperA4, NarrowMargins: true}, "595.276 x 841.89 pts (A4)", "SFRM", false},
		{"sans", Settings{Font: FontSans}, "612 x 792 pts (letter)", "NimbusSanL-Regu", false},
		{"hyperlegible", Settings{Font: FontHyperlegible, Paper: PaperA4}, "595.276 x 841.89 pts (A4)", "AtkinsonHyperlegible-Regular", false},
		{"large-print", Settings{LargePrint: true, Columns: 3, Paper: PaperLetter}, "612 x 792 pts (letter)", "NimbusSanL-Regu", true},
		{"large-print-hyperlegible", Settings{LargePrint: true, Font: FontHyperlegible, Paper: PaperLetter}, "612 x 792 pts (letter)", "AtkinsonHyperlegible-Regular", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheet, key := compilePDFs(t, printDocument(tc.s))
			for name, pdf := range map[string][]byte{"sheet": sheet, "key": key} {
				info := pdfTool(t, "pdfinfo", pdf)
				if !strings.Contains(info, "Page size:") || !strings.Contains(info, tc.pageSize) {
					t.Errorf("%s: pdfinfo says %q, want page size %s", name, pageSizeLine(info), tc.pageSize)
				}
				if fonts := pdfTool(t, "pdffonts", pdf); !strings.Contains(fonts, tc.face) {
					t.Errorf("%s: the fonts are\n%s\nwant %s", name, fonts, tc.face)
				}
			}
			// The body's size, from its words' boxes against the same face in 11 pt (the
			// class's size; box heights differ from face to face).
			h := bodyHeight(t, sheet)
			if !tc.large {
				normal[tc.face] = h
				return
			}
			base, ok := normal[tc.face]
			if !ok {
				t.Fatalf("no normal-print sheet in %s to compare with", tc.face)
			}
			if size := 11 * h / base; size < 17.5 || size > 18.5 {
				t.Errorf("large print: the questions' words are %.1f pt high (%.1f pt in normal print): a %.1f pt body, want 18 pt", h, base, size)
			}
		})
	}
}

func pageSizeLine(info string) string {
	for _, l := range strings.Split(info, "\n") {
		if strings.HasPrefix(l, "Page size:") {
			return l
		}
	}
	return ""
}

// TestPrintSettingsReadBack: the settings read back from the source they were written into.
func TestPrintSettingsReadBack(t *testing.T) {
	for _, s := range []Settings{
		{Paper: PaperA4, Font: FontHyperlegible},
		{Paper: PaperLetter, Font: FontSans},
		{Paper: PaperA4, Font: FontDefault, LargePrint: true},
		{Paper: PaperLetter, Font: FontHyperlegible, LargePrint: true},
		{Paper: PaperLetter, Font: FontDefault},
	} {
		sheet, _, err := Render(printDocument(s))
		if err != nil {
			t.Fatal(err)
		}
		paper, font, size := SourcePrint(sheet)
		if paper != s.Paper || font != s.Font || (size > 0) != s.LargePrint {
			t.Errorf("%+v reads back as paper %s, font %s, large print %d pt", s, paper, font, size)
		}
		doc, ok := Extract(sheet)
		if !ok || doc.Settings.Paper != s.Paper || doc.Settings.Font != s.Font || doc.Settings.LargePrint != s.LargePrint {
			t.Errorf("%+v: the embedded document keeps %+v", s, doc.Settings)
		}
	}
}
