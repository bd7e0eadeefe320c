package normalize

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
)

// Each case is a flawed answer a model really gives; want/notWant are what the teacher's
// document must and must not contain, fix is a note the server log must show.
func TestBodyFixesCommonModelMistakes(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		want    []string
		notWant []string
		fix     string
	}{
		{
			name:    "markdown fence and chat around it",
			in:      "Sure! Here's your worksheet:\n\n```latex\n\\begin{questions}\n\\question $2+2$\n\\begin{solution}4\\end{solution}\n\\end{questions}\n```\n\nLet me know if you want more!",
			want:    []string{"\\begin{questions}\n\\question $2+2$"},
			notWant: []string{"```", "Sure", "Let me know"},
			fix:     "Markdown code block",
		},

		{
			name:    "chat without a fence",
			in:      "Here is a worksheet on addition:\n\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}\nI hope this helps!",
			notWant: []string{"Here is", "I hope"},
			fix:     "chat text",
		},
		{
			name:    "whole document keeps body only",
			in:      "\\documentclass{article}\n\\usepackage{fancyhdr,cancel,hyperref}\n\\usepackage[margin=2cm]{geometry}\n\\title{Quiz}\\author{Me}\\date{\\today}\n\\begin{document}\n\\maketitle\n\\begin{questions}\\question $\\cancel{2}$\\begin{solution}x\\end{solution}\\end{questions}\n\\end{document}",
			want:    []string{"\\begin{questions}"},
			notWant: []string{"documentclass", "usepackage", "\\title", "\\author", "\\date", "maketitle", "{document}", "hyperref"},
			fix:     "Dropped package hyperref (it writes links",
		},
		{
			name:    "preamble lines left in a body",
			in:      "\\usepackage{amsmath}\n\\title{Fractions}\n\\maketitle\n\\printanswers\n\\begin{questions}\\question $1$\\begin{solution}1\\end{solution}\\end{questions}",
			notWant: []string{"usepackage", "\\title", "maketitle", "printanswers"},
			fix:     `Removed \printanswers`,
		},

		{
			name: "percent after a number, real comment kept",
			in:   "% Worksheet: percentages\n\\begin{questions}\n\\question What is 25% of 80? % easy\n\\begin{solution}20\\end{solution}\n\\end{questions}",
			want: []string{"% Worksheet: percentages", "25\\% of 80? % easy"},
			fix:  "Escaped %",
		},
		{
			name:    "ampersand in text but not in tables",
			in:      "\\question Tom & Jerry\n\\begin{solution}\\begin{tabular}{cc}a & b\\end{tabular} $\\begin{aligned}x&=1\\end{aligned}$\\end{solution}",
			want:    []string{"Tom \\& Jerry", "a & b", "x&=1"},
			notWant: []string{"a \\& b"},
			fix:     "Escaped & in text",
		},
		{
			name: "hash in text but not in definitions",
			in:   "\\newcommand{\\twice}[1]{#1#1}\n\\question Problem #3: \\twice{ab}\n\\begin{solution}ok\\end{solution}",
			want: []string{"\\providecommand{\\twice}[1]{#1#1}", "Problem \\#3"},
			fix:  "Escaped # in text",
		},
		{
			name:    "underscores: words, blanks, labels, subscripts",
			in:      "\\question Save as my_file. Fill in: 3 + ____ = 5. Find x_1 when $a_2 = 4$.\\label{q_one}\n\\begin{solution}2\\end{solution}",
			want:    []string{"my\\_file", `3 + \answerblank = 5`, "$x_1$", "$a_2 = 4$", "\\label{q_one}"},
			notWant: []string{"____"},
			fix:     "answer blank",
		},
		{
			name: "unicode math and punctuation",
			in:   "\\question 6 × 7 = ?  8 ÷ 2, −3, a ≤ b ≥ c ≠ d, ±1, 30°, π, √25, “hi” ‘yo’ – — … • x\u00a0y José 🙂\n\\begin{solution}42\\end{solution}",
			want: []string{`$6 \times 7$ = ?`, `$8 \div 2$`, `$-3$`, `\le`, `\ge`, `\ne`, `\pm`, `30\textdegree{}`, `\pi`, `\sqrt{25}`,
				"``hi''", "`yo'", " -- ", " --- ", `\ldots{}`, `\textbullet{}`, "x~y", "José"},
			notWant: []string{"×", "÷", "−", "≤", "≥", "≠", "±", "°", "π", "√", "“", "”", "–", "—", "…", "•", "\u00a0", "🙂"},
			fix:     "Replaced Unicode ×",
		},
		{
			name: "unicode inside math stays math",
			in:   "\\question $3 × 4 − 1 ≤ 12$\n\\begin{solution}$11$\\end{solution}",
			want: []string{`$3 \times 4 - 1 \le 12$`},
		},
		{
			name: "missing end closed in order",
			in:   "\\begin{questions}\n\\question Add.\n\\begin{parts}\n\\part $1+1$\n\\begin{solution}2",
			want: []string{"\\begin{solution}2\n\\end{solution}\n\\end{parts}\n\\end{questions}"},
			fix:  `Closed \begin{solution}`,
		},
		{
			name: "next question ends an open solution",
			in:   "\\begin{questions}\n\\question A\n\\begin{solution}1\n\\question B\n\\begin{solution}2\\end{solution}\n\\end{questions}",
			want: []string{"\\begin{solution}1\n\\end{solution}\n\\question B"},
		},
		{
			name: "solution inside answer choices moved after them",
			in:   "\\begin{questions}\n\\question Which?\n\\begin{oneparchoices}\n\\choice 5 \\CorrectChoice 7\n\\begin{solution}7\\end{solution}\n\\end{oneparchoices}\n\\end{questions}",
			want: []string{"\\CorrectChoice 7\n\\end{oneparchoices}\n\\begin{solution}7\\end{solution}\n\\end{questions}"},
			fix:  "Moved a solution out of the answer choices",
		},
		{
			name:    "line breaks that end no line",
			in:      "\\begin{questions}\\\\\n\\question $1+1$ \\\\ \\answerblank\n\\begin{solution}2\\end{solution}\\\\[2em]\n\n\\\\\n\\question $2+2$\n\\begin{solution}4\\end{solution}\n\\question[2] \\\\ $3+3$\\begin{solution}6\\end{solution}\n\\end{questions}\n\\begin{center}\\begin{tabular}{c}a\\end{tabular}\\\\ b\\end{center}",
			want:    []string{"$1+1$ \\\\ \\answerblank", "\\end{tabular}\\\\ b"},
			notWant: []string{"\\begin{questions}\\\\", "\\end{solution}\\\\", "\n\\\\\n", "\\question[2] \\\\"},
			fix:     "ended no line",
		},
		{
			name:    "greek letters",
			in:      "\\question If λ = 2 and angle θ = 30, find Σ.\n\\begin{solution}μ\\end{solution}",
			want:    []string{`$\lambda = 2$`, `$\theta = 30$`, `$\Sigma$`, `$\mu$`},
			notWant: []string{"λ", "θ", "Σ", "μ"},
		},
		{
			name:    "output cut off in the middle",
			in:      "\\begin{questions}\n\\question $3+4$\n\\begin{solution}7\\end{solution}\n\\question $5+\\frac{1}{",
			want:    []string{"\\begin{solution}7\\end{solution}\n\\end{questions}"},
			notWant: []string{"$5+"},
			fix:     "unfinished",
		},
		{
			name:    "environments of packages the server does not load",
			in:      "\\newenvironment{hint}{\\itshape}{}\n\\begin{tcolorbox}[title=Warm-up]\n\\begin{questions}\\question $1+1$\\begin{solution}2\\end{solution}\\end{questions}\n\\end{tcolorbox}\n\\begin{hint}Think.\\end{hint}",
			want:    []string{"\\begin{questions}", "\\begin{hint}Think.\\end{hint}"},
			notWant: []string{"tcolorbox", "Warm-up"},
			fix:     "unknown environment tcolorbox",
		},
		{
			name:    "math closers without an opener",
			in:      "\\question What is 2+2?\\) and 3\\]\n\\begin{solution}4\\end{solution}",
			notWant: []string{"\\)", "\\]"},
		},
		{
			name: "pictures the server does not have",
			in:   "\\question Name the shape.\n\\includegraphics[width=3cm]{triangle.png}\n\\begin{solution}triangle\\end{solution}",
			// issue 9: a missing picture becomes a visible labelled box, never a silent gap
			want:    []string{`\ssmissing{triangle.png}{}`},
			notWant: []string{"includegraphics"},
			fix:     `Put a labelled box in place of the missing image triangle.png`,
		},
		{
			name: "array inside inline math stays in math",
			in:   "\\question $\\begin{array}{r} 23 \\\\ + 45 \\\\ \\hline \\end{array}$\n\\begin{solution}68\\end{solution}",
			want: []string{"$\\begin{array}{r} 23 \\\\ + 45 \\\\ \\hline \\end{array}$\n"},
		},
		{
			name:    "chat after the worksheet",
			in:      "\\begin{questions}\\question $1+1$\\begin{solution}2\\end{solution}\\end{questions}\n\nThese problems get harder. Would you like word problems as well?",
			notWant: []string{"Would you like", "These problems"},
		},

		{
			name: "parenthesis after math is text",
			in:   "\\question Is it true?\n\\begin{solution}No; \\sqrt{16} = 4 (the principal root).\\end{solution}",
			want: []string{"$\\sqrt{16} = 4$ (the principal root)."},
		},
		{
			// issue 9: siunitx is loaded when used, so quantities stay as the model wrote them
			name: "siunitx quantities",
			in:   "\\question A field is \\SI{120}{\\meter} long and \\qty{3}{\\square\\kilo\\meter} large; drive at \\SI{60}{km/h} for \\num{1200} s at $\\ang{30}$.\n\\begin{solution}\\SI{25}{\\degreeCelsius}, \\si{\\centi\\meter\\squared}\\end{solution}",
			want: []string{`\SI{120}{\meter} long`, `\qty{3}{\square\kilo\meter} large`, `\SI{60}{km/h}`, `\num{1200} s`, `$\ang{30}$`, `\SI{25}{\degreeCelsius}`, `\si{\centi\meter\squared}`},
		},
		{
			name:    "chemistry with mhchem",
			in:      "\\question Balance \\ce{H2 + O2 -> H2O} and name \\ce{SO4^2-}.\n\\begin{solution}\\ce{2H2 + O2 -> 2H2O}; sulfate\\end{solution}",
			want:    []string{`\ce{H2 + O2 -> H2O}`, `\ce{SO4^2-}`, `\ce{2H2 + O2 -> 2H2O}`},
			notWant: []string{`$`},
		},
		{
			name:    "commands of packages the server does not load",
			in:      "\\question Is $\\sqrt{2} \\in \\Q$? Costs 5 \\euro. Tick \\ding{51} or cross \\ding{55}; x in \\R.\n\\begin{figure}[H]\\centering x\\end{figure}\n\\begin{solution}No\\end{solution}",
			want:    []string{`$\sqrt{2} \in \mathbb{Q}$`, `5 \texteuro{}.`, `Tick $\checkmark$ or cross $\times$`, `in $\mathbb{R}$.`, `\begin{figure}[h!]`},
			notWant: []string{`\ding`, `[H]`},
		},
		{
			name: "a command the body defines itself is left alone",
			in:   "\\newcommand{\\R}{\\textbf{R}}\n\\question Say \\R.\n\\begin{solution}R\\end{solution}",
			want: []string{`Say \R.`},
		},
		{
			name: "a finished last line with a price stays",
			in:   "\\begin{questions}\\question $1+1$\\begin{solution}2\\end{solution}\n\\question A pen costs $3.",
			want: []string{`A pen costs \$3.`},
		},
		{
			name:    "reasoning before the answer",
			in:      "<think>\nThe user wants sums. Use \\question.\n</think>\n\\begin{questions}\\question $1+1$\\begin{solution}2\\end{solution}\\end{questions}",
			notWant: []string{"think", "The user wants"},
			fix:     "reasoning",
		},
		{
			name:    "questions in columns inside the questions environment",
			in:      "\\begin{questions}\n\\begin{multicols}{2}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\question $2+2$\n\\begin{solution}4\\end{solution}\n\\end{multicols}\n\\end{questions}",
			want:    []string{"\\begin{questions}\n\\begin{multicols}{2}\n\\question $1+1$"},
			notWant: []string{"\\begin{multicols}{2}\n\\begin{questions}"},
		},
		{
			name: "apostrophes are not variables",
			in:   "\\question What's 1,000 − 1?\n\\begin{solution}999\\end{solution}",
			want: []string{"What's $1,000 - 1$?"},
		},
		{
			name:    "stray end removed",
			in:      "\\begin{questions}\\question A\\begin{solution}1\\end{solution}\\end{enumerate}\\end{questions}\\end{itemize}",
			notWant: []string{"enumerate", "itemize"},
			fix:     `Removed a stray \end{enumerate}`,
		},
		{
			name: "math commands outside math",
			in:   "\\question What is 7 \\times 8? Simplify \\frac{2}{4}. Solve x^2 = 16.\n\\begin{solution}56, \\frac{1}{2}, x = 4\\end{solution}",
			want: []string{`What is $7 \times 8$?`, `Simplify $\frac{2}{4}$.`, `Solve $x^2 = 16$.`, `56, $\frac{1}{2}$, x = 4`},
			fix:  "inside $…$",
		},
		{
			name: "math already in math untouched",
			in:   "\\begin{questions}\n\\question $7 \\times 8 = \\frac{112}{2}$ and \\(x^2\\) and \\[ y_1 \\le 3 \\]\n\\begin{solution}$56$\\end{solution}\n\\end{questions}",
			want: []string{`$7 \times 8 = \frac{112}{2}$ and \(x^2\) and \[ y_1 \le 3 \]`},
		},
		{
			name: "questions outside a questions environment",
			in:   "\\instructions{Solve.}\n\\question $1+2$\n\\begin{solution}3\\end{solution}\n\\question $2+2$\n\\begin{solution}4\\end{solution}",
			want: []string{"\\instructions{Solve.}\n\\begin{questions}\n\\question $1+2$", "\\begin{solution}4\\end{solution}\n\\end{questions}"},
			fix:  "inside a questions environment",
		},
		{
			name: "dollar signs as money",
			in:   "\\question Ann has $5 and Bo has $3. Find $x+1$ when $x = 2$. A pen costs $1.20.\n\\begin{solution}\\$8\\end{solution}",
			want: []string{`Ann has \$5 and Bo has \$3.`, `$x+1$`, `$x = 2$`, `costs \$1.20.`},
			fix:  "currency",
		},
		{
			name: "url printed, no hyperlink package",
			in:   "\\instructions{See \\url{https://x.org/a_b#c} or \\href{https://x.org}{our site}.}\\question $1$\\begin{solution}1\\end{solution}",
			want: []string{`\texttt{https://x.org/a\_b\#c}`, `or {our site}.`},
		},
		{
			name: "markdown bold and headings",
			in:   "## Part A\n\\begin{questions}\\question **Bold** question\\begin{solution}1\\end{solution}\\end{questions}",
			want: []string{`\textbf{Part A}`, `\textbf{Bold} question`},
		},
		{
			name: "packages the body uses are loaded",
			in:   "\\question \\begin{tikzpicture}\\begin{axis}\\addplot {x};\\end{axis}\\end{tikzpicture} and $\\cancel{3}$\\begin{solution}1\\end{solution}",
			want: []string{`\addplot {x};`},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, _, fixes := Body(c.in)
			for _, w := range c.want {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q\n--- body ---\n%s", w, body)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(body, w) {
					t.Errorf("body still has %q\n--- body ---\n%s", w, body)
				}
			}
			if c.fix != "" && !slices.ContainsFunc(fixes, func(f string) bool { return strings.Contains(f, c.fix) }) {
				t.Errorf("fixes %q lack a note about %q", fixes, c.fix)
			}
		})
	}
}

// Every letter the normaliser lets through must be printable by pdflatex with T1/utf8.
func TestLettersLetThroughCompile(t *testing.T) {
	var b strings.Builder
	for r := rune(0xa0); r <= 0x17f; r++ {
		if typesettable(r) {
			b.WriteRune(r)
		}
	}
	body, _, _ := Body("\\begin{questions}\\question " + b.String() + "\\begin{solution}x\\end{solution}\\end{questions}")
	pdftest.Compile(t, pdftest.Wrap(t, body, latex.Settings{Title: "Zoë's Ĳssel"}))
}

// Every Unicode character the normaliser maps compiles, written in text and inside math.
func TestMappedUnicodeCompiles(t *testing.T) {
	var text, math strings.Builder
	for r := range uniMap {
		text.WriteString("a " + string(r) + " b ")
		math.WriteString("1 " + string(r) + " 2 ")
	}
	body, _, _ := Body("\\begin{questions}\\question " + text.String() + "\n\\begin{solution}$" + math.String() + "$\\end{solution}\\end{questions}")
	src := pdftest.Wrap(t, body, latex.Settings{Title: "Unicode"})
	pdftest.Compile(t, src)
	pdftest.Compile(t, latex.WithAnswers(src))
}

// A model that follows the vocabulary gets its body back exactly as written, with no fixes.
func TestCorrectBodyIsLeftAlone(t *testing.T) {
	raw, err := os.ReadFile("testdata/correct_body.tex")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSpace(string(raw))
	body, pkgs, fixes := Body(string(raw))
	if body != want || len(fixes) != 0 || len(pkgs) != 0 {
		t.Errorf("a correct body was changed (fixes %q, packages %q):\n%s", fixes, pkgs, body)
	}
	pdftest.Compile(t, latex.WithAnswers(pdftest.Wrap(t, body, latex.Settings{Title: "Correct"})))
}

func TestBodyReportsPackages(t *testing.T) {
	_, pkgs, _ := Body("\\documentclass{article}\\usepackage{amsmath,cancel,minted}\\usepackage[table]{xcolor}\\begin{document}\\question $\\cancel{1}$ \\multirow{2}{*}{x}\\end{document}")
	if !slices.Equal(pkgs, []string{"cancel", "multirow"}) {
		t.Errorf("packages = %q, want [cancel multirow] (base packages are always loaded, minted is not allowed)", pkgs)
	}
}

// Normalising twice changes nothing: the server may normalise a body it saved earlier.
func TestBodyIsIdempotentOnSamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	for _, file := range files {
		raw, _ := os.ReadFile(file)
		once, _, _ := Body(string(raw))
		twice, _, fixes := Body(once)
		if once != twice {
			t.Errorf("%s: second pass changed the body (fixes %q)\n--- once ---\n%s\n--- twice ---\n%s", file, fixes, once, twice)
		}
	}
}

func TestMissingSolutions(t *testing.T) {
	raw, _ := os.ReadFile("testdata/forgot_solutions.txt")
	body, _, _ := Body(string(raw))
	if n := MissingSolutions(body); n != 3 {
		t.Errorf("MissingSolutions = %d, want 3", n)
	}
	if n := Questions(body); n != 3 {
		t.Errorf("Questions = %d, want 3", n)
	}
	if n := MissingSolutions("\\question A\\begin{solution}1\\end{solution}\\question B"); n != 1 {
		t.Errorf("MissingSolutions = %d, want 1", n)
	}
}

func TestLooksLikeWorksheet(t *testing.T) {
	refusal, _, _ := Body("I'm sorry, but I can't help with that request.")
	if LooksLikeWorksheet(refusal) {
		t.Errorf("a refusal was taken for a worksheet: %q", refusal)
	}
	body, _, _ := Body("\\begin{questions}\\question $1+1$\\end{questions}")
	if !LooksLikeWorksheet(body) {
		t.Error("a worksheet was not recognised")
	}
}
