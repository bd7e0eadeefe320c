package check

import (
	"testing"

	"sheetsmith/worksheet"
)

// checkOne checks one short question and its written answer as every sheet is checked: the
// answer as it now stands (Checked: it carries the key's ✓) and the corrections.
func checkOne(question, answer string) (worksheet.Answer, []Change) {
	doc := docOf(short(question, answer))
	changes := Document(doc)
	return doc.Blocks[0].Question.Answer, changes
}

// checkBody reads a LaTeX body into a document, as a model's reply is read, and checks it.
func checkBody(t *testing.T, body string) (*worksheet.Document, []Change) {
	t.Helper()
	doc, problems := worksheet.Parse(body)
	if len(problems) > 0 {
		t.Fatalf("the body is not read: %q", problems)
	}
	return &doc, Document(&doc)
}

// checkedAnswers are the answers of a document that carry the key's ✓, in order.
func checkedAnswers(doc *worksheet.Document) []string {
	var out []string
	var walk func(q worksheet.Question)
	walk = func(q worksheet.Question) {
		if q.Answer.Checked {
			out = append(out, q.Answer.Value)
		}
		for _, b := range q.Blanks {
			if b.Checked {
				out = append(out, b.Value)
			}
		}
		for _, p := range q.Parts {
			walk(p)
		}
	}
	for _, b := range doc.Blocks {
		if b.Question != nil {
			walk(*b.Question)
		}
	}
	return out
}

func TestRightAnswersAreMarkedComputed(t *testing.T) {
	cases := []struct{ question, solution string }{
		{`$23 + 45 = $ \answerblank`, `$68$`},
		{`$23 + 45 = $`, `68`},
		{`$7 \times 8$`, `$56$`},
		{`What is $144 \div 12$?`, `$12$`},
		{`What is 144 divided by 12?`, `12`},
		{`What is 7 times 8?`, `56`},
		{`$1{,}234 + 4{,}321 = $`, `$5{,}555$`},
		{`$3,482 - 1,000 =$`, `2,482`},
		{`$(3 + 4) \times 2 = \underline{\hspace{2cm}}$`, `$14$`},
		{`$2.5 + 1.25 = $`, `$3.75$`},
		{`$17 \div 5 = $`, `$3$ R $2$`},
		{`$17 \div 5 = $`, `3 remainder 2`},
		{`$17 \div 5 = $`, `$3.4$`},
		{`$17 \div 5 = $`, `$3\frac{2}{5}$`},
		{`$\frac{1}{2} + \frac{1}{3} = $`, `$\frac{5}{6}$`},
		{`$\frac{3}{4} + \frac{3}{4} = $`, `$1\frac{1}{2}$`},
		{`$\frac{3}{4} + \frac{3}{4} = $`, `$\frac{3}{2}$`},
		{`$\frac{3}{4} - \frac{1}{4} = $`, `$\frac{1}{2}$`},
		{`Simplify $\frac{6}{8}$.`, `$\frac{3}{4}$`},
		{`Write $\frac{12}{4}$ in simplest form.`, `$3$`},
		{`Compare: $\frac{2}{3} \;\square\; \frac{3}{5}$`, `$\frac{2}{3} > \frac{3}{5}$`},
		{`Compare: $\frac{2}{3} \;\square\; \frac{3}{5}$`, `$>$`},
		{`Compare using $<$, $>$ or $=$: $\frac{1}{2}$ \answerblank[1cm] $\frac{2}{4}$`, `$=$`},
		{`Solve for $x$: $3x + 5 = 20$`, `$x = 5$`},
		{`$3x + 5 = 20$`, `$5$`},
		{`Solve $2(x - 1) = x + 4$.`, `$x=6$`},
		{`Solve $\frac{x}{2} = 7$.`, `$x = 14$`},
		{`Solve $5 - y = 9$.`, `$y = -4$`},
		{`$7 + \square = 12$`, `$5$`},
		{`$\begin{array}{r} 23 \\ +\,45 \\ \hline \end{array}$`, `$68$`},
		{`$\begin{array}{@{}r@{\;}r@{}} & 352 \\ - & 127 \\ \hline \end{array}$`, `$225$`},
		{`$\begin{array}{r} 46 \\ \times\ 7 \\ \hline \end{array}$`, `322`},
		{`Round $3{,}482$ to the nearest hundred.`, `$3{,}500$`},
		{`Round 45 to the nearest ten.`, `50`},
		{`Round $2.47$ to the nearest tenth.`, `$2.5$`},
		{`What is the value of the digit 4 in $3{,}482$?`, `$400$`},
		{`Write $3{,}482$ in expanded form.`, `$3000 + 400 + 80 + 2$`},
		{`Write $3{,}482$ in expanded form.`, `$3 \times 1000 + 4 \times 100 + 8 \times 10 + 2$`},
		{`$23 + 45 = $`, `$23 + 45 = 68$`},
		{`$6 \times 7 + 8 = $`, `First $6 \times 7 = 42$, then $42 + 8 = 50$.`},
		{`$12 - 20 = $`, `$-8$`},
		{`$2^3 + 1 = $`, `$9$`},
		{`What is 25\% of 80?`, `20`},
		{`Write $\frac{3}{4}$ as a percent.`, `$75\%$`},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `$y = 14$`},
		{`Evaluate $3x + 2$ when $x = 4$.`, `$14$`},
	}
	for _, c := range cases {
		got, changes := checkOne(c.question, c.solution)
		if len(changes) != 0 {
			t.Errorf("%s → %s: unexpected correction %+v", c.question, c.solution, changes)
		}
		if !got.Checked {
			t.Errorf("%s → %s: not marked computed: %+v", c.question, c.solution, got)
		}
	}
}

func TestWrongAnswersAreCorrected(t *testing.T) {
	cases := []struct{ question, solution, now string }{
		{`$23 + 45 = $`, `$67$`, `$68$`},
		{`$7 \times 8$`, `54`, `$56$`},
		{`What is 144 divided by 12?`, `11`, `$12$`},
		{`$17 \div 5 = $`, `$3$ R $1$`, `$3$ R $2$`},
		{`$17 \div 5 = $`, `$3.5$`, `$3.4$`},
		{`$17 \div 5 = $`, `$4$`, `$3$ R $2$`},
		{`$2.5 + 1.25 = $`, `$3.5$`, `$3.75$`},
		{`$\frac{1}{2} + \frac{1}{3} = $`, `$\frac{2}{5}$`, `$\frac{5}{6}$`},
		{`$\frac{3}{4} + \frac{3}{4} = $`, `$1\frac{1}{4}$`, `$1\frac{1}{2}$`},
		{`Simplify $\frac{6}{8}$.`, `$\frac{6}{8}$`, `$\frac{3}{4}$`},
		{`Simplify $\frac{6}{8}$.`, `$\frac{2}{3}$`, `$\frac{3}{4}$`},
		{`Compare: $\frac{2}{3} \;\square\; \frac{3}{5}$`, `$\frac{2}{3} < \frac{3}{5}$`, `$\frac{2}{3} > \frac{3}{5}$`},
		{`Solve for $x$: $3x + 5 = 20$`, `$x = 4$`, `$x = 5$`},
		{`Solve $5 - y = 9$.`, `$y = 4$`, `$y = -4$`},
		{`$7 + \square = 12$`, `$19$`, `$5$`},
		{`$\begin{array}{r} 23 \\ +\,45 \\ \hline \end{array}$`, `$58$`, `$68$`},
		{`Round $3{,}482$ to the nearest hundred.`, `$3{,}400$`, `$3500$`},
		{`What is the value of the digit 4 in $3{,}482$?`, `$4$`, `$400$`},
		{`Write $3{,}482$ in expanded form.`, `$3000 + 400 + 8 + 2$`, `$3000 + 400 + 80 + 2$`},
		{`$12{,}345 + 10{,}000 = $`, `$22{,}345$`, `$22{,}345$`},
		{`$23 + 45 = $`, ``, `$68$`},
		{`If $y = 3x + 2$, find $y$ when $x = 4$.`, `$x = 4$`, `$y = 14$`},
		{`Write $\frac{3}{4}$ as a percent.`, `$85\%$`, `$75\%$`},
	}
	for _, c := range cases {
		got, changes := checkOne(c.question, c.solution)
		if c.solution == `$22{,}345$` || c.question == `$12{,}345 + 10{,}000 = $` {
			// right after all: 12345 + 10000 = 22345
			if len(changes) != 0 {
				t.Errorf("%s: corrected a right answer: %+v", c.question, changes)
			}
			continue
		}
		if len(changes) != 1 {
			t.Errorf("%s → %s: want one correction, got %+v", c.question, c.solution, changes)
			continue
		}
		if Plain(changes[0].Now) != Plain(c.now) || changes[0].Question != 1 || changes[0].Was != c.solution {
			t.Errorf("%s: change %+v, want Now %q", c.question, changes[0], c.now)
		}
		if Plain(got.Value) != Plain(c.now) || !got.Checked {
			t.Errorf("%s: answer now %+v", c.question, got)
		}
		if again, more := checkOne(c.question, got.Value); len(more) != 0 || !again.Checked {
			t.Errorf("%s: a second check changed the answer: %+v", c.question, more)
		}
	}
}

func TestUncomputableQuestionsAreLeftAlone(t *testing.T) {
	cases := []struct{ question, solution string }{
		{`Tom has 12 apples and gives away 5. How many are left?`, `7`},
		{`Explain why $3 \times 4 = 4 \times 3$.`, `Multiplication is commutative.`},
		{`Draw an array to show $3 \times 4$.`, `\begin{tikzpicture}\end{tikzpicture}`},
		{`Is $7 \times 8 = 54$?`, `No, it is 56.`},
		{`Name the capital of France.`, `Paris`},
		{`Which is larger, $3 \times 4$ or $2 \times 7$?`, `$2 \times 7$`},
		{`Shade $\frac{3}{4}$ of the circle.`, `(shading)`},
		{`Estimate $49 + 52$.`, `about 100`},
		{`What is $\sqrt{16}$?`, `4`},
		{`Simplify $3x + 2x$.`, `$5x$`},
		{`What is 7 times 8? \begin{choices}\choice 54 \CorrectChoice 56\end{choices}`, `B`},
		{`Write a number sentence for the picture.`, `$3 + 4 = 7$`},
		{`Find the perimeter of a 5 x 3 rectangle.`, `16`},
		{`What is $5\text{ cm} + 3\text{ cm}$?`, `8 cm`},
		{`Sam buys a pen for \$3 and a book for \$5. What is $3 + 5$ in dollars?`, `\$8`},
		{`How many minutes is $2 \times 60$?`, `120`},
		{`What is the value of the underlined digit in $5\underline{4}7$?`, `40`},
		// The given value is not an answer: nothing says what y is.
		{`Find the value of $y$ when $x = 4$.`, `$y = 14$`},
		{`Find the value of $y$ when $x = 4$.`, `$x = 4$`},
		{`Solve for $y$: $3x + 5 = 20$`, `$y = 7$`},
	}
	for _, c := range cases {
		got, changes := checkOne(c.question, c.solution)
		if got.Value != c.solution || got.Checked || len(changes) != 0 {
			t.Errorf("%s: touched: %+v %+v", c.question, got, changes)
		}
	}
}

func TestWrongAnswerAlreadyMarkedIsCorrected(t *testing.T) {
	doc := docOf(short(`$6 \times 7 = $`, `$48$`))
	doc.Blocks[0].Question.Answer.Checked = true // an engine's own ✓ is never trusted
	changes := Document(doc)
	if got := doc.Blocks[0].Question.Answer; len(changes) != 1 || changes[0].Was != "$48$" || Plain(got.Value) != "42" || !got.Checked {
		t.Errorf("%+v %+v", changes, got)
	}
}

func TestPartsAreNumberedAndCommentsIgnored(t *testing.T) {
	body := `\begin{questions}
\question Add.
\begin{parts}
\part $2 + 2 = $ \begin{solution}$4$\end{solution}
\part $3 + 3 = $ \begin{solution}$7$\end{solution}
\end{parts}
% \question $1 + 1 = $ \begin{solution}$3$\end{solution}
\question Multiply.
\begin{parts}
\part $4 \times 5$ \begin{solution}$20$\end{solution}
\part $6 \times 7$ \begin{solution}$40$\end{solution}
\end{parts}
\end{questions}`
	doc, changes := checkBody(t, body)
	want := []Change{{1, 2, "7", "6"}, {2, 2, "40", "42"}}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Errorf("change %d: %+v, want %+v", i, changes[i], want[i])
		}
	}
	if n := len(checkedAnswers(doc)); n != 4 || len(doc.Blocks) != 2 {
		t.Errorf("%d answers checked in %d questions, want 4 in 2 (the commented-out one is no question)", n, len(doc.Blocks))
	}
	if more := Document(doc); len(more) != 0 {
		t.Errorf("not idempotent: %+v", more)
	}
}

// A body as a model writes it: working in the solutions, align*, points, blanks, a few wrong.
const modelBody = `\instructions{Answer every question.}
\begin{questions}
\question[2] Calculate: $345 + 278$
\begin{solution}
$345 + 278 = 613$
\end{solution}

\question What is $12 \times 11$?
\begin{solution}$132$\end{solution}

\question Solve for $x$: $2x - 7 = 11$
\begin{solution}
\begin{align*}
2x - 7 &= 11\\
2x &= 18\\
x &= 9
\end{align*}
\end{solution}

\question Find the quotient and remainder: $47 \div 5$
\begin{solution}$9\text{ R }3$\end{solution}

\question
\[
\begin{array}{r}
  \phantom{+}507\\
\underline{-\ 249}
\end{array}
\]
\begin{solution}[2cm]
$258$
\end{solution}

\question $15 - \underline{\quad} = 9$
\begin{solution}$6$\end{solution}

\question In the 2024-2025 school year, how many terms are there?
\begin{solution}3\end{solution}

\question What time is it 15 minutes after 3:45?
\begin{solution}4:00\end{solution}

\question $\dfrac{3}{4} + \dfrac{1}{8} = $ \answerblank
\begin{solution}$\dfrac{4}{12}$\end{solution}
\end{questions}`

func TestModelWrittenBody(t *testing.T) {
	doc, changes := checkBody(t, modelBody)
	want := []Change{
		{Question: 1, Was: "345 + 278 = 613", Now: "345 + 278 = 623"},
		{Question: 4, Was: `9\text{ R }3`, Now: "9 R 2"},
		{Question: 9, Was: `4/12`, Now: `7/8`},
	}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i := range want {
		if changes[i] != want[i] {
			t.Errorf("change %d: %+v, want %+v", i, changes[i], want[i])
		}
	}
	// Verified: 1–6 and 9; the school year and the clock are left alone.
	if n := len(checkedAnswers(doc)); n != 7 {
		t.Errorf("%d answers marked computed, want 7: %q", n, checkedAnswers(doc))
	}
	if a := doc.Blocks[len(doc.Blocks)-3].Question.Answer; a.Value != "3" || a.Checked {
		t.Errorf("an uncomputable answer was touched: %+v", a)
	}
	if a := doc.Blocks[len(doc.Blocks)-2].Question.Answer; a.Value != "4:00" || a.Checked {
		t.Errorf("an uncomputable answer was touched: %+v", a)
	}
	if more := Document(doc); len(more) != 0 {
		t.Errorf("a second check changed the answers: %+v", more)
	}
}
