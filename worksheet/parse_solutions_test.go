package worksheet

import (
	"strings"
	"testing"
)

// An exercise, then its worked solution under a heading: the parts are questions on the
// sheet, each part's solution (display maths, lists, the model's own macros) is in the key
// and nowhere on the students' page.
func TestWorkedSolutionGoesToTheKey(t *testing.T) {
	src := `\providecommand{\R}{\mathbb{R}}
\newcommand{\abs}[1]{\left|#1\right|}
\subsection*{Aufgabe}
Zeige für alle $x \in \R$:
\begin{enumerate}
\item $\abs{x} \geq 0$
\item $\abs{x}^2 = x^2$
\end{enumerate}
\subsection*{Lösung}
\textbf{Teil (a):} Fallunterscheidung nach dem Vorzeichen von x, die beiden Fälle sind
\begin{itemize}
\item $x \geq 0$: dann ist der Betrag gleich x und nicht negativ, wie behauptet wurde.
\item $x < 0$: dann ist der Betrag gleich $-x > 0$.
\end{itemize}

\textbf{Teil (b):} Quadrieren ergibt in beiden Fällen dasselbe Ergebnis, denn
$$\abs{x}^2 = (\pm x)^2 = x^2.$$
Das war zu zeigen.\qed
`
	doc, problems := Parse(src)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	if err := Validate(doc); err != nil {
		t.Fatalf("validate: %v", err)
	}
	var qs []*Question
	for _, b := range doc.Blocks {
		if b.Question != nil {
			qs = append(qs, b.Question)
		}
	}
	if len(qs) != 2 {
		t.Fatalf("want the two parts as questions, got %d: %+v", len(qs), doc.Blocks)
	}
	if !strings.Contains(qs[0].Answer.Value, "Fallunterscheidung") || !strings.Contains(qs[0].Answer.Value, `\item $x < 0$`) {
		t.Errorf("part (a)'s solution with its list is not its answer: %q", qs[0].Answer.Value)
	}
	if !strings.Contains(qs[1].Answer.Value, "Quadrieren") || strings.Contains(qs[1].Answer.Value, "Teil (b)") {
		t.Errorf("part (b)'s solution, without its mark, is not its answer: %q", qs[1].Answer.Value)
	}
	if strings.Contains(qs[0].Text+qs[1].Text, `\abs`) || !strings.Contains(qs[1].Text, `{\left|x\right|}^2`) {
		t.Errorf("the model's macro is not written out: %q", qs[1].Text)
	}
	// what the students' page prints: every text but the answers (the PDF check is the
	// replay corpus's)
	for _, b := range doc.Blocks {
		printed := b.Title + b.Text
		if b.Question != nil {
			printed += b.Question.Text
		}
		for _, phrase := range []string{"Fallunterscheidung", "Quadrieren"} {
			if strings.Contains(printed, phrase) {
				t.Errorf("the students' sheet shows the solution %q", phrase)
			}
		}
	}
	if _, key, err := Render(doc); err != nil || !strings.Contains(key, "Fallunterscheidung") {
		t.Errorf("the key does not print: %v", err)
	}
}

// A statement to prove, with no question of its own, and its proof: one open question whose
// answer is the proof. A solution that answers nothing the reader found is a problem, never
// text on the sheet.
func TestWorkedSolutionOfAStatement(t *testing.T) {
	doc, problems := Parse(`\section*{Aufgabe}
Zeige, dass die Intervalle $(a,b)$ und $\mathbb{R}$ gleich mächtig sind.

\textbf{Lösung:}

Wir konstruieren eine Bijektion zwischen dem offenen Intervall und den reellen Zahlen mit der Tangensfunktion, verschoben und gestreckt.`)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	var q *Question
	for _, b := range doc.Blocks {
		if b.Question != nil {
			q = b.Question
		}
		if b.Kind == BlockPassage && strings.Contains(b.Text, "Bijektion") {
			t.Errorf("the proof is on the sheet: %q", b.Text)
		}
	}
	if q == nil || !strings.Contains(q.Text, "gleich mächtig") || !strings.Contains(q.Answer.Value, "Bijektion") {
		t.Fatalf("want the statement as a question and the proof as its answer: %+v", doc.Blocks)
	}

	_, problems = Parse(`\begin{center}\includegraphics{task.png}\end{center}
\section*{Solution}
On veut savoir si la remorque peut être remplie complètement avec n'importe quel type de bois, on calcule donc le volume.`)
	if len(problems) == 0 {
		t.Error("a solution with no exercise to answer was read without a problem: it would print on the sheet")
	}
}

// Display maths and lists print in text; \item outside a list does not.
func TestTextHoldsDisplayMathsAndLists(t *testing.T) {
	for _, ok := range []string{`so $$x^2 = 4$$ gives two roots`, `cases: \begin{itemize}\item one \item two\end{itemize}`, `$\sum\limits_{i=0}^n i$ and $\det A$`} {
		if err := checkInline(ok, false); err != "" {
			t.Errorf("%q: %s", ok, err)
		}
	}
	for _, bad := range []string{`\item alone`, `$$x$ y$`, `\begin{itemize}\item open`} {
		if checkInline(bad, false) == "" {
			t.Errorf("%q was accepted", bad)
		}
	}
}
