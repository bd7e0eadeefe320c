package worksheet

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/latex"
	"sheetsmith/tex"
)

// Parse reads a worksheet body (or a whole source) written in the exam-class vocabulary into
// a document: \section* headings, \instructions, paragraphs (passages), figures (tikzpicture,
// tabular, pgfplots axes; \includegraphics becomes a missing figure), and
// \begin{questions}…\end{questions} with \question[points], choices (\choice, \CorrectChoice),
// parts and subparts, solutions, \fillin and ___ blanks, \answerblank and the answer spaces
// (\answerspace, \vspace, \fillwithlines, \makeemptybox, \fillwithgrid). A section heading
// right after \newpage (or \clearpage) starts a new page, and so does a section opening the
// body when a later one does (versions of a test); a picture in a short or open question's
// solution is its answer's drawing for the key.
//
// problems lists, one sentence each, what the document cannot hold (an unknown environment,
// a command outside the vocabulary, text outside the allowed inline LaTeX). When it is not
// empty the caller should keep compiling the source itself. Parse never marks an answer
// Checked, and missing answers are left for Validate to report.
func Parse(src string) (doc Document, problems []string) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	body := src
	if strings.Contains(src, `\begin{document}`) || strings.Contains(src, latex.BodyBegin) {
		if b, ok := latex.Body(strip(src)); ok {
			body = b
		}
	}
	if m := titleCmd.FindStringSubmatch(src); m != nil {
		doc.Title = strings.TrimSpace(m[1])
	}
	body = expandMacros(src, tex.StripComments(CodeListings(body)))
	// amsthm's end of proof, and a colour on a line of its own (a heading): what they print
	body = qedCmd.ReplaceAllString(body, `\hfill$$\square$$`)
	body = colourLine.ReplaceAllString(body, `\textbf{$1}`)
	// display maths read once, over the whole body: a formula read in pieces would pair the
	// $$ that ends one with the $$ that opens the next
	body = outsideCode(inlineMaths, fontGroups(resolveRefs(body)))
	body = dropFieldLines(clozeQuestions(boldQuestions(numberedLists(body))))
	// multicols is the layout's business: its column count becomes a setting
	if m := multicolsBegin.FindStringSubmatch(body); m != nil {
		n, _ := strconv.Atoi(m[1])
		doc.Settings.Columns = min(max(n, 1), 4)
	}
	body = multicolsBegin.ReplaceAllString(body, "")
	body = multicolsEnd.ReplaceAllString(body, "")
	p := &parser{}
	p.blocks(body)
	// worked solutions whose parts are the exercise's, then keys of numbered answers, then
	// any worked solution left (whole, to its exercise)
	if !solutionKeys(p, true) {
		readKey(p)
	}
	solutionKeys(p, false)
	doc.Blocks = p.out
	versionsFromTheTop(doc.Blocks)
	return doc, p.problems
}

// versionsFromTheTop marks a section that opens the document as starting a new page when a
// later section starts one: the first of the versions, which nobody writes \newpage before
// (it is on the first page already; the mark changes nothing there).
func versionsFromTheTop(bs []Block) {
	if len(bs) == 0 || bs[0].Kind != BlockSection {
		return
	}
	for _, b := range bs[1:] {
		if b.Kind == BlockSection && b.NewPage {
			bs[0].NewPage = true
			return
		}
	}
}

var (
	multicolsBegin = regexp.MustCompile(`\\begin\{multicols\*?\}\{(\d+)\}(\[[^\]]*\])?`)
	multicolsEnd   = regexp.MustCompile(`\\end\{multicols\*?\}|\\columnbreak\b`)
	// lines drawn to write on are blanks
	drawnBlank = regexp.MustCompile(`(?:\\l?dots\b\s*){3,}|\\dotfill\b|\.{5,}|…{3,}|\\underline\{\\hspace\*?\{[^{}]*\}\}|\\rule(\[[^\]]*\])?\{[^{}]*\}\{[^{}]*\}|\\hrulefill\b|\\underline\{\s*(~|\\quad|\\qquad|\\ )+\s*\}`)
	// display maths in a question or an answer is printed inline
	displayDollars = regexp.MustCompile(`\$\$([^$]+)\$\$`)
	displayBracket = regexp.MustCompile(`(?s)\\\[(.+?)\\\]`)
	displayEnv     = regexp.MustCompile(`(?s)\\begin\{(align\*?|equation\*?|gather\*?|eqnarray\*?|multline\*?)\}(.*?)\\end\{(align\*?|equation\*?|gather\*?|eqnarray\*?|multline\*?)\}`)
	labelCmd       = regexp.MustCompile(`\\label\{[^{}]*\}`)
	parCmd         = regexp.MustCompile(`\\par\b`)
)

// inlineMaths writes display maths as \[…\]: $$x$$ and align/equation environments (an
// aligned block when it has rows), so a long formula keeps its own line and the text check
// reads one kind of display.
func inlineMaths(s string) string {
	s = labelCmd.ReplaceAllString(s, "")
	s = displayDollars.ReplaceAllString(s, `\[$1\]`)
	return displayEnv.ReplaceAllStringFunc(s, func(m string) string {
		sub := displayEnv.FindStringSubmatch(m)
		inner := strings.TrimSpace(sub[2])
		if strings.Contains(inner, "&") || strings.Contains(inner, `\\`) {
			return `\[\begin{aligned}` + inner + `\end{aligned}\]`
		}
		return `\[` + inner + `\]`
	})
}

// outsideCode applies f to s outside its code listings, whose characters are code.
func outsideCode(f func(string) string, s string) string {
	var b strings.Builder
	last := 0
	for _, m := range codeFence.FindAllStringIndex(s, -1) {
		b.WriteString(f(s[last:m[0]]) + s[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(f(s[last:]))
	return b.String()
}

var titleCmd = regexp.MustCompile(`\\title\{([^{}]*)\}`)

type parser struct {
	out      []Block
	problems []string
	paras    []string // paragraphs of text waiting to become a passage
	nq       int      // questions read so far
	// page is a \newpage read with nothing after it yet: the next block, if it is a section,
	// starts a new page. paraPage is one read just before the waiting paragraphs.
	page, paraPage bool
	// keyItems are the items of a list read under an answer-key heading after the
	// questions (readKey gives them to the questions), keyRead says a key was read
	keyItems []string
	keyRead  bool
	// lineEnd: the text read last ended its line, so what follows does not continue it
	lineEnd bool
	// nest is how deep the reading is in environments and groups read into each other;
	// tooDeep says maxNesting was passed (said once)
	nest    int
	tooDeep bool
}

// maxNesting bounds how deep the reader follows environments and groups into each other (a
// sheet nests a few levels): a body nested deeper is a problem, not thousands of readings of
// its rest, whatever a model wrote.
const maxNesting = 12

// maxMinipages bounds the minipages read in place in one question (columns side by side).
const maxMinipages = 32

// enter goes one level deeper, false past maxNesting (the problem said once); leave comes back.
func (p *parser) enter() bool {
	p.nest++
	if p.nest <= maxNesting {
		return true
	}
	if !p.tooDeep {
		p.tooDeep = true
		p.problem("the body is nested more than %d levels deep (environments, lists or groups inside each other).", maxNesting)
	}
	return false
}

func (p *parser) leave() { p.nest-- }

// add appends a block read at the top level; a section right after \newpage starts a new page.
func (p *parser) add(bs ...Block) {
	for _, b := range bs {
		if b.Kind == BlockSection && p.page {
			b.NewPage = true
		}
		p.page = false
		p.out = append(p.out, b)
	}
}

// pageBreaks are the commands that start a new page.
var pageBreaks = set(`newpage clearpage pagebreak`)

// endsWithPage reports whether s ends with a page break (the last question's, before the
// questions end).
var endsWithPage = regexp.MustCompile(`\\(newpage|clearpage|pagebreak)\s*$`)

func (p *parser) problem(format string, a ...any) {
	p.problems = append(p.problems, fmt.Sprintf(format, a...))
}

// StripFigureComments removes the comments of a figure's LaTeX (a model's "% the axes" in a
// tikzpicture), dropping lines that were only a comment, so no blank line is left in a
// picture or a table: the figure means what it meant, and the % check has nothing to refuse.
func StripFigureComments(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var out []string
	for _, line := range strings.Split(s, "\n") {
		kept := tex.StripComments(line)
		if len(kept) < len(line) && strings.TrimSpace(kept) == "" {
			continue
		}
		out = append(out, strings.TrimRight(kept, " \t"))
	}
	return strings.Join(out, "\n")
}

// layoutOnly are commands that only place things; the layout does that, so they are dropped.
// headings are the commands whose argument is a section heading.
var headings = set(`section subsection subsubsection paragraph`)

// settingsOnly are commands that set what the server sets itself, with their argument counts.
var settingsOnly = map[string]int{"setcounter": 2, "addtocounter": 2, "pgfplotsset": 1, "usetikzlibrary": 1, "setlength": 2, "renewcommand": 2, "lstset": 1}

// displayMaths are the display-maths environments read as inline maths (inlineMaths), and
// quotations the environments whose inside is a passage.
var (
	displayMaths = set(`align align* equation equation* gather gather* eqnarray eqnarray* multline multline*`)
	quotations   = set(`quote quotation verse`)
)

var layoutOnly = set(`vspace medskip bigskip smallskip noindent newpage clearpage pagebreak par
	centering maketitle hfill vfill null relax linebreak newline droppoints droptotalpoints nopagebreak
	hrule hrulefill printanswers noprintanswers answerspace hspace`)

// blocks reads the top level of a body.
func (p *parser) blocks(s string) {
	defer p.leave()
	if !p.enter() {
		return
	}
	i := 0
	for i < len(s) {
		if s[i] != '\\' {
			j := tex.NextCommand(s, i)
			p.text(s[i:j])
			i = j
			continue
		}
		name, j := tex.Command(s, i)
		switch {
		case name == "begin":
			env, _ := tex.Name(s, j)
			inner, end, ok := tex.Environment(s, i)
			if !ok {
				p.problem("\\begin{%s} is never closed.", env)
				return
			}
			if mathEnvironments[env] || displayMaths[env] {
				p.text(s[i:end]) // maths, checked with the text (display maths made inline)
				i = end
				continue
			}
			if quotations[env] {
				// a quotation or a poem is read as the passage it is, its lines kept
				p.flush()
				p.text("\n\n" + inner + "\n\n")
				p.flush()
				i = end
				continue
			}
			switch env {
			case QuestionList:
				p.flush()
				p.page = false
				p.questions(inner)
				p.page = endsWithPage.MatchString(inner)
			case "center", "flushleft":
				if !strings.Contains(inner, `\begin{`) && !strings.Contains(inner, `\includegraphics`) && !strings.Contains(inner, `\ssmissing`) {
					// centred text: a heading or a paragraph of its own, or a box of words
					if words, ok := unboxed(inner); ok && checkInline(words, false) == "" {
						inner = words
					}
					p.text("\n\n" + inner + "\n\n")
					i = end
					continue
				}
				p.flush()
				f, extra := readFigure(s[i:end], "center", inner)
				p.problems = append(p.problems, extra...)
				if f != nil {
					p.add(Block{Kind: BlockFigure, Figure: f})
				}
			case "tikzpicture", "tabular", "tabularx", "figure", "table":
				if k, ok := p.matchingTable(s, i, end); ok {
					i = k
					continue
				}
				p.flush()
				if qs, ok := tableQuestions(s[i:end]); ok {
					// numbered rows of statements are the questions they number
					for k := range qs {
						p.nq++
						p.add(Block{Kind: BlockQuestion, Question: &qs[k]})
					}
					i = end
					continue
				}
				f, extra := readFigure(s[i:end], env, inner)
				p.problems = append(p.problems, extra...)
				if f != nil {
					p.add(Block{Kind: BlockFigure, Figure: f})
				}
			case "enumerate", "itemize", "description":
				if k, ok := p.matchingLists(s, i, end); ok {
					i = k
					continue
				}
				p.flush()
				if n := len(p.out); n > 0 && p.out[n-1].Kind == BlockSection && isKeyHeading(p.out[n-1].Title) && p.nq > 0 {
					for _, it := range tex.SplitAt(inner, "item")[1:] {
						t := strings.TrimSpace(it.Text)
						if _, k := tex.Option(t, 0); k > 0 {
							t = t[k:]
						}
						p.keyItems = append(p.keyItems, clean(t))
					}
				} else if items, ok := listOfQuestions(inner, env == "enumerate"); ok {
					// a numbered list, or one whose every item asks something: questions written as a list
					p.page = false
					p.questions(items)
				} else {
					// a list inside an exercise or its solution: text, its items kept
					p.text(withoutLayout(s[i:end]))
				}
			default:
				if !packageDrawing(env) {
					p.problem("the environment %s is not part of the worksheet vocabulary.", env)
					break
				}
				p.flush()
				f, extra := readFigure(s[i:end], env, inner)
				p.problems = append(p.problems, extra...)
				if f != nil {
					p.add(Block{Kind: BlockFigure, Figure: f})
				}
			}
			i = end
		case headings[name]:
			j = tex.Star(s, j)
			arg, k := tex.Group(s, j)
			p.flush()
			p.add(Block{Kind: BlockSection, Title: strings.TrimSpace(arg)})
			i = k
		case name == "instructions":
			arg, k := tex.Group(s, j)
			p.flush()
			// a line break in the directions (\\) starts a line of its own
			for _, line := range blankLine.Split(clean(arg), -1) {
				p.add(Block{Kind: BlockInstructions, Text: line})
			}
			i = k
		case name == "uplevel":
			// the exam class's text between questions, written before the first one
			arg, k := tex.Group(s, j)
			p.flush()
			p.blocks(arg)
			i = k
		case name == "title" || name == "author" || name == "date":
			_, k := tex.Group(s, j)
			i = k
		case settingsOnly[name] > 0:
			// the server owns numbering and the plots' settings: what sets them is read past
			k := tex.Star(s, j)
			for range settingsOnly[name] {
				_, k = tex.Group(s, k)
			}
			i = k
		case name == "includegraphics" || name == "ssmissing":
			p.flush()
			f, k := missingImage(s, j, name)
			p.add(Block{Kind: BlockFigure, Figure: f})
			i = k
		case layoutOnly[name]:
			if pageBreaks[name] {
				p.page = true
			}
			i = skipArgs(s, j, name)
		default:
			k := tex.NextCommand(s, j)
			// a paragraph starting with an inline command (\textbf{…} …)
			end := paragraphEnd(s, i)
			if end < k {
				end = k
			}
			p.text(s[i:end])
			i = end
		}
	}
	p.flush()
}

// text collects top-level paragraphs.
func (p *parser) text(s string) {
	defer func() { p.lineEnd = strings.HasSuffix(s, "\n") }()
	s = parCmd.ReplaceAllString(s, "\n\n")
	for n, para := range blankLine.Split(s, -1) {
		if horizontalRule.MatchString(para) {
			continue // a Markdown rule
		}
		if n := onlyLines(para); n > 0 && len(p.paras) == 0 && len(p.out) > 0 && p.out[len(p.out)-1].Question != nil {
			// lines under a question are its room to answer
			if q := p.out[len(p.out)-1].Question; q.Space.Kind == "" {
				q.Space = Space{Kind: SpaceLines, Size: float64(n)}
			}
			continue
		}
		if words, ok := unboxed(para); ok && checkInline(clean(words), false) == "" {
			para = words // a framed paragraph (a passage, a word bank): the frame is the layout's
		}
		// a line break inside the paragraph (\\) starts a paragraph of its own
		for k, sub := range blankLine.Split(clean(para), -1) {
			if sub == "" {
				continue
			}
			if p.page {
				p.paraPage, p.page = len(p.paras) == 0, false
			}
			// text that goes on from the line read before it continues its paragraph
			if n == 0 && k == 0 && len(p.paras) > 0 && !p.lineEnd && !strings.HasPrefix(s, "\n") {
				p.paras[len(p.paras)-1] += " " + sub
				continue
			}
			p.paras = append(p.paras, sub)
		}
	}
}

var directions = regexp.MustCompile(`(?i)^\\textbf\{\s*(directions|instructions|instrucciones|consignes?|instruções|anweisungen)\s*:?\s*\}`)
var boldOnly = regexp.MustCompile(`^\\textbf\{([^{}]*)\}$`)
var italicOnly = regexp.MustCompile(`^\\(?:textit|emph)\{(.*)\}$`)

// flush turns waiting paragraphs into a passage (a bold first paragraph is its title), or
// instructions when they are one italic paragraph.
func (p *parser) flush() {
	if len(p.paras) == 0 {
		return
	}
	paras := p.paras
	p.paras = nil
	// a \newpage read after the paragraphs waits for what follows them
	after := p.page
	p.page, p.paraPage = p.paraPage, false
	defer func() { p.page = after }()
	if len(paras) == 1 && len(latex.PackagesUsed(paras[0])) > 0 && checkFigure(paras[0]) == "" {
		// a drawing of a package the server loads on use, on its own (\chemfig{…})
		p.add(Block{Kind: BlockFigure, Figure: &Figure{LaTeX: paras[0]}})
		return
	}
	if len(paras) == 1 {
		if m := boldOnly.FindStringSubmatch(paras[0]); m != nil {
			p.add(Block{Kind: BlockSection, Title: m[1]})
			return
		}
		if directions.MatchString(paras[0]) {
			p.add(Block{Kind: BlockInstructions, Text: paras[0]})
			return
		}
		if m := italicOnly.FindStringSubmatch(paras[0]); m != nil && checkInline(m[1], false) == "" {
			p.add(Block{Kind: BlockInstructions, Text: m[1]})
			return
		}
	}
	if m := boldOnly.FindStringSubmatch(paras[0]); m != nil && len(paras) == 2 && directions.MatchString(paras[1]) {
		// a heading, then what to do
		p.add(Block{Kind: BlockSection, Title: m[1]}, Block{Kind: BlockInstructions, Text: paras[1]})
		return
	}
	b := Block{Kind: BlockPassage}
	if m := boldOnly.FindStringSubmatch(paras[0]); m != nil && len(paras) > 1 {
		b.Title = m[1]
		paras = paras[1:]
	}
	b.Text = strings.Join(paras, "\n\n")
	if err := checkInline(b.Text, false); err != "" {
		p.problem("a paragraph (%q) cannot be kept: %s", short(b.Text), err)
	}
	p.add(b)
}

func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// questions reads the inside of a questions environment.
func (p *parser) questions(s string) {
	items := tex.SplitAt(s, "question")
	if len(items) == 1 {
		items = tex.SplitAt(s, "item") // \item straight inside the questions: a model mixing enumerate in
	}
	if pre := strings.TrimSpace(items[0].Text); pre != "" {
		p.blocks(pre) // a heading, instructions or a passage before the first question
	}
	for _, it := range items[1:] {
		p.nq++
		text, after := splitHeading(it.Text)
		q, lead := p.question(text, 0, fmt.Sprintf("question %d", p.nq))
		p.out = append(p.out, lead...)
		p.out = append(p.out, Block{Kind: BlockQuestion, Question: &q})
		if strings.TrimSpace(after) != "" {
			p.blocks(after) // the heading of the questions that follow, and what it says
		}
	}
}

// splitHeading cuts a question's item at a heading (\section*, \paragraph, \instructions)
// written at its top level: what follows belongs to the next questions.
func splitHeading(s string) (question, after string) {
	items := tex.SplitAt(s, "section", "subsection", "subsubsection", "paragraph", "instructions")
	if len(items) == 1 {
		// a bold line of its own after the question's answer heads the questions after it
		if end := strings.LastIndex(s, `\end{solution}`); end >= 0 {
			if loc := boldHeading.FindStringIndex(s[end:]); loc != nil {
				return s[:end+loc[0]], s[end+loc[0]:]
			}
		}
		return s, ""
	}
	i := len(items[0].Text)
	return s[:i], s[i:]
}

// boldHeading is a paragraph that is one bold line ("\textbf{Estimate each sum.}").
var boldHeading = regexp.MustCompile(`\n[ \t]*\n[ \t]*\\textbf\{[^{}\n]*\}[ \t]*(?:\n|$)`)

// question reads one \question (or \part) item: everything after the command up to the next.
// Blocks written between questions with \uplevel come back as lead.
func (p *parser) question(s string, depth int, where string) (q Question, lead []Block) {
	defer p.leave()
	if !p.enter() {
		return q, lead
	}
	s = inlineSolution(strings.TrimLeft(s, " \t"))
	s = drawnBlank.ReplaceAllString(s, `\answerblank `)
	// a question and its short answer print on their lines: their display maths inline
	s = parCmd.ReplaceAllString(displayBracket.ReplaceAllString(s, "$$$1$$"), "\n\n")
	if strings.HasPrefix(s, "[") {
		opt, k := tex.Option(s, 0)
		if v, err := strconv.ParseFloat(strings.TrimSpace(opt), 64); err == nil {
			q.Points = v
		}
		s = s[k:]
	}
	var text strings.Builder
	var solution *string
	var figs []*Figure
	var drawing *Figure // a picture in the solution: the answer drawn for the key
	var lists []string  // enumerate and itemize lists in the question
	minipages := 0
	i := 0
	for i < len(s) {
		if s[i] != '\\' {
			j := tex.NextCommand(s, i)
			text.WriteString(s[i:j])
			i = j
			continue
		}
		name, j := tex.Command(s, i)
		switch {
		case name == "begin":
			env, _ := tex.Name(s, j)
			inner, end, ok := tex.Environment(s, i)
			if !ok {
				p.problem("%s: \\begin{%s} is never closed.", where, env)
				return q, lead
			}
			switch {
			case mathEnvironments[env]:
				text.WriteString(s[i:end]) // maths, checked with the text
			case IsChoiceList(env):
				var pics []string
				for _, c := range tex.SplitAt(inner, ChoiceCommands...)[1:] {
					t, pic := inlineDrawings(c.Text)
					q.Choices = append(q.Choices, Choice{Text: clean(t), Correct: c.Cmd == ChoiceCommands[1]})
					pics = append(pics, pic)
				}
				if f := choiceDrawings(pics); f != nil {
					if err := checkFigure(f.LaTeX); err != "" {
						p.problem("%s: a figure cannot be kept: %s", where, err)
					}
					figs = append(figs, f)
				}
			case depth < 3 && env == PartLists[depth]:
				for k, part := range tex.SplitAt(inner, PartCommands[depth])[1:] {
					sub, _ := p.question(part.Text, depth+1, fmt.Sprintf("%s part %s", where, partLabel(depth+1, k)))
					q.Parts = append(q.Parts, sub)
				}
			case env == "minipage":
				// a column of the question's own content: read it in place (at most
				// maxMinipages, since each rewrites the rest of the question)
				if minipages++; minipages > maxMinipages {
					p.problem("%s has more than %d minipages.", where, maxMinipages)
					return q, lead
				}
				_, k := tex.Option(inner, 0)
				_, k = tex.Group(inner, k)
				s = s[:i] + inner[k:] + s[end:]
				continue
			case env == "enumerate" || env == "itemize":
				lists = append(lists, inner)
			case strings.HasPrefix(env, "solution"):
				opt := ""
				rest := inner
				if env != "solution" {
					// solutionorbox[h], solutionorlines[h]…: the sheet's space
					if strings.HasPrefix(strings.TrimSpace(rest), "[") {
						rest = strings.TrimSpace(rest)
						var k int
						opt, k = tex.Option(rest, 0)
						rest = rest[k:]
					}
					q.Space = spaceFor(strings.TrimPrefix(env, "solutionor"), opt)
				} else if strings.HasPrefix(strings.TrimSpace(rest), "[") {
					rest = strings.TrimSpace(rest)
					_, k := tex.Option(rest, 0)
					rest = rest[k:]
				}
				rest, d, extra := solutionDrawing(rest)
				p.problems = append(p.problems, extra...)
				if d != nil {
					drawing = d
				}
				v := strings.TrimSpace(strings.ReplaceAll(rest, `\computed`, ""))
				solution = &v
			case env == "tikzpicture" || env == "tabular" || env == "tabularx" || env == "center" || env == "figure" || packageDrawing(env):
				f, extra := readFigure(s[i:end], env, inner)
				p.problems = append(p.problems, extra...)
				if f != nil {
					figs = append(figs, f)
				}
			default:
				p.problem("%s: the environment %s is not part of the worksheet vocabulary.", where, env)
			}
			i = end
		case name == "fillin":
			ans, k := tex.Option(s, j)
			if k > j {
				_, k = tex.Option(s, k)
			}
			text.WriteString(fillinMark)
			q.Blanks = append(q.Blanks, parseAnswer(ans))
			i = k
		case name == "answerblank" || name == "answerline":
			opt, k := tex.Option(s, j)
			if name == "answerline" || trailing(s[k:]) {
				q.Space = Space{Kind: SpaceBlank}
				if name == "answerline" && opt != "" {
					v := opt
					solution = &v
				}
			} else {
				text.WriteString(BlankMark)
			}
			i = k
		case name == "answerspace" || name == "vspace" || name == "makeemptybox" || name == "fillwithlines" ||
			name == "fillwithdottedlines" || name == "fillwithgrid" || name == "vfill":
			k := tex.Star(s, j)
			arg := ""
			switch name {
			case "answerspace":
				arg, k = tex.Option(s, k)
			case "vfill":
			default:
				arg, k = tex.Group(s, k)
			}
			kind := map[string]string{"answerspace": SpaceWork, "vspace": SpaceWork, "vfill": SpaceWork, "makeemptybox": SpaceBox,
				"fillwithlines": SpaceLines, "fillwithdottedlines": SpaceLines, "fillwithgrid": SpaceGrid}[name]
			q.Space = spaceFor(kind, arg)
			i = k
		case name == "includegraphics" || name == "ssmissing":
			f, k := missingImage(s, j, name)
			figs = append(figs, f)
			i = k
		case name == "framebox" || name == "fbox":
			// an empty frame is a box to answer in; a frame round words is the words
			content, k := boxArgs(s, j)
			switch {
			case !emptyBox(content):
				text.WriteString(content)
			case trailing(s[k:]):
				q.Space = Space{Kind: SpaceBox}
			default:
				text.WriteString(BlankMark)
			}
			i = k
		case name == "uplevel":
			arg, k := tex.Group(s, j)
			inner := &parser{nest: p.nest, tooDeep: p.tooDeep}
			inner.blocks(arg)
			p.tooDeep = inner.tooDeep
			lead = append(lead, inner.out...)
			p.problems = append(p.problems, inner.problems...)
			i = k
		case layoutOnly[name]:
			i = skipArgs(s, j, name)
		default:
			text.WriteString(s[i:j])
			i = j
		}
	}
	if len(lists) == 2 && solution != nil && matchingAnswer.MatchString(keySeparator.ReplaceAllString(*solution, "")) {
		// two lists side by side and a key pairing them: a matching
		left, right := listTexts(lists[0]), listTexts(lists[1])
		if pairsFromKey(&q, left, right, *solution) {
			lists, solution = nil, nil
		}
	}
	for _, l := range lists {
		text.WriteString(p.questionList(&q, l, depth, where))
	}
	written := text.String()
	// a solution answering (a) and (b) each says the letters are parts, not options
	if len(q.Choices) == 0 && len(q.Parts) == 0 && (solution == nil || len(partMark.FindAllString(*solution, 2)) < 2) {
		if stem, opts, ok := inlineOptions(written); ok {
			written = stem
			for _, o := range opts {
				q.Choices = append(q.Choices, Choice{Text: o})
			}
		}
	}
	if q.Space.Kind == SpaceBlank {
		written = answerLabel.ReplaceAllString(written, "") // "Answer:" before the answer line
	}
	q.Text = clean(written)
	if err := checkInline(strings.ReplaceAll(q.Text, fillinMark, BlankMark), false); err != "" {
		p.problem("%s: %s", where, err)
	}
	sol := ""
	if solution != nil {
		sol = *solution
	}
	// a two-column table with a key like "1-C, 2-A" is a matching question
	if q.Kind == KindMatching {
		// read from two lists above
	} else if n := len(figs); n > 0 && matchingAnswer.MatchString(sol) && len(q.Choices) == 0 && len(q.Parts) == 0 &&
		strings.HasPrefix(figs[n-1].LaTeX, `\begin{tabular}`) && figs[n-1].Caption == "" && p.matching(&q, figs[n-1].LaTeX, sol) {
		figs = figs[:n-1]
	} else {
		p.kind(&q, sol)
	}
	if drawing != nil {
		if q.Kind == KindShort || q.Kind == KindOpen {
			q.Answer.Figure = drawing
		} else {
			p.problem("%s: a picture in the solution is the drawing of a short or open question's answer; this question's answer has none.", where)
		}
	}
	if len(figs) > 1 {
		// pictures side by side (a table of values and its axes) are one figure
		joined := &Figure{}
		var latexes, captions []string
		for _, f := range figs {
			if f.Missing != "" {
				p.problem("%s has %d figures, one of them a missing image; a question holds one figure, so put the others in figure blocks before it.", where, len(figs))
				joined = figs[0]
				latexes = nil
				break
			}
			latexes = append(latexes, f.LaTeX)
			if f.Caption != "" {
				captions = append(captions, f.Caption)
			}
		}
		if latexes != nil {
			joined.LaTeX, joined.Caption = strings.Join(latexes, "\n\\hspace{1em}\n"), strings.Join(captions, " ")
		}
		figs = []*Figure{joined}
	}
	if len(figs) > 0 {
		q.Figure = figs[0]
	}
	return q, lead
}

// packageDrawing reports whether env is a picture of an installed package the server loads on
// use (circuitikz): a figure like a tikzpicture.
func packageDrawing(env string) bool { return len(latex.PackagesUsed(`\begin{`+env+`}`)) > 0 }

// drawingEnvironments are the pictures a solution may hold besides its value.
var drawingEnvironments = set(`tikzpicture tabular tabularx center figure`)

// solutionDrawing takes the pictures out of a solution: the answer's drawing for the key
// (several side by side are one), and the rest, the answer's value. A centred line of text
// stays in the value.
func solutionDrawing(sol string) (rest string, drawing *Figure, problems []string) {
	var value strings.Builder
	var latexes []string
	i := 0
	for {
		k := strings.Index(sol[i:], `\begin{`)
		if k < 0 {
			break
		}
		k += i
		name, j := tex.Command(sol, k)
		env, _ := tex.Name(sol, j)
		inner, end, ok := tex.Environment(sol, k)
		if name != "begin" || !ok || !drawingEnvironments[env] ||
			env == "center" && !strings.Contains(inner, `\begin{`) && !strings.Contains(inner, `\includegraphics`) {
			value.WriteString(sol[i:end])
			i = end
			continue
		}
		value.WriteString(sol[i:k])
		f, extra := readFigure(sol[k:end], env, inner)
		problems = append(problems, extra...)
		if f != nil && f.Missing != "" {
			problems = append(problems, fmt.Sprintf("an image in a solution (%s) cannot be drawn in the key; give its LaTeX.", f.Missing))
		} else if f != nil {
			latexes = append(latexes, f.LaTeX)
		}
		i = end
	}
	value.WriteString(sol[i:])
	if len(latexes) > 0 {
		drawing = &Figure{LaTeX: strings.Join(latexes, "\n\\hspace{1em}\n")}
	}
	return value.String(), drawing, problems
}

// kind decides what a question is from what it holds.
func (p *parser) kind(q *Question, sol string) {
	markChoice(q.Choices, sol)
	switch {
	case len(q.Choices) == 2 && strings.EqualFold(q.Choices[0].Text, "True") && strings.EqualFold(q.Choices[1].Text, "False"):
		q.Kind = KindTrueFalse
		q.Answer = Answer{Value: "true"}
		if q.Choices[1].Correct {
			q.Answer.Value = "false"
		}
		q.Choices = nil
	case len(q.Choices) > 0:
		q.Kind = KindChoice
		n := 0
		for _, c := range q.Choices {
			if c.Correct {
				n++
			}
		}
		if n > 1 {
			q.Select = n
		}
	case len(q.Parts) > 0:
		q.Kind = KindGroup
		if sol != "" {
			q.Answer = parseAnswer(sol)
		}
	case strings.Contains(q.Text, BlankMark) || strings.Contains(q.Text, fillinMark):
		// \fillin blanks carry their answers; the solution answers the ___ ones, in order
		q.Kind = KindBlank
		fillins := q.Blanks
		plain := len(blankRun.FindAllString(q.Text, -1))
		var rest []string
		if plain > 0 && sol != "" {
			if rest = splitList(sol, plain); len(rest) != plain {
				rest = nil
			}
		}
		q.Blanks = nil
		for _, m := range blankOrFillin.FindAllString(q.Text, -1) {
			switch {
			case m == fillinMark && len(fillins) > 0:
				q.Blanks, fillins = append(q.Blanks, fillins[0]), fillins[1:]
			case m != fillinMark && len(rest) > 0:
				q.Blanks, rest = append(q.Blanks, parseAnswer(rest[0])), rest[1:]
			}
		}
		q.Text = strings.ReplaceAll(q.Text, fillinMark, BlankMark)
	case trueFalseAnswer(sol) != "" && trueFalseAsked.MatchString(q.Text):
		q.Kind = KindTrueFalse
		q.Answer = Answer{Value: trueFalseAnswer(sol)}
		q.Text = strings.TrimSpace(trueFalseAsked.ReplaceAllString(q.Text, ""))
	default:
		a := parseAnswer(sol)
		q.Answer = a
		q.Kind = KindShort
		roomy := q.Space.Kind == SpaceLines || q.Space.Kind == SpaceBox || q.Space.Kind == SpaceGrid
		if sol == "" && roomy {
			q.Kind = KindOpen
		}
		if a.Kind == AnswerText && (len(a.Value) > 40 || strings.ContainsAny(strings.TrimSuffix(a.Value, "."), ".;") ||
			q.Space.Kind == SpaceLines || q.Space.Kind == SpaceBox || q.Space.Kind == SpaceGrid) {
			q.Kind = KindOpen
		}
	}
}

// fillinMark stands for a \fillin blank while a question is read.
const fillinMark = "\x00fillin\x00"

var blankOrFillin = regexp.MustCompile(`_{3,}|\x00fillin\x00`)

// matchingAnswer is a matching key: 1-C, 2-A… (or 1 C; 2 A, or 1. C).
var matchingAnswer = regexp.MustCompile(`^\s*(\d+\s*(?:[-.):]|--|–|—|→)?\s*[A-Z]\s*[,;]?\s*(\\quad|\\\\)?\s*){2,}$`)
var matchingPair = regexp.MustCompile(`(\d+)\s*(?:[-.):]|--|–|—|→)?\s*([A-Z])`)
var leftNumber = regexp.MustCompile(`^\s*(\\answerblank(\[[^\]]*\])?\s*)?\d+[.)]\s*`)
var rightLetter = regexp.MustCompile(`^\s*\(?[A-Za-z][.)]\s*`)

// matching reads a two-column table and a key like "1-C, 2-A" as a matching question.
func (p *parser) matching(q *Question, table, sol string) bool {
	inner := table
	if rows, ok := tableRows(table); ok {
		inner = rows
	}
	var left, right []string
	for _, row := range strings.Split(inner, `\\`) {
		row = strings.TrimSpace(strings.ReplaceAll(row, `\hline`, ""))
		if row == "" {
			continue
		}
		cells := strings.Split(row, "&")
		if len(cells) != 2 {
			return false
		}
		left = append(left, clean(leftNumber.ReplaceAllString(cells[0], "")))
		right = append(right, clean(rightLetter.ReplaceAllString(cells[1], "")))
	}
	return pairsFromKey(q, left, right, sol)
}

// pairsFromKey makes q the matching of left to right that a key like "1-C, 2-A" gives.
func pairsFromKey(q *Question, left, right []string, sol string) bool {
	key := map[int]int{}
	for _, m := range matchingPair.FindAllStringSubmatch(sol, -1) {
		n, _ := strconv.Atoi(m[1])
		key[n-1] = int(m[2][0] - 'A')
	}
	if len(left) < 2 || len(key) != len(left) {
		return false
	}
	shuffle := make([]int, len(left))
	seen := make([]bool, len(left))
	var pairs []Pair
	for i := range left {
		r, ok := key[i]
		if !ok || r < 0 || r >= len(right) || seen[r] {
			return false
		}
		seen[r] = true
		pairs = append(pairs, Pair{Left: left[i], Right: right[r]})
		shuffle[r] = i
	}
	q.Kind, q.Pairs, q.Shuffle = KindMatching, pairs, shuffle
	return true
}

var (
	numberAnswer   = regexp.MustCompile(`^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$`)
	fractionAnswer = regexp.MustCompile(`^-?\d+(\s+\d+)?\s*/\s*\d+$`)
	texFraction    = regexp.MustCompile(`^(-?\d*)\s*\\[dt]?frac\{(\d+)\}\{(\d+)\}$`)
	mathOnly       = regexp.MustCompile(`^\$([^$]*)\$$`)
)

// parseAnswer reads a solution into a typed answer.
func parseAnswer(s string) Answer {
	v := clean(strings.TrimSpace(s))
	if v == "" {
		return Answer{}
	}
	inner := v
	if m := mathOnly.FindStringSubmatch(v); m != nil {
		inner = strings.ReplaceAll(strings.TrimSpace(m[1]), "{,}", ",")
		if m := texFraction.FindStringSubmatch(inner); m != nil {
			whole := m[1]
			if whole != "" && whole != "-" {
				return Answer{Kind: AnswerFraction, Value: whole + " " + m[2] + "/" + m[3]}
			}
			return Answer{Kind: AnswerFraction, Value: whole + m[2] + "/" + m[3]}
		}
		if numberAnswer.MatchString(inner) {
			return Answer{Kind: AnswerNumber, Value: inner}
		}
		return Answer{Kind: AnswerExpression, Value: inner}
	}
	switch {
	case numberAnswer.MatchString(v):
		return Answer{Kind: AnswerNumber, Value: v}
	case fractionAnswer.MatchString(v):
		return Answer{Kind: AnswerFraction, Value: v}
	}
	return Answer{Kind: AnswerText, Value: v}
}

// splitList splits a solution naming n blanks' answers ("shutters, morning").
func splitList(s string, n int) []string {
	if n <= 1 {
		return []string{s}
	}
	for _, sep := range []string{";", ","} {
		if parts := strings.Split(s, sep); len(parts) == n {
			return parts
		}
	}
	return []string{s}
}

var lengthRe = regexp.MustCompile(`^\s*(\d*\.?\d+)\s*(cm|mm|in|pt|\\linefillheight)\s*$`)

// spaceFor turns an exam-class space command's length into a Space.
func spaceFor(kind, arg string) Space {
	if kind == "lines" || kind == "dottedlines" {
		kind = SpaceLines
	}
	if kind == "box" {
		kind = SpaceBox
	}
	if kind == "grid" {
		kind = SpaceGrid
	}
	m := lengthRe.FindStringSubmatch(arg)
	if m == nil {
		return Space{Kind: kind}
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	cm := v
	switch m[2] {
	case "mm":
		cm = v / 10
	case "in":
		cm = v * 2.54
	case "pt":
		cm = v / 28.45
	case `\linefillheight`:
		if kind == SpaceLines {
			return Space{Kind: kind, Size: v}
		}
		cm = v * 0.635
	}
	if kind == SpaceLines {
		n := float64(int(cm/0.85 + 0.5))
		return Space{Kind: kind, Size: max(n, 1)}
	}
	return Space{Kind: kind, Size: float64(int(cm*10+0.5)) / 10}
}

// readFigure turns a figure environment into a Figure: center and figure wrappers are
// unwrapped, \caption becomes the caption, \includegraphics a missing figure.
func readFigure(whole, env, inner string) (*Figure, []string) {
	var problems []string
	if env == "center" || env == "figure" || env == "table" {
		body := inner
		if env != "center" {
			if opt, k := tex.Option(strings.TrimSpace(body), 0); k > 0 || opt != "" {
				body = strings.TrimSpace(body)[k:]
			}
		}
		caption := ""
		if i := strings.Index(body, `\caption`); i >= 0 {
			arg, k := tex.Group(body, i+len(`\caption`))
			caption = clean(arg)
			body = body[:i] + body[k:]
		}
		body = strings.TrimSpace(strings.ReplaceAll(body, `\centering`, ""))
		// the picture, then an italic caption under it
		pic, rest := body, ""
		if cmd, _ := tex.Command(body, 0); strings.HasPrefix(body, `\`) && (cmd == "includegraphics" || cmd == "ssmissing") {
			f, k := missingImage(body, len(cmd)+1, cmd)
			pic, rest = "", strings.TrimSpace(body[k:])
			if caption == "" {
				caption = captionOf(rest)
			} else if rest != "" {
				problems = append(problems, fmt.Sprintf("text beside an image (%q) is not part of the figure.", short(rest)))
			}
			f.Caption = caption
			return f, problems
		}
		lead := ""
		if i := strings.Index(body, `\begin{`); i > 0 {
			// a heading written over the picture ("\textbf{Monthly Rainfall}\\[4pt]")
			lead, body = clean(spacing.ReplaceAllString(body[:i], " ")), body[i:]
		}
		if strings.HasPrefix(body, `\begin{`) {
			if _, end, ok := tex.Environment(body, 0); ok {
				pic, rest = body[:end], strings.TrimSpace(body[end:])
			}
		}
		if lead != "" && caption == "" && checkInline(lead, false) == "" {
			caption, lead = lead, ""
		}
		if lead != "" {
			problems = append(problems, fmt.Sprintf("text beside a figure (%q) is not part of it.", short(lead)))
		}
		if rest != "" {
			if c := captionOf(rest); c != "" && caption == "" {
				caption = c
			} else if plain := clean(rest); caption == "" && len(plain) < 200 && checkInline(plain, false) == "" {
				caption = plain // a line of plain text under the picture names it
			} else {
				problems = append(problems, fmt.Sprintf("text beside a figure (%q) is not part of it.", short(rest)))
			}
		}
		if pic == "" {
			return nil, problems
		}
		f := &Figure{LaTeX: pic, Caption: caption}
		if err := checkFigure(pic); err != "" {
			problems = append(problems, "a figure cannot be kept: "+err)
		}
		return f, problems
	}
	f := &Figure{LaTeX: strings.TrimSpace(whole)}
	if err := checkFigure(f.LaTeX); err != "" {
		problems = append(problems, "a figure cannot be kept: "+err)
	}
	return f, problems
}

// spacing is the layout a heading over a picture carries with it (\par\smallskip).
var spacing = regexp.MustCompile(`\\(?:par|smallskip|medskip|bigskip|noindent|centering)\b|\\vspace\*?\{[^{}]*\}|\\renewcommand\{\\arraystretch\}\{[^{}]*\}|\\setlength\{[^{}]*\}\{[^{}]*\}`)

// captionOf is the caption written under a figure: an italic or small line.
func captionOf(s string) string {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), `\small`))
	if m := italicOnly.FindStringSubmatch(s); m != nil {
		return clean(m[1])
	}
	return ""
}

func missingImage(s string, j int, cmd string) (*Figure, int) {
	if cmd == "ssmissing" { // the vocabulary's own box: \ssmissing{escaped name}{caption}
		name, k := tex.Group(s, j)
		caption, k := tex.Group(s, k)
		return &Figure{Missing: strings.TrimSpace(unescapeText(name)), Caption: strings.TrimSpace(caption)}, k
	}
	_, k := tex.Option(s, j)
	name, k := tex.Group(s, k)
	return &Figure{Missing: strings.TrimSpace(name)}, k
}

// MissingFigure is the vocabulary's box for a picture the server cannot show, as a body
// writes it: the reader takes it back as the document's missing figure.
func MissingFigure(name string) string {
	return `\ssmissing{` + latex.EscapeText(name) + `}{}`
}

// unescapeText undoes latex.EscapeText for the characters a file name has.
var unescapeText = strings.NewReplacer(`\textbackslash{}`, `\`, `\{`, `{`, `\}`, `}`, `\$`, `$`, `\&`, `&`, `\#`, `#`,
	`\textasciicircum{}`, `^`, `\_`, `_`, `\textasciitilde{}`, `~`, `\%`, `%`).Replace

// clean normalises whitespace: lines joined, paragraphs kept.
func clean(s string) string {
	paras := blankLine.Split(strings.TrimSpace(lineBreaks(s)), -1)
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.TrimSpace(strings.Join(paras, "\n\n"))
}

// lineBreaks makes each \\ (or \newline) of text outside maths and environments a paragraph
// break: a poem's lines, an address, a model's <br>; the text keeps every word.
func lineBreaks(s string) string {
	if !strings.Contains(s, `\\`) && !strings.Contains(s, `\newline`) {
		return s
	}
	var b strings.Builder
	math, env, from := false, 0, 0
	for _, t := range tex.Tokens(s) {
		if t.End <= from {
			continue // a break's star or option
		}
		if t.Pos < from {
			b.WriteString(s[from:t.End]) // text after a break's option
			continue
		}
		switch {
		case t.Kind == tex.Math && t.End-t.Pos == 1: // $$ … $$ is display maths, made a line of its own
			math = !math
		case t.Kind == tex.Word && t.Name == "begin":
			env++
		case t.Kind == tex.Word && t.Name == "end":
			env--
		case !math && env == 0 && (t.Kind == tex.Symbol && t.Name == `\` || t.Kind == tex.Word && t.Name == "newline"):
			from = t.End
			if t.Kind == tex.Symbol { // \\*[2pt]
				from = tex.Star(s, from)
				if _, k := tex.Option(s, from); k > from {
					from = k
				}
			}
			b.WriteString("\n\n")
			continue
		}
		b.WriteString(s[t.Pos:t.End])
	}
	return b.String()
}

var (
	blankLine = regexp.MustCompile(`\n\s*\n`)
)

// trailingSkip are the commands that may follow a question's answer line.
var trailingSkip = set(`answerspace vspace makeemptybox fillwithlines fillwithdottedlines fillwithgrid
	medskip bigskip smallskip par newpage vfill`)

// trailing reports whether only solutions and spaces follow (an \answerblank there is the
// question's answer line, not a blank in its text). It stops at the first other thing, so a
// source full of blanks is read in linear time.
func trailing(s string) bool {
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			return true
		}
		if s[i] != '\\' {
			return false
		}
		name, j := tex.Command(s, i)
		switch {
		case name == "begin":
			env, _ := tex.Name(s, j)
			if !strings.HasPrefix(env, "solution") {
				return false
			}
			_, end, ok := tex.Environment(s, i)
			if !ok {
				return false
			}
			i = end
		case trailingSkip[name]:
			j = tex.Star(s, j)
			_, j = tex.Option(s, j)
			_, j = tex.Group(s, j)
			i = j
		default:
			return false
		}
	}
}

// skipArgs skips the arguments of a layout command.
func skipArgs(s string, j int, name string) int {
	j = tex.Star(s, j)
	switch name {
	case "vspace", "hspace":
		_, j = tex.Group(s, j)
	case "answerspace":
		_, j = tex.Option(s, j)
	}
	return j
}

// paragraphEnd is the end of the paragraph starting at i: a blank line or a structural
// command at the top level.
func paragraphEnd(s string, i int) int {
	depth := 0
	for _, t := range tex.Tokens(s[i:]) {
		switch t.Kind {
		case tex.Open:
			depth++
		case tex.Close:
			depth--
		case tex.Par:
			if depth == 0 {
				return i + t.Pos
			}
		case tex.Word:
			if depth == 0 && t.Pos > 0 && paragraphBreakers[t.Name] {
				return i + t.Pos
			}
		}
	}
	return len(s)
}

// paragraphBreakers are the commands that end a paragraph.
var paragraphBreakers = set(`begin section subsection instructions includegraphics ssmissing`)

// macroDef is a model's \newcommand, \providecommand, \renewcommand or \DeclareMathOperator:
// \R for \mathbb{R}, \abs[1] for \lvert #1\rvert.
var macroDef = regexp.MustCompile(`\\(?:(?:new|provide|renew)command\*?|DeclareMathOperator(\*?))\s*(?:\{\s*\\([a-zA-Z]+)\s*\}|\\([a-zA-Z]+))\s*(?:\[\s*([1-9])\s*\])?`)

var (
	qedCmd     = regexp.MustCompile(`\\qed(?:here)?\b|\\qedsymbol\b`)
	colourLine = regexp.MustCompile(`(?m)^[ \t]*\\textcolor\{[a-zA-Z!0-9]*\}\{([^{}\n]*)\}[ \t]*(?:\\\\)?[ \t]*$`)
)

var endsInWord = regexp.MustCompile(`\\[a-zA-Z]+$`)

type macro struct {
	args int
	body string
}

// maxMacroUses bounds the uses expanded, so definitions that call each other cannot make a
// short reply long.
const maxMacroUses = 5000

// expandMacros writes out the model's own commands where it uses them and drops their
// definitions: the document's text holds the vocabulary's commands only, and what a macro
// stands for prints the same. A definition with a default argument or one that is not
// closed is left, for the text check to name.
func expandMacros(src, body string) string {
	defs := map[string]macro{}
	read := func(s string, keep bool) string {
		var out strings.Builder
		last := 0
		for _, m := range macroDef.FindAllStringSubmatchIndex(s, -1) {
			if m[0] < last {
				continue
			}
			name := ""
			if m[4] >= 0 {
				name = s[m[4]:m[5]]
			} else {
				name = s[m[6]:m[7]]
			}
			n := 0
			if m[8] >= 0 {
				n = int(s[m[8]] - '0')
			}
			if _, k := tex.Option(s, m[1]); k != m[1] {
				continue // a default argument: not written out
			}
			def, end := tex.Group(s, m[1])
			if end == m[1] {
				continue
			}
			if m[2] >= 0 { // \DeclareMathOperator
				def = `\operatorname{` + def + `}`
				if s[m[2]:m[3]] == "*" {
					def = `\operatorname*{` + strings.TrimPrefix(def, `\operatorname{`)
				}
			}
			if textCommands[name] || mathCommands[name] || headings[name] || name == "instructions" {
				continue // a command the reader knows keeps its meaning
			}
			if _, taken := defs[name]; !taken || !strings.Contains(s[m[0]:m[1]], "provide") {
				defs[name] = macro{n, def}
			}
			out.WriteString(s[last:m[0]])
			last = end
		}
		out.WriteString(s[last:])
		if keep {
			return out.String()
		}
		return s
	}
	if pre, _, ok := strings.Cut(src, `\begin{document}`); ok && !strings.Contains(src, latex.BodyBegin) {
		read(pre, false) // a model's preamble; the server's defines its own vocabulary
	}
	body = read(body, true)
	if len(defs) == 0 {
		return body
	}
	uses := 0
	for range 4 { // a macro written with another: a few rounds
		var out strings.Builder
		changed := false
		for i := 0; i < len(body); {
			if body[i] != '\\' {
				j := tex.NextCommand(body, i)
				out.WriteString(body[i:j])
				i = j
				continue
			}
			name, j := tex.Command(body, i)
			d, ok := defs[name]
			if !ok || uses >= maxMacroUses {
				out.WriteString(body[i:j])
				i = j
				continue
			}
			uses++
			text := d.body
			for a := 1; a <= d.args; a++ {
				arg, k := tex.Group(body, j)
				if k == j && j < len(body) && body[j] != '\\' {
					arg, k = body[j:j+1], j+1 // \abs x: one token
				}
				text = strings.ReplaceAll(text, "#"+strconv.Itoa(a), arg)
				j = k
			}
			if j < len(body) && tex.IsLetter(body[j]) && endsInWord.MatchString(text) {
				text += " " // \N x: the space ended the name
			}
			if j < len(body) && (body[j] == '^' || body[j] == '_') {
				text = "{" + text + "}" // a power of all of it
			}
			out.WriteString(text)
			changed = true
			i = j
		}
		body = out.String()
		if !changed {
			break
		}
	}
	return body
}

// withoutLayout is s without the layout commands the top level reads past (\vspace,
// \medskip…): inside a list kept as text they are the renderer's business too.
func withoutLayout(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := tex.NextCommand(s, i)
		b.WriteString(s[i:j])
		if j >= len(s) {
			break
		}
		name, k := tex.Command(s, j)
		if layoutOnly[name] && !pageBreaks[name] {
			k = skipArgs(s, k, name)
		} else {
			b.WriteString(s[j:k])
		}
		i = k
	}
	return b.String()
}
