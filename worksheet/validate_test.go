package worksheet

import (
	"strings"
	"testing"
)

func one(q Question) Document {
	return Document{Title: "T", Blocks: []Block{{Kind: BlockQuestion, Question: &q}}}
}

func shortQ(text string) Question {
	return Question{Kind: KindShort, Text: text, Answer: Answer{Kind: AnswerNumber, Value: "1"}}
}

// TestValidate: each structural or LaTeX mistake a model makes comes back as a sentence that
// names the question and says what to do; correct documents pass.
func TestValidate(t *testing.T) {
	fig := func(latex string, pkgs ...string) Document {
		q := shortQ("Look.")
		q.Figure = &Figure{LaTeX: latex, Packages: pkgs}
		return one(q)
	}
	cases := []struct {
		name string
		doc  Document
		want string // "" means valid
	}{
		{"sample", sampleDocument(), ""},
		{"key figure", func() Document {
			q := shortQ("Graph $x > 2$.")
			q.Figure = &Figure{LaTeX: `\begin{tikzpicture}\draw (0,0) -- (4,0);\end{tikzpicture}`}
			q.Answer.Figure = &Figure{LaTeX: `\begin{tikzpicture}\draw (0,0) -- (4,0);\fill (2,0) circle (0.1);\end{tikzpicture}`}
			return one(q)
		}(), ""},
		{"new page on a question", Document{Title: "T", Blocks: []Block{{Kind: BlockQuestion, NewPage: true, Question: &Question{Kind: KindShort, Text: "a", Answer: Answer{Value: "1"}}}}},
			"only a section starts a new page"},
		{"new page on a section", Document{Title: "T", Blocks: []Block{{Kind: BlockSection, Title: "Version B", NewPage: true},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "a", Answer: Answer{Value: "1"}}}}}, ""},
		{"key figure missing", func() Document {
			q := shortQ("Graph.")
			q.Answer.Figure = &Figure{Missing: "graph.png"}
			return one(q)
		}(), "the answer's figure is drawn in the key; give its LaTeX"},
		{"key figure caption", func() Document {
			q := shortQ("Graph.")
			q.Answer.Figure = &Figure{LaTeX: `\begin{tikzpicture}\draw (0,0) -- (1,0);\end{tikzpicture}`, Caption: "the graph"}
			return one(q)
		}(), "the answer's figure has no caption of its own"},
		{"key figure unsafe", func() Document {
			q := shortQ("Graph.")
			q.Answer.Figure = &Figure{LaTeX: `\begin{tikzpicture}\input{/etc/passwd}\end{tikzpicture}`}
			return one(q)
		}(), "question 1 answer figure"},
		{"key figure on a choice", func() Document {
			q := Question{Kind: KindChoice, Text: "Pick", Choices: []Choice{{Text: "a", Correct: true}, {Text: "b"}}}
			q.Answer.Figure = &Figure{LaTeX: `\begin{tikzpicture}\draw (0,0) -- (1,0);\end{tikzpicture}`}
			return one(q)
		}(), "only a short or open question's answer may have a figure"},
		{"key figure on a blank", func() Document {
			q := Question{Kind: KindBlank, Text: "Two and two is ___.", Blanks: []Answer{{Kind: AnswerNumber, Value: "4",
				Figure: &Figure{LaTeX: `\begin{tikzpicture}\draw (0,0) -- (1,0);\end{tikzpicture}`}}}}
			return one(q)
		}(), "a blank's answer has no figure"},
		{"science", scienceDocument(), ""},
		{"no blocks", Document{Title: "T"}, "no blocks"},
		{"no questions", Document{Title: "T", Blocks: []Block{{Kind: BlockPassage, Text: "Once upon a time."}}}, "The document has no questions"},
		{"columns", func() Document { d := one(shortQ("a")); d.Settings.Columns = 5; return d }(), "columns must be between 1 and 4"},
		{"layout", func() Document { d := one(shortQ("a")); d.Settings.Layout = "poster"; return d }(), `layout must be "default" or "exam"`},
		{"no answer", one(Question{Kind: KindShort, Text: "$2+2$"}), "question 1: the answer is missing"},
		{"no kind", one(Question{Text: "$2+2$"}), "question 1: the question kind is missing"},
		{"unknown kind", one(Question{Kind: "essay", Text: "x"}), `question kind "essay" is unknown`},
		{"no correct choice", one(Question{Kind: KindChoice, Text: "Pick", Choices: []Choice{{Text: "a"}, {Text: "b"}}}),
			"question 1: exactly one choice must be marked correct; 0 are"},
		{"two correct choices", one(Question{Kind: KindChoice, Text: "Pick", Choices: []Choice{{Text: "a", Correct: true}, {Text: "b", Correct: true}}}),
			"exactly one choice must be marked correct; 2 are"},
		{"select two", one(Question{Kind: KindChoice, Text: "Pick two", Select: 2, Choices: []Choice{{Text: "a", Correct: true}, {Text: "b", Correct: true}, {Text: "c"}}}), ""},
		{"select mismatch", one(Question{Kind: KindChoice, Text: "Pick two", Select: 2, Choices: []Choice{{Text: "a", Correct: true}, {Text: "b"}}}),
			"select is 2, so exactly 2 choices must be marked correct; 1 are"},
		{"one choice", one(Question{Kind: KindChoice, Text: "Pick", Choices: []Choice{{Text: "a", Correct: true}}}), "at least 2 choices"},
		{"true false value", one(Question{Kind: KindTrueFalse, Text: "Sky is blue.", Answer: Answer{Value: "yes"}}), `must be "true" or "false", not "yes"`},
		{"blank count", one(Question{Kind: KindBlank, Text: "A ___ and a ___.", Blanks: []Answer{{Value: "cat"}}}),
			"the text has 2 blanks (___) but 1 blank answers are given"},
		{"blank without mark", one(Question{Kind: KindBlank, Text: "A cat.", Blanks: []Answer{{Value: "cat"}}}), "needs ___ in its text"},
		{"blank in short", one(Question{Kind: KindShort, Text: "5 + ___ = 7", Answer: Answer{Value: "2"}}), "make it a fill-in-the-blank question"},
		{"shuffle not a permutation", one(Question{Kind: KindMatching, Text: "Match", Pairs: []Pair{{"a", "1"}, {"b", "2"}}, Shuffle: []int{0, 0}}),
			"shuffle must list each pair index from 0 to 1 exactly once"},
		{"shuffle ok", one(Question{Kind: KindMatching, Text: "Match", Pairs: []Pair{{"a", "1"}, {"b", "2"}}, Shuffle: []int{1, 0}}), ""},
		{"group without parts", one(Question{Kind: KindGroup, Text: "Do these"}), "a group question needs parts"},
		{"part without answer", one(Question{Kind: KindGroup, Text: "Do these", Parts: []Question{{Kind: KindShort, Text: "$1+1$"}}}),
			"question 1 part (a): the answer is missing"},
		{"space", one(Question{Kind: KindShort, Text: "x", Answer: Answer{Value: "1"}, Space: Space{Kind: SpaceLines, Size: 2.5}}), "whole number of lines"},
		{"space kind", one(Question{Kind: KindShort, Text: "x", Answer: Answer{Value: "1"}, Space: Space{Kind: "page"}}), `space kind "page" is unknown`},
		{"bare percent", one(shortQ("What is 25% of 80?")), `write \% for a percent sign`},
		{"escaped percent", one(shortQ(`What is 25\% of 80?`)), ""},
		{"bare ampersand", one(shortQ("Tom & Jerry")), `write \& for the sign`},
		{"unclosed maths", one(shortQ("Solve $x + 1 = 2")), "maths opened with $ is not closed"},
		{"display maths", one(shortQ("Since $$x^2 = 4,$$ what is x?")), ""},
		{"display maths in a figure", fig(`\begin{tikzpicture}\node {$$x$$};\end{tikzpicture}`), "display maths"},
		{"maths command outside maths", one(shortQ(`Compute \frac{1}{2}`)), `\frac is a maths command; put it between $ signs`},
		{"unknown command", one(shortQ(`\input{secret}`)), `\input is not allowed`},
		{"unknown maths command", one(shortQ(`$\immediate$`)), `\immediate is not allowed`},
		{"superscript outside maths", one(shortQ("x^2")), "must be inside maths"},
		{"hidden command", one(shortQ(`$x^^5cinput{/etc/passwd}$`)), "^^ is not allowed"},
		{"hidden command in a figure", fig(`\begin{tikzpicture}\node {^^5cinput x};\end{tikzpicture}`), "^^ is not allowed"},
		{"unbalanced braces", one(shortQ(`\textbf{bold`)), "opening braces { are not closed"},
		{"matrix in maths", one(shortQ(`$\begin{pmatrix}1 & 2\end{pmatrix}$`)), ""},
		{"table in text", one(shortQ(`\begin{tabular}{c}1\end{tabular}`)), "put tables and pictures in a figure"},
		{"line break", one(shortQ(`one\\two`)), `\\ (a line break) is not allowed`},
		{"units", one(shortQ(`\SI{9.8}{\metre\per\second\squared}`)), ""},
		{"bad unit", one(shortQ(`\SI{9.8}{\furlong}`)), `\furlong is not a unit siunitx knows`},
		{"chemistry", one(shortQ(`\ce{H2O}`)), ""},
		{"chemistry ion", one(shortQ(`Name the ion \ce{SO4^2-} and \ce{NH4+}; balance \ce{2H2 + O2 -> 2H2O}.`)), ""},
		{"chemistry ion braced", one(shortQ(`$\ce{Fe^{3+}}$ in \ce{Fe2(SO4)3}`)), ""},
		{"chemistry hidden command", one(shortQ(`\ce{H2O \input{x}}`)), `inside \ce{H2O \input{x}}: \input is not allowed`},
		{"chemistry without braces", one(shortQ(`\ce H2O`)), `\ce needs its formula in braces`},
		{"superscript after chemistry", one(shortQ(`\ce{H2O} x^2`)), "must be inside maths"},
		{"bell character", one(shortQ("Ring\u0007 the bell")), "invisible control character (U+0007)"},
		{"C1 control", one(shortQ("a\u0085b")), "invisible control character (U+0085)"},
		{"control in an answer", one(Question{Kind: KindShort, Text: "x", Answer: Answer{Value: "4\u000c"}}), "control character (U+000C)"},
		{"tabs and newlines", one(shortQ("one\ttwo\nthree")), ""},
		{"tikz", fig(`\begin{tikzpicture}\foreach \x in {1,2} \draw (\x,0) circle (0.1);\end{tikzpicture}`), ""},
		{"tikz library inside", fig(`\usetikzlibrary{calc}\begin{tikzpicture}\draw (0,0)--(1,1);\end{tikzpicture}`),
			`\usetikzlibrary{calc} cannot be inside a figure; list "calc" in the figure's packages instead`},
		{"figure environment", fig(`\begin{verbatim}x\end{verbatim}`), "the environment verbatim is not allowed in a figure"},
		{"figure command", fig(`\begin{tikzpicture}\write18{ls}\end{tikzpicture}`), `\write is not allowed in a figure`},
		{"figure package", fig(`\begin{tikzpicture}\draw (0,0)--(1,1);\end{tikzpicture}`, "minted"), `package "minted" is not available`},
		{"figure library", fig(`\begin{tikzpicture}\draw (0,0)--(1,1);\end{tikzpicture}`, "arrows.meta", "pgfplots"), ""},
		{"figure not an environment", fig(`\draw (0,0)--(1,1);`), "a figure must be one environment"},
		{"empty figure", fig(``), "the figure has no LaTeX"},
		{"missing figure", func() Document { q := shortQ("Look."); q.Figure = &Figure{Missing: "cat.png"}; return one(q) }(), ""},
		{"unknown block", Document{Blocks: []Block{{Kind: "video"}}}, `unknown block kind "video"`},
		{"negative points", func() Document { q := shortQ("a"); q.Points = -1; return one(q) }(), "points cannot be negative"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.doc)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("valid document rejected: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("invalid document accepted; want %q", c.want)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("error %q does not say %q", err, c.want)
			}
			if err == nil {
				if _, _, err := Render(c.doc); err != nil {
					t.Fatalf("Render of a valid document: %v", err)
				}
			} else if unanswered, _ := Unanswered(c.doc); len(unanswered) > 0 {
				// a missing answer is all that is wrong: the sheet renders, its key leaves it empty
				if _, _, rerr := Render(c.doc); rerr != nil && strings.Contains(c.want, "missing") {
					t.Fatalf("Render refused a document only missing an answer: %v", rerr)
				}
			} else if _, _, rerr := Render(c.doc); rerr == nil {
				t.Fatal("Render accepted a document Validate rejects")
			}
		})
	}
}

// \textsuperscript (a unit's power) is allowed in an answer of any kind as in question text,
// its argument checked as text is.
func TestValidateRaisedTextInAnswers(t *testing.T) {
	doc := func(a Answer) Document {
		return Document{Blocks: []Block{{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: `Find the area in m\textsuperscript{2}.`, Answer: a}}}}
	}
	for _, a := range []Answer{
		{Kind: AnswerText, Value: `40 m\textsuperscript{2}`},
		{Kind: AnswerNumber, Value: `40 m\textsuperscript{2}`},
		{Kind: AnswerExpression, Value: `4x m\textsuperscript{2}`},
		{Kind: AnswerExpression, Value: `x^2 + 1 \text{ cm}\textsubscript{3}`},
	} {
		if err := Validate(doc(a)); err != nil {
			t.Errorf("%+v: %v", a, err)
		}
	}
	for _, a := range []Answer{
		{Kind: AnswerExpression, Value: `4x m\textsuperscript{\input{x}}`},
		{Kind: AnswerText, Value: `40 m\textsuperscript{^2}`},
	} {
		if err := Validate(doc(a)); err == nil {
			t.Errorf("%+v validates", a)
		}
	}
}

// A formula nested as deep as pandoc's maths reader chokes on (4,000 \sqrt, 10–30 s of
// pandoc), or longer than a formula is, is refused by validation with the limit named;
// formulas as a worksheet writes them pass.
func TestValidateBoundsFormulas(t *testing.T) {
	question := func(text string) Document {
		return Document{Blocks: []Block{{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: text,
			Answer: Answer{Kind: AnswerNumber, Value: "1"}}}}}
	}
	for name, c := range map[string]struct{ text, want string }{
		"nested braces":     {"$" + strings.Repeat(`\sqrt{`, 4000) + "x" + strings.Repeat("}", 4000) + "$", "at most 12"},
		"one after another": {"$" + strings.Repeat(`\sqrt`, 4000) + " x$", "at most 12"},
		"left and right":    {`\(` + strings.Repeat(`\left(`, 40) + "x" + strings.Repeat(`\right)`, 40) + `\)`, "at most 12"},
		"long":              {"$" + strings.Repeat("1+", 1500) + "1$", "at most 2000 are allowed"},
		"braces in text":    {strings.Repeat("{", 40) + "x" + strings.Repeat("}", 40), "at most 32"},
	} {
		err := Validate(question(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", name, err, c.want)
		}
	}
	for _, ok := range []string{
		`$\frac{\sqrt{x^{2}+1}}{\left(1+\frac{1}{x}\right)} = \sqrt{\sqrt{\sqrt{2}}}$`,
		`$\left\langle \mathrm{\Delta} x \right\rangle$ and $\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$`,
		"$" + strings.Repeat("1+", 900) + "1$",
		"$" + strings.Repeat(`\pi \quad`, 20) + "$",
	} {
		if err := Validate(question(ok)); err != nil {
			t.Errorf("%.60s…: %v", ok, err)
		}
	}
}
