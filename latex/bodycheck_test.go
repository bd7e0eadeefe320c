package latex

import (
	"errors"
	"strings"
	"testing"
)

// What worksheets are made of passes the body check; a refused command is reported with its
// line in the body. (worksheet's tests drive the attacks through Wrap, which runs the check.)
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
		if err := CheckBody(body); err != nil {
			t.Errorf("refused %q: %v", body, err)
		}
	}
	err := CheckBody("Line one.\nLine two.\n\\csname pdfcatalog\\endcsname")
	var ce *Error
	if !errors.As(err, &ce) || ce.Line != 3 || !strings.Contains(ce.Problem, `\csname`) {
		t.Fatalf("got %v, want a *Error on line 3 naming \\csname", err)
	}
}
