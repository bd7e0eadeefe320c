package worksheet

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// Bodies as engines and teachers write them in the exam-class vocabulary.
const (
	mathsBody = `\instructions{Show your working.}
\begin{questions}
\question[2] Work out $27 + 39$. \answerblank
\begin{solution}$66$\computed\end{solution}
\question[4] Simplify each fraction.
\begin{parts}
\part $\dfrac{12}{18}$ \begin{solution}$\dfrac{2}{3}$\end{solution}
\part $\dfrac{7}{2}$ \begin{solution}$3\frac{1}{2}$\end{solution}
\end{parts}
\question Which number is prime?
\begin{choices}
\choice 21 \choice 27 \CorrectChoice 29 \choice 33
\end{choices}
\question Solve $3x + 7 = 25$.
\answerspace[3cm]
\begin{solution}$x = 6$\end{solution}
\end{questions}`

	readingBody = `\begin{center}\textbf{The Lantern}\end{center}
The lighthouse stood at the end of a long stone pier.
Every evening Mara counted the steps.

One stormy night the lamp would not light.

\begin{questions}
\question How many steps did Mara count? \answerblank[5cm]
\begin{solution}One hundred and twelve\end{solution}
\question Why would the lamp not light? Use evidence from the text.
\fillwithlines{1.2in}
\begin{solution}The storm had broken the window, so the wind blew through the tower.\end{solution}
\question True or false: the lamp lit at once.
\begin{solution}False\end{solution}
\question The lamp stood at the end of a \fillin[pier] made of ___.
\begin{solution}stone\end{solution}
\end{questions}`

	matchingBody = `\section*{Vocabulary}
\begin{questions}
\question Match each word to its meaning.

\begin{tabular}{ll}
1. dusk & A. a window cover \\
2. shutter & B. early evening \\
3. lantern & C. a portable lamp \\
\end{tabular}
\begin{solution}1-B, 2-A, 3-C\end{solution}
\question How many sides has the shape?
\includegraphics[width=3cm]{hexagon.png}
\begin{solution}6\end{solution}
\question Plot the table of values.

\begin{tabular}{c|ccc}
$x$ & 0 & 1 & 2 \\ \hline
$y$ & 1 & 3 & 5
\end{tabular}
\hspace{1cm}
\begin{tikzpicture}
\draw (0,0) grid (2,5);
\end{tikzpicture}
\begin{solution}A straight line.\end{solution}
\uplevel{\textbf{Part B}}
\question $12 \times 3$ \begin{solution}36\end{solution}
\end{questions}`
)

const columnsBody = `\begin{center}
\textbf{Two-Digit Addition}
\end{center}
\textbf{Directions:} Add the numbers.
\begin{multicols}{2}
\begin{questions}
\question $\begin{array}{r} 23 \\ + 45 \\ \hline \end{array}$
\begin{solution} 68 \end{solution}
\question Fill in: $7 + {}$ \underline{\hspace{2cm}} $= 10$
\begin{solution}3\end{solution}
\question Solve $$x + 1 = 3$$ and name $x$. \rule{3cm}{0.4pt}
\begin{solution}\begin{align*}x &= 2\label{eq}\end{align*}\end{solution}
\end{questions}
\end{multicols}`

// TestParse reads sources in the exam-class vocabulary into documents of the right kinds,
// answers and spaces; \computed in a source never becomes a ✓.
func TestParse(t *testing.T) {
	tf := func(doc Document, i int) *Question { return questionN(t, doc, i) }
	cases := []struct {
		name  string
		src   string
		check func(t *testing.T, d Document)
	}{
		{"maths", mathsBody, func(t *testing.T, d Document) {
			if d.Blocks[0].Kind != BlockInstructions || d.Blocks[0].Text != "Show your working." {
				t.Errorf("instructions: %+v", d.Blocks[0])
			}
			q := tf(d, 1)
			want := Question{Kind: KindShort, Text: "Work out $27 + 39$.", Points: 2, Space: Space{Kind: SpaceBlank}, Answer: Answer{Kind: AnswerNumber, Value: "66"}}
			if !reflect.DeepEqual(*q, want) {
				t.Errorf("question 1 = %+v, want %+v", *q, want)
			}
			g := tf(d, 2)
			if g.Kind != KindGroup || len(g.Parts) != 2 || g.Parts[0].Answer != (Answer{Kind: AnswerFraction, Value: "2/3"}) ||
				g.Parts[1].Answer != (Answer{Kind: AnswerFraction, Value: "3 1/2"}) || g.Points != 4 {
				t.Errorf("question 2 = %+v", *g)
			}
			c := tf(d, 3)
			if c.Kind != KindChoice || len(c.Choices) != 4 || !c.Choices[2].Correct || c.Choices[2].Text != "29" || c.Select != 0 {
				t.Errorf("question 3 = %+v", *c)
			}
			if s := tf(d, 4); s.Space != (Space{Kind: SpaceWork, Size: 3}) || s.Answer != (Answer{Kind: AnswerExpression, Value: "x = 6"}) {
				t.Errorf("question 4 = %+v", *s)
			}
		}},
		{"reading", readingBody, func(t *testing.T, d Document) {
			p := d.Blocks[0]
			if p.Kind != BlockPassage || p.Title != "The Lantern" || p.Text != "The lighthouse stood at the end of a long stone pier. Every evening Mara counted the steps.\n\nOne stormy night the lamp would not light." {
				t.Errorf("passage = %+v", p)
			}
			if q := tf(d, 1); q.Kind != KindShort || q.Space.Kind != SpaceBlank || q.Answer.Value != "One hundred and twelve" {
				t.Errorf("question 1 = %+v", *q)
			}
			if q := tf(d, 2); q.Kind != KindOpen || q.Space != (Space{Kind: SpaceLines, Size: 4}) {
				t.Errorf("question 2 = %+v", *q)
			}
			if q := tf(d, 3); q.Kind != KindTrueFalse || q.Answer.Value != "false" || q.Text != "the lamp lit at once." {
				t.Errorf("question 3 = %+v", *q)
			}
			if q := tf(d, 4); q.Kind != KindBlank || q.Text != "The lamp stood at the end of a ___ made of ___." ||
				!reflect.DeepEqual(q.Blanks, []Answer{{Kind: AnswerText, Value: "pier"}, {Kind: AnswerText, Value: "stone"}}) {
				t.Errorf("question 4 = %+v", *q)
			}
		}},
		{"matching, images, figures side by side, uplevel", matchingBody, func(t *testing.T, d Document) {
			if d.Blocks[0].Kind != BlockSection || d.Blocks[0].Title != "Vocabulary" {
				t.Errorf("section = %+v", d.Blocks[0])
			}
			m := tf(d, 1)
			want := []Pair{{"dusk", "early evening"}, {"shutter", "a window cover"}, {"lantern", "a portable lamp"}}
			if m.Kind != KindMatching || !reflect.DeepEqual(m.Pairs, want) || !reflect.DeepEqual(m.Shuffle, []int{1, 0, 2}) || m.Figure != nil {
				t.Errorf("matching = %+v", *m)
			}
			if q := tf(d, 2); q.Figure == nil || q.Figure.Missing != "hexagon.png" || q.Answer.Value != "6" {
				t.Errorf("question 2 = %+v", *q)
			}
			if q := tf(d, 3); q.Figure == nil || !strings.Contains(q.Figure.LaTeX, `\end{tabular}`) || !strings.Contains(q.Figure.LaTeX, `\draw (0,0) grid`) {
				t.Errorf("question 3 figure = %+v", q.Figure)
			}
			var sections []string
			for _, b := range d.Blocks {
				if b.Kind == BlockSection {
					sections = append(sections, b.Title)
				}
			}
			if !reflect.DeepEqual(sections, []string{"Vocabulary", "Part B"}) {
				t.Errorf("sections = %q", sections)
			}
			notices := Notices(d)
			if len(notices) != 1 || !strings.Contains(notices[0], "hexagon.png") || !strings.Contains(notices[0], "question 2") {
				t.Errorf("notices = %q", notices)
			}
		}},
		{"columns, directions, drawn blanks, display maths", columnsBody, func(t *testing.T, d Document) {
			if d.Settings.Columns != 2 {
				t.Errorf("columns = %d, want 2", d.Settings.Columns)
			}
			if d.Blocks[0] != (Block{Kind: BlockSection, Title: "Two-Digit Addition"}) {
				t.Errorf("heading = %+v", d.Blocks[0])
			}
			if d.Blocks[1].Kind != BlockInstructions || d.Blocks[1].Text != `\textbf{Directions:} Add the numbers.` {
				t.Errorf("directions = %+v", d.Blocks[1])
			}
			if q := tf(d, 1); q.Text != `$\begin{array}{r} 23 \\ + 45 \\ \hline \end{array}$` || q.Answer != (Answer{Kind: AnswerNumber, Value: "68"}) {
				t.Errorf("question 1 = %+v", *q)
			}
			if q := tf(d, 2); q.Kind != KindBlank || q.Text != "Fill in: $7 + {}$ ___ $= 10$" || q.Blanks[0].Value != "3" {
				t.Errorf("question 2 = %+v", *q)
			}
			if q := tf(d, 3); q.Text != "Solve $x + 1 = 3$ and name $x$." || q.Space.Kind != SpaceBlank ||
				q.Answer != (Answer{Kind: AnswerExpression, Value: `\begin{aligned}x &= 2\end{aligned}`}) {
				t.Errorf("question 3 = %+v", *q)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, src := range []string{c.src, mustWrap(t, c.src, latex.Settings{Title: "T"})} {
				d, problems := Parse(src)
				if len(problems) > 0 {
					t.Fatalf("problems: %q", problems)
				}
				if err := Validate(d); err != nil {
					t.Fatalf("parsed document is not valid: %v", err)
				}
				c.check(t, d)
			}
		})
	}
}

func questionN(t *testing.T, d Document, n int) *Question {
	t.Helper()
	i := 0
	for _, b := range d.Blocks {
		if b.Kind == BlockQuestion {
			i++
			if i == n {
				return b.Question
			}
		}
	}
	t.Fatalf("no question %d in %s", n, js(d))
	return nil
}

// TestParseProblems: what the document cannot hold is reported, one sentence each, so the
// caller compiles the source itself instead.
func TestParseProblems(t *testing.T) {
	cases := []struct{ src, want string }{
		{`\begin{itemize}\item Bring a pencil.\item Work alone.\end{itemize} \item stray`, "\\item is not allowed"},
		{"\\begin{questions}\\question Read.\n\\begin{tcolorbox}x\\end{tcolorbox}\\end{questions}", "question 1: the environment tcolorbox is not part of the worksheet vocabulary"},
		{"\\begin{questions}\\question List.\n\\begin{choices}\\choice a\\choice b\\end{choices}\\begin{itemize}\\item x\\item y\\end{itemize}\\end{questions}", "question 1: a list beside its choices"},
		{`\begin{questions}\question Say \foo{x}. \begin{solution}1\end{solution}\end{questions}`, `question 1: \foo is not allowed`},
		{`\begin{questions}\question $1+1$`, "\\begin{questions} is never closed"},
		{`\begin{tikzpicture}\write18{x}\end{tikzpicture}`, `a figure cannot be kept: \write is not allowed in a figure`},
	}
	for _, c := range cases {
		_, problems := Parse(c.src)
		if !strings.Contains(strings.Join(problems, "\n"), c.want) {
			t.Errorf("Parse(%q) problems %q, want %q", c.src, problems, c.want)
		}
	}
}

// TestParsedSourcesRender: documents parsed from hand-written sources render into a sheet
// and key that compile, page for page, with the parsed answers in the key.
func TestParsedSourcesRender(t *testing.T) {
	for _, src := range []string{mathsBody, readingBody, matchingBody} {
		d, _ := Parse(src)
		d.Title = "Parsed"
		sheet, key := compileBoth(t, d)
		if len(sheet) != len(key) {
			t.Errorf("sheet %d pages, key %d", len(sheet), len(key))
		}
		all := strings.Join(key, "")
		for _, want := range []string{"Answer Key"} {
			if !strings.Contains(all, want) {
				t.Errorf("key lacks %q", want)
			}
		}
		for _, b := range d.Blocks {
			if b.Question != nil && b.Question.Kind == KindShort && b.Question.Answer.Kind == AnswerNumber {
				if !strings.Contains(all, b.Question.Answer.Value) {
					t.Errorf("key lacks the answer %q", b.Question.Answer.Value)
				}
			}
		}
	}
}

// What a model writes around its questions is read as the document's blocks, not refused: a
// heading or a paragraph inside the questions list, a heading between questions, a poem in
// verse, display maths, line breaks and the counters the server sets itself.
func TestParseReadsWhatModelsWriteAroundQuestions(t *testing.T) {
	src := `\begin{questions}
\setcounter{question}{0}
\section*{Part A: Speed}
Read each problem.
\question A car travels 100 km in 2 hours. What is its speed?
\begin{solution}50 km/h\end{solution}
\paragraph{Part B}
\question Solve:
\begin{align*} 2x + 1 &= 7 \end{align*}
\begin{solution}$x = 3$\end{solution}
\end{questions}
\begin{verse}
Roses are red,\\
violets are blue.
\end{verse}
\pgfplotsset{compat=1.18}`
	doc, problems := Parse(src)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	var kinds, titles []string
	for _, b := range doc.Blocks {
		kinds = append(kinds, b.Kind)
		if b.Kind == BlockSection {
			titles = append(titles, b.Title)
		}
	}
	want := []string{BlockSection, BlockPassage, BlockQuestion, BlockSection, BlockQuestion, BlockPassage}
	if !slices.Equal(kinds, want) {
		t.Fatalf("blocks %v, want %v", kinds, want)
	}
	if !slices.Equal(titles, []string{"Part A: Speed", "Part B"}) {
		t.Errorf("headings %q", titles)
	}
	if poem := doc.Blocks[5].Text; poem != "Roses are red,\n\nviolets are blue." {
		t.Errorf("the poem reads %q", poem)
	}
	if q := doc.Blocks[4].Question; !strings.Contains(q.Text, `\begin{aligned}`) {
		t.Errorf("display maths not kept inline: %q", q.Text)
	}
	if err := Validate(doc); err != nil {
		t.Error(err)
	}
}

// A figure's comments go; an escaped percent stays; no blank line is left in the picture.
func TestStripFigureComments(t *testing.T) {
	in := "\\begin{tikzpicture}\n% the axes\n\\draw (0,0) -- (1,0); % x axis\n\\node at (0,1) {50\\% off};\n\\end{tikzpicture}"
	want := "\\begin{tikzpicture}\n\\draw (0,0) -- (1,0);\n\\node at (0,1) {50\\% off};\n\\end{tikzpicture}"
	got := StripFigureComments(in)
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	doc := Document{Blocks: []Block{{Kind: BlockFigure, Figure: &Figure{LaTeX: got}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "How long is the line?", Answer: Answer{Value: "1"}}}}}
	if err := Validate(doc); err != nil {
		t.Error(err)
	}
}

// Bodies nested thousands deep (a hostile or broken model reply) are read in one pass or stop
// at maxNesting with a named problem: never a reading of their rest at every level.
func TestParseBoundsNesting(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "x" + strings.Repeat(close, n)
	}
	q := func(s string) string {
		return "\\begin{questions}\n\\question What is this? " + s + "\n\\end{questions}\n"
	}
	const nested = "nested more than 12 levels deep"
	for _, c := range []struct {
		name, body string
		problem    string // "" when the body reads
	}{
		{"questions in questions", deep(`\begin{questions}`, `\end{questions}`, 5000), nested},
		{"\\uplevel in \\uplevel", q(deep(`\uplevel{`, `}`, 5000)), nested},
		{"minipages in minipages", q(deep(`\begin{minipage}{1cm}`, `\end{minipage}`, 5000)), "has more than 32 minipages"},
		{"minipages side by side", q(strings.Repeat(`\begin{minipage}{1cm}x\end{minipage}`, 5000)), "has more than 32 minipages"},
		{"lists in lists", q(deep(`\begin{itemize}\item Why is the sky blue when the sun is high in the sky at noon? `, `\end{itemize}`, 5000)), ""},
		{"font groups in font groups", q(deep(`{\bfseries `, `}`, 5000)), ""},
		{"10,000 braces", q(deep(`{`, `}`, 10000)), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, problems := Parse(c.body)
			said := strings.Contains(strings.Join(problems, " "), nested)
			if c.problem != "" && !strings.Contains(strings.Join(problems, " "), c.problem) {
				t.Errorf("problems %q, want one saying %q", problems, c.problem)
			}
			if c.problem == "" && said {
				t.Errorf("a body the reader follows is said to be too deep: %q", problems)
			}
			if c.problem == "" && len(problems) == 0 && len(doc.Blocks) == 0 {
				t.Error("no problem and no block")
			}
		})
	}
}

// A sheet nests as deep as the vocabulary goes (parts, subparts, subsubparts, a list of
// options, text between questions) without meeting the bound.
func TestParseReadsTheDeepestSheet(t *testing.T) {
	body := `\begin{questions}
\question Answer each part.
\begin{parts}
\part Look closely.
\begin{subparts}
\subpart Look again.
\begin{subsubparts}
\subsubpart Which is larger?
\begin{oneparchoices}\choice 1 \CorrectChoice 2\end{oneparchoices}
\end{subsubparts}
\end{subparts}
\end{parts}
\uplevel{\textbf{Part B}}
\question {\bfseries Write} \verb|x + 1| for $x = 2$.
\begin{solution}3\end{solution}
\end{questions}`
	doc, problems := Parse(body)
	if len(problems) > 0 {
		t.Fatalf("problems: %q", problems)
	}
	var last *Question
	for _, b := range doc.Blocks {
		if b.Question != nil {
			last = b.Question
		}
	}
	if last == nil || !strings.Contains(last.Text, `\texttt{x + 1}`) || !strings.Contains(last.Text, `\textbf{Write}`) {
		t.Errorf("last question = %+v", last)
	}
}
