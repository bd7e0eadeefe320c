package worksheet

import (
	"fmt"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// scienceDocument uses the notation science and maths teachers write: siunitx units and
// numbers, mhchem formulas, TikZ with its libraries, a pgfplots graph and a table.
func scienceDocument() Document {
	return Document{
		Title:    "Forces and Reactions",
		Settings: Settings{Columns: 2, ShowName: true},
		Blocks: []Block{
			{Kind: BlockFigure, Figure: &Figure{LaTeX: `\begin{tabular}{cc}
\toprule
Time (\si{\second}) & Distance (\si{\metre}) \\
\midrule
0 & 0 \\
2 & 19.6 \\
\bottomrule
\end{tabular}`, Caption: "Table 1: a falling ball."}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: `A force of \SI{12}{\newton} acts on \SI{3}{\kilogram}. Find the acceleration.`,
				Answer: Answer{Kind: AnswerText, Value: `\SI{4}{\metre\per\second\squared}`}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: `Balance: \ce{H2 + O2 -> H2O}`,
				Answer: Answer{Kind: AnswerText, Value: `\ce{2H2 + O2 -> 2H2O}`}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "Find angle $x$.", Figure: &Figure{LaTeX: `\begin{tikzpicture}
\coordinate (A) at (0,0); \coordinate (B) at (3,0); \coordinate (C) at (1,2);
\draw[-{Stealth}] (A) -- (B);
\draw (A) -- (C) -- (B);
\pic[draw, "$x$", angle eccentricity=1.5] {angle = B--A--C};
\node[right=of C] {apex};
\fill[pattern=north east lines] ($(A)!0.5!(B)$) circle (0.2);
\draw[decorate, decoration={brace, amplitude=4pt}] (0,-0.3) -- (3,-0.3);
\end{tikzpicture}`}, Answer: Answer{Kind: AnswerExpression, Value: `63.4^\circ`}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "Where does the graph cross the $x$-axis?", Figure: &Figure{LaTeX: `\begin{tikzpicture}
\begin{axis}[width=6cm, axis lines=middle, xlabel=$x$, ylabel=$y$]
\addplot[domain=-3:3, samples=40] {x^2 - 4};
\end{axis}
\end{tikzpicture}`}, Answer: Answer{Kind: AnswerExpression, Value: `x = \pm 2`}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: `Write \num{0.00034} in standard form.`,
				Answer: Answer{Kind: AnswerExpression, Value: `3.4 \times 10^{-4}`}}},
		},
	}
}

// TestScienceNotation: units, chemistry, TikZ libraries and pgfplots load when a document
// uses them, compile, and print as notation rather than as raw commands.
func TestScienceNotation(t *testing.T) {
	doc := scienceDocument()
	if err := Validate(doc); err != nil {
		t.Fatal(err)
	}
	sheet, key, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`\usepackage{pgfplots}`, `\usepackage{booktabs}`, `\usepackage{siunitx}`, `\usepackage[version=4]{mhchem}`,
		`\usetikzlibrary{angles,arrows.meta,calc,decorations.pathreplacing,patterns,positioning,quotes}`} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet does not load %s", want)
		}
	}
	plain, _, err := Render(sampleDocument())
	if err != nil {
		t.Fatal(err)
	}
	for _, unused := range []string{"pgfplots", "booktabs", "siunitx", "mhchem", `\usetikzlibrary`} {
		if strings.Contains(plain, unused) {
			t.Errorf("a sheet without it loads %s", unused)
		}
	}
	_ = key
	sp, kp := compileBoth(t, doc)
	all := strings.Join(sp, "\n")
	keyText := strings.Join(kp, "\n")
	for _, want := range []string{"12 N", "3 kg", "H2 + O2", "Time (s)", "19.6", "apex", "Table 1: a falling ball.", "3.4 × 10"} {
		if !strings.Contains(all+keyText, want) {
			t.Errorf("the PDFs lack %q:\nsheet:\n%s\nkey:\n%s", want, all, keyText)
		}
	}
	for _, raw := range []string{`\SI`, `\ce`, `\si`, "newton"} {
		if strings.Contains(all, raw) {
			t.Errorf("the sheet prints %q as text", raw)
		}
	}
	// Units as school books write them: m/s², not m s⁻².
	if !strings.Contains(keyText, "4 m/s2") {
		t.Errorf("the key lacks the answer 4 m/s²:\n%s", keyText)
	}
}

// TestFigureForms: the shapes figures arrive in compile inside their boxes: a bare pgfplots
// axis, a table in a center environment, a tabularx as wide as the column, two pictures side
// by side, a minipage.
func TestFigureForms(t *testing.T) {
	forms := []string{
		"\\begin{axis}[width=5cm]\n\\addplot[domain=0:2] {2*x};\n\\end{axis}",
		"\\begin{center}\n\\begin{tabular}{cc} formA & 1 \\\\ formB & 2 \\end{tabular}\n\\end{center}",
		"\\begin{tabularx}{\\linewidth}{|X|X|} formC & formD \\\\ \\end{tabularx}",
		"\\begin{tabular}{c} formE \\end{tabular}\n\\hspace{1em}\n\\begin{tikzpicture}\\draw (0,0) circle (0.5);\\end{tikzpicture}",
		"\\begin{minipage}{3cm} formF \\end{minipage}",
		"\\begin{tikzpicture}\\begin{axis}[width=5cm]\n\\addplot[name path=f, domain=0:2] {x^2};\n\\addplot[name path=g, domain=0:2] {x};\n" +
			"\\addplot[gray!30] fill between[of=f and g];\n\\end{axis}\\end{tikzpicture}",
		"\\begin{tikzpicture}\\draw[name path=a] (0,0) -- (2,2); \\draw[name path=b] (0,2) -- (2,0);\n" +
			"\\fill[name intersections={of=a and b}] (intersection-1) circle (2pt) node[right] {formG};\\end{tikzpicture}",
	}
	doc := Document{Title: "Figures", Settings: Settings{Columns: 2}}
	for i, f := range forms {
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: fmt.Sprintf("Figure %d.", i+1),
			Figure: &Figure{LaTeX: f}, Answer: Answer{Value: "1"}}})
	}
	if err := Validate(doc); err != nil {
		t.Fatal(err)
	}
	sheet, _ := compileBoth(t, doc)
	text := strings.Join(sheet, "")
	src, _, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, `\usepgfplotslibrary{fillbetween}`) || !strings.Contains(src, `\usetikzlibrary{intersections}`) {
		t.Error("the libraries a figure uses are not loaded")
	}
	for _, want := range []string{"formA", "formB", "formC", "formD", "formE", "formF", "formG", "Figure 7."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
}

// TestInlineVocabularyCompiles: every kind of inline LaTeX Validate accepts compiles in every
// place a text goes: a question, a choice in a line of choices and on its own line, a blank's
// answer (a box of one line), a matching cell, an open answer on lines, a heading.
func TestInlineVocabularyCompiles(t *testing.T) {
	texts := []string{
		`$\frac{1}{2} + \dfrac{3}{4}$`, `$\sqrt[3]{8} \times \sqrt{2}$`, `$\left( x \right)^{2}$`, `$x_1, x_{10}$`,
		`$\mathbb{R} \cup \emptyset$`, `$\begin{pmatrix}1 & 2\\ 3 & 4\end{pmatrix}$`, `$\text{cm}^2$`, `$\overline{AB} \parallel \vec{v}$`,
		`$\angle ABC = 90^\circ$`, `$\cancel{2}x$`, `$\lim_{x \to 0} \sin x$`, `$\begin{cases} x & x > 0 \\ 0 & \text{else}\end{cases}$`,
		`\textbf{bold} \emph{em} \underline{under} \textit{it}`, `50\% \& \# \$5 \{x\} \_`, `caf\'e, ni\~no, \"uber, \c{c}a`,
		`café, niño, über, 100 °C, 5 × 3`, `\SI{9.8}{\metre\per\second\squared} and \num{12345.678}`, `\qty{3}{\kilogram}, \unit{\newton}`,
		`\ce{2H2 + O2 -> 2H2O}`, `a~b \quad c \qquad d \ldots`, `x\textsuperscript{2} H\textsubscript{2}O`, `{}`, `\small small \Large large`,
		`\texteuro 5 \textbullet\ \textdegree`, `$\$3.50$`, `\S 3 \P`, `$a \le b \ge c \ne d \approx e$`,
	}
	doc := Document{Title: "Inline", Settings: Settings{Columns: 2}}
	add := func(q Question) { doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q}) }
	for _, s := range texts {
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: s})
		add(Question{Kind: KindShort, Text: s, Answer: Answer{Kind: AnswerText, Value: s, Checked: true}})
		add(Question{Kind: KindChoice, Text: s, Choices: []Choice{{Text: s, Correct: true}, {Text: "x"}}})
		add(Question{Kind: KindChoice, Text: "Long", Choices: []Choice{{Text: s + " and some more words to make it long", Correct: true}, {Text: "y"}}})
		add(Question{Kind: KindBlank, Text: "Fill ___ in.", Blanks: []Answer{{Kind: AnswerText, Value: s}}})
		add(Question{Kind: KindMatching, Text: "Match", Pairs: []Pair{{Left: s, Right: s}, {Left: "b", Right: "c"}}, Shuffle: []int{1, 0}})
		add(Question{Kind: KindOpen, Text: s, Space: Space{Kind: SpaceLines, Size: 2}, Answer: Answer{Kind: AnswerText, Value: s}})
	}
	if err := Validate(doc); err != nil {
		t.Fatal(err)
	}
	compileBoth(t, doc)
	// narrow columns: choices one per line, matching items stacked
	narrow := Document{Title: "Inline", Settings: Settings{Columns: 4}}
	for _, b := range doc.Blocks {
		if b.Question != nil && (b.Question.Kind == KindChoice || b.Question.Kind == KindMatching) {
			narrow.Blocks = append(narrow.Blocks, b)
		}
	}
	compileBoth(t, narrow)
}

// TestFiguresLoadInstalledPackages: a figure may name any installed package a worksheet may
// load (chemfig's structural formulas, circuitikz), and the sheet loads it; one that reaches
// programs, files or the PDF is refused in a sentence saying why.
func TestFiguresLoadInstalledPackages(t *testing.T) {
	if !latex.Allowed("chemfig") {
		t.Skip("chemfig is not installed")
	}
	doc := Document{Title: "Molecules", Blocks: []Block{
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "Name this molecule.",
			Figure: &Figure{LaTeX: `\chemfig{H-C(-[2]H)(-[6]H)-OH}`, Packages: []string{"chemfig"}}, Answer: Answer{Value: "methanol"}}},
	}}
	if err := Validate(doc); err != nil {
		t.Fatal(err)
	}
	src, _, err := Render(doc)
	if err != nil || !strings.Contains(src, `\usepackage{chemfig}`) {
		t.Fatalf("chemfig is not loaded (%v)", err)
	}
	sheet, key := compileBoth(t, doc)
	if text := strings.Join(sheet, ""); !strings.Contains(text, "OH") || !strings.Contains(strings.Join(key, ""), "methanol") {
		t.Errorf("the formula or its answer is not printed:\nsheet %q\nkey %q", text, key)
	}
	doc.Blocks[0].Question.Figure.Packages = []string{"minted"}
	if err := Validate(doc); err == nil || !strings.Contains(err.Error(), `package "minted" is not available: it runs programs`) {
		t.Errorf("minted: %v", err)
	}
}
