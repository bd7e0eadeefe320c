package worksheet

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// mustWrap is Wrap for a body that must pass its check.
func mustWrap(t testing.TB, body string, s latex.Settings, packages ...string) string {
	t.Helper()
	src, err := Wrap(body, s, packages...)
	if err != nil {
		t.Fatalf("Wrap refused the body: %v", err)
	}
	return src
}

const jsAction = `{/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}`

// The body of a worksheet the server wraps cannot name a primitive that writes raw PDF or
// reads files, any letter-only alias of one, or anything that builds a name or changes
// catcodes: Wrap refuses each before any source exists, naming the command, whatever the
// preamble holds for the body (TikZ libraries, mhchem and the other extra packages, the exam
// layout). These are the attacks the compiler refused in a latex.Document source before the
// check moved to where the server writes the body.
func TestWrapRefusesDangerousBodies(t *testing.T) {
	d := "/srv/sheetsmith/secret" // a directory outside the job; nothing is compiled here
	cases := map[string]string{
		"pdfobj stream file":             `\immediate\pdfobj stream file {` + d + `/secret.txt}\pdfrefobj\pdflastobj`,
		"pdfobj":                         `\immediate\pdfobj{<< /S /JavaScript /JS (app.alert(1)) >>}`,
		"pdfcatalog":                     `\pdfcatalog` + jsAction,
		"pdfnames":                       `\pdfnames{/JavaScript << /Names [(a) << /S /JavaScript /JS (x) >>] >>}`,
		"pdfannot":                       `\pdfannot width 1cm height 1cm {/Subtype /Link /A << /S /Launch /F (calc.exe) >>}`,
		"pdfstartlink":                   `\pdfstartlink user{/Subtype /Link /A << /S /Launch /F (calc.exe) >>}x\pdfendlink`,
		"pdfoutline":                     `\pdfoutline user{<< /S /JavaScript /JS (x) >>} count 0 {x}`,
		"pdftrailer":                     `\pdftrailer{/Root 3 0 R}`,
		"pdfinfo":                        `\pdfinfo{/Title (x)}`,
		"pdfpageattr":                    `\pdfpageattr{/AA << /O << /S /JavaScript /JS (x) >> >>}`,
		"pdfpageresources":               `\pdfpageresources{>> /AA << /O << /S /JavaScript /JS (x) >> >> /X <<}`,
		"pdfximage outside":              `\pdfximage{` + d + `/secret.pdf}\pdfrefximage\pdflastximage`,
		"pdffiledump":                    `\edef\x{\pdffiledump offset 0 length 40 {` + d + `/secret.txt}}\x`,
		"pdfmapfile":                     `\pdfmapfile{+` + d + `/secret.txt}`,
		"pdfmapline":                     `\pdfmapline{+cmr10 CMR10 <` + d + `/secret.pdf}`,
		"pdfunescapehex":                 `\edef\x{\pdfunescapehex{5c637376616d65}}`,
		"pdfliteral":                     `\pdfliteral{0 0 m}`,
		"PDFcode alias":                  `\PDFcode{0 0 m}`,
		"pdfform alias":                  `\pdfform{x}`,
		"pdfrefform alias":               `\pdfrefform 1`,
		"special pdf":                    `\special{pdf: obj @x << /S /JavaScript >>}`,
		"special ps":                     `\special{ps: (x) run}`,
		"openin":                         `\newread\r \openin\r=` + d + `/secret.tex \read\r to\x \x`,
		"input":                          `\input{` + d + `/secret}`,
		"include":                        `\include{` + d + `/secret}`,
		"primitive input alias":          `\@@input ` + d + `/secret.tex `,
		"pdfprimitive":                   `\pdfprimitive\pdfcatalog` + jsAction,
		"primitive":                      `\primitive\pdfcatalog` + jsAction,
		"csname":                         `\csname pdfcatalog\endcsname` + jsAction,
		"ifcsname":                       `\ifcsname pdfobj\endcsname yes\fi`,
		"UseName":                        `\UseName{pdfcatalog}` + jsAction,
		"ExpandArgs":                     `\ExpandArgs{c}\relax{pdfcatalog}` + jsAction,
		"NewCommandCopy":                 `\NewCommandCopy\x\relax`,
		"begin environment":              `\begin{pdfcatalog}` + jsAction + `\end{pdfcatalog}`,
		"begin starred":                  `\begin{pdfcatalog*}` + jsAction,
		"begin by macro":                 `\def\x{pdfcatalog}\begin\x` + jsAction,
		"begin name with escape":         `\begin{pdf\relax catalog}` + jsAction,
		"alias of begin by def":          `\def\b{\begin}\b{pdfcatalog}` + jsAction,
		"alias of begin by let":          `\let\b\begin{center}x\end{center}\b\x`,
		"futurelet":                      `\futurelet\b\begin{center}x\end{center}`,
		"expl3 alias":                    `\ExplSyntaxOn \tex_pdfcatalog:D ` + jsAction + ` \ExplSyntaxOff`,
		"makeatletter alias":             `\makeatletter \pgfutil@write 18 {x}`,
		"catcode":                        "{\\catcode`\\@=11 \\tex_special:D{x}}",
		"caret notation":                 `^^5cpdfcatalog` + jsAction,
		"caret notation in math":         `$x^^5c$`,
		"scantokens":                     `\scantokens{\relax}`,
		"string":                         `\edef\x{\string\p dfcatalog}`,
		"detokenize":                     `\edef\x{\detokenize{\pdfcatalog}}`,
		"meaning":                        `\edef\x{\meaning\relax}`,
		"lowercase with lccode":          "\\lccode`\\A=`\\\\ \\lowercase{A}",
		"uppercase":                      `\uppercase{x}`,
		"escapechar":                     `\escapechar=-1 `,
		"write18":                        `\immediate\write18{cat ` + d + `/secret.txt}`,
		"openout":                        `\newwrite\w \immediate\openout\w=x.tex`,
		"includegraphics absolute":       `\includegraphics{` + d + `/secret.pdf}`,
		"includegraphics parent":         `\includegraphics[width=1cm]{../../secret.pdf}`,
		"includegraphics macro":          `\def\p{` + d + `/secret.pdf}\includegraphics{\p}`,
		"includegraphics tilde":          `\includegraphics{~/secret.pdf}`,
		"tikz external":                  `\usetikzlibrary{external}`,
		"pgfimage absolute":              `\pgfimage[width=1cm]{` + d + `/secret.pdf}`,
		"graphicspath":                   `\graphicspath{{` + d + `/}}\includegraphics{secret.pdf}`,
		"DeclareGraphicsRule":            `\DeclareGraphicsRule{.txt}{pdf}{.txt}{}\includegraphics{secret.txt}`,
		"pgfdeclareimage":                `\pgfdeclareimage{s}{` + d + `/secret}`,
		"addplot graphics":               `\begin{tikzpicture}\begin{axis}\addplot[] graphics[xmin=0,xmax=1,ymin=0,ymax=1] {` + d + `/secret.pdf};\end{axis}\end{tikzpicture}`,
		"addplot graphics ] in braces":   `\begin{tikzpicture}\begin{axis}\addplot[color={]}] graphics[xmin=0,xmax=1,ymin=0,ymax=1] {` + d + `/secret.pdf};\end{axis}\end{tikzpicture}`,
		"addplot graphics after comment": `\begin{tikzpicture}\begin{axis}\addplot[]%` + "\n" + `graphics[xmin=0,xmax=1,ymin=0,ymax=1] {` + d + `/secret.pdf};\end{axis}\end{tikzpicture}`,
		"ProvidesExplFile":               `\ProvidesExplFile{x}{}{}{}`,
		"control symbol @":               `e.g.\@ x`,
		"tableofcontents":                `\tableofcontents`,
		"usepackage":                     `\usepackage{catchfile}`,
		"AddToHook":                      `\AddToHook{shipout/before}{x}`,
		"hidden behind verb":             `\verb|%| \csname pdfcatalog\endcsname` + jsAction,
		"hidden behind verbatim":         `\begin{verbatim}%\end{verbatim}\pdfcatalog` + jsAction,
		"filecontents":                   `\begin{filecontents}{tikzlibraryx.code.tex}` + "\n" + `x` + "\n" + `\end{filecontents}`,
	}
	shapes := map[string]struct {
		s        latex.Settings
		packages []string
	}{
		"plain":      {latex.Settings{Title: "Attack"}, nil},
		"libraries":  {latex.Settings{Title: "Attack"}, []string{"calc", "arrows.meta"}},
		"mhchem":     {latex.Settings{Title: "Attack"}, []string{"mhchem"}},
		"everything": {latex.Settings{Title: "Attack", Layout: LayoutExam, NarrowMargins: true}, []string{"pgfplots", "siunitx", "mhchem", "cancel", "calc", "arrows.meta"}},
	}
	for name, body := range cases {
		for shape, w := range shapes {
			src, err := Wrap("Question one.\n"+body+` \ce{H2O}`, w.s, w.packages...)
			var ce *latex.Error
			if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "not allowed") && !strings.Contains(ce.Problem, "must be followed") && !strings.Contains(ce.Problem, "picture may only") {
				t.Errorf("%s (%s): got %v, want the body refused", name, shape, err)
			}
			if src != "" {
				t.Errorf("%s (%s): a refused body still gave a source", name, shape)
			}
		}
	}
}

// What worksheets are made of passes; a refused command is reported with its line in the
// source Wrap writes, as the compiler reports a TeX error.
func TestWrapNamesTheLineOfARefusedCommand(t *testing.T) {
	s := latex.Settings{Title: "Fractions & Co. 100% {ok}", ShowName: true, Layout: LayoutExam}
	for _, body := range []string{
		`\instructions{Show your work.} \begin{multicols}{2}\begin{questions}\question[2] $\frac{3}{4} + \frac{1}{8} = \answerblank$ \end{questions}\end{multicols}`,
		`\begin{tabular}{|c|c|}\hline $x$ & $x^2$ \\ \hline 3 & 9 \\ \hline\end{tabular} 50\% of 10`,
		`\begin{tikzpicture}\begin{axis}[xmin=-3,xmax=3]\addplot[domain=-3:3,samples=50] {x^2 - 1};\end{axis}\end{tikzpicture}`,
		`\begin{choices}\choice 12 \CorrectChoice 14\end{choices} \includegraphics[width=3cm]{diagram.png} \usetikzlibrary{arrows.meta,shapes}`,
		`\newcommand{\half}{\frac{1}{2}} $\half$ \def\area{A} \area % a comment`,
	} {
		mustWrap(t, body, s, "pgfplots", "calc")
	}
	ok := mustWrap(t, "Line one.\nLine two.\nLine three.", s, "mhchem", "calc")
	want := 0
	for i, l := range strings.Split(ok, "\n") {
		if l == "Line three." {
			want = i + 1
		}
	}
	_, err := Wrap("Line one.\nLine two.\n\\csname pdfcatalog\\endcsname", s, "mhchem", "calc")
	var ce *latex.Error
	if !errors.As(err, &ce) || ce.Line != want || !strings.Contains(ce.Problem, `\csname`) {
		t.Fatalf("got %v, want line %d naming \\csname", err, want)
	}
	if got := err.Error(); got != "Compilation failed: line "+strconv.Itoa(want)+": \\csname is not allowed in a worksheet" {
		t.Errorf("message %q", got)
	}
}

// Wrap writes what the compiler, the generator and older saves rely on: the preamble with the
// extra packages right after it (the warm formats' prefix), the vocabulary's one definition
// of each command, the layout that marks an exam, the seal before \begin{document}, Render's
// header and the body between the markers.
func TestWrapWritesTheServerSource(t *testing.T) {
	body := "\\begin{questions}\n\\question $2 + 3 = $ \\answerblank\n\\answerspace\n\\end{questions}"
	s := latex.Settings{Title: "Sums & more", ShowName: true, ShowPeriod: true, NarrowMargins: true, Layout: LayoutExam}
	src := mustWrap(t, "\n"+body+"\n\n", s, "mhchem", "pgfplots", "calc", "mindmap", "calc", "catchfile")
	if want := latex.Preamble + "\\usepackage{pgfplots}\n\\usepackage[version=4]{mhchem}\n\\pgfplotsset{compat=1.18}\n\\usetikzlibrary{calc}\n\\usepackage[margin=0.6in,footskip=0.3in]{geometry}\n" + Macros; !strings.HasPrefix(src, want) {
		t.Errorf("the source does not start with the preamble, packages, geometry and Macros:\n%s", src)
	}
	for _, bad := range []string{"mindmap", "catchfile"} {
		if strings.Contains(src, bad) {
			t.Errorf("%s is loaded", bad)
		}
	}
	head, rest, _ := strings.Cut(src, "\\begin{document}\n")
	if !strings.HasSuffix(head, latex.Seal) || !strings.Contains(head, `\let\ssquestions\questions`) || !strings.Contains(head, KeyLegend) {
		t.Errorf("preamble:\n%s", head)
	}
	if strings.Count(src, `\computed`) != 1 || strings.Count(src, `\newcommand{\instructions}`) != 1 || strings.Count(src, `answerblank`) != 2 {
		t.Errorf("a command is defined twice:\n%s", head)
	}
	if !strings.HasPrefix(rest, headerFor(s.Title, Settings{ShowName: true, ShowPeriod: true}, labelsFor(""))+latex.BodyBegin+"\n"+body+"\n"+latex.BodyEnd+"\n") {
		t.Errorf("document:\n%s", rest)
	}
	if got, ok := latex.Body(src); !ok || got != body {
		t.Errorf("latex.Body gives %q", got)
	}
	if d, problems := Parse(src); len(problems) > 0 || len(d.Blocks) != 1 {
		t.Errorf("Parse: %q %+v", problems, d)
	}
	if std := mustWrap(t, body, latex.Settings{}); strings.Contains(std, `\ssquestions`) || !strings.Contains(std, `margin=1in`) || !strings.Contains(std, `\newcommand{\answerspace}[1][2.5cm]`) {
		t.Errorf("default layout:\n%s", std)
	}
}

// oldSource is a source as the server wrote it before Wrap (latex.Document, which defined its
// own vocabulary and header): saved sheets like it must still be read and keyed.
const oldSource = `\documentclass[11pt]{exam}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{amsmath,amssymb}
\usepackage{multicol,array,tabularx}
\usepackage{xcolor,graphicx}
\usepackage{tikz}
\usepackage[shortlabels]{enumitem}
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
\newcommand{\answerspace}[1][]{\vspace*{\stretch{1}}}
\let\ssquestions\questions
\def\questions{\ssquestions\let\ssquestion\question
  \def\question{\ifnum\value{question}>0 \newpage\fi\ssquestion}}
\begin{document}
\noindent \sssheetfield{Name}{6cm} \hfill \sssheetfield{Period}{1.5cm}\par\medskip
\begin{center}{\Large\bfseries Old \& Sums}\ifprintanswers\\[2pt]{\large Answer Key}\\[2pt]{\footnotesize\color{gray}$\checkmark$ marks an answer checked by computation}\fi\end{center}
%% sheetsmith:body-begin
\begin{questions}
\question What is $48 + 27$?
\begin{solution} $75$ \computed \end{solution}
\end{questions}
%% sheetsmith:body-end
\end{document}
`

// \computed is defined once: by the vocabulary in what Render and Wrap write, by the source
// itself in an older save, and by ProvideComputed only in a source that has no definition.
func TestProvideComputedOnlyWhereUndefined(t *testing.T) {
	wrapped := mustWrap(t, `\begin{solution} $5$ \computed \end{solution}`, latex.Settings{})
	for name, src := range map[string]string{"wrapped": wrapped, "old": oldSource} {
		if got := ProvideComputed(src); got != src {
			t.Errorf("%s: \\computed defined again", name)
		}
	}
	hand := "\\documentclass{exam}\n\\begin{document}\n\\begin{solution} $5$ \\computed \\end{solution}\n\\end{document}\n"
	if got := ProvideComputed(hand); !strings.Contains(got, providedComputed+"\n\\begin{document}") {
		t.Errorf("hand-written source:\n%s", got)
	}
	if plain := strings.Replace(hand, `\computed`, "", 1); ProvideComputed(plain) != plain {
		t.Error("a source without \\computed changed")
	}
	if d, problems := Parse(oldSource); len(problems) > 0 || len(d.Blocks) != 1 {
		t.Errorf("an older save does not parse: %q %+v", problems, d)
	}
}

// A wrapped body in the older vocabulary typesets with Macros: the sheet shows no answers, the
// key (the same source with \printanswers) shows the title's "Answer Key", the answers, the
// checked mark and its legend; the exam layout puts each later question on a new page.
func TestWrappedSheetAndKeyCompile(t *testing.T) {
	c := texCompiler(t)
	body := `\instructions{Show your working.}
\begin{questions}
\question What is $48 + 27$? \answerblank
\begin{solution} $75$ \computed \end{solution}
\question Balance \ce{H2 + O2 -> H2O}. \answerblank[4cm]
\answerspace
\begin{solution} \ce{2H2 + O2 -> 2H2O} \end{solution}
\question Which is prime?
\begin{choices} \choice 21 \CorrectChoice 29 \end{choices}
\question Draw the angle. \begin{tikzpicture}\draw (0,0) -- (1,0) -- (60:1); \pic[draw] {angle};\end{tikzpicture}
\end{questions}`
	body = strings.Replace(body, `\pic[draw] {angle};`, `\coordinate (a) at (1,0); \coordinate (o) at (0,0); \coordinate (b) at (60:1); \pic[draw] {angle=a--o--b};`, 1)
	for _, layout := range []string{LayoutStandard, LayoutExam} {
		src := mustWrap(t, body, latex.Settings{Title: "Mixed & Old", ShowName: true, ShowDate: true, Layout: layout}, "mhchem", "angles")
		sheet, err := c.Compile(context.Background(), src)
		if err != nil {
			t.Fatalf("%s sheet: %v", layout, err)
		}
		key, err := c.Compile(context.Background(), latex.WithAnswers(src))
		if err != nil {
			t.Fatalf("%s key: %v", layout, err)
		}
		sp, kp := pages(t, sheet.PDF), pages(t, key.PDF)
		st, kt := strings.Join(sp, "\n"), strings.Join(kp, "\n")
		for _, want := range []string{"Mixed & Old", "Name:", "Date:", "Show your working.", "What is 48 + 27?", "Which is prime?"} {
			if !strings.Contains(st, want) {
				t.Errorf("%s sheet lacks %q:\n%s", layout, want, st)
			}
		}
		if strings.Contains(st, "Answer") || strings.Contains(st, "75") || strings.Contains(st, "marks an answer") {
			t.Errorf("%s sheet shows the key:\n%s", layout, st)
		}
		for _, want := range []string{"Answer Key", "Answer: 75", "marks an answer checked by computation"} {
			if !strings.Contains(kt, want) {
				t.Errorf("%s key lacks %q:\n%s", layout, want, kt)
			}
		}
		if layout == LayoutExam && len(sp) != 4 || layout == LayoutStandard && len(sp) != 1 {
			t.Errorf("%s sheet has %d pages", layout, len(sp))
		}
		if len(kp) != len(sp) {
			t.Errorf("%s key has %d pages, the sheet %d", layout, len(kp), len(sp))
		}
	}
}

// In the older path's key (exam's solutions), a fraction is as tall as the text around it.
func TestWrappedKeyFractionsAreLegible(t *testing.T) {
	body := "\\begin{questions}\n\\question Add $\\frac{1}{8} + \\frac{2}{8}$. Wordtoken.\n\\begin{solution} $\\frac{37}{59}$ \\end{solution}\n\\end{questions}"
	src := mustWrap(t, body, latex.Settings{Title: "Fractions"})
	key, err := texCompiler(t).Compile(context.Background(), latex.WithAnswers(src))
	if err != nil {
		t.Fatal(err)
	}
	var text, num, den float64
	for _, w := range words(t, key.PDF) {
		switch w.text {
		case "Wordtoken.":
			text = w.yMax - w.y
		case "37":
			num = w.yMax - w.y
		case "59":
			den = w.yMax - w.y
		}
	}
	if text == 0 || num < 0.97*text || den < 0.97*text {
		t.Errorf("the key's fraction is %.1f/%.1fpt tall, the text %.1fpt", num, den, text)
	}
}
