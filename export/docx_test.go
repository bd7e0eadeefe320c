package export

import (
	"archive/zip"
	"bytes"
	"context"
	"html"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// The Word export is checked as Word reads it: the .docx unzipped, word/document.xml and
// word/numbering.xml read for the questions, their numbering, the choices, the equations
// (OMML), the pictures' alt text, the tables and the key's answers in the Key Answer style.

var (
	toolsOnce sync.Once
	toolsErr  error
	tools     struct {
		pictures Pictures // one compile for all of a document's pictures
		single   Pictures // one compile per picture
		pandoc   *latex.Pandoc
	}
)

// wordTools are real TeX, pdftoppm and pandoc, each in the one sandbox runner.
func wordTools(t *testing.T) (Pictures, Runner) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pdflatex, pdftoppm and pandoc in bubblewrap")
	}
	toolsOnce.Do(func() {
		var c *latex.Compiler
		if c, toolsErr = latex.New(latex.Config{Workers: 1, Timeout: 30 * time.Second}); toolsErr != nil {
			return
		}
		var r *latex.Rasterizer
		if r, toolsErr = latex.NewRasterizer(latex.RasterConfig{}); toolsErr != nil {
			return
		}
		if tools.pandoc, toolsErr = latex.NewPandoc(latex.PandocConfig{}); toolsErr != nil {
			return
		}
		compile := func(ctx context.Context, src string) ([]byte, error) {
			res, err := c.Compile(ctx, src)
			if err != nil {
				return nil, err
			}
			return res.PDF, nil
		}
		tools.pictures = PagesOf(compile, r.Pages)
		tools.single = PicturesOf(compile, r.FirstPage)
	})
	if toolsErr != nil {
		t.Fatal(toolsErr)
	}
	return tools.pictures, tools.pandoc
}

// word is a .docx as Word reads it.
type word struct {
	doc, numbering, styles string
	media                  int
}

func readWord(t *testing.T, docx []byte) word {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		t.Fatalf("not a .docx: %v", err)
	}
	var w word
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(r)
		r.Close()
		switch {
		case f.Name == "word/document.xml":
			w.doc = string(data)
		case f.Name == "word/numbering.xml":
			w.numbering = string(data)
		case f.Name == "word/styles.xml":
			w.styles = string(data)
		case strings.HasPrefix(f.Name, "word/media/"):
			w.media++
		}
	}
	if w.doc == "" {
		t.Fatal("no word/document.xml")
	}
	return w
}

var (
	paragraphXML = regexp.MustCompile(`(?s)<w:p>.*?</w:p>|<w:p .*?</w:p>`)
	textXML      = regexp.MustCompile(`<[wm]:t(?: [^>]*)?>([^<]*)</[wm]:t>`)
	runXML       = regexp.MustCompile(`(?s)<w:r>.*?</w:r>|<m:r>.*?</m:r>`)
	numIDXML     = regexp.MustCompile(`<w:ilvl w:val="(\d+)" />\s*<w:numId w:val="(\d+)" />`)
	tableXML     = regexp.MustCompile(`(?s)<w:tbl>.*?</w:tbl>`)
)

// text is the words of some XML: its text and equation runs, run together.
func text(xml string) string {
	var b strings.Builder
	for _, m := range textXML.FindAllStringSubmatch(xml, -1) {
		b.WriteString(html.UnescapeString(m[1]))
	}
	return b.String()
}

// keyText is the text of the runs in the Key Answer style, each run's on its own line.
func keyText(xml string) string {
	var b strings.Builder
	for _, r := range runXML.FindAllString(xml, -1) {
		if strings.Contains(r, `w:rStyle w:val="KeyAnswer"`) {
			b.WriteString(text(r) + "\n")
		}
	}
	return b.String()
}

// numberFormat is how Word numbers the paragraph holding s ("decimal", "upperLetter"…), or
// "" when it is not numbered.
func (w word) numberFormat(t *testing.T, s string) string {
	t.Helper()
	for _, p := range paragraphXML.FindAllString(w.doc, -1) {
		if strings.Contains(text(p), s) {
			return w.paragraphFormat(t, p)
		}
	}
	t.Fatalf("%q is not in the document", s)
	return ""
}

// paragraphFormat is how Word numbers a paragraph, or "".
func (w word) paragraphFormat(t *testing.T, p string) string {
	t.Helper()
	m := numIDXML.FindStringSubmatch(p)
	if m == nil {
		return ""
	}
	abs := regexp.MustCompile(`<w:num w:numId="` + m[2] + `"><w:abstractNumId w:val="(\d+)" />`).FindStringSubmatch(w.numbering)
	if abs == nil {
		t.Fatalf("numbering %s not defined", m[2])
	}
	lvl := regexp.MustCompile(`(?s)w:abstractNumId="` + abs[1] + `">.*?<w:lvl w:ilvl="` + m[1] + `">(?:<w:start w:val="\d+" />)?<w:numFmt w:val="(\w+)" />`).FindStringSubmatch(w.numbering)
	if lvl == nil {
		t.Fatalf("level %s of numbering %s not found", m[1], abs[1])
	}
	return lvl[1]
}

// tableWith is the text of the table holding s, or "".
func (w word) tableWith(s string) string {
	for _, tb := range tableXML.FindAllString(w.doc, -1) {
		if strings.Contains(text(tb), s) {
			return text(tb)
		}
	}
	return ""
}

func exportBoth(t *testing.T, doc worksheet.Document) (sheet, key word) {
	t.Helper()
	pictures, pandoc := wordTools(t)
	s, err := DOCX(context.Background(), doc, false, pictures, pandoc)
	if err != nil {
		t.Fatalf("sheet: %v", err)
	}
	k, err := DOCX(context.Background(), doc, true, pictures, pandoc)
	if err != nil {
		t.Fatalf("key: %v", err)
	}
	return readWord(t, s), readWord(t, k)
}

// A document with every block and question kind becomes a Word document a teacher can edit:
// numbered questions with lettered parts, lettered choices, equations, the drawing and the
// aligned system as pictures with alt text, matching and the data table as tables; the key
// is the same document with every answer in the Key Answer style, and the sheet has none.
func TestDOCXEveryQuestionKind(t *testing.T) {
	sheet, key := exportBoth(t, everyKind())
	for _, w := range []word{sheet, key} {
		all := text(w.doc)
		for _, s := range []string{"Fractions and Friends", "Name:", "Date:", "Show your work.", "simplest form",
			"Add:", "(2 points)", "Which fraction is equal to one half?", "three fifths", "A square has four equal sides.",
			"True", "False", "Words and pictures", "The Garden", "Each row held twelve plants.", "Maya planted",
			"Match each shape to its number of sides.", "How long is the hypotenuse of the triangle above?",
			"Explain why plants need sunlight.", "Solve the system", "Find", "Then:"} {
			if !strings.Contains(all, s) {
				t.Errorf("%q is missing from the document: %s", s, all)
			}
		}
		// numbered questions, numbering on after the section; parts lettered, their parts roman
		for s, want := range map[string]string{"Add:": "decimal", "Which fraction": "decimal",
			"How long is the hypotenuse": "decimal", "Then:": "lowerLetter", "three fifths": "upperLetter"} {
			if got := w.numberFormat(t, s); got != want {
				t.Errorf("%q numbered %q, want %q", s, got, want)
			}
		}
		if !strings.Contains(w.numbering, `<w:startOverride w:val="4" />`) {
			t.Error("the questions after the section do not go on from 4")
		}
		// maths as Word equations: the fractions are real fractions
		if strings.Count(w.doc, "<m:oMath") < 5 || !strings.Contains(w.doc, "<m:f>") {
			t.Errorf("%d equations, or no fraction in them", strings.Count(w.doc, "<m:oMath"))
		}
		// the drawing and the aligned system Word cannot edit: pictures with alt text
		if !strings.Contains(w.doc, `descr="A right triangle with legs 3 cm and 4 cm"`) ||
			!strings.Contains(w.doc, `descr="\begin{aligned} x + y &amp;= 5`) || w.media != 2 {
			t.Errorf("pictures: %d files; alt texts %q", w.media, regexp.MustCompile(`descr="[^"]*"`).FindAllString(w.doc, -1))
		}
		if tb := w.tableWith("triangle"); !strings.Contains(tb, "pentagon") || !strings.Contains(tb, "hexagon") ||
			!strings.Contains(tb, "A. six") || !strings.Contains(tb, "C. five") {
			t.Errorf("matching is not a two-column table in the sheet's order: %q", tb)
		}
		if tb := w.tableWith("Fruit"); !strings.Contains(tb, "Count") || !strings.Contains(tb, "Apples") || !strings.Contains(tb, "Pears") {
			t.Errorf("the data table is not a table: %q", tb)
		}
	}
	if strings.Contains(sheet.doc, "KeyAnswer") || strings.Contains(text(sheet.doc), "photosynthesis") ||
		strings.Contains(text(sheet.doc), "5 cm") || strings.Contains(text(sheet.doc), "✓") || strings.Contains(text(sheet.doc), "Answer Key") {
		t.Errorf("the sheet shows answers: %s", keyText(sheet.doc))
	}
	if !strings.Contains(text(sheet.doc), "Maya planted __________ in rows of __________ plants.") {
		t.Errorf("the blanks are not lines to write on: %s", text(sheet.doc))
	}
	if strings.Contains(key.doc, "sskey") {
		t.Error("the key's markers are left in the document")
	}
	k := keyText(key.doc)
	for _, s := range []string{"Answer", "Key", "5 cm", "beans", "12", "Plants use sunlight to make food by photosynthesis.", "True ✓", "✓"} {
		if !strings.Contains(k, s+"\n") && !strings.Contains(k, s) {
			t.Errorf("the key does not show %q in its colour: %q", s, k)
		}
	}
	// 3/4 written as a fraction, its equation in the key's style
	if !strings.Contains(k, "3\n4\n") {
		t.Errorf("the key's fraction answer is not in its colour: %q", k)
	}
	// matching: the key writes each pair's letter in the sheet's shuffled order (triangle is B)
	if tb := key.tableWith("triangle"); !strings.Contains(tb, "B 1. triangle") || !strings.Contains(tb, "C 2. pentagon") || !strings.Contains(tb, "A 3. hexagon") {
		t.Errorf("the key's matching letters: %q", tb)
	}
}

// offlineSheet is the document the offline engine writes for a prompt.
func offlineSheet(t *testing.T, prompt string) worksheet.Document {
	t.Helper()
	n := int64(0)
	d, err := offline.New(func() int64 { n++; return n }).Write(context.Background(),
		generate.Request{Prompt: prompt, Settings: latex.Settings{Title: "Practice", ShowName: true}}, nil)
	if err != nil || d.Document == nil {
		t.Fatalf("%q: %v", prompt, err)
	}
	return *d.Document
}

// Real sheets from the offline engine: every question is in the Word document, numbered as
// on the sheet, fractions as equations, drawings as pictures with alt text, and the key
// writes every answer in its colour.
func TestDOCXOfflineSheets(t *testing.T) {
	for _, tc := range []struct {
		prompt   string
		fraction bool // its maths has fractions
		pictures bool // its questions have drawings
	}{
		{"adding fractions, answers in simplest form", true, false},
		{"6 area problems and 6 perimeter problems for grade 3", false, true},
	} {
		t.Run(tc.prompt, func(t *testing.T) {
			doc := offlineSheet(t, tc.prompt)
			sheet, key := exportBoth(t, doc)
			questions := 0
			for _, b := range doc.Blocks {
				if b.Kind != worksheet.BlockQuestion {
					continue
				}
				questions++
				for _, w := range []word{sheet, key} {
					for _, n := range readInline(b.Question.Text, nil, nil) {
						if n.T == "Str" && !strings.Contains(text(w.doc), n.C.(string)) {
							t.Errorf("question %d: %q is missing", questions, n.C)
						}
					}
				}
			}
			decimal := 0
			for _, p := range paragraphXML.FindAllString(sheet.doc, -1) {
				if sheet.paragraphFormat(t, p) == "decimal" {
					decimal++
				}
			}
			if questions == 0 || decimal != questions {
				t.Errorf("%d numbered paragraphs for %d questions", decimal, questions)
			}
			if tc.fraction && strings.Count(sheet.doc, "<m:f>") < questions {
				t.Errorf("%d fractions as equations for %d questions", strings.Count(sheet.doc, "<m:f>"), questions)
			}
			if tc.pictures {
				alts := regexp.MustCompile(`<wp:docPr descr="([^"]+)"`).FindAllStringSubmatch(sheet.doc, -1)
				if len(alts) == 0 || sheet.media == 0 {
					t.Errorf("no picture with alt text (%d files)", sheet.media)
				}
				for _, a := range alts {
					if strings.HasSuffix(a[1], ".png") {
						t.Errorf("alt text is a file name: %q", a[1])
					}
				}
			}
			if strings.Contains(sheet.doc, "KeyAnswer") {
				t.Error("the sheet shows answers")
			}
			if got := strings.Count(keyText(key.doc), "\n"); got < questions {
				t.Errorf("%d answer runs in the key for %d questions", got, questions)
			}
		})
	}
}

// Without pictures (no TeX at hand) the export still writes every figure, as its caption in
// words, and every formula as an equation; a figure the server could not show is named.
func TestDOCXWithoutPictures(t *testing.T) {
	_, pandoc := wordTools(t)
	doc := everyKind()
	doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{Missing: "map.png", Caption: "A map of the town"}})
	docx, err := DOCX(context.Background(), doc, false, nil, pandoc)
	if err != nil {
		t.Fatal(err)
	}
	w := readWord(t, docx)
	all := text(w.doc)
	for _, s := range []string{"[Figure not available: A right triangle with legs 3 cm and 4 cm]", "[Figure not available: map.png]", "A map of the town"} {
		if !strings.Contains(all, s) {
			t.Errorf("%q missing: %s", s, all)
		}
	}
	if w.media != 0 || !strings.Contains(w.doc, "<m:eqArr>") && !strings.Contains(w.doc, "<m:m>") && strings.Count(w.doc, "<m:oMath") < 6 {
		t.Errorf("without pictures: %d files, %d equations", w.media, strings.Count(w.doc, "<m:oMath"))
	}
}

// A cancelled export fails with the context's error, not a document missing its pictures.
func TestDOCXCancelled(t *testing.T) {
	pictures, pandoc := wordTools(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := DOCX(ctx, everyKind(), false, pictures, pandoc); err == nil {
		t.Fatal("a cancelled export wrote a document")
	}
}

// A document Validate refuses is not exported.
func TestDOCXRefusesAnInvalidDocument(t *testing.T) {
	doc := everyKind()
	doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: `\input{/etc/passwd}`}})
	if _, _, _, err := docxAST(context.Background(), doc, false, nil); err == nil {
		t.Fatal("an invalid document was exported")
	}
}

// The settings that print reach Word: the paper (Letter by default, A4 when asked), large
// print at 18 pt in a sans face, Atkinson Hyperlegible when chosen.
func TestDOCXSettingsThatPrint(t *testing.T) {
	pictures, pandoc := wordTools(t)
	doc := everyKind()
	docx, err := DOCX(context.Background(), doc, false, pictures, pandoc)
	if err != nil {
		t.Fatal(err)
	}
	w := readWord(t, docx)
	triangle := regexp.MustCompile(`<wp:extent cx="(\d+)" cy="(\d+)" />\s*<wp:effectExtent[^>]*>\s*<wp:docPr descr="A right triangle`)
	normal := triangle.FindStringSubmatch(w.doc)
	if !strings.Contains(w.doc, `<w:pgSz w:h="15840" w:w="12240" />`) || !strings.Contains(w.styles, `<w:sz w:val="24" />`) {
		t.Errorf("the default is not Letter at 12 pt: %s", regexp.MustCompile(`<w:sectPr>.*`).FindString(w.doc))
	}
	doc.Settings.Paper, doc.Settings.LargePrint = worksheet.PaperA4, true
	if docx, err = DOCX(context.Background(), doc, false, pictures, pandoc); err != nil {
		t.Fatal(err)
	}
	w = readWord(t, docx)
	large := triangle.FindStringSubmatch(w.doc)
	if normal == nil || large == nil {
		t.Fatal("no drawing of the triangle")
	}
	n, _ := strconv.Atoi(normal[1])
	l, _ := strconv.Atoi(large[1])
	if r := float64(l) / float64(n); r < 1.3 || r > 1.7 {
		t.Errorf("large print's drawing is %.2f times as wide, want about 1.5", r)
	}
	if !strings.Contains(w.doc, `<w:pgSz w:h="16838" w:w="11906" />`) {
		t.Errorf("not A4: %s", regexp.MustCompile(`<w:sectPr>.*`).FindString(w.doc))
	}
	body := regexp.MustCompile(`(?s)<w:rPrDefault>.*?</w:rPrDefault>`).FindString(w.styles)
	if !strings.Contains(body, `<w:sz w:val="36" />`) || !strings.Contains(body, `w:ascii="Arial"`) {
		t.Errorf("large print is not 18 pt in a sans face: %s", body)
	}
	doc.Settings.Font = worksheet.FontHyperlegible
	if docx, err = DOCX(context.Background(), doc, false, nil, pandoc); err != nil {
		t.Fatal(err)
	}
	if w = readWord(t, docx); !strings.Contains(w.styles, `w:ascii="Atkinson Hyperlegible"`) {
		t.Error("the face is not Atkinson Hyperlegible")
	}
	// a Spanish sheet: its chrome words in Spanish, and Word checks its spelling in Spanish
	doc.Language = "es"
	if docx, err = DOCX(context.Background(), doc, true, nil, pandoc); err != nil {
		t.Fatal(err)
	}
	w = readWord(t, docx)
	if !strings.Contains(w.styles, `w:val="es"`) || !strings.Contains(text(w.doc), "Nombre:") || !strings.Contains(keyText(w.doc), "Clave") || !strings.Contains(text(w.doc), "Verdadero") {
		t.Errorf("not a Spanish document: %s", text(w.doc))
	}
}

// The Exam layout puts each question on its own page in Word too, numbered on; a section
// that starts a new page numbers from 1 again.
func TestDOCXExamLayout(t *testing.T) {
	_, pandoc := wordTools(t)
	doc := everyKind()
	doc.Settings.Layout = worksheet.LayoutExam
	docx, err := DOCX(context.Background(), doc, false, nil, pandoc)
	if err != nil {
		t.Fatal(err)
	}
	w := readWord(t, docx)
	questions := 0
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			questions++
		}
	}
	if got := strings.Count(w.doc, `<w:br w:type="page"/>`); got != questions-1 {
		t.Errorf("%d page breaks for %d questions", got, questions)
	}
	if w.numberFormat(t, "How long is the hypotenuse") != "decimal" {
		t.Error("questions after a page break are not numbered")
	}

	doc = everyKind()
	doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockSection, Title: "Version B", NewPage: true},
		worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "What is seven times six?",
			Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: "42"}}})
	if docx, err = DOCX(context.Background(), doc, false, nil, pandoc); err != nil {
		t.Fatal(err)
	}
	w = readWord(t, docx)
	if strings.Count(w.doc, `<w:br w:type="page"/>`) != 1 || strings.Count(text(w.doc), "Name:") != 2 {
		t.Error("a new version does not start a new page under the name fields")
	}
	last := strings.LastIndex(w.numbering, "<w:startOverride")
	if w.numberFormat(t, "What is seven times six?") != "decimal" || !strings.HasPrefix(w.numbering[last:], `<w:startOverride w:val="1" />`) {
		t.Error("the new version's questions are not numbered from 1")
	}
}

// Pictures drawn one compile per picture are the pictures drawn all in one; a figure TeX
// refuses costs only itself its picture, named in words, whichever way they are drawn.
func TestDOCXPicturesOneByOneAndFailing(t *testing.T) {
	_, pandoc := wordTools(t)
	doc := everyKind()
	doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{
		LaTeX: `\begin{tikzpicture}\draw[no such key=3] (0,0) -- (1,1);\end{tikzpicture}`, Caption: "A broken drawing"}})
	if err := worksheet.Validate(doc); err != nil {
		t.Fatal(err)
	}
	for name, pictures := range map[string]Pictures{"one compile": tools.pictures, "one by one": tools.single} {
		docx, err := DOCX(context.Background(), doc, false, pictures, pandoc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w := readWord(t, docx)
		if w.media != 2 || !strings.Contains(w.doc, `descr="A right triangle with legs 3 cm and 4 cm"`) ||
			!strings.Contains(text(w.doc), "[Figure not available: A broken drawing]") {
			t.Errorf("%s: %d pictures; %s", name, w.media, text(w.doc))
		}
	}
}
