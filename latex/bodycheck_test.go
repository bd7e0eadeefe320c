package latex

import (
	"strings"
	"testing"
)

// What worksheets are made of passes the body check; a refused command is reported with its
// line in the submitted source.
func TestCheckBodyWorksheetsAndLines(t *testing.T) {
	for _, body := range []string{
		questions,
		`\instructions{Show your work.} \begin{multicols}{2}\begin{questions}\question[2] $\frac{3}{4} + \frac{1}{8} = \answerblank$ \end{questions}\end{multicols}`,
		`\begin{tabular}{|c|c|}\hline $x$ & $x^2$ \\ \hline 3 & 9 \\ \hline\end{tabular} 50\% of 10`,
		`\begin{tikzpicture}[scale=0.8]\draw[->] (0,0) -- (2,0); \node at (1,1) {$\theta$};\end{tikzpicture}`,
		`\begin{tikzpicture}\begin{axis}[xmin=-3,xmax=3]\addplot[domain=-3:3,samples=50] {x^2 - 1};\addplot3 {x*y};\end{axis}\end{tikzpicture}`,
		`\begin{choices}\choice 12 \CorrectChoice 14\end{choices} \includegraphics[width=3cm]{diagram.png} \usetikzlibrary{arrows.meta,shapes}`,
		`\newcommand{\half}{\frac{1}{2}} $\half$ \def\area{A} \area % a comment`,
	} {
		src := Document(body, Settings{Title: "Fractions & Co. 100% {ok}", ShowName: true, Layout: "exam"}, "pgfplots")
		if err := checkServerDocument(src); err != nil {
			t.Errorf("refused %q: %v", body, err)
		}
		if err := checkServerDocument(WithAnswers(src)); err != nil {
			t.Errorf("answer key of %q refused: %v", body, err)
		}
	}
	src := Document("Line one.\nLine two.\n\\csname pdfcatalog\\endcsname", Settings{Title: "T"})
	err := checkServerDocument(src)
	want := 0
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, `\csname`) {
			want = i + 1
		}
	}
	if err == nil || err.Line != want || !strings.Contains(err.Problem, `\csname`) {
		t.Fatalf("got %v, want line %d naming \\csname", err, want)
	}
	// A source that only starts like the server's is hand-written: no TeX-level check.
	hand := strings.Replace(src, `\cfoot{\thepage}`, `\cfoot{}`, 1)
	if err := checkServerDocument(hand); err != nil {
		t.Fatalf("hand-written source checked: %v", err)
	}
}
