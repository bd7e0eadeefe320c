package generate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

type fixedSolver struct{ body string }

func (s fixedSolver) Solve(context.Context, string) (string, error) { return s.body, nil }

// A source the reader cannot take is keyed as it is written: page for page, its answers the
// writer's, unchecked, so no ✓ and no legend; a readable one is keyed as a document, checked.
func TestUnreadSourceIsKeyedAsWritten(t *testing.T) {
	src := pdftest.Wrap(t, unparsed, latex.Settings{Title: "Sums"})
	key, err := AnswerKey(context.Background(), src, nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if len(key.Changes) != 0 || key.Checked != 0 || strings.Contains(key.Key, worksheet.KeyLegend) || !strings.Contains(key.Key, `\printanswers`) {
		t.Errorf("changes %+v, checked %d; key:\n%s", key.Changes, key.Checked, key.Key)
	}
	if key.Sheet != src {
		t.Errorf("the sheet was changed:\n%s", key.Sheet)
	}
	key, err = AnswerKey(context.Background(), pdftest.Wrap(t, sums, latex.Settings{Title: "Sums"}), nil, &fakeCompiler{})
	if err != nil || len(key.Changes) != 1 || key.Changes[0].Sentence() != "I corrected the answer to question 1: 75, not 85." || key.Checked != 2 {
		t.Errorf("a readable source: %v %+v", err, key)
	}
}

// The legend explains the ✓; a key in which nothing could be computed has no ✓ and no legend.
func TestKeyLegendOnlyWhenAnAnswerWasChecked(t *testing.T) {
	poem := "\\begin{questions}\n\\question Write a short poem about autumn.\n\\begin{solution}Any poem about autumn.\\end{solution}\n\\end{questions}"
	key, err := AnswerKey(context.Background(), pdftest.Wrap(t, poem, latex.Settings{Title: "Poems"}), nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if key.Checked != 0 || strings.Contains(key.Key, "marks an answer checked by computation") {
		t.Errorf("legend without a checked answer:\n%s", key.Key)
	}
	if !strings.Contains(key.Key, "Answer Key") {
		t.Errorf("the key's title must still say it is the answer key:\n%s", key.Key)
	}
}

func TestAnswerKeyErrors(t *testing.T) {
	noSolutions := pdftest.Wrap(t, "\\begin{questions}\n\\question $2 + 3 = $\n\\end{questions}", latex.Settings{})
	if _, err := AnswerKey(context.Background(), noSolutions, nil, &fakeCompiler{}); !errors.Is(err, ErrNoSolutions) {
		t.Errorf("no solver: %v", err)
	}
	key, err := AnswerKey(context.Background(), noSolutions, fixedSolver{"\\begin{questions}\n\\question $2 + 3 = $\n\\begin{solution}6\\end{solution}\n\\end{questions}"}, &fakeCompiler{})
	// The solved sheet is in the vocabulary, so it is keyed as a document.
	if err != nil || len(key.Changes) != 1 || key.Changes[0].Now != "5" || !strings.Contains(key.Key, `\sskeytrue`) {
		t.Errorf("solved key: %v %+v", err, key)
	}
	if _, err := AnswerKey(context.Background(), "no document here", nil, &fakeCompiler{}); !errors.Is(err, ErrNoBody) {
		t.Errorf("no body: %v", err)
	}
	texFail := &fakeCompiler{err: func(context.Context, string) error { return &latex.Error{Line: 9, Problem: "Missing $ inserted"} }}
	var kce *KeyCompileError
	if _, err := AnswerKey(context.Background(), pdftest.Wrap(t, unparsed, latex.Settings{}), nil, texFail); !errors.As(err, &kce) {
		t.Errorf("TeX failure: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancelled := &fakeCompiler{err: func(context.Context, string) error { cancel(); return &latex.Error{Problem: "Emergency stop"} }}
	if _, err := AnswerKey(ctx, pdftest.Wrap(t, unparsed, latex.Settings{}), nil, cancelled); !errors.Is(err, context.Canceled) || errors.As(err, &kce) {
		t.Errorf("cancelled: %v", err)
	}
}

// An older save in the vocabulary (no document embedded) is keyed as a document: the key is
// its sheet page for page, and the title, fields and layout it was saved with are kept.
func TestOlderSaveIsKeyedAsADocument(t *testing.T) {
	settings := latex.Settings{Title: "Sums & Differences #2", ShowName: true, ShowPeriod: true, NarrowMargins: true, Layout: "exam"}
	key, err := AnswerKey(context.Background(), pdftest.Wrap(t, sums, settings), nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	doc, ok := worksheet.Extract(key.Sheet)
	if !ok || !strings.Contains(key.Key, `\sskeytrue`) {
		t.Fatalf("not keyed as a document:\n%s", key.Key)
	}
	s := doc.Settings
	if doc.Title != settings.Title || !s.ShowName || s.ShowDate || !s.ShowPeriod || !s.NarrowMargins || s.Layout != "exam" {
		t.Errorf("settings lost: %q %+v", doc.Title, s)
	}
	if len(key.Changes) != 1 || doc.Blocks[0].Question.Answer.Value != "75" || key.Checked != 2 {
		t.Errorf("changes %+v, checked %d", key.Changes, key.Checked)
	}
}

func TestSourceSettingsReadsWhatDocumentWrote(t *testing.T) {
	for _, s := range []latex.Settings{
		{Title: "Plain", Layout: "default"},
		{Title: `Odd {title} $5 100% a_b ~ #1 \ & more`, ShowName: true, ShowDate: true, ShowPeriod: true, ShowInstructor: true, NarrowMargins: true, Layout: "exam"},
	} {
		if got := SourceSettings(pdftest.Wrap(t, "x", s)); got != s {
			t.Errorf("%+v read back as %+v", s, got)
		}
	}
}

// oldSource is a sheet as the server saved it before worksheet.Wrap (latex.Document, with its
// own vocabulary and header); its body does not parse, so it is keyed as such a source always
// was: \printanswers, the checked answers, and the header's own legend.
const oldSource = `\documentclass[11pt]{exam}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{amsmath,amssymb}
\usepackage{multicol,array,tabularx}
\usepackage{xcolor,graphicx}
\usepackage{tikz}
\usepackage[shortlabels]{enumitem}
\usepackage{pgfplots}
\usepackage[version=4]{mhchem}
\usepackage[margin=0.6in,footskip=0.3in]{geometry}
\unframedsolutions
\renewcommand{\solutiontitle}{\noindent\textbf{Answer:} }
\SolutionEmphasis{\color{blue!60!black}}
\newcommand{\computed}{\ifprintanswers\,{\color{gray}\scriptsize$\checkmark$}\fi}
\newcommand{\answerblank}[1][3cm]{\underline{\hspace{#1}}}
\newcommand{\instructions}[1]{\noindent\textit{#1}\par\medskip}
\newcommand{\sssheetfield}[2]{#1:~\underline{\hspace{#2}}}
\setlength{\columnsep}{1.5em}
\pagestyle{foot}
\cfoot{\thepage}
\makeatletter
\AddToHook{begindocument/before}{\catcode94=12\relax}
\AtBeginDocument{\catcode94=7\relax\@for\ss@p:=pdfannot,pdfcatalog\do{\expandafter\let\csname\ss@p\endcsname\@undefined}}
\AddToHook{enddocument/afterlastpage}{\catcode94=12\relax}
\makeatother
\newcommand{\answerspace}[1][]{\vspace*{\stretch{1}}}
\let\ssquestions\questions
\def\questions{\ssquestions\let\ssquestion\question
  \def\question{\ifnum\value{question}>0 \newpage\fi\ssquestion}}
\begin{document}
\noindent \sssheetfield{Name}{6cm} \hfill \sssheetfield{Period}{1.5cm}\par\medskip
\begin{center}{\Large\bfseries Old \& Sums}\ifprintanswers\\[2pt]{\large Answer Key}\\[2pt]{\footnotesize\color{gray}$\checkmark$ marks an answer checked by computation}\fi\end{center}
%% sheetsmith:body-begin
BODY
%% sheetsmith:body-end
\end{document}
`

func TestOlderSavesAreReadAndKeyed(t *testing.T) {
	want := latex.Settings{Title: "Old & Sums", ShowName: true, ShowPeriod: true, NarrowMargins: true, Layout: "exam"}
	if got := SourceSettings(oldSource); got != want {
		t.Errorf("older save read back as %+v", got)
	}
	src := strings.Replace(oldSource, "BODY", unparsed, 1)
	key, err := AnswerKey(context.Background(), src, nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if key.Checked != 0 || !strings.Contains(key.Key, "\\printanswers\n\\begin{document}") || strings.Contains(key.Key, oldKeyLegend) {
		t.Errorf("checked %d; key:\n%s", key.Checked, key.Key)
	}
	if key.Sheet != src {
		t.Errorf("sheet:\n%s", key.Sheet)
	}
	poem := strings.Replace(oldSource, "BODY", "\\begin{questions}\n\\question \\textcolor{blue}{Write a poem.}\n\\begin{solution}Any poem.\\end{solution}\n\\end{questions}", 1)
	if key, err := AnswerKey(context.Background(), poem, nil, &fakeCompiler{}); err != nil || strings.Contains(key.Key, "marks an answer") {
		t.Errorf("legend without a checked answer: %v", err)
	}
	// A parsed older save is keyed as a document with the settings it was saved with.
	key, err = AnswerKey(context.Background(), strings.Replace(oldSource, "BODY", sums, 1), nil, &fakeCompiler{})
	if err != nil {
		t.Fatal(err)
	}
	if doc, ok := worksheet.Extract(key.Sheet); !ok || doc.Title != want.Title || doc.Settings.Layout != "exam" || !doc.Settings.NarrowMargins {
		t.Errorf("not keyed as a document with its settings: %+v", doc)
	}
}

// A solver's body for a source the server wrote is checked before it is compiled; a
// hand-written source compiles as it always has.
func TestSolvedBodyOfAServerSourceIsChecked(t *testing.T) {
	question := "\\begin{questions}\n\\question \\textcolor{blue}{$2 + 3 = $}\n\\end{questions}"
	solved := fixedSolver{"\\begin{questions}\n\\question \\textcolor{blue}{$2 + 3 = $}\n\\begin{solution}5 \\csname pdfcatalog\\endcsname\\end{solution}\n\\end{questions}"}
	c := &fakeCompiler{}
	_, err := AnswerKey(context.Background(), pdftest.Wrap(t, question, latex.Settings{Title: "Sums"}), solved, c)
	var kce *KeyCompileError
	if !errors.As(err, &kce) || !strings.Contains(kce.Err.Problem, `\csname is not allowed`) || len(c.sources) != 0 {
		t.Errorf("got %v after %d compiles, want the solver's body refused", err, len(c.sources))
	}
	hand := "\\documentclass{exam}\n\\begin{document}\n" + question + "\n\\end{document}\n"
	if _, err := AnswerKey(context.Background(), hand, solved, c); err != nil || len(c.sources) != 1 {
		t.Errorf("hand-written source: %v, %d compiles", err, len(c.sources))
	}
}

// issue 23 item 8: the key PrepareKey compiles beside a new sheet is the very source AnswerKey
// compiles at the click (so the compiler's cache answers it); a sheet without a document is
// left to the click.
func TestPrepareKeyIsTheKeyOfTheClick(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Body: sums}}
	res, err := (&Pipeline{Engine: eng, Compiler: &fakeCompiler{}}).Run(context.Background(), Request{Settings: latex.Settings{Title: "Sums"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ahead := &fakeCompiler{}
	if ok, err := PrepareKey(context.Background(), res.Source, ahead); !ok || err != nil || len(ahead.sources) != 1 {
		t.Fatalf("PrepareKey: %v %v (%d compiles)", ok, err, len(ahead.sources))
	}
	click := &fakeCompiler{}
	key, err := AnswerKey(context.Background(), res.Source, nil, click)
	if err != nil {
		t.Fatal(err)
	}
	if len(click.sources) != 1 || click.sources[0] != ahead.sources[0] || key.Key != ahead.sources[0] {
		t.Fatal("the key compiled ahead is not the key the click compiles")
	}
	// a body the vocabulary cannot hold carries no document: nothing is compiled ahead
	wrapped, err := (&Pipeline{Engine: &fixedEngine{draft: Draft{Body: unparsed}}, Compiler: &fakeCompiler{}}).Run(context.Background(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	none := &fakeCompiler{}
	if ok, err := PrepareKey(context.Background(), wrapped.Source, none); ok || err != nil || len(none.sources) != 0 {
		t.Fatalf("a sheet without a document was keyed ahead: %v %v", ok, err)
	}
}
