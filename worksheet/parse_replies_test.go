package worksheet

import (
	"strings"
	"testing"
)

// Replies of models that ignore the vocabulary: numbered lists for questions, answers written
// in the items, keys after the questions. The reader is the one home of each rule.

// answers lists each question's answer as the key would give it (its value, its marked
// choice, its blanks' words).
func answers(d Document) []string {
	var out []string
	for _, b := range d.Blocks {
		if q := b.Question; q != nil {
			a := q.Answer.Value
			if c := correctChoice(q); c != "" {
				a = c
			}
			for _, bl := range q.Blanks {
				a += bl.Value
			}
			out = append(out, a)
		}
	}
	return out
}

func TestRepliesReadAsQuestionsWithTheirAnswers(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"a key on one line with decimals", "\\begin{enumerate}\n\\item $0.4 \\times 7$\n\\item $1.2 \\times 0.3$\n\\end{enumerate}\n\\subsection*{Answers}\n1. 2.8 \\quad 2. 0.36\n", []string{"2.8", "0.36"}},
		{"a key listed by part", "\\section*{Part A}\n\\begin{enumerate}\n\\item Round 47 to the nearest ten.\n\\end{enumerate}\n\\section*{Part B}\n\\begin{enumerate}\n\\item Round 351 to the nearest hundred.\n\\end{enumerate}\n\\section*{Answer Key}\n\\textbf{Part A}\n\\begin{enumerate}[label=\\alph*)]\n\\item 50\n\\end{enumerate}\n\\textbf{Part B}\n\\begin{enumerate}[label=\\alph*)]\n\\item 400\n\\end{enumerate}\n", []string{"50", "400"}},
		{"\\item inside questions", "\\begin{questions}\n\\item $3+4$\n\\item $5+6$\n\\end{questions}\n\\section*{Answer Key}\n1. 7 \\quad 2. 11\n", []string{"7", "11"}},
		{"a key on one line after the questions", "\\begin{questions}\n\\question The Sun is a star.\n\\question The Moon makes light.\n\\end{questions}\n\n\\section*{Answer Key}\n1. T \\quad 2. F\n", []string{"T", "F"}},
		{"a key list after the questions", "\\begin{questions}\n\\question $2+2$\n\\question $3+3$\n\\end{questions}\n\\textbf{Answers:}\n\n\\begin{enumerate}\\item 4 \\item 6\\end{enumerate}", []string{"4", "6"}},
		{"answers written in the items", "\\begin{enumerate}\n\\item $81 - 46 = $ \\underline{\\hspace{2cm}} (Answer: 35)\n\\item How many pages are left? \\textbf{Answer:} 118\n\\item $7 \\times 8 = $ \\textit{Answer: 56}\n\\end{enumerate}", []string{"35", "118", "56"}},
		{"a list with lettered options and the letter as its answer", "\\begin{enumerate}\n\\item Which is a capital?\na) Lyon\nb) Paris\n\\textbf{Answer: B}\n\\end{enumerate}", []string{"Paris"}},
		{"a second list is more questions", "\\begin{enumerate}\\item $1+1$\\item $2+2$\\end{enumerate}\nPart B: show your solutions.\n\\begin{enumerate}\\item $3+3$\\end{enumerate}", []string{"", "", ""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := parsedClean(t, c.in)
			if got := answers(d); strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("answers %q, want %q", got, c.want)
			}
			for _, w := range []string{"Answer", "quad"} {
				if strings.Contains(allText(d), w) {
					t.Errorf("the sheet shows %q: %q", w, allText(d))
				}
			}
		})
	}
}

// A model's list of questions with a bulleted hint in one and a key under its own heading:
// the hint stays with its question, the key's answers are the questions'.
func TestEnumerateWithAKeyAndAHint(t *testing.T) {
	d := parsedClean(t, "\\subsection*{Round to the nearest ten}\n\\begin{enumerate}[label=\\arabic*.]\n  \\item 47 $\\rightarrow$ \\underline{\\hspace{2cm}}\n  \\item 152 $\\rightarrow$ \\underline{\\hspace{2cm}}\n  \\item Which is closer to 300: 287 or 315?\n  \\begin{itemize}\n    \\item Hint: find each difference.\n  \\end{itemize}\n\\end{enumerate}\n\n\\newpage\n\\section*{Answer Key}\n\\begin{enumerate}\n  \\item 50\n  \\item 150\n  \\item 287 (it is 13 away; 315 is 15 away)\n\\end{enumerate}\n")
	if got := answers(d); strings.Join(got, "|") != "50|150|287 (it is 13 away; 315 is 15 away)" {
		t.Errorf("answers %q", got)
	}
	if !strings.Contains(allText(d), "find each difference") || strings.Contains(allText(d), "Answer Key") {
		t.Errorf("the hint should stay and the key go: %q", allText(d))
	}
}

// Numbered rows inside a table stay rows; numbered lines outside one are questions.
func TestNumberedTableRowsStayRows(t *testing.T) {
	d := parsedClean(t, "\\begin{questions}\n\\question Match.\n\n\\begin{tabular}{ll}\n1. Evaporation & A. Water falls \\\\\n2. Condensation & B. Rivers \\\\\n\\end{tabular}\n"+
		"\\begin{solution}1--A, 2--B\\end{solution}\n\\end{questions}\n\nName them:\n\n1. an insect that makes honey\n2. an insect that lives in a colony")
	var kinds []string
	for _, b := range d.Blocks {
		if b.Question != nil {
			kinds = append(kinds, b.Question.Kind)
		}
	}
	if strings.Join(kinds, " ") != "matching short short" {
		t.Errorf("questions %q, want the table's matching and the two numbered lines", kinds)
	}
}

func TestBoldNumberedQuestions(t *testing.T) {
	d := parsedClean(t, "\\textbf{Nouns}\n\n\\textbf{1.} Name a noun. \\hfill \\underline{\\hspace{3cm}}\n\n\\textbf{Question 2.} Is \\emph{run} a verb?\n\n\\textbf{Answer:} yes\n\n\\textbf{3.} Name an adverb.\n\n\\vspace{1cm}\n\\textbf{Answers:} 1. dog \\quad 3. quickly")
	if got := answers(d); strings.Join(got, "|") != "dog|yes|quickly" {
		t.Errorf("answers %q", got)
	}
	if txt := allText(d); strings.Contains(txt, "Answer") || !strings.Contains(txt, "Nouns") {
		t.Errorf("the heading stays and the answers go: %q", txt)
	}
}

// A passage whose blanks are numbered, with a key numbering them: one fill-in-the-blank
// question whose blanks hold the key's words.
func TestClozeWithNumberedKey(t *testing.T) {
	d := parsedClean(t, "\\instructions{Fill each blank.}\n\\medskip\nA frog starts as an (1)\\underline{\\hspace{2cm}} in a pond.\nIt grows into a (2)\\underline{\\hspace{2cm}}.\n\n\\vfill\n\\noindent\\textbf{Answer Key:} (1) egg \\quad (2) tadpole\n")
	if got := answers(d); strings.Join(got, "|") != "eggtadpole" {
		t.Errorf("answers %q", got)
	}
	if strings.Contains(allText(d), "Answer Key") {
		t.Errorf("the key should be off the sheet: %q", allText(d))
	}
}

// Markdown: questions numbered by hand, options on their lines, a key under a heading.
func TestMarkdownNumberedQuestionsAndKey(t *testing.T) {
	d := parsedClean(t, "\\textbf{Place Value}\n\n1. Value of 7 in 4,732?\n2. Which is the capital of France?\n   a) Lyon\n   b) Paris\n\n\\medskip\\noindent\\textbf{Answer Key}\\par\n1. 700\n2. b) Paris")
	if got := answers(d); strings.Join(got, "|") != "700|Paris" {
		t.Errorf("answers %q", got)
	}
}

// Two lists side by side, blanks beside lettered options, and a key lettering each row then
// answering the questions after: one matching question, and the key's later numbers go on
// to the questions after it.
func TestListsSideBySideWithAKeyByRow(t *testing.T) {
	d := parsedClean(t, "\\textbf{Directions:} Match each amendment to the right it protects.\n\n\\begin{multicols}{2}\n\\begin{enumerate}\n\\item \\underline{\\hspace{1cm}} First Amendment\n\\item \\underline{\\hspace{1cm}} Second Amendment\n\\end{enumerate}\n\\columnbreak\n\\begin{enumerate}[label=\\Alph*.]\n\\item The right to keep and bear arms\n\\item Freedom of speech\n\\end{enumerate}\n\\end{multicols}\n\n\\section*{Short Answer}\n\\begin{enumerate}\n\\setcounter{enumi}{2}\n\\item In what year was the Bill of Rights ratified? \\underline{\\hspace{2cm}}\n\\end{enumerate}\n\n\\section*{Answer Key}\n1. B \\quad 2. A \\\\\n3. 1791\n")
	q := d.Blocks[0].Question
	if q == nil || q.Kind != KindMatching || len(q.Pairs) != 2 || q.Pairs[0].Right != "Freedom of speech" || q.Pairs[1].Right != "The right to keep and bear arms" {
		t.Fatalf("the lists should be one matching paired by the key: %+v", d.Blocks[0])
	}
	if got := answers(d); got[len(got)-1] != "1791" {
		t.Errorf("the key's 3 should answer the question after the matching: %q", got)
	}
}

// A table numbered on the left and lettered on the right is a matching, and a key answering
// part by part ("A: …", "B: 1c, 2e", "C: 12. a") answers each section's questions in order.
func TestMatchingTableAndKeyByPart(t *testing.T) {
	d := parsedClean(t, "\\subsection*{A. Der, die oder das?}\n\\begin{enumerate}\n\\item \\underline{\\hspace{1.5cm}} Schüler\n\\item \\underline{\\hspace{1.5cm}} Tafel\n\\end{enumerate}\n"+
		"\\subsection*{B. Verbinde}\nVerbinde jedes Wort mit der Bedeutung.\n\n\\begin{tabular}{ll}\n1. das Lineal & a) the homework \\\\\n2. die Hausaufgaben & b) the ruler \\\\\n\\end{tabular}\n\n"+
		"\\subsection*{C. Fragen}\n\\begin{enumerate}\n\\setcounter{enumi}{4}\n\\item Übersetze: the school bag. \\underline{\\hspace{4cm}}\n\\end{enumerate}\n"+
		"\\subsection*{Lösungen}\nA: 1. der, 2. die\\\\\nB: 1b, 2a\\\\\nC: 5. die Schultasche\n")
	if got := answers(d); strings.Join(got, "|") != "der|die||die Schultasche" {
		t.Errorf("answers %q", got)
	}
	var m *Question
	for _, b := range d.Blocks {
		if b.Question != nil && b.Question.Kind == KindMatching {
			m = b.Question
		}
	}
	if m == nil || len(m.Pairs) != 2 || m.Pairs[0].Right != "the ruler" {
		t.Errorf("the table should be a matching paired by the key: %+v", m)
	}
}

// Choices drawn inline (\tikz\draw …;) keep their words as choices and their drawings as the
// question's figure, over each choice's letter.
func TestChoicesWithInlineDrawings(t *testing.T) {
	d := parsedClean(t, "\\begin{questions}\n\\question Which is a rectangle?\n\\begin{oneparchoices}\n\\choice circle \\tikz\\draw (0,0) circle (0.2);\n\\CorrectChoice rectangle \\tikz\\draw (0,0) rectangle (0.6,0.3);\n\\end{oneparchoices}\n\\end{questions}")
	q := d.Blocks[0].Question
	if correctChoice(q) != "rectangle" || q.Choices[0].Text != "circle" {
		t.Errorf("choices %+v", q.Choices)
	}
	if q.Figure == nil || !strings.Contains(q.Figure.LaTeX, `\draw (0,0) rectangle (0.6,0.3);`) || !strings.Contains(q.Figure.LaTeX, "A & B") {
		t.Errorf("the drawings should be the question's figure over the letters: %+v", q.Figure)
	}
}

// The Name and Date lines a model writes over its questions are the sheet's own fields: not
// printed twice. A line to answer on after a question stays the question's.
func TestNameAndDateLinesAreTheSheets(t *testing.T) {
	d := parsedClean(t, "\\noindent\\textbf{Name:} \\underline{\\hspace{5cm}} \\hfill \\textbf{Date:} \\underline{\\hspace{3cm}}\n\nName: \\rule{4cm}{0.4pt}\n\\begin{questions}\n\\question Name the shape.\n\nAnswer: \\underline{\\hspace{3cm}}\n\\begin{solution}square\\end{solution}\n\\end{questions}")
	if txt := allText(d); strings.Contains(txt, "Name:") || strings.Contains(txt, "Date") || len(d.Blocks) != 1 {
		t.Errorf("the fields should go: %q", txt)
	}
	if q := d.Blocks[len(d.Blocks)-1].Question; q == nil || q.Space.Kind != SpaceBlank {
		t.Errorf("the answer line should stay the question's: %+v", d.Blocks)
	}
}
