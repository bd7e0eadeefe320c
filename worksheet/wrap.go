package worksheet

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/latex"
)

// Wrap writes a complete source around a body in the exam-class vocabulary that could not be
// read into a document (the generator's fallback; the sheets the server wrote before
// documents): the server-owned latex.Preamble, the packages the body asked for, the
// vocabulary (Macros, the same commands a rendered sheet defines) with the layout's
// \answerspace, the seal, and the header Render writes. packages may name the allowed extra
// packages (latex.ExtraPackages, latex.OptionPackages) and TikZ libraries (TikZLibraries), as
// a Figure's Packages do; anything else is left out.
//
// The body is hostile input (a model wrote it): Wrap refuses it, with latex.CheckBody's
// *latex.Error naming its line in the source Wrap would have written, when it could reach a
// dangerous primitive. The key is the same source with latex.WithAnswers: the exam class's
// \printanswers makes it the key (Macros turns \sskeytrue on with it).
func Wrap(body string, s latex.Settings, packages ...string) (string, error) {
	var libs, pkgs []string
	for _, p := range packages {
		switch {
		case slices.Contains(TikZLibraries, p):
			if !slices.Contains(libs, p) {
				libs = append(libs, p) // "calc" the library, not calc.sty
			}
		default:
			pkgs = append(pkgs, p)
		}
	}
	lang := guessLanguage("", s.Title+"\n"+body) // a LaTeX body does not say its language
	l := labelsFor(lang)
	w, err := latex.WritingOf(lang, s.Title+"\n"+body)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writePreamble(&b, pkgs, libs, nil, Settings{NarrowMargins: s.NarrowMargins, Paper: s.Paper, Font: s.Font, LargePrint: s.LargePrint}, w)
	b.WriteString(Macros)
	b.WriteString(solutionInPlace)
	if s.LargePrint {
		b.WriteString(largePrint)
	}
	if s.Layout == LayoutExam {
		b.WriteString(examLayout)
	} else {
		b.WriteString(defaultLayout)
	}
	b.WriteString(keyLegend(l))
	b.WriteString(latex.SealFor(w.Engine))
	b.WriteString("\\begin{document}\n")
	if s.LargePrint {
		b.WriteString("\\normalsize\n")
	}
	b.WriteString(headerFor(s.Title, Settings{ShowName: s.ShowName, ShowDate: s.ShowDate, ShowPeriod: s.ShowPeriod,
		ShowInstructor: s.ShowInstructor}, l))
	b.WriteString(latex.BodyBegin + "\n")
	first := strings.Count(b.String(), "\n") + 1 // the line the body starts on
	body = strings.TrimSpace(body)
	if err := latex.CheckBody(body); err != nil {
		var e *latex.Error
		if errors.As(err, &e) {
			return "", &latex.Error{Line: first + e.Line - 1, Problem: e.Problem}
		}
		return "", err
	}
	b.WriteString(body)
	b.WriteString("\n" + latex.BodyEnd + "\n\\end{document}\n")
	return b.String(), nil
}

// The layouts of a wrapped body: \answerspace leaves room for working; the exam layout starts
// each later question on a new page with the rest of the page left for working. The exam
// layout's \let\ssquestions\questions is how a saved source's layout is read back.
const (
	legacyLayout  = "\\setlength{\\columnsep}{1.5em}\n"
	defaultLayout = legacyLayout + `\newcommand{\answerspace}[1][2.5cm]{\vspace{#1}}
`
	examLayout = legacyLayout + `\newcommand{\answerspace}[1][]{\vspace*{\stretch{1}}}
\let\ssquestions\questions
\def\questions{\ssquestions\let\ssquestion\question
  \def\question{\ifnum\value{question}>0 \newpage\fi\ssquestion}}
`
)

// solutionInPlace makes a written body's solutions take the same room in sheet and key: the
// key prints the solution where it is written, the sheet leaves that room blank (at least the
// room the optional argument asks for), so the key is the sheet page for page and no answer is
// set over the text that follows it. A correct choice is marked in the answer colour, not in
// bold, which would move the words after it.
const solutionInPlace = `\CorrectChoiceEmphasis{\color{ssanswer}}
\newsavebox\sssolbox
\renewenvironment{solution}[1][0pt]{\par\def\sssolroom{#1}\begin{lrbox}{\sssolbox}\begin{minipage}[t]{\linewidth}%
  \color{ssanswer}\everymath{\displaystyle}\solutiontitle\ignorespaces}
  {\end{minipage}\end{lrbox}\par\vspace{2pt}\noindent\ifsskey\usebox\sssolbox\else\phantom{\usebox\sssolbox}\fi\par
  \setlength\ssroom{\dimexpr\sssolroom-\ht\sssolbox-\dp\sssolbox\relax}\ifdim\ssroom>0pt \vspace{\ssroom}\fi}
`

// KeyLegend is the English line of a wrapped source that explains the key's check marks (in
// a sheet's language when its letters say which; see WithoutKeyLegend).
var KeyLegend = keyLegend(labelsFor(""))

// computedMacro defines \computed, the mark of an answer the server checked by computation,
// in the vocabulary (Macros): shown in the key only.
const computedMacro = `\newcommand\computed{\rlap{\,{\color{gray}\scriptsize\ifsskey$\checkmark$\else\phantom{$\checkmark$}\fi}}}`

// providedComputed is \computed for a source without the vocabulary (hand-written, or saved
// before it): the same mark in plain TeX, which needs no package; the exam class prints it
// only where it prints solutions.
const providedComputed = `\providecommand{\computed}{\,{\scriptsize$\surd$}}`

var definesComputed = regexp.MustCompile(`\\(?:newcommand|renewcommand|providecommand|def)\s*\{?\s*\\computed[^A-Za-z]`)

// ProvideComputed makes a source that uses \computed but does not define it (hand-written, or
// older) define it, right before \begin{document}: the answer check puts \computed into the
// solutions it verified.
func ProvideComputed(src string) string {
	if !strings.Contains(src, `\computed`) || definesComputed.MatchString(src) {
		return src
	}
	loc := beginDocument.FindStringIndex(src)
	if loc == nil {
		return src
	}
	return src[:loc[0]] + providedComputed + "\n" + src[loc[0]:]
}

var beginDocument = regexp.MustCompile(`\\begin\s*\{document\}`)
