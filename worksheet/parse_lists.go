package worksheet

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/latex"

	"sheetsmith/tex"
)

// What models write inside and around questions besides the exam class's own vocabulary:
// lists of options or answer lines, options lettered inline, answer boxes, code listings,
// cross-references and font declarations. Each is read as the document field it stands for.

// answerBlankCmd is a drawn answer line once question() has rewritten it.
var answerBlankCmd = regexp.MustCompile(`\\answerblank(\[[^\]]*\])?`)

// listLabel is the letter a list item is labelled with ("(a)", "B.", "c)") in its [label]
// or at the start of its text.
var listLabel = regexp.MustCompile(`^\s*(?:\\textbf\{\s*)?\(?([A-Ha-h])[.):]\)?\}?(?:\s+|$)`)

// questionList reads an enumerate or itemize written inside a question: items that are only
// lines to write on are the question's answer space; short items are its options; items that
// ask something are its parts; a single item (a hint) is the question's text, returned.
func (p *parser) questionList(q *Question, inner string, depth int, where string) string {
	var texts []string
	lines := 0
	for _, it := range tex.SplitAt(inner, "item")[1:] {
		t := strings.TrimSpace(it.Text)
		label := ""
		if strings.HasPrefix(t, "[") {
			var k int
			label, k = tex.Option(t, 0)
			t = strings.TrimSpace(t[k:])
		}
		if strings.TrimSpace(answerBlankCmd.ReplaceAllString(t, "")) == "" {
			lines++
			continue
		}
		if m := listLabel.FindStringSubmatch(t); m != nil && label == "" {
			t = t[len(m[0]):]
		}
		texts = append(texts, t)
	}
	if len(texts) == 0 {
		if lines > 0 {
			q.Space = Space{Kind: SpaceLines, Size: float64(lines)}
		}
		return ""
	}
	asks := 0
	for _, t := range texts {
		if c := clean(t); strings.HasSuffix(c, "?") || len(c) > 90 || answerBlankCmd.MatchString(t) || strings.Contains(t, "___") {
			asks++
		}
	}
	if asks > 0 && depth < 3 && len(q.Parts) == 0 {
		for k, t := range texts {
			sub, _ := p.question(t, depth+1, where+" part "+partLabel(depth+1, k))
			q.Parts = append(q.Parts, sub)
		}
		return ""
	}
	if len(texts) == 1 {
		return "\n\n" + texts[0]
	}
	if len(q.Choices) > 0 {
		p.problem("%s: a list beside its choices is not part of the worksheet vocabulary.", where)
		return ""
	}
	for _, t := range texts {
		q.Choices = append(q.Choices, Choice{Text: clean(t)})
	}
	return ""
}

// optionMark is where an option lettered inline starts: "a)", "(b)", "C.", "\textbf{D)}".
var optionMark = regexp.MustCompile(`(?:\\textbf\{\s*)?\(?([A-Ha-h])[.)]\}?\s`)

// optionGlue is the spacing a model sets between options on one line, or a bullet before an
// option on its own line.
var optionGlue = regexp.MustCompile(`(\s|~|\n[ \t]*[-•*]|\\quad\b|\\qquad\b|\\hfill\b|\\\\(\[[^\]]*\])?|\\newline\b|\\hspace\*?\{[^{}]*\})+$`)

// lineEnd is the end of a line of text: a new line or a \\ break, with spacing after it.
var lineEnd = regexp.MustCompile(`(\n|\\\\(\[[^\]]*\])?|\\newline\b)(\s|~|\\hspace\*?\{[^{}]*\})*$`)

// glueTail bounds how far before an option mark its glue and line end are looked for.
const glueTail = 64

// inlineOptions finds options lettered a, b, c… written in a question's text after its stem
// ("Which gas…?\\ (a) Oxygen \quad (b) Nitrogen …" or one option a line): the stem and the
// options. The first option starts a line or follows the stem's question mark; options that
// themselves ask something are parts, not options.
func inlineOptions(t string) (stem string, opts []string, ok bool) {
	marks := optionMark.FindAllStringSubmatchIndex(t, -1)
	first := -1
	for i, m := range marks {
		if l := t[m[2]:m[3]]; l != "a" && l != "A" {
			continue
		}
		// the glue and the line end are looked for just before the mark, where they end:
		// matching them on all the text before each mark was quadratic in the marks
		k := max(0, m[0]-glueTail)
		before := t[:m[0]]
		if loc := optionGlue.FindStringIndex(t[k:m[0]]); loc != nil {
			before = t[:k+loc[0]]
		}
		before = strings.TrimSpace(before)
		if before == "" || m[0] > 0 && !strings.ContainsAny(t[m[0]-1:m[0]], " \t\n~}") {
			continue
		}
		if lineEnd.MatchString(t[k:m[0]]) || strings.HasSuffix(before, "?") {
			first, stem = i, before
			break
		}
	}
	if first < 0 {
		return "", nil, false
	}
	// the options follow in order, each lettered as the first is
	style := func(m []int) string { return t[m[0]:m[2]] + "?" + t[m[3]:m[1]] }
	chosen := [][]int{marks[first]}
	for _, m := range marks[first+1:] {
		last := chosen[len(chosen)-1]
		if m[0] < last[1] || t[m[2]] != t[last[2]]+1 || style(m) != style(marks[first]) || !strings.ContainsAny(t[m[0]-1:m[0]], " \t\n~}") {
			continue
		}
		chosen = append(chosen, m)
	}
	if len(chosen) < 2 {
		return "", nil, false
	}
	for i, m := range chosen {
		end := len(t)
		if i+1 < len(chosen) {
			end = chosen[i+1][0]
		}
		text := t[m[1]:end]
		if i+1 == len(chosen) {
			// the last option ends its paragraph; what follows stays the question's
			if k := blankLine.FindStringIndex(text); k != nil {
				stem += "\n\n" + text[k[1]:]
				text = text[:k[0]]
			}
		}
		o := clean(optionGlue.ReplaceAllString(strings.TrimSpace(text), ""))
		if o == "" || strings.HasSuffix(o, "?") || len(o) > 90 {
			return "", nil, false
		}
		opts = append(opts, o)
	}
	return stem, opts, true
}

// choiceLetter is a solution naming an option by its letter: "B", "(b) The Nile", "C. …",
// "B --- Two".
var choiceLetter = regexp.MustCompile(`^\s*(?:\(([A-Ha-h])\)|([A-Ha-h])(?:[.):]|\s*$|\s+[-–—]))`)

// markChoice marks the option a solution names, by its text or its letter, when no option is
// marked: the answer of a list or of options lettered inline.
func markChoice(choices []Choice, sol string) {
	for _, c := range choices {
		if c.Correct {
			return
		}
	}
	v := strings.ToLower(strings.Trim(clean(sol), " ."))
	if v == "" {
		return
	}
	for i, c := range choices {
		if strings.ToLower(strings.Trim(c.Text, " .")) == v {
			choices[i].Correct = true
			return
		}
	}
	if m := choiceLetter.FindStringSubmatch(sol); m != nil {
		l := strings.ToLower(m[1] + m[2])
		if i := int(l[0] - 'a'); i < len(choices) {
			choices[i].Correct = true
		}
	}
}

// emptyBox is a frame with nothing to read in it: a box to answer in.
func emptyBox(content string) bool {
	content = answerBlankCmd.ReplaceAllString(content, "")
	content = strings.NewReplacer(`\strut`, "", `\hfill`, "", `\quad`, "", `\qquad`, "", "~", "").Replace(content)
	content = regexp.MustCompile(`\\(?:rule|vspace|hspace)\*?(\[[^\]]*\])?(\{[^{}]*\})+`).ReplaceAllString(content, "")
	return strings.TrimSpace(content) == ""
}

// boxArgs reads a \framebox or \fbox's arguments after j: its content and the index after it.
func boxArgs(s string, j int) (string, int) {
	k := j
	for {
		if _, next := tex.Option(s, k); next != k {
			k = next
			continue
		}
		break
	}
	return tex.Group(s, k)
}

// codeFigure sets a code listing (verbatim, lstlisting) as a figure of typewriter lines, its
// characters escaped and its indentation kept, so it stands anywhere a figure does.
func codeFigure(inner string) *Figure {
	inner = strings.TrimPrefix(inner, "\n")
	if strings.HasPrefix(inner, "[") { // lstlisting's options
		if _, k := tex.Option(inner, 0); k > 0 {
			inner = strings.TrimPrefix(inner[k:], "\n")
		}
	}
	return &Figure{LaTeX: CodeLines(inner)}
}

// verbInline is \verb|code| (any delimiter), set as \texttt with its characters escaped.
var verbInline = regexp.MustCompile(`\\verb\*?([^a-zA-Z\s*])`)

func verbAsTexttt(s string) string {
	// written out as read, each search going on from the last: one pass however many there are
	var b strings.Builder
	for {
		loc := verbInline.FindStringSubmatchIndex(s)
		if loc == nil {
			break
		}
		delim := s[loc[2]:loc[3]]
		end := strings.Index(s[loc[1]:], delim)
		if end < 0 {
			break
		}
		code := s[loc[1] : loc[1]+end]
		b.WriteString(s[:loc[0]] + `\texttt{` + latex.EscapeText(code) + `}`)
		s = s[loc[1]+end+len(delim):]
	}
	b.WriteString(s)
	return b.String()
}

// crossRef is \label, \ref and their kin.
var crossRef = regexp.MustCompile(`\\(label|ref|eqref|autoref|cref|Cref|pageref)\{([^{}]*)\}|\\question\b|\\begin\{(figure|table|tikzpicture|tabular)\}`)

// resolveRefs writes each \ref as the number of the question (or figure) its \label is in,
// as the sheet prints it, and drops the labels.
func resolveRefs(s string) string {
	if !strings.Contains(s, `\ref`) && !strings.Contains(s, `\label`) && !strings.Contains(s, `ref{`) {
		return s
	}
	labels := map[string]int{}
	questions, figures := 0, 0
	lastFigure := false
	for _, m := range crossRef.FindAllStringSubmatch(s, -1) {
		switch {
		case m[0] == `\question`:
			questions++
			lastFigure = false
		case m[3] != "":
			if m[3] == "figure" || m[3] == "table" || !lastFigure {
				figures++
			}
			lastFigure = true
		case m[1] == "label":
			if lastFigure {
				labels[m[2]] = figures
			} else {
				labels[m[2]] = questions
			}
		}
	}
	return crossRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := crossRef.FindStringSubmatch(m)
		switch {
		case sub[1] == "":
			return m
		case sub[1] == "label":
			return ""
		case sub[1] == "pageref":
			return "" // the sheet's pages are the server's
		}
		if n, ok := labels[sub[2]]; ok && n > 0 {
			return strconv.Itoa(n)
		}
		return m
	})
}

// pictures keep their font declarations.
var pictures = set(`tikzpicture circuitikz axis tabular tabularx array`)

// fontDecl is a declaration that set a size or a face for the rest of their group.
var fontDecl = regexp.MustCompile(`\\(tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge|bfseries|itshape|slshape|scshape|mdseries|upshape|rmfamily|sffamily|normalfont)\b\s*`)

// fontDeclAt is fontDecl where it is looked for: anchored, so a miss costs nothing of the rest
// of the body (an unanchored search at each brace and command was quadratic).
var fontDeclAt = regexp.MustCompile(`^(?:` + fontDecl.String() + `)`)

// fontGroups writes {\Large\bfseries Title} as \textbf{Title} and drops the other
// declarations: sizes are the layout's, bold and italics are words' emphasis.
func fontGroups(s string) string { return fontGroupsIn(s, 0) }

// fontGroupsIn is fontGroups of a group nested depth deep: past maxNesting a group is left as
// it is, so thousands of nested declarations are not thousands of readings of their rest.
func fontGroupsIn(s string, depth int) string {
	if depth > maxNesting || !fontDecl.MatchString(s) {
		return s
	}
	var b strings.Builder
	argument := false // the group is a command's argument: its braces stay
	for i := 0; i < len(s); {
		if s[i] == '{' {
			j := i + 1
			bold, italic, any := false, false, false
			for {
				k := j
				for k < len(s) && (s[k] == ' ' || s[k] == '\n') {
					k++
				}
				loc := fontDeclAt.FindStringSubmatchIndex(s[k:])
				if loc == nil {
					break
				}
				name := s[k+loc[2] : k+loc[3]]
				bold = bold || name == "bfseries"
				italic = italic || name == "itshape" || name == "slshape"
				any = true
				j = k + loc[1]
			}
			if any {
				inner, end := tex.Group(s, i)
				inner = fontGroupsIn(inner[j-i-1:], depth+1)
				switch {
				case bold:
					inner = `\textbf{` + inner + `}`
				case italic:
					inner = `\textit{` + inner + `}`
				}
				if argument {
					inner = "{" + inner + "}"
				}
				b.WriteString(inner)
				i, argument = end, false
				continue
			}
		}
		if s[i] == '\\' {
			if name, j := tex.Command(s, i); name == "begin" {
				if env, _ := tex.Name(s, j); pictures[env] {
					_, end, _ := tex.Environment(s, i)
					b.WriteString(s[i:end]) // a picture's fonts are its own
					i, argument = end, false
					continue
				}
			}
			if loc := fontDeclAt.FindStringIndex(s[i:]); loc != nil {
				i += loc[1] // a declaration outside a group: its reach is the layout's
				continue
			}
			_, j := tex.Command(s, i)
			b.WriteString(s[i:j])
			i, argument = j, j > i+1 && tex.IsLetter(s[j-1])
			continue
		}
		argument = argument && (s[i] == '}' || s[i] == ']')
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// fieldLine is a line of the sheet's own fields ("Name: ____ Date: ____") in any language:
// labels each followed by a line to write on, and nothing else.
var fieldLine = regexp.MustCompile(`^(\s*(\\textbf\{)?[\p{L}][\p{L} .()]{0,24}:\s*\}?\s*(\\answerblank(\[[^\]]*\])?\s*)+(\\hfill|\\quad|\\qquad|\\hspace\*?\{[^{}]*\}|\s)*)+$`)

// dropFieldLines drops the lines before the first question that are only such fields (drawn
// blanks rewritten): the sheet writes its own Name and Date fields.
func dropFieldLines(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for i, l := range lines {
		if firstQuestion.MatchString(l) {
			return strings.Join(append(out, lines[i:]...), "\n")
		}
		if strings.TrimSpace(l) == "" || !fieldLine.MatchString(drawnBlank.ReplaceAllString(strings.TrimPrefix(strings.TrimSpace(l), `\noindent`), `\answerblank `)) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// firstQuestion is a line where the questions start.
var firstQuestion = regexp.MustCompile(`\\question\b|\\begin\{(?:questions|enumerate)\}`)

// onlyLines reports how many lines to write on a paragraph is, when that is all it is.
func onlyLines(para string) int {
	s := drawnBlank.ReplaceAllString(para, `\answerblank `)
	n := len(answerBlankCmd.FindAllString(s, -1))
	s = answerBlankCmd.ReplaceAllString(s, "")
	s = optionGlue.ReplaceAllString(strings.NewReplacer(`\noindent`, "", `\\`, "", `\par`, "").Replace(s), "")
	if strings.Trim(s, " \t\n_") != "" {
		return 0
	}
	return n
}

// horizontalRule is a Markdown rule (---, ***) a model writes between parts.
var horizontalRule = regexp.MustCompile(`^\s*(-{3,}|\*{3,}|_{3,})\s*$`)

// codeListing is a code environment, read before comments are cut (a % in code is code).
var codeListing = regexp.MustCompile(`(?s)\\begin\{(verbatim\*?|lstlisting|minted)\}(\{[^{}]*\})?(.*?)\\end\{(?:verbatim\*?|lstlisting|minted)\}`)

// CodeListings writes each code listing (verbatim, lstlisting, minted) as the figure
// codeFigure makes of it and each \verb as \texttt: for a body, and for a figure an engine
// wrote as a listing.
func CodeListings(s string) string {
	if !strings.Contains(s, `\begin{verbatim`) && !strings.Contains(s, `\begin{lstlisting`) && !strings.Contains(s, `\begin{minted`) && !strings.Contains(s, `\verb`) {
		return s
	}
	s = codeListing.ReplaceAllStringFunc(s, func(m string) string {
		sub := codeListing.FindStringSubmatch(m)
		return codeFigure(sub[3]).LaTeX
	})
	return verbAsTexttt(s)
}

// rowNumber is a table row's question number: "1." or "1)" alone in its first cell.
var rowNumber = regexp.MustCompile(`^\s*(?:\\textbf\{)?\d{1,3}[.)]?\}?\s*$`)

// tableQuestions reads a table whose every row is numbered as the questions it holds: the
// row's text is the question, the letters to circle (T F) stay before it for the key to read,
// and a cell of lines is its answer room. ok is false for any other table.
func tableQuestions(table string) (qs []Question, ok bool) {
	body, ok := tableRows(table)
	if !ok {
		return nil, false
	}
	for _, row := range strings.Split(body, `\\`) {
		row = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(row, `\hline`, ""), `\midrule`, ""))
		if _, k := tex.Option(row, 0); k > 0 { // the \\[6pt] of the row before
			row = strings.TrimSpace(row[k:])
		}
		if row == "" {
			continue
		}
		cells := strings.Split(row, "&")
		if len(cells) < 2 || !rowNumber.MatchString(cells[0]) {
			return nil, false
		}
		var text, marks string
		lines := false
		for _, c := range cells[1:] {
			c = strings.TrimSpace(c)
			switch {
			case trueFalseAsked.MatchString(c) && strings.TrimSpace(trueFalseAsked.ReplaceAllString(c, "")) == "":
				marks = c + " "
			case onlyLines(c) > 0:
				lines = true
			case c != "" && text == "":
				text = c
			case c != "":
				return nil, false
			}
		}
		if text == "" || strings.ContainsAny(text, "$") && len(clean(text)) < 3 {
			return nil, false
		}
		q := Question{Text: clean(marks + text), Kind: KindShort}
		if lines {
			q.Space = Space{Kind: SpaceBlank}
		}
		qs = append(qs, q)
	}
	return qs, len(qs) >= 2
}

// tableRows is the inside of a tabular after its column spec (which may hold braces).
func tableRows(table string) (string, bool) {
	t := strings.TrimSpace(table)
	if !strings.HasPrefix(t, `\begin{tabular}`) {
		return "", false
	}
	inner, _, ok := tex.Environment(t, 0)
	if !ok {
		return "", false
	}
	_, k := tex.Option(inner, 0)
	_, k = tex.Group(inner, k)
	return inner[k:], true
}

// listTexts are a list's items without their labels, letters or lines to write on.
func listTexts(inner string) []string {
	var out []string
	for _, it := range tex.SplitAt(inner, "item")[1:] {
		t := strings.TrimSpace(it.Text)
		if _, k := tex.Option(t, 0); k > 0 {
			t = t[k:]
		}
		t = answerBlankCmd.ReplaceAllString(drawnBlank.ReplaceAllString(t, ""), "")
		if m := listLabel.FindStringSubmatch(t); m != nil {
			t = t[len(m[0]):]
		}
		out = append(out, clean(t))
	}
	return out
}

// asking is what makes a list item a question: it ends with a question mark, or it has a
// blank or an answer line to fill.
var asking = regexp.MustCompile(`\?\s*$|_{3,}|\\(?:answerblank|answerline|fillin|underline\{\\hspace|rule\{)`)

// listOfQuestions reads a top-level list as the inside of a questions environment: a numbered
// list always (a worksheet numbers its questions), a bulleted one when its every item asks
// something; ok is false for a list of anything else (notes, tips).
func listOfQuestions(inner string, numbered bool) (string, bool) {
	items := tex.SplitAt(inner, "item")[1:]
	if len(items) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, it := range items {
		t := strings.TrimSpace(it.Text)
		if _, k := tex.Option(t, 0); k > 0 {
			t = strings.TrimSpace(t[k:]) // the item's own label: the sheet numbers its questions
		}
		if !numbered && !asking.MatchString(t) {
			return "", false
		}
		b.WriteString("\\question " + t + "\n")
	}
	return b.String(), true
}

// inlineAnswer is an answer a model wrote at the end of a question's text: "\textit{Answer:
// 54}", "\textbf{Answer:} 54", "(Answer: 54)".
var inlineAnswer = regexp.MustCompile(`(?s)\s*(?:\\(?:textit|emph|textbf|textcolor\{[a-z]+\})\{\s*(?:Answer|Ans\.?|Solution|Respuesta)\s*:\s*([^{}]+)\}|\\textbf\{\s*(?:Answer|Solution|Respuesta)\s*:?\s*\}\s*:?\s*([^\n{}]+)|\((?:Answer|Ans\.?)\s*:\s*([^()]+)\))\s*$`)

// inlineSolution writes the answer at the end of a question without a solution as its
// solution: the key's, not the sheet's.
func inlineSolution(s string) string {
	m := inlineAnswer.FindStringSubmatchIndex(s)
	if m == nil || strings.Contains(s, `\begin{solution`) {
		return s
	}
	for g := 2; g < len(m); g += 2 {
		if m[g] >= 0 {
			if a := strings.TrimSpace(s[m[g]:m[g+1]]); a != "" {
				return s[:m[0]] + "\n\\begin{solution}" + a + "\\end{solution}\n"
			}
		}
	}
	return s
}

// numberedLine is a line a model numbered by hand: "1. …" or "2) …"; firstItem finds one.
var (
	numberedLine = regexp.MustCompile(`^[ \t]*(\d{1,3})[.)][ \t]+(\S.*)$`)
	firstItem    = regexp.MustCompile(`(?m)^[ \t]*\d{1,3}[.)][ \t]+\S`)
)

// numberedLists writes runs of lines numbered by hand (Markdown's "1. …") outside any
// environment as the enumerate lists they are. A run starts at 1 or goes on from the run
// before it (after a heading); a line numbering several answers ("1. T \quad 2. F") or a
// table's row is not an item.
func numberedLists(s string) string {
	if !firstItem.MatchString(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	var out []string
	depth, next, last := 0, 0, 0 // next: the open list's next number (0: none open)
	for i, line := range lines {
		m := numberedLine.FindStringSubmatch(line)
		n := 0
		if m != nil && depth == 0 && !strings.Contains(line, "&") && len(keyNumber.FindAllString(line, -1)) < 2 {
			n, _ = strconv.Atoi(m[1])
		}
		depth = max(depth+strings.Count(line, `\begin{`)-strings.Count(line, `\end{`), 0)
		switch {
		case n > 0 && (n == next || next == 0 && (n == 1 || n == last+1)):
			if next == 0 {
				out = append(out, `\begin{enumerate}`)
			}
			out = append(out, `\item `+m[2])
			next, last = n+1, n
			continue
		case next > 0 && strings.TrimSpace(line) != "" && (line[0] == ' ' || line[0] == '\t'):
			// an indented continuation of the item
		case next > 0 && strings.TrimSpace(line) == "" && numberedNext(lines[i+1:], next):
			// items a blank line apart are one list
		case next > 0:
			out = append(out, `\end{enumerate}`)
			next = 0
		}
		out = append(out, line)
	}
	if next > 0 {
		out = append(out, `\end{enumerate}`)
	}
	return strings.Join(out, "\n")
}

// numberedNext: the next line that is not blank is item n.
func numberedNext(lines []string, n int) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			m := numberedLine.FindStringSubmatch(l)
			return m != nil && m[1] == strconv.Itoa(n)
		}
	}
	return false
}

var (
	// boldNumber is a question a model numbered in bold: "\textbf{1.} …", "\textbf{Question 2.} …".
	boldNumber = regexp.MustCompile(`^[ \t]*(?:\\noindent\s*)?\\textbf\{\s*(?:Question|Q|Problem|Exercise|Pregunta|Ejercicio|Aufgabe|Frage|Exercice)?\s*(\d{1,3})\s*[.):]?\s*\}[ \t]*`)
	// headingLine is a line that heads what follows: a section, a bold line of its own, a rule.
	headingLine = regexp.MustCompile(`^\s*(?:\\(?:sub)*section\*?\{|\\paragraph\*?\{|\\instructions\{|(?:\\(?:medskip|bigskip|smallskip|noindent|par)\b\s*)*\\textbf\{[^{}]*\}(?:\s*\\par\b)?\s*$|-{3,}\s*$|\*{3,}\s*$)`)
	// spacingLine is a line of vertical space only.
	spacingLine = regexp.MustCompile(`^\s*(?:\\(?:vspace\*?\{[^{}]*\}|medskip|bigskip|smallskip|vfill|noindent|par|newpage|clearpage)\s*)*$`)
)

// boldQuestions writes paragraphs numbered in bold, 1, 2, 3… in order outside any
// environment, as the questions they are: each runs to the next, or to a heading or a key's
// lead ("\textbf{Answers:} 1. …"), which ends the questions before it.
func boldQuestions(s string) string {
	if strings.Contains(s, `\question`) || !strings.Contains(s, `\textbf{`) {
		return s
	}
	var out []string
	depth, next, open := 0, 1, false
	end := func() {
		k := len(out)
		for k > 0 && spacingLine.MatchString(out[k-1]) {
			k-- // the space after the last question is the layout's
		}
		out = append(out[:k], append([]string{`\end{questions}`}, out[k:]...)...)
		open = false
	}
	for _, line := range strings.Split(s, "\n") {
		m := boldNumber.FindStringSubmatchIndex(line)
		switch {
		case depth > 0:
		case m != nil && line[m[2]:m[3]] == strconv.Itoa(next):
			if !open {
				out = append(out, `\begin{questions}`)
				open = true
			}
			next++
			line = `\question ` + line[m[1]:]
		case open && m == nil && (headingLine.MatchString(line) || keyLine(line)):
			end()
		}
		depth = max(depth+strings.Count(line, `\begin{`)-strings.Count(line, `\end{`), 0)
		out = append(out, line)
	}
	if open {
		end()
	}
	if next < 3 {
		return s // one bold number is a heading, not questions
	}
	return strings.Join(out, "\n")
}

// keyLine is a line that starts an answer key: "\textbf{Answers:} 1. adjective …".
func keyLine(line string) bool {
	m := keyLead.FindStringSubmatch(line)
	return m != nil && isKeyHeading(m[1])
}

// lettered is a list's option that letters its items ("[label=\Alph*.]").
var lettered = regexp.MustCompile(`^\s*\[[^\]]*\\[aA]lph\b`)

// matchingLists reads a list of blanks side by side with a lettered list of as many items,
// the list at s[i:end], as the matching question they are, its text the paragraph before
// them ("Match each amendment to the right it protects."); k is the index after both.
func (p *parser) matchingLists(s string, i, end int) (k int, ok bool) {
	j := end + len(s[end:]) - len(strings.TrimLeft(s[end:], " \t\n"))
	if !strings.HasPrefix(s[j:], `\begin{enumerate}`) || len(p.paras) == 0 {
		return 0, false
	}
	first, _, _ := tex.Environment(s, i)
	second, k, ok := tex.Environment(s, j)
	n := len(tex.SplitAt(first, "item")) - 1
	if !ok || n < 2 || len(tex.SplitAt(second, "item"))-1 != n || !lettered.MatchString(second) ||
		len(drawnBlank.FindAllString(first, -1)) != n {
		return 0, false
	}
	p.directedQuestion(s[i:end] + "\n" + s[j:k])
	return k, true
}

// directedQuestion reads a question whose text is the paragraph before it (its directions,
// "Match each word to its meaning.") and whose content is body.
func (p *parser) directedQuestion(body string) {
	text := directions.ReplaceAllString(p.paras[len(p.paras)-1], "")
	p.paras = p.paras[:len(p.paras)-1]
	p.flush()
	p.nq++
	q, lead := p.question(text+"\n"+body, 0, fmt.Sprintf("question %d", p.nq))
	p.out = append(append(p.out, lead...), Block{Kind: BlockQuestion, Question: &q})
}

// clozeBlank is a blank numbered in a passage: "(1)\underline{\hspace{2cm}}" or "___ (1)".
var clozeBlank = func() *regexp.Regexp {
	blank := `(?:` + drawnBlank.String() + `|_{3,}|(?:\\_){3,}|\\answerblank(?:\[[^\]]*\])?)`
	return regexp.MustCompile(`\((\d{1,2})\)\s*` + blank + `|` + blank + `\s*\((\d{1,2})\)`)
}()

// clozeQuestions writes a paragraph whose blanks are numbered (1), (2), … in order, outside
// any environment, as the fill-in-the-blank question it is; a key numbering the blanks
// (readKey) fills them.
func clozeQuestions(s string) string {
	if strings.Contains(s, `\question`) || !clozeBlank.MatchString(s) {
		return s
	}
	paras := strings.Split(s, "\n\n")
	depth := 0
	for i, para := range paras {
		depth = max(depth+strings.Count(para, `\begin{`)-strings.Count(para, `\end{`), 0)
		// the passage: back from its first blank's line over the lines of text before it (a
		// command line, \medskip or \end{center}, is not the passage's)
		loc := clozeBlank.FindStringIndex(para)
		if depth > 0 || loc == nil {
			continue
		}
		start := strings.LastIndex(para[:loc[0]], "\n") + 1
		for start > 0 {
			prev := strings.LastIndex(para[:start-1], "\n") + 1
			if line := strings.TrimSpace(para[prev : start-1]); strings.HasPrefix(line, `\`) || strings.HasPrefix(line, "}") {
				break
			}
			start = prev
		}
		if text := para[start:]; !strings.Contains(text, `\begin{`) && len(clozeNumbers(text)) >= 2 {
			paras[i] = para[:start] + "\\begin{questions}\n\\question " + strings.TrimSpace(text) + "\n\\end{questions}"
		}
	}
	return strings.Join(paras, "\n\n")
}

// clozeNumbers are the numbers of a text's numbered blanks when they run 1, 2, 3… in order.
func clozeNumbers(text string) []string {
	var out []string
	for _, m := range clozeBlank.FindAllStringSubmatch(text, -1) {
		n := m[1] + m[len(m)-1]
		if n != strconv.Itoa(len(out)+1) {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// matchingTable reads a two-column table at s[i:end] whose rows are numbered on the left and
// lettered on the right ("1. das Lineal & a) the ruler") as a matching still to pair, its
// text the paragraph before it (a key pairs it: readKey); k is the index after it.
func (p *parser) matchingTable(s string, i, end int) (k int, ok bool) {
	rows, ok := tableRows(s[i:end])
	if !ok || len(p.paras) == 0 {
		return 0, false
	}
	var left, right strings.Builder
	n := 0
	for _, row := range strings.Split(rows, `\\`) {
		row = strings.TrimSpace(strings.ReplaceAll(row, `\hline`, ""))
		if row == "" {
			continue
		}
		cells := strings.Split(row, "&")
		if len(cells) != 2 || !leftNumber.MatchString(cells[0]) || !rightLetter.MatchString(cells[1]) {
			return 0, false
		}
		left.WriteString(`\item \answerblank ` + leftNumber.ReplaceAllString(cells[0], "") + "\n")
		right.WriteString(`\item ` + rightLetter.ReplaceAllString(cells[1], "") + "\n")
		n++
	}
	if n < 2 {
		return 0, false
	}
	p.directedQuestion("\\begin{enumerate}\n" + left.String() + "\\end{enumerate}\n\\begin{enumerate}\n" + right.String() + "\\end{enumerate}")
	return end, true
}

// inlineDrawing is a picture drawn inline: "\tikz\draw (0,0) circle (0.2);" or "\tikz{…}".
var inlineDrawing = regexp.MustCompile(`\\tikz\b\s*(\[[^\]]*\])?\s*(?:\{((?:[^{}]|\{[^{}]*\})*)\}|(\\[^;]*;))`)

// inlineDrawings takes a choice's inline drawings out of its text: the text, and the
// drawings as one tikzpicture ("" when it has none).
func inlineDrawings(text string) (rest, pic string) {
	var body []string
	opts := ""
	rest = inlineDrawing.ReplaceAllStringFunc(text, func(m string) string {
		sub := inlineDrawing.FindStringSubmatch(m)
		opts = sub[1]
		body = append(body, strings.TrimSpace(sub[2]+sub[3]))
		return ""
	})
	if len(body) == 0 {
		return text, ""
	}
	return rest, `\begin{tikzpicture}` + opts + " " + strings.Join(body, " ") + ` \end{tikzpicture}`
}

// choiceDrawings sets the drawings of a question's choices side by side over their letters:
// the figure the choices point to (nil when no choice has one).
func choiceDrawings(pics []string) *Figure {
	if strings.Join(pics, "") == "" {
		return nil
	}
	letters := make([]string, len(pics))
	for i := range pics {
		letters[i] = string(rune('A' + i))
	}
	return &Figure{LaTeX: `\begin{tabular}{` + strings.Repeat("c", len(pics)) + "}\n" +
		strings.Join(pics, " & ") + ` \\` + "\n" + strings.Join(letters, " & ") + "\n\\end{tabular}"}
}
