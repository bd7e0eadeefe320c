package worksheet

import (
	"slices"
	"strings"
)

// Macros is the vocabulary the server writes into every rendered sheet and key, after the
// server-owned latex.Preamble. Sheet and key share every line of it; only \sskeytrue
// differs. Every answer is drawn as an overlay of zero size (\rlap, a zero-height \vbox, a
// fixed-size box), so the key's boxes have exactly the sizes of the sheet's and every
// question lands at the same place on the same page. A place to answer is sized from its
// answer in sheet and key alike (a line as wide as the answer, room and lines that hold it):
// the answer is in both sources, measured in both, printed only in the key.
const Macros = `\definecolor{ssanswer}{rgb}{0.80,0.0,0.0}
\newif\ifsskey
% the exam class's switch for printing answers (how older code asks for a key) makes this the key too
\AtBeginDocument{\ifprintanswers\sskeytrue\fi}
\newsavebox\ssbox
\newsavebox\ssansbox
\newsavebox\ssfracbox
\newcount\sscount
\newlength\ssdim
\newlength\ssblankw
\newlength\ssblankmin
\newlength\ssraise
\newsavebox\ssroombox
\newlength\ssroom
\newlength\sscolw
\newlength\ssrowcolw
\newlength\sscolsep \setlength\sscolsep{0.6cm}
\newlength\ssrowsep \setlength\ssrowsep{0.8cm}
\newlength\sslinesep \setlength\sslinesep{0.85cm}
\newlength\ssnumw \setlength\ssnumw{2.1em}
\setlength\parindent{0pt}
\unframedsolutions
\renewcommand{\solutiontitle}{\noindent\textbf{Answer:} }
\SolutionEmphasis{\color{ssanswer}\everymath{\displaystyle}}
\pagestyle{foot}
\cfoot{\thepage}
% an answer, in the key's colour
\newcommand\ssans[1]{\leavevmode{\color{ssanswer}#1}}
% the mark of an answer the server checked by computation (key only)
` + computedMacro + `
% #2 at its natural size, or scaled down to width #1
\newcommand\ssfit[2]{\sbox\ssbox{#2}\ifdim\wd\ssbox>#1\relax\resizebox{#1}{!}{\usebox\ssbox}\else\usebox\ssbox\fi}
% an answer written in a place of its own: its maths in display style, so a fraction's digits
% are as large as the text's
\newcommand\ssansdisplay[1]{\ssans{\everymath{\displaystyle}#1}}
% \ssblank{width}{answer}: a line to write on, at least #1 long (or 0.4 of the column in a
% narrow one, so it shares a line with its label) and as long as its answer (with room either
% side), never longer than the line of text; the key writes the answer on it, a deep one (a
% stacked fraction) raised to sit on the line
\newcommand\ssblank[2]{\leavevmode\sbox\ssansbox{\ssansdisplay{#2}}\setlength\ssblankw{\dimexpr\wd\ssansbox+1.2em\relax}%
  \setlength\ssblankmin{#1}\ifdim\ssblankmin>0.4\linewidth\setlength\ssblankmin{0.4\linewidth}\fi
  \ifdim\ssblankw<\ssblankmin\setlength\ssblankw{\ssblankmin}\fi\ifdim\ssblankw>\linewidth\setlength\ssblankw{\linewidth}\fi
  \sbox\ssansbox{\ssfit{\ssblankw}{\usebox\ssansbox}}%
  \setlength\ssraise{1.5pt}\ifdim\dp\ssansbox>3pt \setlength\ssraise{\dimexpr\dp\ssansbox+1pt\relax}\fi
  \vrule width0pt height\dimexpr\ht\ssansbox+\ssraise\relax depth0pt\relax
  \ifsskey\rlap{\raisebox{\ssraise}[0pt][0pt]{\makebox[\ssblankw][c]{\usebox\ssansbox}}}\fi
  \rule[-1.5pt]{\ssblankw}{0.5pt}}
\newcommand\answerblank[1][3cm]{\ssblank{#1}{}}
% the space between a label and its blank: a line breaks there only when label and blank could
% share no line (a forbidden break would push the blank past the column)
\newcommand\sstie{\penalty9999\ }
% the room a stacked fraction takes above a line (\ssfracbox holds a sample); sheet and key
% make it alike, so the student has room to write a fraction and the key's lies on the line
\newcommand\ssfracmeasure{\sbox\ssfracbox{$\displaystyle\frac{0}{0}$}}
\newcommand\ssfracstrut{\ssfracmeasure\vrule width0pt height\dimexpr\ht\ssfracbox+\dp\ssfracbox+2.5pt\relax depth0pt\relax}
\newcommand\ssfracblank[2]{\leavevmode\ssfracstrut\ssblank{#1}{#2}}
% the answer line of a short question, at the right
\newcommand\ssanswerline[2]{\par\vspace{4pt}\hspace*{\fill}\ssblank{#1}{#2}\par}
% the same under a figure, a table or a narrow column's text, which may reach down over the
% line's whole width: its strut (a line's height, no depth: the line takes no more room below)
% keeps the key's answer, written above the line, clear of them (a chart's bottom rule)
\newcommand\ssanswerlineclear[2]{\par\vspace{4pt}\hspace*{\fill}\vrule width0pt height\ht\strutbox depth0pt\relax\ssblank{#1}{#2}\par}
\newcommand\ssfracanswerline[2]{\par\vspace{4pt}\hspace*{\fill}\ssfracblank{#1}{#2}\par}
% \ssstackanswer{answer}: the row under a stacked sum's bar (in an array, in maths), room to
% write the answer, right-aligned with the numbers above; the key writes it there
\newcommand\ssstackanswer[1]{\rule{0pt}{15pt}\mbox{\ifsskey\ssans{#1}\else\phantom{#1}\fi}}
% \sscircle{1 when circled in the key}{label}
\newcommand\sscircle[2]{\leavevmode\sbox\ssbox{#2}\setlength\ssdim{\wd\ssbox}%
  \ifsskey\ifnum#1=1 \rlap{\tikz[overlay]\draw[ssanswer,line width=0.9pt](0.5\ssdim,0.33em) ellipse ({0.5\ssdim+0.35em} and 0.68em);}\fi\fi
  \usebox\ssbox}
% multiple choice: one per line, or several in one paragraph
\newcommand\sschoice[3]{\par\hangindent=1.9em\hangafter=1\noindent\makebox[1.9em][l]{\sscircle{#1}{#2})}#3\par}
\newcommand\sschoiceinline[3]{\mbox{\sscircle{#1}{#2})~#3}\hskip 1.4em plus 1em\relax}
% true or false, in the document's language
\newcommand\sstruelabel{True}
\newcommand\ssfalselabel{False}
\newcommand\ssmissinglabel{Figure not available}
\newcommand\sstruefalse[3]{\par\vspace{3pt}\hspace*{1.5em}\sscircle{#1}{\sstruelabel}\hspace{2.5em}\sscircle{#2}{\ssfalselabel}#3\par}
% a vertical overlay: #1 is typeset below this point and takes no room; the depth of the line
% above is kept, so the spacing to the next line is what it is without the overlay
\newdimen\ssprevdepth
\newcommand\ssvlap[1]{\par\ssprevdepth=\prevdepth\nointerlineskip\vbox to 0pt{#1\vss}\prevdepth=\ssprevdepth}
% \sslines{count}{answer}: ruled lines; the key writes the answer on them
\newcommand\sslines{\sslinesat{3pt}}
% \ssfraclines: the same, the answer's first line raised so a stacked fraction sits on the rule
\newcommand\ssfraclines{\ssfracmeasure\sslinesat{\dimexpr\dp\ssfracbox+1pt\relax}}
% \sslinesat{answer baseline above the first rule}{count}{answer}: at least #2 lines, and as
% many as the answer fills; a first line taller than a line (a fraction, aligned steps) is
% set lower, never over the text above
\newcommand\sslinesat[3]{\par\vspace{2pt}\sbox\ssroombox{\parbox[t]{\linewidth}{\setlength\baselineskip{\sslinesep}\ssansdisplay{#3}}}%
  \setlength\ssroom{\dimexpr\sslinesep-#1\relax}\ifdim\ssroom<\dimexpr\ht\ssroombox+2pt\relax\setlength\ssroom{\dimexpr\ht\ssroombox+2pt\relax}\fi
  \sscount=#2\relax\ifnum\sscount<\numexpr(\ssroom+\dp\ssroombox+\sslinesep/2)/\sslinesep\relax\sscount=\numexpr(\ssroom+\dp\ssroombox+\sslinesep/2)/\sslinesep\relax\fi
  \ifsskey\ssvlap{\vskip\ssroom\hbox{\smash{\usebox\ssroombox}}}\fi
  \loop\ifnum\sscount>0 \nointerlineskip\vskip\sslinesep\hrule\advance\sscount -1 \repeat
  \vskip 2pt}
% \ssroomfor{least height}{width}{answer}: \ssroom is the larger of #1 and the height the
% answer takes wrapped to #2, with a little room below it
\newcommand\ssroomfor[3]{\sbox\ssroombox{\parbox[t]{#2}{\strut\ssansdisplay{#3}\strut}}%
  \setlength\ssroom{\dimexpr\ht\ssroombox+\dp\ssroombox+6pt\relax}\ifdim\ssroom<#1\relax\setlength\ssroom{#1}\fi}
% \ssspacebox{height}{answer}: an empty box that holds its answer; the key writes the answer
% inside (the sheet's box starts its empty paragraph too: a minipage without one has no width)
\newcommand\ssspacebox[2]{\par\vspace{4pt}\ssroomfor{#1}{\dimexpr\linewidth-2\fboxsep-2\fboxrule\relax}{#2}%
  \noindent\fbox{\begin{minipage}[c][\ssroom][t]{\dimexpr\linewidth-2\fboxsep-2\fboxrule\relax}
  \leavevmode\ifsskey\ssansdisplay{#2}\fi\end{minipage}}\par}
% \ssgrid{height}{answer}: squared paper, tall enough for its answer
\newcommand\ssgrid[2]{\par\vspace{4pt}\ssroomfor{#1}{\dimexpr\linewidth-0.4cm\relax}{#2}\noindent\begin{tikzpicture}
  \draw[step=0.5cm,black!25,very thin] (0,0) grid (\linewidth,\ssroom);
  \ifsskey\node[overlay,fill=white,inner sep=1pt,anchor=north west,text width=\dimexpr\linewidth-0.4cm\relax] at (0.1,\ssroom) {\ssansdisplay{#2}};\fi
  \end{tikzpicture}\par}
% \sswork{height}{answer}: blank room, tall enough for its answer; the key writes the answer at
% its top, wrapped to the width, its first line a whole line below the text above
\newcommand\sswork[2]{\par\ssroomfor{#1}{\linewidth}{#2}%
  \ifsskey\ssvlap{\vskip 4pt\hbox{\usebox\ssroombox}}\fi
  \noindent\rule{0pt}{\ssroom}\par}
% \sslongdivision{divisor}{dividend}{quotient}{remainder}: the long-division bracket at the
% text's size, a curved stroke joined to a bar over the dividend; the key writes the quotient
% above the bar, its last digit over the dividend's last (digits are all one width), and the
% remainder after it; the sheet keeps their room empty, so nothing moves
\newcommand\sslongdivision[4]{\leavevmode\sbox\ssbox{$#2$}\setlength\ssdim{\wd\ssbox}%
  \begin{tikzpicture}[baseline=0pt,inner sep=0pt,outer sep=0pt]
  \node[anchor=base east] at (-0.6em,0) {$#1$};
  \node[anchor=base west] at (0,0) {\usebox\ssbox};
  \draw[line width=0.7pt,line cap=round,line join=round] (-0.5em,-0.38em) .. controls (-0.1em,-0.05em) and (-0.1em,0.62em) .. (-0.38em,0.98em) -- (\ssdim+0.3em,0.98em);
  \node[anchor=base east] at (\ssdim,1.42em) {\ifsskey\ssans{$#3$}\else\phantom{$#3$}\fi};
  \node[anchor=base west] at (\ssdim+0.45em,1.42em) {\ifsskey\ssans{#4}\else\phantom{#4}\fi};
  \end{tikzpicture}}
% a figure, scaled to the width it is in; a figure the server cannot show
\newcommand\ssfigure[2]{\par\vspace{4pt}{\centering\ssfit{\linewidth}{#1}\par}
  \if\relax\detokenize{#2}\relax\else{\centering\small\itshape #2\par}\fi\vspace{2pt}}
\newcommand\ssmissing[2]{\par\vspace{4pt}{\centering\fbox{\parbox[c][2.2cm][c]{\dimexpr0.85\linewidth-2\fboxsep\relax}{\centering\small \ssmissinglabel: #1}}\par}
  \if\relax\detokenize{#2}\relax\else{\centering\small\itshape #2\par}\fi\vspace{2pt}}
% points, at the right end of the question's last line
\newcommand\sspoints[1]{{\unskip\nobreak\hfil\penalty50\hskip1em\hbox{}\nobreak\hfil\small(#1)\parfillskip=0pt\finalhyphendemerits=0\par}}
% a row of question boxes; a row taller than the page is scaled down to fit on one page
\newsavebox\ssrowbox
\newcommand\ssrow[1]{\par\noindent\sbox\ssrowbox{#1}\setlength\ssdim{\ht\ssrowbox}\addtolength\ssdim{\dp\ssrowbox}%
  \ifdim\ssdim>0.96\textheight\resizebox*{!}{0.96\textheight}{\usebox\ssrowbox}\else\usebox\ssrowbox\fi\par}
% a numbered question in a box #1 wide; parts (a) and subparts (i) inside it; a number too
% wide for its place (100.) takes the room it needs and a space, not the text's first letters
\newcommand\ssq[3]{\parbox[t]{#1}{\sbox\ssbox{\textbf{#2}}\setlength\ssdim{\dimexpr\wd\ssbox+0.5em\relax}%
  \ifdim\ssdim<\ssnumw\setlength\ssdim{\ssnumw}\fi
  \makebox[\ssdim][l]{\usebox\ssbox}\parbox[t]{\dimexpr#1-\ssdim\relax}{\raggedright#3\par}}}
\newcommand\sspart[2]{\par\vspace{5pt}\noindent\makebox[1.9em][l]{#1}\parbox[t]{\dimexpr\linewidth-1.9em\relax}{#2\par}\par}
% matching: \ssmatch{answer letter}{number}{left}{letter}{right} is a row of two columns;
% in a narrow column the left items (\ssmatchleft) come first, then the right (\ssmatchright)
\newcommand\ssmatch[5]{\ssblank{1.1cm}{#1}~#2.~#3 & #4)~#5\\[3pt]}
\newcommand\ssmatchleft[3]{\par\hangindent=2.9em\hangafter=1\noindent\ssblank{1.1cm}{#1}~#2.~#3\par}
\newcommand\ssmatchright[2]{\par\hangindent=1.9em\hangafter=1\noindent\makebox[1.9em][l]{#1)}#2\par}
% blocks between questions; a heading and the instructions stay on the page of what follows them
% (no page break after them: the row of questions below goes with them to the next page)
\newcommand{\instructions}[1]{\noindent\textit{#1}\par\nobreak\medskip}
\newcommand\sspassage[2]{\if\relax\detokenize{#1}\relax\else{\bfseries #1\par}\nobreak\smallskip\fi
  {\setlength\parskip{4pt}#2\par}\medskip}
\newcommand\sssection[1]{\par\vspace{6pt}{\large\bfseries #1\par}\nobreak\vspace{4pt}}
% a drawing's least readable width, read by the renderer's layout (see figureMinWidth)
\tikzset{ssminwidth/.style={}}
\newcommand{\sssheetfield}[2]{#1:~\rule[-1.5pt]{#2}{0.5pt}}
% the layout pass (\sslayout{body}): the body is set once in a box and cut into pages as TeX's
% page builder cuts it (\vsplit, the same break rule); when the last page would hold only a
% little (less than half a page), the rows are set closer and kept so when that saves
% the page, else every page is cut lower by the same height while the count of pages holds,
% so the pages end alike. Sheet and key have the same boxes, so the same pages.
\newbox\ssbodybox \newbox\sstrialbox \newbox\sspiecebox \newbox\sscutbox
\newcount\sspages \newcount\sspageswas \newlength\sslast \newlength\ssfirst \newlength\sscut
\newlength\sslower \newlength\ssrowsepwas
% \sscutpages{box}{first page's height}{other pages' height}: \sspages and \sslast (the last
% page's natural height) of the box cut so; the box is kept
\newcommand\sscutpages[3]{\setbox\sscutbox\copy#1\relax\global\sspages=0 
  {\splittopskip\topskip\splitmaxdepth\maxdepth\vbadness10000 \vfuzz\maxdimen\sscut=#2\relax
  \loop\setbox\sspiecebox\vsplit\sscutbox to\sscut\global\advance\sspages 1 \sscut=#3\relax
  \ifnum\ifvoid\sscutbox 999\else\sspages\fi<200 \repeat
  \setbox\sspiecebox\vbox{\unvbox\sspiecebox}\global\sslast\ht\sspiecebox}}
% \sscutshipped{box}{first}{others}: the box on its pages, cut as \sscutpages cuts it
\newcommand\sscutshipped[3]{{\splittopskip\topskip\splitmaxdepth\maxdepth\vbadness10000 \vfuzz\maxdimen\sscut=#2\relax
  \loop\setbox\sspiecebox\vsplit#1 to\sscut\unvbox\sspiecebox\sscut=#3\relax
  \ifvoid#1\else\newpage\repeat}}
\newcommand\sslayout[1]{\par\ssfirst=\dimexpr\pagegoal-\pagetotal\relax
  \ifdim\ssfirst>\textheight\ssfirst=\textheight\fi
  \setbox\ssbodybox\vbox{#1}\sscutpages\ssbodybox\ssfirst\textheight
  \ifnum\sspages>1 \ifdim\sslast<0.45\textheight\sstighten{#1}\fi\fi
  \ifnum\ifnum\sspages>1 \ifdim\sslast<0.45\textheight1\else0\fi\else0\fi=1 \ssbalance\else\unvbox\ssbodybox\fi}
% closer rows, kept only when they save a page
\newcommand\sstighten[1]{\ssrowsepwas=\ssrowsep\sspageswas=\sspages
  \ssrowsep=0.35\ssrowsep\setbox\sstrialbox\vbox{#1}\sscutpages\sstrialbox\ssfirst\textheight
  \ifnum\sspages<\sspageswas\setbox\ssbodybox\box\sstrialbox\else\ssrowsep=\ssrowsepwas\global\sspages=\sspageswas\fi}
% pages cut lower, a centimetre at a time, while the body keeps its count of pages
\newcommand\ssbalance{\sspageswas=\sspages\sslower=0pt
  \loop\advance\sslower 1cm \sscutpages\ssbodybox{\dimexpr\ssfirst-\sslower\relax}{\dimexpr\textheight-\sslower\relax}%
  \ifnum\ifnum\sspages=\sspageswas\ifdim\sslower<0.6\textheight1\else0\fi\else0\fi=1 \repeat
  \advance\sslower -1cm \sscutshipped\ssbodybox{\dimexpr\ssfirst-\sslower\relax}{\dimexpr\textheight-\sslower\relax}}
`

// LaTeXCommand reports whether name (without its backslash) is a command inline text, maths
// or a figure may use.
func LaTeXCommand(name string) bool {
	return textCommands[name] || mathCommands[name] || figureCommands[name]
}

// The exam class's vocabulary that engines write and the server reads (the parser, the
// normaliser, the answer check and the key): the one list of its environments and commands.
var (
	// QuestionList is the environment that holds the questions.
	QuestionList = "questions"
	// PartLists are the environments of parts, subparts and subsubparts, by depth, and
	// PartCommands the command that starts an item in each.
	PartLists    = []string{"parts", "subparts", "subsubparts"}
	PartCommands = []string{"part", "subpart", "subsubpart"}
	// ChoiceLists are the environments of answer options; ChoiceCommands start an option, the
	// last one marking the correct option.
	ChoiceLists    = []string{"choices", "oneparchoices", "checkboxes", "oneparcheckboxes"}
	ChoiceCommands = []string{"choice", "CorrectChoice"}
	// SolutionEnvironments hold an answer: solution, and those that leave the sheet a space
	// (a box, lines, dotted lines, a grid) where the key prints the answer.
	SolutionEnvironments = []string{"solution", "solutionorbox", "solutionorlines", "solutionordottedlines", "solutionorgrid"}
)

// ItemHome maps each item command of the exam class to the environments it must sit in.
var ItemHome = map[string][]string{
	"question":      {QuestionList},
	"part":          {PartLists[0]},
	"subpart":       {PartLists[1]},
	"choice":        ChoiceLists,
	"CorrectChoice": ChoiceLists,
}

// IsChoiceList reports whether env lists answer options.
func IsChoiceList(env string) bool { return slices.Contains(ChoiceLists, env) }

// IsSolution reports whether env holds an answer.
func IsSolution(env string) bool { return slices.Contains(SolutionEnvironments, env) }

// HasAnswers reports whether an exam-class body states any answer: a solution or a marked
// correct choice.
func HasAnswers(body string) bool {
	return strings.Contains(body, `\begin{solution}`) || strings.Contains(body, `\CorrectChoice`)
}
