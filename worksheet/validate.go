package worksheet

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/latex"

	"sheetsmith/tex"
)

// The TikZ and pgfplots libraries a figure may ask for. A figure may ask for any package
// latex.Allowed lets a worksheet load.
var (
	TikZLibraries = []string{"arrows.meta", "calc", "positioning", "shapes", "shapes.geometric", "shapes.misc",
		"angles", "quotes", "patterns", "decorations.pathreplacing", "decorations.markings", "decorations.pathmorphing",
		"intersections", "through", "backgrounds", "fit", "matrix"}
	PgfplotsLibraries = []string{"fillbetween", "groupplots", "polar"}
)

// Text-mode commands inline text may use.
var textCommands = set(`text textbf emph textit underline textsuperscript textsubscript texttt textsc textsl textrm textsf
	textnormal mbox ldots dots textdegree textendash textemdash quad qquad S P pounds checkmark
	SI si num qty unit ang SIrange qtyrange numrange ce pu cancel bcancel xcancel
	ss aa AA ae AE oe OE o O l L i j ell textquestiondown textexclamdown guillemotleft guillemotright
	c v u H r k b d t
	noindent hfill small footnotesize large normalsize tiny Large
	textup textmd quotedblbase quotesinglbase textquotedblleft textquoteleft textbullet texteuro textcent textyen textperthousand textdagger fbox
	answerblank`)

// raisedText is \textsuperscript or \textsubscript with its argument, which an answer set in
// maths may hold as text may.
var raisedText = regexp.MustCompile(`\\text(?:super|sub)script\s*\{([^{}]*)\}`)

// Maths-mode commands inline maths may use.
var mathCommands = set(`frac dfrac tfrac sqrt times div cdot pm mp le leq ge geq ne neq approx equiv sim simeq
	propto infty pi theta alpha beta gamma delta epsilon varepsilon zeta eta iota kappa lambda mu nu xi rho sigma
	tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega
	sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim sum prod int iint oint min max
	left right big Big bigg Bigg bigl bigr Bigl Bigr text mathrm mathbf mathit mathsf mathtt mathbb mathcal
	overline underline hat bar vec dot ddot tilde widehat widetilde overrightarrow overleftrightarrow
	angle measuredangle triangle degree circ perp parallel cong to rightarrow leftarrow Rightarrow Leftarrow
	leftrightarrow Leftrightarrow longrightarrow xrightarrow xleftarrow implies iff mapsto cup cap in notin ni subset subseteq supset
	supseteq emptyset varnothing setminus forall exists neg land lor wedge vee oplus otimes
	ldots cdots dots vdots ddots quad qquad binom dbinom tbinom boxed displaystyle textstyle scriptstyle
	lfloor rfloor lceil rceil langle rangle mid nmid therefore because partial nabla prime square blacksquare
	checkmark star ast bullet colon textbf textit emph mbox operatorname cancel bcancel xcancel cancelto
	SI si num qty unit ang ce pu underbrace overbrace stackrel overset underset pmod bmod
	lt gt leqslant geqslant ll gg sharp flat natural hbar Re Im aleph top bot not ominus
	uparrow downarrow updownarrow nearrow searrow hline phantom vphantom hphantom hspace over
	limits nolimits det gcd ker dim deg arg inf sup liminf limsup Pr hom vert Vert lvert rvert lVert rVert
	mathfrak mathscr bigcup bigcap bigoplus bigotimes coprod sqcup wp ell imath jmath vartheta varrho varsigma varpi
	leqq geqq subsetneq supsetneq nsubseteq lesssim gtrsim iiint mathring check breve acute grave substack
	tag notag nonumber intertext text textrm operatorname`)

// mathArguments are the maths commands that take an argument: written one after another
// (\sqrt\sqrt x) each nests in the next.
var mathArguments = set(`frac dfrac tfrac sqrt binom dbinom tbinom overline underline hat bar vec dot ddot tilde
	widehat widetilde overrightarrow overleftrightarrow xrightarrow xleftarrow text mathrm mathbf mathit mathsf
	mathtt mathbb mathcal textbf textit emph mbox operatorname boxed cancel bcancel xcancel cancelto underbrace
	overbrace stackrel overset underset pmod phantom vphantom hphantom not`)

// textLists are the lists text may hold (a worked solution's cases, a question's conditions).
var textLists = set(`itemize enumerate description`)

var mathEnvironments = set(`pmatrix bmatrix vmatrix Vmatrix matrix smallmatrix cases array aligned gathered`)

// Commands a figure may use on top of the inline ones.
var figureCommands = set(`draw fill filldraw path node coordinate clip shade shadedraw foreach pgfmathsetmacro
	pgfmathparse pgfmathresult pgfmathtruncatemacro pic tikzset tikzstyle begin end
	addplot addplot3 legend addlegendentry nextgroupplot pgfplotsset axispath matrix
	hline cline multicolumn multirow toprule midrule bottomrule cmidrule arraystretch renewcommand tabcolsep
	centering raggedright raggedleft small footnotesize scriptsize tiny normalsize large Large LARGE huge Huge
	normalfont mdseries upshape
	bfseries itshape rmfamily sffamily ttfamily textcolor color colorbox fbox makebox rule definecolor colorlet
	vspace hspace hfill vfill strut par newline linebreak and pgfkeysvalueof linewidth textwidth columnwidth
	x y z r R n i j k m a b c d t u v w p q s`)

var figureEnvironments = set(`tikzpicture scope axis semilogxaxis semilogyaxis loglogaxis polaraxis groupplot tabular tabularx
	array center minipage pmatrix bmatrix matrix cases aligned`)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Validate checks a document before it is rendered: every question has an answer its kind
// can print, the structure is consistent, and every text uses only the inline LaTeX the
// server allows. Its errors are sentences a model can act on, one per problem found.
func Validate(doc Document) error {
	return validate(doc, &validator{})
}

// Unanswered checks a document as Validate does, except that a question may lack its answer:
// it lists where ("question 4", "question 2 part (b)"). Such a document renders: the key
// leaves that answer's space empty, and the reply names it (a model's reply cut short, or one
// that never gave the answer, after the model was asked for it).
func Unanswered(doc Document) (where []string, err error) {
	v := &validator{lenient: true}
	err = validate(doc, v)
	return v.unanswered, err
}

func validate(doc Document, v *validator) error {
	s := doc.Settings
	if s.Columns < 0 || s.Columns > 4 {
		v.add("settings: columns must be between 1 and 4, not %d.", s.Columns)
	}
	if s.Layout != "" && s.Layout != LayoutStandard && s.Layout != LayoutExam {
		v.add("settings: layout must be %q or %q, not %q.", LayoutStandard, LayoutExam, s.Layout)
	}
	if len(doc.Blocks) == 0 {
		v.add("The document has no blocks: add at least one question.")
	}
	v.errs = append(v.errs, validLabels(doc.Labels)...)
	n := 0
	for i, b := range doc.Blocks {
		where := fmt.Sprintf("block %d (%s)", i+1, b.Kind)
		switch b.Kind {
		case BlockInstructions:
			v.nonEmpty(where, "text", b.Text)
			v.text(where, b.Text)
		case BlockPassage:
			v.nonEmpty(where, "text", b.Text)
			v.text(where+" title", b.Title)
			v.text(where, b.Text)
		case BlockSection:
			v.nonEmpty(where, "title", b.Title)
			v.text(where, b.Title)
		case BlockFigure:
			if b.Figure == nil {
				v.add("%s: a figure block needs a figure.", where)
			} else {
				v.figure(where, b.Figure)
			}
		case BlockQuestion:
			n++
			if b.Question == nil {
				v.add("%s: a question block needs a question.", where)
				continue
			}
			v.question(fmt.Sprintf("question %d", n), *b.Question, 0)
		default:
			v.add("%s: unknown block kind %q; use instructions, passage, figure, section or question.", where, b.Kind)
		}
		v.newPage(where, b)
	}
	if n == 0 && len(doc.Blocks) > 0 {
		v.add("The document has no questions: add at least one question block.")
	}
	if len(v.errs) == 0 {
		return nil
	}
	if len(v.errs) > 20 {
		v.errs = append(v.errs[:20], fmt.Sprintf("… and %d more problems.", len(v.errs)-20))
	}
	return errors.New(strings.Join(v.errs, "\n"))
}

type validator struct {
	errs []string
	// lenient lets answers be missing; unanswered lists where they are
	lenient    bool
	unanswered []string
}

// missing records a missing answer: a problem, or where it is when answers may be missing.
func (v *validator) missing(where, format string, a ...any) {
	if v.lenient {
		if !slices.Contains(v.unanswered, where) {
			v.unanswered = append(v.unanswered, where)
		}
		return
	}
	v.add(format, a...)
}

func (v *validator) add(format string, a ...any) {
	v.errs = append(v.errs, fmt.Sprintf(format, a...))
}

func (v *validator) nonEmpty(where, field, s string) {
	if strings.TrimSpace(s) == "" {
		v.add("%s: the %s is empty.", where, field)
	}
}

func (v *validator) text(where, s string) {
	if err := checkInline(WithoutCode(s), false); err != "" { // code is escaped as it prints
		v.add("%s: %s", where, err)
	}
}

func (v *validator) answer(where string, a Answer) {
	if strings.TrimSpace(a.Value) == "" {
		v.missing(strings.TrimSuffix(where, " answer"), "%s: the answer is missing; give its value.", where)
		return
	}
	switch a.Kind {
	case "", AnswerNumber, AnswerFraction, AnswerText:
		v.text(where+" answer", a.Value)
	case AnswerExpression:
		val := a.Value
		if !strings.Contains(val, "$") {
			// raised or lowered text (a unit's power, 40 m\textsuperscript{2}) is allowed in
			// an expression answer as in text: its argument is checked as text, the rest as maths
			for _, m := range raisedText.FindAllStringSubmatch(val, -1) {
				v.text(where+" answer", m[1])
			}
			val = "$" + raisedText.ReplaceAllString(val, "{}") + "$"
		}
		v.text(where+" answer", val)
	default:
		v.add("%s: answer kind %q is unknown; use number, fraction, expression or text.", where, a.Kind)
	}
}

func (v *validator) question(where string, q Question, depth int) {
	if depth > 2 {
		v.add("%s: parts nest at most two levels deep ((a), then (i)).", where)
		return
	}
	v.text(where, q.Text)
	if q.Points < 0 {
		v.add("%s: points cannot be negative.", where)
	}
	v.space(where, q.Space)
	if q.Figure != nil {
		v.figure(where, q.Figure)
	}
	v.keyFigure(where, q)
	marks := len(blankRun.FindAllString(q.Text, -1))
	switch q.Kind {
	case KindShort, KindOpen:
		v.nonEmpty(where, "question text", q.Text)
		v.answer(where, q.Answer)
	case KindChoice:
		v.nonEmpty(where, "question text", q.Text)
		if len(q.Choices) < 2 {
			v.add("%s: a multiple-choice question needs at least 2 choices, not %d.", where, len(q.Choices))
		}
		if len(q.Choices) > 26 {
			v.add("%s: a multiple-choice question has at most 26 choices.", where)
		}
		correct := 0
		for i, c := range q.Choices {
			cw := fmt.Sprintf("%s choice %s", where, letters(i, true))
			v.nonEmpty(cw, "choice text", c.Text)
			v.text(cw, c.Text)
			if c.Correct {
				correct++
			}
		}
		want := q.Select
		if want <= 0 {
			want = 1
		}
		if q.Select < 0 {
			v.add("%s: select cannot be negative.", where)
		}
		if correct == 0 {
			v.missing(where, "%s: exactly one choice must be marked correct; 0 are.", where)
		} else if correct != want {
			if want == 1 {
				v.add("%s: exactly one choice must be marked correct; %d are.", where, correct)
			} else {
				v.add("%s: select is %d, so exactly %d choices must be marked correct; %d are.", where, want, want, correct)
			}
		}
	case KindTrueFalse:
		v.nonEmpty(where, "question text", q.Text)
		val := strings.ToLower(strings.TrimSpace(q.Answer.Value))
		if val == "" {
			v.missing(where, "%s: a true/false answer must be \"true\" or \"false\", not \"\".", where)
		} else if val != "true" && val != "false" {
			v.add("%s: a true/false answer must be \"true\" or \"false\", not %q.", where, q.Answer.Value)
		}
	case KindBlank:
		if marks == 0 {
			v.add("%s: a fill-in-the-blank question needs %s in its text where each blank goes.", where, BlankMark)
		}
		if marks > 0 && len(q.Blanks) == 0 {
			v.missing(where, "%s: the text has %d blanks (%s) but 0 blank answers are given; give one answer per blank, in order.", where, marks, BlankMark)
		} else if marks != len(q.Blanks) {
			v.add("%s: the text has %d blanks (%s) but %d blank answers are given; give one answer per blank, in order.", where, marks, BlankMark, len(q.Blanks))
		}
		for i, a := range q.Blanks {
			v.answer(fmt.Sprintf("%s blank %d", where, i+1), a)
		}
	case KindMatching:
		if len(q.Pairs) < 2 {
			v.add("%s: a matching question needs at least 2 pairs, not %d.", where, len(q.Pairs))
		}
		if len(q.Pairs) > 26 {
			v.add("%s: a matching question has at most 26 pairs.", where)
		}
		for i, p := range q.Pairs {
			pw := fmt.Sprintf("%s pair %d", where, i+1)
			v.nonEmpty(pw, "left item", p.Left)
			v.nonEmpty(pw, "right item", p.Right)
			v.text(pw, p.Left)
			v.text(pw, p.Right)
		}
		if q.Shuffle != nil {
			ok := len(q.Shuffle) == len(q.Pairs)
			seen := make([]bool, len(q.Pairs))
			for _, i := range q.Shuffle {
				if i < 0 || i >= len(q.Pairs) || seen[i] {
					ok = false
					break
				}
				seen[i] = true
			}
			if !ok {
				v.add("%s: shuffle must list each pair index from 0 to %d exactly once; it is %v.", where, len(q.Pairs)-1, q.Shuffle)
			}
		}
	case KindGroup:
		v.nonEmpty(where, "question text", q.Text)
		if len(q.Parts) == 0 {
			v.add("%s: a group question needs parts.", where)
		}
	case "":
		v.add("%s: the question kind is missing; use short, choice, truefalse, blank, matching, open or group.", where)
	default:
		v.add("%s: question kind %q is unknown; use short, choice, truefalse, blank, matching, open or group.", where, q.Kind)
	}
	// a choice's stem may hold a blank (the fill-the-blank choice): it prints as a line, and
	// the choice circled fills it
	if q.Kind != KindBlank && q.Kind != KindChoice && marks > 0 && q.Kind != "" {
		v.add("%s: the text has a blank (%s) but the question is %s; make it a fill-in-the-blank question or write the blank as \\answerblank.", where, BlankMark, q.Kind)
	}
	for i, p := range q.Parts {
		v.question(fmt.Sprintf("%s part %s", where, partLabel(depth+1, i)), p, depth+1)
	}
}

// Limits of answer spaces.
const (
	maxLines = 30
	maxCm    = 22
)

func (v *validator) space(where string, s Space) {
	switch s.Kind {
	case "", SpaceBlank, SpaceNone:
	case SpaceLines:
		if s.Size < 0 || s.Size > maxLines || s.Size != float64(int(s.Size)) {
			v.add("%s: lines space size is a whole number of lines from 1 to %d, not %g.", where, maxLines, s.Size)
		}
	case SpaceBox, SpaceGrid, SpaceWork:
		if s.Size < 0 || s.Size > maxCm {
			v.add("%s: %s space size is in centimetres, from 0.5 to %d, not %g.", where, s.Kind, maxCm, s.Size)
		}
	default:
		v.add("%s: space kind %q is unknown; use blank, lines, box, grid, work or none.", where, s.Kind)
	}
}

func (v *validator) figure(where string, f *Figure) {
	where += " figure"
	v.text(where+" caption", f.Caption)
	for _, p := range f.Packages {
		if !latex.Allowed(p) && !slices.Contains(TikZLibraries, p) && !slices.Contains(PgfplotsLibraries, p) {
			why := latex.DenyReason(p)
			if !strings.HasPrefix(why, "not ") {
				why = "not available: " + why // "it runs programs"
			}
			v.add("%s: package %q is %s; the TikZ libraries are %s and the pgfplots libraries %s.", where, p, why,
				strings.Join(TikZLibraries, ", "), strings.Join(PgfplotsLibraries, ", "))
		}
	}
	if f.Missing != "" {
		if strings.TrimSpace(f.LaTeX) != "" {
			v.add("%s: a figure is either LaTeX or missing, not both.", where)
		}
		return
	}
	if strings.TrimSpace(f.LaTeX) == "" {
		v.add("%s: the figure has no LaTeX; give a tikzpicture, a pgfplots axis or a tabular, or name the missing image.", where)
		return
	}
	if err := checkFigure(f.LaTeX, f.Packages...); err != "" {
		v.add("%s: %s", where, err)
	}
}

// checkInline reports the first problem of a piece of inline LaTeX, or "".
func checkInline(s string, figure bool) string { return checkLaTeX(s, figure, nil) }

// checkLaTeX is checkInline with the commands and environments of a figure's packages
// allowed besides the vocabulary's (extra: chemfig's \chemfig, circuitikz's environment).
func checkLaTeX(s string, figure bool, extra map[string]bool) string {
	if strings.Contains(s, "^^") {
		// TeX reads ^^5c as a backslash: a way to write any command past this check
		return "^^ is not allowed; write a superscript once, like $x^2$, or $x^{2}$."
	}
	if r, ok := controlChar(s); ok {
		return fmt.Sprintf("the text holds an invisible control character (U+%04X); remove it.", r)
	}
	math := false
	mathClose := ""
	depth := 0
	var envs []string
	// a formula's length and nesting (braces, environments, \left…\right and commands written
	// one after another, as \sqrt\sqrt x): pandoc's maths reader is superlinear in nesting
	mathAt, mathBase, mathEnvs, lefts, chain := 0, 0, 0, 0, 0
	nesting := func() string {
		if depth > maxBraceDepth {
			return fmt.Sprintf("braces nest %d deep; at most %d are allowed.", depth, maxBraceDepth)
		}
		if n := depth - mathBase + len(envs) - mathEnvs + lefts + chain; math && n > maxMathNesting {
			return fmt.Sprintf("a formula nests %d levels deep (braces, environments, \\left…\\right, commands such as \\sqrt in \\sqrt); at most %d are allowed, so write it in simpler steps.", n, maxMathNesting)
		}
		return ""
	}
	defined := map[string]bool{}
	skip := 0 // tokens before it were read as a command's arguments
	openMath := func(at int) {
		math, mathAt, mathBase, mathEnvs, lefts, chain = true, at, depth, len(envs), 0, 0
	}
	closeMath := func(end int) string {
		math = false
		if end-mathAt > maxMathChars {
			return fmt.Sprintf("a formula is %d characters long; at most %d are allowed, so split it into several.", end-mathAt, maxMathChars)
		}
		return ""
	}
	for _, t := range tex.Raw(s) {
		if t.Pos < skip {
			continue
		}
		switch {
		case t.Kind == tex.Word && math && t.Name == "left":
			lefts++
		case t.Kind == tex.Word && math && t.Name == "right":
			lefts = max(0, lefts-1)
		case t.Kind == tex.Word && math && mathArguments[t.Name]:
			chain++
		case t.Kind != tex.Space:
			chain = 0
		}
		if err := nesting(); err != "" {
			return err
		}
		switch t.Kind {
		case tex.Symbol:
			if t.Name == "" {
				return "the text ends with a lone backslash."
			}
			sym := t.Name[0]
			switch sym {
			case '(', '[':
				if math {
					return fmt.Sprintf("\\%c opens maths inside maths.", sym)
				}
				openMath(t.Pos)
				mathClose = map[byte]string{'(': `\)`, '[': `\]`}[sym]
			case ')', ']':
				if !math || mathClose != `\`+string(sym) {
					return fmt.Sprintf("\\%c closes maths that was not opened with \\%c.", sym, map[byte]byte{')': '(', ']': '['}[sym])
				}
				if err := closeMath(t.End); err != "" {
					return err
				}
			case '\\':
				if !figure && !math && len(envs) == 0 {
					return `\\ (a line break) is not allowed in text; write separate sentences or use a blank line between paragraphs.`
				}
			case '%', '$', '&', '#', '_', '{', '}', ',', ';', ':', '!', ' ', '|', '\'', '`', '^', '"', '~', '=', '.', '-':
			default:
				return fmt.Sprintf("\\%c is not allowed.", sym)
			}
		case tex.Word:
			name, j := t.Name, t.End
			if name == "begin" || name == "end" {
				env, end := tex.Name(s, j)
				if end == j {
					return fmt.Sprintf("\\%s must be followed by an environment name in braces.", name)
				}
				allowed := mathEnvironments[env]
				if !figure && !math && textLists[env] {
					// a list in a worked solution or a question: \item and text inside
					if name == "begin" {
						envs = append(envs, env)
					} else if len(envs) == 0 || envs[len(envs)-1] != env {
						return fmt.Sprintf("\\end{%s} does not match the environment opened before it.", env)
					} else {
						envs = envs[:len(envs)-1]
					}
					continue
				}
				if figure {
					allowed = figureEnvironments[env] || extra[env]
				}
				if !allowed {
					if figure {
						return fmt.Sprintf("the environment %s is not allowed in a figure; use tikzpicture, axis (pgfplots), tabular, tabularx or array.", env)
					}
					if !math {
						return fmt.Sprintf("the environment %s is not allowed in inline text; put tables and pictures in a figure.", env)
					}
					return fmt.Sprintf("the environment %s is not allowed in maths; use pmatrix, bmatrix, cases, array or aligned.", env)
				}
				if !figure && !math {
					return fmt.Sprintf("the environment %s must be inside maths ($…$).", env)
				}
				if name == "begin" {
					envs = append(envs, env)
				} else {
					if len(envs) == 0 || envs[len(envs)-1] != env {
						return fmt.Sprintf("\\end{%s} does not match the environment opened before it.", env)
					}
					envs = envs[:len(envs)-1]
				}
				continue
			}
			if name == "ce" || name == "pu" {
				// mhchem: charges and counts are written with ^ and _ in text (\ce{SO4^2-}),
				// so the argument is checked as maths is
				arg, k := tex.Group(s, j)
				if k == j {
					return fmt.Sprintf("\\%s needs its formula in braces, like \\ce{H2O}.", name)
				}
				if err := checkInline("$"+arg+"$", false); err != "" {
					return fmt.Sprintf("inside \\%s{%s}: %s", name, arg, err)
				}
				skip = k
				continue
			}
			if n, ok := unitCommands[name]; ok {
				end, err := checkUnits(s, j, n)
				if err != "" {
					return err
				}
				skip = end
				continue
			}
			if figure {
				if name == "foreach" || name == "pgfmathsetmacro" || name == "pgfmathtruncatemacro" {
					// the loop variables and macros a figure defines for itself
					k := j
					for k < len(s) && (s[k] == ' ' || s[k] == '{') {
						k++
					}
					for k < len(s) && s[k] == '\\' {
						name, m := tex.Command(s, k)
						defined[name] = true
						k = m
						for k < len(s) && (s[k] == '/' || s[k] == ' ' || s[k] == '}') {
							k++
						}
					}
				}
				if name == "usetikzlibrary" || name == "usepackage" || name == "usepgfplotslibrary" {
					arg, _ := tex.Name(s, j)
					return fmt.Sprintf("\\%s{%s} cannot be inside a figure; list %q in the figure's packages instead.", name, arg, arg)
				}
				if figureCommands[name] || mathCommands[name] || textCommands[name] || defined[name] || extra[name] {
					continue
				}
				return fmt.Sprintf("\\%s is not allowed in a figure; use TikZ, pgfplots, tabular and maths commands only.", name)
			}
			if math && mathCommands[name] || !math && textCommands[name] || !math && name == "item" && len(envs) > 0 && textLists[envs[len(envs)-1]] {
				continue
			}
			if !math && mathCommands[name] {
				return fmt.Sprintf("\\%s is a maths command; put it between $ signs, like $\\%s$.", name, name)
			}
			return fmt.Sprintf("\\%s is not allowed; use plain text, $…$ maths and \\textbf, \\emph, \\underline, \\SI, \\num, \\ce only.", name)
		case tex.Math:
			if t.End-t.Pos == 2 && !figure {
				// display maths in a worked solution prints as the model set it
				if !math {
					openMath(t.Pos)
					mathClose = "$$"
					continue
				}
				if mathClose != "$$" {
					return "a $$ appears inside inline maths."
				}
				if err := closeMath(t.End); err != "" {
					return err
				}
				continue
			}
			if t.End-t.Pos == 2 {
				return "display maths ($$…$$) is not allowed in a figure; use $…$."
			}
			if math && mathClose != "$" {
				return "a $ appears inside \\(…\\) maths."
			}
			if math {
				if err := closeMath(t.End); err != "" {
					return err
				}
			} else {
				openMath(t.Pos)
				mathClose = "$"
			}
		case tex.Open:
			depth++
		case tex.Close:
			depth--
			if depth < 0 {
				return "a closing brace } has no opening brace."
			}
		case tex.Text:
			if err := checkChars(s[t.Pos:t.End], figure, math, len(envs) > 0); err != "" {
				return err
			}
		}
	}
	if math {
		if err := closeMath(len(s)); err != "" {
			return err
		}
		return "maths opened with " + mathClose + " is not closed; close it with " + mathClose + "."
	}
	if depth != 0 {
		return fmt.Sprintf("%d opening braces { are not closed.", depth)
	}
	if len(envs) > 0 {
		return fmt.Sprintf("\\begin{%s} is not closed with \\end{%s}.", envs[len(envs)-1], envs[len(envs)-1])
	}
	return ""
}

// Bounds of inline LaTeX: a formula's length and nesting, and braces anywhere (figures nest
// deeper than maths).
const (
	maxMathChars   = 2000
	maxMathNesting = 12
	maxBraceDepth  = 32
)

// unitCommands are siunitx's commands, with how many arguments they take; the last is a unit.
var unitCommands = map[string]int{"SI": 2, "qty": 2, "si": 1, "unit": 1, "SIrange": 3, "qtyrange": 3}

// siUnits are the unit macros siunitx accepts inside a unit argument.
var siUnits = set(`metre meter second kilogram gram newton joule watt pascal volt ampere ohm kelvin mole
	candela hertz coulomb litre liter celsius degreeCelsius per squared cubed square cubic tothe raiseto
	kilo mega milli micro nano centi giga tera deci deca hecto pico femto hour minute day percent tonne
	electronvolt hectare bar angstrom degree arcminute arcsecond radian steradian farad henry tesla weber
	siemens becquerel gray sievert lux lumen katal dalton astronomicalunit bel decibel neper knot
	mmHg millimetremercury atomicmassunit`)

var unitMacro = regexp.MustCompile(`\\([a-zA-Z]+)`)

// checkUnits checks the arguments of a siunitx command at s[j:] and returns the index after them.
func checkUnits(s string, j, n int) (int, string) {
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j < len(s) && s[j] == '[' {
		opt, end := tex.Option(s, j)
		if end == j {
			return j, "an option [ of a unit command is not closed with ]."
		}
		// Options are key=value words; TeX runs whatever else they hold, past this check.
		if strings.ContainsAny(opt, unitUnsafe) || !balanced(opt) {
			return j, "an option of a unit command may hold only words, numbers and {,}, like [per-mode=symbol]."
		}
		j = end
	}
	for a := 1; a <= n; a++ {
		arg, k := tex.Group(s, j)
		if k == j {
			return j, fmt.Sprintf("a siunitx command needs %d arguments in braces, like \\SI{9.8}{\\metre\\per\\second\\squared}.", n)
		}
		if strings.ContainsAny(arg, unitUnsafe[1:]) {
			return j, "the arguments of a unit command are a number and units, like \\SI{9.8}{\\metre\\per\\second\\squared}."
		}
		if a == n {
			for _, m := range unitMacro.FindAllStringSubmatch(arg, -1) {
				if !siUnits[m[1]] {
					return j, fmt.Sprintf("\\%s is not a unit siunitx knows; write units like \\metre, \\second, \\kilogram, \\newton, \\per, \\squared.", m[1])
				}
			}
		} else if err := checkInline("$"+arg+"$", false); err != "" && strings.Contains(arg, "\\") {
			return j, "the number of a unit command: " + err
		}
		j = k
	}
	return j, ""
}

// unitUnsafe are the characters a unit command's option may not hold; its arguments may not
// hold any but the backslash (units and numbers are checked on their own).
const unitUnsafe = `\%#$&`

func balanced(s string) bool {
	depth := 0
	for _, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// checkFigure checks a figure's LaTeX; the commands and environments of the packages it names
// or uses (latex.PackagesUsed) are allowed in it, and it may be one command of theirs
// (\chemfig{…}).
func checkFigure(s string, packages ...string) string {
	extra := map[string]bool{}
	for _, p := range append(slices.Clip(packages), latex.PackagesUsed(s)...) {
		for _, name := range latex.PackageVocabulary(p) {
			extra[name] = true
		}
	}
	if err := checkLaTeX(s, true, extra); err != "" {
		return err
	}
	t := strings.TrimSpace(s)
	if m := leadingCommand.FindStringSubmatch(t); m != nil && extra[m[1]] {
		return ""
	}
	if !strings.HasPrefix(t, `\begin{`) {
		return "a figure must be one environment: begin with \\begin{tikzpicture}, \\begin{tabular} or \\begin{tabularx}."
	}
	return ""
}

var leadingCommand = regexp.MustCompile(`^\\([A-Za-z]+)`)

// controlChar finds a control character other than a tab, a line feed or a carriage return:
// TeX reads most of them as invalid characters and the compile stops, and they show nothing.
func controlChar(s string) (rune, bool) {
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= 0x7f && r <= 0x9f {
			return r, true
		}
	}
	return 0, false
}

// checkChars reports the first bare special character of a run of text.
func checkChars(text string, figure, math, inEnv bool) string {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '%':
			return `a bare % starts a LaTeX comment; write \% for a percent sign.`
		case '#':
			if !figure {
				return `a bare # is not allowed; write \# for the sign.`
			}
			return "# is not allowed in a figure."
		case '&':
			if !figure && !inEnv {
				return `a bare & is not allowed in text; write \& for the sign.`
			}
		case '^':
			if !math && !figure {
				return "^ (a superscript) must be inside maths, like $x^2$."
			}
		case '_':
			if !math && !figure {
				k := i
				for k < len(text) && text[k] == '_' {
					k++
				}
				if k-i < 3 {
					return "_ (a subscript) must be inside maths, like $x_1$; write \\_ for an underscore or ___ for a blank."
				}
				i = k - 1
			}
		}
	}
	return ""
}
