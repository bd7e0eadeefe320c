package export

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// offlineDoc is the document the offline engine writes for a prompt.
func offlineDoc(t *testing.T, prompt string, s latex.Settings) worksheet.Document {
	t.Helper()
	n := int64(0)
	d, err := offline.New(func() int64 { n++; return n }).Write(context.Background(), generate.Request{Prompt: prompt, Settings: s}, nil)
	if err != nil {
		t.Fatalf("%q: %v", prompt, err)
	}
	if d.Document == nil {
		t.Fatalf("%q: no document", prompt)
	}
	return *d.Document
}

// withSettings is a document with its settings changed.
func withSettings(doc worksheet.Document, change func(*worksheet.Settings)) worksheet.Document {
	change(&doc.Settings)
	return doc
}

// mixedDoc is a document of every kind of question a teacher writes by hand, with a passage,
// a pgfplots chart, a table and a figure that could not be shown.
func mixedDoc() worksheet.Document {
	q := func(q worksheet.Question) worksheet.Block {
		return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q}
	}
	return worksheet.Document{
		Title:    "Rivers & Maps review",
		Settings: worksheet.Settings{Columns: 2, ShowName: true, ShowDate: true},
		Blocks: []worksheet.Block{
			{Kind: worksheet.BlockInstructions, Text: "Read the passage, then answer every question."},
			{Kind: worksheet.BlockPassage, Title: "The long river", Text: "The Nile flows north through eleven countries.\n\nIt ends in a delta on the Mediterranean Sea."},
			{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{Missing: "delta-map.png", Caption: "A map of the delta"}},
			q(worksheet.Question{Kind: worksheet.KindChoice, Text: "Which way does the Nile flow?", Choices: []worksheet.Choice{
				{Text: "north", Correct: true}, {Text: "south"}, {Text: "east"}, {Text: "west"}}}),
			q(worksheet.Question{Kind: worksheet.KindTrueFalse, Text: "The Nile ends in a delta.", Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "true"}}),
			q(worksheet.Question{Kind: worksheet.KindBlank, Text: "The river flows through ___ countries into the ___ Sea.",
				Blanks: []worksheet.Answer{{Kind: worksheet.AnswerText, Value: "eleven"}, {Kind: worksheet.AnswerText, Value: "Mediterranean"}}}),
			{Kind: worksheet.BlockSection, Title: "Matching and charts"},
			q(worksheet.Question{Kind: worksheet.KindMatching, Text: "Match each river to its continent.", Pairs: []worksheet.Pair{
				{Left: "Amazon", Right: "South America"}, {Left: "Danube", Right: "Europe"}, {Left: "Mekong", Right: "Asia"}},
				Shuffle: []int{2, 0, 1}}),
			q(worksheet.Question{Kind: worksheet.KindShort, Text: "How many kilometres long is the river in the chart at its longest reading?",
				Figure: &worksheet.Figure{LaTeX: `\begin{tikzpicture}\begin{axis}[width=6cm,height=4cm,xlabel={year},ylabel={km}]\addplot coordinates {(1,2) (2,5) (3,4)};\end{axis}\end{tikzpicture}`,
					Caption: "Readings by year", Packages: []string{"pgfplots"}},
				Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: "5"}}),
			q(worksheet.Question{Kind: worksheet.KindShort, Text: "Which river in the table is longest?",
				Figure: &worksheet.Figure{LaTeX: `\begin{tabular}{lr}\toprule River & km\\\midrule Volga & 3530\\ Rhine & 1230\\\bottomrule\end{tabular}`},
				Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "Volga"}}),
			q(worksheet.Question{Kind: worksheet.KindOpen, Text: "Explain why a delta forms where a river meets the sea.", Points: 3,
				Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "The river slows and drops its sediment."}}),
			q(worksheet.Question{Kind: worksheet.KindGroup, Text: "Answer each part.", Parts: []worksheet.Question{
				{Kind: worksheet.KindShort, Text: "Name a river in Africa.", Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "Congo"}},
				{Kind: worksheet.KindShort, Text: "Name a river in Asia.", Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "Yangtze"}},
			}}),
		},
	}
}

// TestTeXProjectCompiles: the .tex project of a sheet and of its key unzips to main.tex and
// its files, compiles with plain pdflatex in an empty folder (as a teacher's machine or
// Overleaf does), and prints what the server's own PDF prints: the title, every question, the
// key's answers, on the same number of pages, every word at the same place.
func TestTeXProjectCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pdflatex")
	}
	for _, tool := range []string{"pdflatex", "pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	c, err := latex.New(latex.Config{Workers: 2, Queue: 64, Timeout: 90 * time.Second, FormatDir: t.TempDir(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() }) // after the parallel subtests

	header := latex.Settings{Title: "Practice", ShowName: true}
	docs := []struct {
		name string
		doc  worksheet.Document
	}{
		{"arithmetic", offlineDoc(t, "5 addition, 5 subtraction and 5 multiplication problems for grade 3", header)},
		{"long-division", offlineDoc(t, "6 long division problems for grade 4", header)},
		{"fractions", offlineDoc(t, "adding fractions, answers in simplest form", latex.Settings{Title: "Fractions", ShowName: true, ShowDate: true, NarrowMargins: true})},
		{"geometry", offlineDoc(t, "6 area of triangles problems and 4 clocks", header)},
		{"exam-layout", withSettings(offlineDoc(t, "8 two-step equations and 6 long division problems", latex.Settings{Title: "Equations test", ShowName: true}),
			func(s *worksheet.Settings) { s.Layout = worksheet.LayoutExam })},
		{"large-print", withSettings(offlineDoc(t, "6 clocks and 4 two-digit addition problems", header),
			func(s *worksheet.Settings) { s.LargePrint = true })},
		{"spanish", offlineDoc(t, "12 restas de dos cifras", latex.Settings{Title: "Restas", ShowName: true})},
		{"mixed", mixedDoc()},
		{"a4-hyperlegible", withSettings(mixedDoc(), func(s *worksheet.Settings) { s.Paper, s.Font = worksheet.PaperA4, worksheet.FontHyperlegible })},
		{"sans", withSettings(offlineDoc(t, "10 fraction addition problems", header), func(s *worksheet.Settings) { s.Font = worksheet.FontSans })},
	}
	for _, d := range docs {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			serverSheet, serverKey, err := worksheet.Render(d.doc)
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []bool{false, true} {
				name, server := "sheet", serverSheet
				if key {
					name, server = "key", serverKey
				}
				zipped, err := TeXProject(d.doc, key)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				dir := unzip(t, zipped)
				pdf := compileProject(t, dir)
				res, err := c.Compile(context.Background(), server)
				if err != nil {
					t.Fatalf("%s: the server's compile: %v", name, err)
				}
				got, want := pdfPages(t, pdf), pdfPages(t, res.PDF)
				if got != want {
					t.Errorf("%s: the project prints %d pages, the server's PDF %d", name, got, want)
				}
				text := pdfText(t, pdf)
				checkText(t, name, d.doc, key, text)
				// the same layout: every word of the server's PDF at the same place in the project's
				if g, w := wordsAt(t, pdf), wordsAt(t, res.PDF); !slices.Equal(g, w) {
					t.Errorf("%s: the project's words differ from the server's PDF's: %s", name, firstDiff(g, w))
				}
			}
		})
	}
}

// TestTeXProjectFiles: the zip holds main.tex, sheetsmith.sty and README.txt, main.tex is the
// teacher's own source (no sandbox seal, no server markers, no embedded document) and loads
// only packages a plain TeX Live and Overleaf have, and the README says how to compile it.
func TestTeXProjectFiles(t *testing.T) {
	for _, key := range []bool{false, true} {
		z, err := TeXProject(mixedDoc(), key)
		if err != nil {
			t.Fatal(err)
		}
		r, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		var names []string
		for _, f := range r.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			files[f.Name] = string(b)
			names = append(names, f.Name)
		}
		if want := []string{"main.tex", "sheetsmith.sty", "README.txt"}; !slices.Equal(names, want) {
			t.Errorf("files %v, want %v", names, want)
		}
		if !strings.Contains(files["README.txt"], "answer key") == key {
			t.Errorf("key %v: README.txt does not say which it is", key)
		}
		main := files["main.tex"]
		for _, server := range []string{"sheetsmith:", `\AddToHook`, `\@undefined`, "pdfprimitive"} {
			if strings.Contains(main, server) {
				t.Errorf("main.tex carries the server's %q", server)
			}
		}
		if !strings.Contains(main, `\usepackage{sheetsmith}`) || strings.Contains(main, `\newcommand\ssq`) || !strings.Contains(files["sheetsmith.sty"], `\newcommand\ssq`) {
			t.Error("the worksheet's commands are not in sheetsmith.sty, loaded by main.tex")
		}
		if strings.Contains(main, "\n\\sskeytrue\n") != key {
			t.Errorf("key %v: main.tex's \\sskeytrue is wrong", key)
		}
		checkPackages(t, main+files["sheetsmith.sty"], files["README.txt"])
		readme := files["README.txt"]
		for _, want := range []string{"pdflatex main.tex", "Overleaf", "Rivers & Maps review", "pgfplots", "booktabs", "exam"} {
			if !strings.Contains(readme, want) {
				t.Errorf("README.txt does not say %q:\n%s", want, readme)
			}
		}
	}
	// a sheet in Atkinson Hyperlegible carries the font, which TeX Live lacks, and its licence
	doc := withSettings(mixedDoc(), func(s *worksheet.Settings) { s.Font = worksheet.FontHyperlegible })
	z, err := TeXProject(doc, false)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
	}
	for _, want := range []string{"AtkinsonHyperlegible-Regular.ttf", "AtkinsonHyperlegible-Bold.ttf", "ssatkr8t.tfm", "OFL.txt"} {
		if !slices.Contains(names, want) {
			t.Errorf("the Atkinson Hyperlegible project has no %s: %v", want, names)
		}
	}
	if _, err := TeXProject(worksheet.Document{Title: "Empty", Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion}}}, false); err == nil {
		t.Error("a document that does not validate made a project")
	}
}

// checkPackages: every class and package a project loads is in this machine's TeX Live (the
// server's Debian packages, a subset of Overleaf's), and the README names it.
func checkPackages(t *testing.T, src, readme string) {
	t.Helper()
	kpsewhich, err := exec.LookPath("kpsewhich")
	if err != nil {
		t.Log("kpsewhich not installed: the packages' presence is not checked")
	}
	loads := regexp.MustCompile(`\\(usepackage|RequirePackage|documentclass)(?:\[[^\]]*\])?\{([^}]*)\}`)
	for _, m := range loads.FindAllStringSubmatch(src, -1) {
		for _, p := range strings.Split(m[2], ",") {
			if p = strings.TrimSpace(p); p == "sheetsmith" {
				continue
			}
			if !strings.Contains(readme, p) {
				t.Errorf("README.txt does not name %q", p)
			}
			file := p + ".sty"
			if m[1] == "documentclass" {
				file = p + ".cls"
			}
			if kpsewhich != "" {
				if out, err := exec.Command(kpsewhich, file).Output(); err != nil || strings.TrimSpace(string(out)) == "" {
					t.Errorf("%s is not in TeX Live", file)
				}
			}
		}
	}
}

// checkText checks a project's PDF text for the title, every question's words and, in the
// key only, the answers.
func checkText(t *testing.T, name string, doc worksheet.Document, key bool, text string) {
	t.Helper()
	flat := strings.Join(strings.Fields(text), " ")
	if !strings.Contains(flat, doc.Title) {
		t.Errorf("%s: the title %q is missing", name, doc.Title)
	}
	keyTitle := map[string]string{"es": "Clave de respuestas"}[doc.Language]
	if keyTitle == "" {
		keyTitle = "Answer Key"
	}
	if strings.Contains(flat, keyTitle) != key {
		t.Errorf("%s: %q on the page is %v", name, keyTitle, !key)
	}
	var answers []string
	var walk func(q worksheet.Question)
	walk = func(q worksheet.Question) {
		for _, w := range plainWords(q.Text) {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the question %q: %q is not on the page", name, q.Text, w)
				break
			}
		}
		for _, c := range q.Choices {
			if !strings.Contains(flat, c.Text) {
				t.Errorf("%s: the choice %q is missing", name, c.Text)
			}
		}
		for _, p := range q.Pairs {
			if !strings.Contains(flat, p.Left) || !strings.Contains(flat, p.Right) {
				t.Errorf("%s: the pair %v is missing", name, p)
			}
		}
		if q.Kind == worksheet.KindShort || q.Kind == worksheet.KindOpen {
			answers = append(answers, q.Answer.Value)
		}
		for _, a := range q.Blanks {
			answers = append(answers, a.Value)
		}
		for _, p := range q.Parts {
			walk(p)
		}
	}
	for _, b := range doc.Blocks {
		if b.Question != nil {
			walk(*b.Question)
		}
		if b.Figure != nil && b.Figure.Missing != "" && !strings.Contains(flat, "Figure not available: "+b.Figure.Missing) {
			t.Errorf("%s: the missing figure's box is not on the page", name)
		}
	}
	shown := 0
	for _, a := range answers {
		// numbers and words as they print (a fraction prints stacked, an expression as maths)
		if !regexp.MustCompile(`^[A-Za-z0-9 .,]+$`).MatchString(a) || strings.TrimSpace(a) == "" {
			continue
		}
		if strings.Contains(flat, a) {
			shown++
		} else if key {
			t.Errorf("%s: the answer %q is not in the key", name, a)
		}
	}
	if !key && shown == len(answers) && len(answers) > 0 && regexp.MustCompile(`[A-Za-z]{4}`).MatchString(strings.Join(answers, " ")) {
		t.Errorf("%s: the sheet shows its answers", name)
	}
}

// plainWords are the words of a question's text outside maths and commands.
func plainWords(s string) []string {
	s = regexp.MustCompile(`\$[^$]*\$|\\[A-Za-z]+|_{3,}|[{}]`).ReplaceAllString(s, " ")
	var out []string
	for _, w := range strings.Fields(s) {
		if regexp.MustCompile(`^[A-Za-zÀ-ÿ]{3,}$`).MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// unzip writes a zip's files into an empty temporary folder.
func unzip(t *testing.T, z []byte) string {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range r.File {
		if strings.Contains(f.Name, "..") || strings.HasPrefix(f.Name, "/") {
			t.Fatalf("zip entry %q leaves its folder", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// compileProject runs plain pdflatex on main.tex, as the README says, with nothing but the
// project's files and TeX Live: no shell escape, no server formats.
func compileProject(t *testing.T, dir string) []byte {
	t.Helper()
	var out []byte
	for pass := 0; pass == 0 || pass < 3 && strings.Contains(string(out), "Rerun"); pass++ {
		cmd := exec.Command("pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "main.tex")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TEXINPUTS=", "TFMFONTS=", "TTFONTS=") // the default paths only
		var err error
		if out, err = cmd.CombinedOutput(); err != nil {
			s := string(out)
			t.Fatalf("pdflatex main.tex: %v\n%s", err, s[max(0, len(s)-3000):])
		}
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "main.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	cmd := exec.Command("pdfinfo", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo: no page count")
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// wordsAt are a PDF's words with their page and place, to a tenth of a point.
func wordsAt(t *testing.T, pdf []byte) []string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-bbox", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	word := regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="[0-9.]+">(.*)</word>`)
	var ws []string
	page := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "<page ") {
			page++
		}
		if m := word.FindStringSubmatch(line); m != nil {
			x, _ := strconv.ParseFloat(m[1], 64)
			y, _ := strconv.ParseFloat(m[2], 64)
			ws = append(ws, strconv.Itoa(page)+" "+strconv.FormatFloat(x, 'f', 1, 64)+","+strconv.FormatFloat(y, 'f', 1, 64)+" "+m[3])
		}
	}
	return ws
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return "project " + got[i] + ", server " + want[i]
		}
	}
	return "project " + strconv.Itoa(len(got)) + " words, server " + strconv.Itoa(len(want))
}
