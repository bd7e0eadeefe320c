package main

import (
	"fmt"
	"strings"

	"sheetsmith/latex"
	document "sheetsmith/worksheet"
)

type worksheet struct {
	name string
	src  string
}

// worksheets are built the way the server builds a body that is not a document: an
// engine-written body inside the server-owned preamble (worksheet.Wrap).
func worksheets() []worksheet {
	return []worksheet{
		{"exam maths sheet", mathsSheet()},
		{"TikZ geometry sheet", tikzSheet()},
		{"reading sheet", readingSheet()},
		{"pgfplots graph sheet", graphSheet()},
	}
}

func mathsSheet() string {
	var b strings.Builder
	b.WriteString(`\instructions{Show your working. Each question is worth the marks shown.}` + "\n")
	b.WriteString("\\begin{questions}\n")
	for i := 1; i <= 12; i++ {
		a, c := 17*i%89+10, 29*i%67+10
		fmt.Fprintf(&b, "\\question[2] Work out $%d + %d$. \\answerblank\n\\begin{solution}$%d$\\computed\\end{solution}\n", a, c, a+c)
	}
	b.WriteString(`\question[4] Simplify each fraction.
\begin{parts}
\part $\dfrac{12}{18}$ \begin{solution}$\dfrac{2}{3}$\end{solution}
\part $\dfrac{45}{60}$ \begin{solution}$\dfrac{3}{4}$\end{solution}
\end{parts}
\question[2] Which number is prime?
\begin{choices}
\choice 21 \choice 27 \CorrectChoice 29 \choice 33
\end{choices}
\question[3] Solve $3x + 7 = 25$.
\answerspace
\begin{solution}$x = 6$\computed\end{solution}
\question[3] A rectangle is $8\,\text{cm}$ by $5\,\text{cm}$. Find its area and perimeter.
\answerspace
\begin{solution}Area $40\,\text{cm}^2$, perimeter $26\,\text{cm}$.\end{solution}
`)
	b.WriteString("\\end{questions}\n")
	return wrap(b.String(), latex.Settings{Title: "Year 7 Number Review", ShowName: true, ShowDate: true, ShowPeriod: true, NarrowMargins: true})
}

func tikzSheet() string {
	body := `\instructions{Use the diagrams to answer each question.}
\begin{questions}
\question Mark $\frac{3}{4}$ on the number line.

\begin{tikzpicture}
\draw[thick,->] (0,0) -- (10.5,0);
\foreach \x in {0,...,8} { \draw (\x*1.25,0.15) -- (\x*1.25,-0.15); }
\node[below] at (0,-0.2) {0}; \node[below] at (10,-0.2) {1};
\end{tikzpicture}
\begin{solution}Eighth tick from the left, at 0.75.\end{solution}

\question What fraction of each circle is shaded?

\begin{tikzpicture}
\foreach \n/\k [count=\i] in {4/1, 6/5, 8/3} {
  \begin{scope}[xshift=\i*3.2cm]
    \foreach \j in {1,...,\k} { \fill[blue!30] (0,0) -- ({360*(\j-1)/\n}:1) arc ({360*(\j-1)/\n}:{360*\j/\n}:1) -- cycle; }
    \foreach \j in {1,...,\n} { \draw (0,0) -- ({360*\j/\n}:1); }
    \draw (0,0) circle (1);
  \end{scope}
}
\end{tikzpicture}
\begin{solution}$\frac14$, $\frac56$, $\frac38$\end{solution}

\question Plot the points $A(1,2)$, $B(4,2)$ and $C(4,5)$ and join them. What shape do you get?

\begin{tikzpicture}[scale=0.7]
\draw[step=1,gray!40,very thin] (0,0) grid (6,6);
\draw[->] (0,0) -- (6.4,0) node[right] {$x$};
\draw[->] (0,0) -- (0,6.4) node[above] {$y$};
\foreach \x in {1,...,6} { \node[below] at (\x,0) {\small\x}; \node[left] at (0,\x) {\small\x}; }
\end{tikzpicture}
\answerspace
\begin{solution}A right-angled triangle.\end{solution}

\question Find the angle $x$.

\begin{tikzpicture}
\draw[thick] (0,0) -- (5,0) -- (1.5,3) -- cycle;
\draw (0.6,0) arc (0:65:0.6); \node at (0.95,0.35) {$65^\circ$};
\draw (4.4,0) arc (180:139:0.6); \node at (3.9,0.3) {$40^\circ$};
\node at (1.55,2.45) {$x$};
\end{tikzpicture}
\begin{solution}$x = 75^\circ$\computed\end{solution}
\end{questions}`
	return wrap(body, latex.Settings{Title: "Fractions and Angles", ShowName: true, ShowDate: true})
}

func readingSheet() string {
	passage := `The lighthouse stood at the end of a long stone pier. Every evening, Mara's grandfather climbed
the one hundred and twelve steps to light the great lamp, and every evening Mara counted them with him.
One stormy night the lamp would not light. The wind howled through the broken window at the top of the
tower, and far out at sea a small fishing boat was trying to find its way home. Mara remembered the old
brass lantern in the storeroom. Together they carried it up the steps, sheltered it from the wind with
an oilskin coat, and held it high in the window until the boat's lights turned towards the harbour.`
	body := `\instructions{Read the passage carefully, then answer the questions in full sentences.}
\begin{center}\textbf{The Lantern}\end{center}
` + passage + "\n\n" + passage + `

\begin{questions}
\question How many steps did Mara count each evening?
\answerblank[5cm]
\begin{solution}One hundred and twelve.\end{solution}
\question Why would the great lamp not light? Use evidence from the text.
\fillwithlines{1.2in}
\begin{solution}The storm had broken the window and the wind blew through the tower.\end{solution}
\question How did Mara and her grandfather protect the lantern from the wind?
\fillwithlines{1in}
\begin{solution}They sheltered it with an oilskin coat.\end{solution}
\question Describe how Mara feels at the end of the story. Explain your answer.
\fillwithlines{1.5in}
\question Find two words in the passage that describe sounds.
\fillwithlines{0.6in}
\begin{solution}howled, (the wind) \ldots\end{solution}
\end{questions}`
	return wrap(body, latex.Settings{Title: "Reading Comprehension: The Lantern", ShowName: true, ShowDate: true, ShowInstructor: true})
}

func graphSheet() string {
	body := `\instructions{Use the graphs to answer the questions.}
\begin{questions}
\question The graph shows $y = x^2 - 2x - 3$.

\begin{tikzpicture}
\begin{axis}[width=9cm, height=6cm, axis lines=middle, grid=major, xmin=-3, xmax=5, ymin=-5, ymax=8, xlabel=$x$, ylabel=$y$]
\addplot[domain=-2.5:4.5, samples=60, thick, blue] {x^2 - 2*x - 3};
\end{axis}
\end{tikzpicture}
\begin{parts}
\part Where does the graph cross the $x$-axis? \answerblank
\begin{solution}$x = -1$ and $x = 3$\computed\end{solution}
\part What is the minimum value of $y$? \answerblank
\begin{solution}$-4$\computed\end{solution}
\end{parts}
\question Simplify $\dfrac{6x}{3}$ and show the cancelling: $\dfrac{\cancel{6}\,2x}{\cancel{3}}$.
\answerspace
\begin{solution}$2x$\end{solution}
\question Plot the table of values and join the points.

\begin{tabular}{c|ccccc}
$x$ & 0 & 1 & 2 & 3 & 4 \\ \hline
$y$ & 1 & 3 & 5 & 7 & 9
\end{tabular}
\hspace{1cm}
\begin{tikzpicture}
\begin{axis}[width=6cm, height=6cm, axis lines=left, grid=both, xmin=0, xmax=4, ymin=0, ymax=10]
\end{axis}
\end{tikzpicture}
\begin{solution}A straight line, $y = 2x + 1$.\end{solution}
\end{questions}`
	return wrap(body, latex.Settings{Title: "Quadratic Graphs", ShowName: true, ShowDate: true}, "pgfplots", "cancel")
}

// wrap is worksheet.Wrap for the fixed bodies above, which pass its body check.
func wrap(body string, s latex.Settings, packages ...string) string {
	src, err := document.Wrap(body, s, packages...)
	if err != nil {
		panic(err)
	}
	return src
}
