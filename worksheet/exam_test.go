package worksheet

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// TestExamBodyKeepsNewPagesAndDrawings: versions that start new pages and answers drawn for
// the key are written in the exam-class vocabulary (\newpage before the heading, the drawing
// in the solution) and Parse gives them back.
func TestExamBodyKeepsNewPagesAndDrawings(t *testing.T) {
	for name, doc := range map[string]Document{
		"versions":     versionsDocument(3, 4, 2, LayoutStandard),
		"key drawings": keyFigureDocument(8, 2, LayoutStandard, 3),
	} {
		t.Run(name, func(t *testing.T) {
			body := ExamBody(doc)
			got, problems := Parse(body)
			if len(problems) > 0 {
				t.Fatalf("problems %q\n%s", problems, body)
			}
			if want := normalizeParsed(doc); !reflect.DeepEqual(got, want) {
				t.Fatalf("Parse gives\n%s\nwant\n%s\nsource:\n%s", js(got), js(want), body)
			}
			if err := Validate(got); err != nil {
				t.Fatalf("the parsed document is not valid: %v", err)
			}
		})
	}
	body := ExamBody(versionsDocument(2, 2, 1, LayoutStandard))
	if !strings.Contains(body, "\\end{questions}\n\\newpage\n\\section*{Version B}") || !strings.HasPrefix(body, "\\section*{Version A}") {
		t.Errorf("version B does not follow \\newpage, or version A (on the first page) does:\n%s", body)
	}
	body = ExamBody(keyFigureDocument(1, 1, LayoutStandard, 1))
	if !strings.Contains(body, "\\begin{solution}") || !strings.Contains(body, keyFigureToken(1)+"};\\end{tikzpicture}\n\\end{solution}") {
		t.Errorf("the answer's drawing is not in the solution:\n%s", body)
	}
}

// TestExamBodyCompiles: the exam-class body of versions with drawn answers compiles as a
// document of its own (the path for an edit that does not parse): each version on a page of
// its own, the drawings only with the answers.
func TestExamBodyCompiles(t *testing.T) {
	doc := versionsDocument(2, 3, 1, LayoutStandard)
	for _, b := range keyFigureDocument(2, 1, LayoutStandard, 5).Blocks {
		doc.Blocks = append(doc.Blocks, b)
	}
	src := mustWrap(t, ExamBody(doc), latex.Settings{Title: doc.Title})
	c := texCompiler(t)
	sheet, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(src, err))
	}
	key, err := c.Compile(context.Background(), latex.WithAnswers(src))
	if err != nil {
		t.Fatal(err)
	}
	s, k := pages(t, sheet.PDF), pages(t, key.PDF)
	a, b := pageOf(s, "Version A"), pageOf(s, "Version B")
	if len(a) != 1 || len(b) != 1 || a[0] != 1 || b[0] <= a[0] || strings.Contains(s[b[0]-1], "Version A") {
		t.Errorf("Version A is on pages %v, Version B on %v; want A under the header, B on a later page of its own", a, b)
	}
	for i := 1; i <= 2; i++ {
		if len(pageOf(s, keyFigureToken(i))) > 0 || len(pageOf(k, keyFigureToken(i))) != 1 {
			t.Errorf("drawing %d is on sheet pages %v and answer pages %v; want only in the answers", i, pageOf(s, keyFigureToken(i)), pageOf(k, keyFigureToken(i)))
		}
	}
}

// TestParseNewPage: a section heading right after a page break, as teachers write versions,
// starts a new page; a page break anywhere else is layout, dropped as before.
func TestParseNewPage(t *testing.T) {
	q := "\\begin{questions}\\question $1+1$ \\begin{solution}2\\end{solution}\\end{questions}\n"
	cases := []struct {
		name, src string
		want      map[string]bool // section title: starts a new page
	}{
		{"section after newpage", "\\instructions{Read.}\n\\section*{A}\n" + q + "\\newpage\n\\section*{B}\n" + q, map[string]bool{"A": false, "B": true}},
		{"versions from the top", "\\section*{A}\n" + q + "\\section*{A2}\n" + q + "\\newpage\n\\section*{B}\n" + q, map[string]bool{"A": true, "A2": false, "B": true}},
		{"clearpage and spacing", q + "\\clearpage\n\\vspace*{1cm}\n\\section*{B}\n" + q, map[string]bool{"B": true}},
		{"bold heading", q + "\\newpage\n\\begin{center}\\textbf{B}\\end{center}\n" + q, map[string]bool{"B": true}},
		{"newpage ending the last question", "\\begin{questions}\\question $1+1$ \\begin{solution}2\\end{solution}\\newpage\\end{questions}\n\\section*{B}\n" + q, map[string]bool{"B": true}},
		{"uplevel", "\\begin{questions}\\question $1+1$ \\begin{solution}2\\end{solution}\\uplevel{\\newpage\\section*{B}}\\question $2+2$ \\begin{solution}4\\end{solution}\\end{questions}", map[string]bool{"B": true}},
		{"instructions between", q + "\\newpage\n\\instructions{Read.}\n\\section*{B}\n" + q, map[string]bool{"B": false}},
		{"text between", q + "\\newpage\nSome words of a passage.\n\n\\section*{B}\n" + q, map[string]bool{"B": false}},
		{"newpage between questions", "\\section*{A}\n\\begin{questions}\\question $1+1$ \\begin{solution}2\\end{solution}\\newpage\\question $2+2$ \\begin{solution}4\\end{solution}\\end{questions}", map[string]bool{"A": false}},
		{"newpage at the end", "\\section*{A}\n" + q + "\\newpage", map[string]bool{"A": false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, problems := Parse(c.src)
			if len(problems) > 0 {
				t.Fatalf("problems: %q", problems)
			}
			if err := Validate(d); err != nil {
				t.Fatalf("not valid: %v", err)
			}
			got := map[string]bool{}
			for _, b := range d.Blocks {
				if b.Kind == BlockSection {
					got[b.Title] = b.NewPage
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("sections (title: new page) = %v, want %v\n%s", got, c.want, js(d))
			}
			if c.name == "newpage between questions" && len(d.Blocks) != 3 {
				t.Errorf("blocks = %s", js(d))
			}
		})
	}
}

// TestParseSolutionDrawing: a picture in a short or open question's solution is its answer's
// drawing for the key, the rest its value; in another kind of question it is a problem.
func TestParseSolutionDrawing(t *testing.T) {
	pic := `\begin{tikzpicture}\draw[->] (0,0) -- (3,0);\end{tikzpicture}`
	d, problems := Parse("\\begin{questions}\\question Graph $x > 1$ on the number line.\n" +
		"\\begin{solution}$x > 1$ \\begin{center}" + pic + "\\end{center}\\computed\\end{solution}\n" +
		"\\question Draw a square. \\makeemptybox{3cm}\\begin{solution}\\begin{tikzpicture}\\draw (0,0) rectangle (1,1);\\end{tikzpicture}\\end{solution}\n\\end{questions}")
	if len(problems) > 0 {
		t.Fatalf("problems: %q", problems)
	}
	if q := questionN(t, d, 1); q.Kind != KindShort || q.Answer.Value != "x > 1" || q.Answer.Figure == nil || q.Answer.Figure.LaTeX != pic {
		t.Errorf("question 1 = %s", js(q))
	}
	if q := questionN(t, d, 2); q.Kind != KindOpen || q.Answer.Value != "" || q.Answer.Figure == nil {
		t.Errorf("question 2 = %s", js(q))
	}
	_, problems = Parse("\\begin{questions}\\question Pick one.\\begin{choices}\\CorrectChoice a \\choice b\\end{choices}\\begin{solution}" + pic + "\\end{solution}\\end{questions}")
	if len(problems) != 1 || !strings.Contains(problems[0], "question 1") {
		t.Errorf("problems = %q", problems)
	}
}
