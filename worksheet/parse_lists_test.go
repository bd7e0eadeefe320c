package worksheet

import (
	"strings"
	"testing"

	"sheetsmith/latex"
)

// parsedClean parses a body that must read without problems.
func parsedClean(t *testing.T, src string) Document {
	t.Helper()
	d, problems := Parse(src)
	if len(problems) > 0 {
		t.Fatalf("Parse(%q) problems %q", src, problems)
	}
	return d
}

// correctChoice is the text of the choice marked right.
func correctChoice(q *Question) string {
	for _, c := range q.Choices {
		if c.Correct {
			return c.Text
		}
	}
	return ""
}

// allText is every word the sheet would print from the document's blocks.
func allText(d Document) string {
	var b strings.Builder
	for _, bl := range d.Blocks {
		b.WriteString(bl.Title + " " + bl.Text + " ")
		if q := bl.Question; q != nil {
			b.WriteString(q.Text + " ")
			for _, c := range q.Choices {
				b.WriteString(c.Text + " ")
			}
			for _, p := range q.Parts {
				b.WriteString(p.Text + " ")
			}
		}
	}
	return b.String()
}

// Options a model lists under its question, or letters on the question's own lines, are the
// question's choices, and the letter its key names is the right one.
func TestParseOptionsWrittenAsListsOrLetters(t *testing.T) {
	cases := []struct{ name, src, right, notInText string }{
		{"nested enumerate", `\begin{questions}\question Which river was the center of life in ancient Egypt?
\begin{enumerate}[label=(\alph*)]
\item The Tigris
\item The Nile
\item The Euphrates
\end{enumerate}
\begin{solution}(b) The Nile\end{solution}
\end{questions}`, "The Nile", "Tigris"},
		{"itemize with lettered items", `\begin{questions}\question How many players are on a basketball court?
\begin{itemize}
\item A. 4
\item B. 5
\item C. 6
\end{itemize}
\begin{solution}B. 5\end{solution}
\end{questions}`, "5", "A."},
		{"letters on one line", "\\begin{questions}\\question \\textit{\"The snow was a white blanket.\"}\n   a) Simile  b) Metaphor  c) Personification\n\\begin{solution}b) Metaphor\\end{solution}\n\\end{questions}", "Metaphor", "Simile"},
		{"letters after a line break", "\\begin{questions}\\question Which gas do plants take in?\\\\\n(a) Oxygen \\quad (b) Nitrogen \\quad (c) Carbon dioxide\n\\begin{solution}(c) Carbon dioxide\\end{solution}\n\\end{questions}", "Carbon dioxide", "Nitrogen"},
		{"bold letters", "\\begin{questions}\\question What type of circuit is it?\\\\\n\\textbf{A)} Series \\quad \\textbf{B)} Parallel\n\\begin{solution}A) Series\\end{solution}\n\\end{questions}", "Series", "Parallel"},
	}
	for _, c := range cases {
		d := parsedClean(t, c.src)
		q := questionN(t, d, 1)
		if q.Kind != KindChoice || correctChoice(q) != c.right {
			t.Errorf("%s: kind %q, right choice %q; want a choice question answered %q (%s)", c.name, q.Kind, correctChoice(q), c.right, js(q))
		}
		if strings.Contains(q.Text, c.notInText) {
			t.Errorf("%s: the options are still in the question's text %q", c.name, q.Text)
		}
	}
	// parts written inline are not options
	d := parsedClean(t, "\\begin{questions}\\question A car travels 120 km in 2 hours.\\\\\n(a) What is its speed? \\quad (b) How far does it go in 5 hours?\n\\end{questions}")
	if q := questionN(t, d, 1); len(q.Choices) > 0 {
		t.Errorf("questions lettered inline became options %q", js(q.Choices))
	}
}

// Room a model draws for an answer (a list of lines, a line after the question, an empty
// frame) is the question's answer space; its "Answer:" label is not the question's text.
func TestParseAnswerRoom(t *testing.T) {
	d := parsedClean(t, `\begin{questions}
\question List the five food groups.
\begin{enumerate}
\item \rule{5cm}{0.4pt}
\item \rule{5cm}{0.4pt}
\item \rule{5cm}{0.4pt}
\end{enumerate}
\question What two things change sedimentary rock into metamorphic rock?
\framebox[7cm][l]{\rule{0pt}{1cm}}
\begin{solution}Heat and pressure\end{solution}
\question Write the word equation for photosynthesis.\\
Answer: \rule{10cm}{0.15mm}
\question Hier, nous \ldots\ldots\ldots\ldots (manger) au restaurant.
\begin{solution}avons mangé\end{solution}
\end{questions}

\underline{\hspace{12cm}}`)
	if q := questionN(t, d, 1); q.Space.Kind != SpaceLines || q.Space.Size != 3 {
		t.Errorf("a list of three lines gave the space %+v", q.Space)
	}
	if q := questionN(t, d, 2); q.Space.Kind != SpaceBox || q.Answer.Value != "Heat and pressure" {
		t.Errorf("an empty frame gave %s", js(q))
	}
	if q := questionN(t, d, 3); strings.Contains(q.Text, "Answer") {
		t.Errorf("the answer line's label stayed in the question: %q", q.Text)
	}
	if q := questionN(t, d, 4); q.Kind != KindBlank || len(q.Blanks) != 1 || q.Blanks[0].Value != "avons mangé" {
		t.Errorf("a dot leader is not the blank of %s", js(q))
	}
	if len(d.Blocks) != 4 {
		t.Errorf("a line under the last question became a block of its own: %s", js(d.Blocks))
	}
}

// An answer key after the questions — a list under its heading, or a line of numbered
// answers, in the sheet's language — answers the questions and prints nothing on the sheet.
func TestParseKeyAfterQuestions(t *testing.T) {
	d := parsedClean(t, `\begin{questions}
\question How many senators does each state have?
\begin{choices}\choice One \choice Two \choice Four\end{choices}
\question Vrai ou faux : Le réfrigérateur se trouve dans la chambre.
\question Donne le participe passé du verbe naître.
\question For each statement, circle T or F.
\begin{parts}
\part T \quad F \quad The President can veto a bill.
\part T \quad F \quad The Supreme Court writes laws.
\end{parts}
\end{questions}

\section*{Corrigé}
1. B --- Two \quad 2. Faux \quad 3. né \quad 4. (a) T \quad (b) F`)
	if q := questionN(t, d, 1); correctChoice(q) != "Two" {
		t.Errorf("the key's letter did not mark the choice: %s", js(q))
	}
	if q := questionN(t, d, 2); q.Kind != KindTrueFalse || q.Answer.Value != "false" || strings.Contains(q.Text, "Vrai") {
		t.Errorf("the key's Faux did not answer the true-or-false question: %s", js(q))
	}
	if q := questionN(t, d, 3); q.Answer.Value != "né" {
		t.Errorf("question 3 answer %q, want né", q.Answer.Value)
	}
	if q := questionN(t, d, 4); len(q.Parts) != 2 || q.Parts[0].Answer.Value != "true" || q.Parts[1].Answer.Value != "false" ||
		q.Parts[1].Kind != KindTrueFalse || strings.Contains(q.Parts[1].Text, `\quad`) {
		t.Errorf("the key's part answers gave %s", js(q.Parts))
	}
	if s := allText(d); strings.Contains(s, "Corrigé") || strings.Contains(s, "né \\quad") {
		t.Errorf("the key is on the sheet: %q", s)
	}
}

// What models write around their questions reads as the document: a title in font
// declarations is a heading, the sheet's own Name/Date fields in any language are dropped, a
// code listing keeps its characters (a % is code, not a comment), and a reference to a
// question prints its number.
func TestParseModelLayout(t *testing.T) {
	d := parsedClean(t, `\begin{center}
{\Large\bfseries Vocabulario: La comida}
\end{center}
\textbf{Nombre:} \rule{6cm}{0.4pt} \hfill \textbf{Fecha:} \rule{3cm}{0.4pt}

\begin{questions}
\question\label{q:first} What does this program print?
\begin{verbatim}
x = 7 % 2
    print(x)
\end{verbatim}
\begin{solution}1\end{solution}
\question Look back at Question~\ref{q:first}. What does \verb|x % 3| give?
\begin{solution}1\end{solution}
\end{questions}`)
	if b := d.Blocks[0]; b.Kind != BlockSection || b.Title != "Vocabulario: La comida" {
		t.Errorf("the title in font declarations gave %s", js(b))
	}
	if s := allText(d); strings.Contains(s, "Nombre") || strings.Contains(s, `\Large`) {
		t.Errorf("the sheet's own fields or a font declaration are in the text: %q", s)
	}
	q := questionN(t, d, 1)
	if q.Figure == nil || !strings.Contains(q.Figure.LaTeX, `x = 7 \% 2`) || !strings.Contains(q.Figure.LaTeX, `\ \ \ \ print(x)`) {
		t.Errorf("the code listing became %s", js(q.Figure))
	}
	if q := questionN(t, d, 2); !strings.Contains(q.Text, "Question~1") || !strings.Contains(q.Text, `\texttt{x \% 3}`) {
		t.Errorf("the reference or the inline code gave %q", q.Text)
	}
}

// Questions a model writes as a list, as numbered rows of a table, or as two lists matched
// by a key are the questions they are, answered by the key.
func TestParseQuestionsInListsAndTables(t *testing.T) {
	d := parsedClean(t, `\begin{enumerate}
\item What is $\frac{1}{3}$ of 12 apples?
\item $\frac{1}{5} + \frac{2}{5} = $ \underline{\hspace{2cm}}
\end{enumerate}

\begin{tabular}{r p{10cm} c}
1. & Glass bottles can be recycled again and again. & T \quad F \\[6pt]
2. & Recycling one aluminum can saves no energy. & T \quad F \\[6pt]
\end{tabular}

\begin{questions}
\question Match each element of art to its definition.

\begin{minipage}[t]{0.35\textwidth}
\begin{enumerate}
\item \rule{1cm}{0.4pt} Line
\item \rule{1cm}{0.4pt} Texture
\end{enumerate}
\end{minipage}
\begin{minipage}[t]{0.6\textwidth}
\begin{enumerate}[label=\Alph*.]
\item how something feels
\item a mark made by a moving point
\end{enumerate}
\end{minipage}
\begin{solution}1--B, 2--A\end{solution}
\end{questions}

\textit{Answer key: 1. 4 \quad 2. 3/5 \quad 3. T \quad 4. F}`)
	if q := questionN(t, d, 1); q.Answer.Value != "4" || !strings.Contains(q.Text, "12 apples") {
		t.Errorf("question 1 from the list: %s", js(q))
	}
	if q := questionN(t, d, 3); q.Kind != KindTrueFalse || q.Answer.Value != "true" || q.Text != "Glass bottles can be recycled again and again." {
		t.Errorf("a numbered table row is not its true-or-false question: %s", js(q))
	}
	if q := questionN(t, d, 4); q.Answer.Value != "false" {
		t.Errorf("question 4 answer %q, want false", q.Answer.Value)
	}
	q := questionN(t, d, 5)
	if q.Kind != KindMatching || len(q.Pairs) != 2 || q.Pairs[0] != (Pair{Left: "Line", Right: "a mark made by a moving point"}) {
		t.Errorf("two lists and their key gave %s", js(q))
	}
	if s := allText(d); strings.Contains(s, "Answer key") {
		t.Errorf("the key is on the sheet: %q", s)
	}
}

// Sub-questions lettered on one line, answered letter by letter, stay the question's text.
func TestParseLetteredPartsAreNotOptions(t *testing.T) {
	d := parsedClean(t, "\\begin{questions}\\question Solve each equation.\\\\\n(a) $2x = 4$ \\quad (b) $3x = 9$\n\\begin{solution}(a) $x = 2$ (b) $x = 3$\\end{solution}\n\\end{questions}")
	if q := questionN(t, d, 1); len(q.Choices) > 0 {
		t.Errorf("parts lettered inline became options: %s", js(q))
	}
}

// Drawings of packages the server loads on use are figures: a circuitikz environment, a
// \chemfig on its own line (or centred), before a question or inside one.
func TestPackageDrawingsAreFigures(t *testing.T) {
	if !latex.Allowed("chemfig") || !latex.Allowed("circuitikz") {
		t.Skip("chemfig or circuitikz is not installed")
	}
	body := "\\chemfig{H-O-H}\n\n\\begin{questions}\n\\question Name the molecule above.\n\\begin{solution}water\\end{solution}\n" +
		"\\question What does the circuit hold?\n\\begin{circuitikz}\\draw (0,0) to[R] (2,0);\\end{circuitikz}\n\\begin{solution}a resistor\\end{solution}\n\\end{questions}"
	doc, problems := Parse(body)
	if len(problems) > 0 {
		t.Fatalf("problems: %q", problems)
	}
	if len(doc.Blocks) != 3 || doc.Blocks[0].Kind != BlockFigure || doc.Blocks[0].Figure.LaTeX != `\chemfig{H-O-H}` {
		t.Fatalf("blocks %+v", doc.Blocks)
	}
	if f := doc.Blocks[2].Question.Figure; f == nil || !strings.HasPrefix(f.LaTeX, `\begin{circuitikz}`) {
		t.Errorf("the circuit is not the question's figure: %+v", doc.Blocks[2].Question)
	}
	if err := Validate(doc); err != nil {
		t.Error(err)
	}
	if src, _, err := Render(doc); err != nil || !strings.Contains(src, `\usepackage{chemfig}`) || !strings.Contains(src, `\usepackage{circuitikz}`) {
		t.Errorf("the packages are not loaded (%v)", err)
	}
}

// Thousands of "a)" in one question's text (a hostile or looping model) are read in one pass:
// matching the glue before each mark against all the text before it was quadratic (8,000
// marks, a 40 KB question, took about a minute).
func TestManyInlineMarksReadInOnePass(t *testing.T) {
	body := "\\begin{questions}\n\\question Which one? " + strings.Repeat("a) x ", 40000) + "\n\\end{questions}"
	if doc, problems := Parse(body); len(problems) == 0 && len(doc.Blocks) == 0 {
		t.Error("no problem and no block")
	}
	doc, problems := Parse("\\begin{questions}\n\\question Which gas do plants take in? \\quad a) Oxygen \\quad b) Carbon dioxide \\quad c) Helium\n\\end{questions}")
	if len(problems) > 0 || len(doc.Blocks) != 1 || len(doc.Blocks[0].Question.Choices) != 3 || doc.Blocks[0].Question.Text != "Which gas do plants take in?" {
		t.Errorf("options lettered inline: %q %+v", problems, doc.Blocks)
	}
}
