package worksheet

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sheetsmith/latex"
)

// Render typesets a document into two complete LaTeX sources: the sheet, and its answer key.
// Both have the same body and the same boxes; the key only switches \sskeytrue on, which
// draws every answer in colour inside its own space without changing any size. So the key is
// the sheet page for page. Both sources carry the document (see Embed). Render refuses a
// document that does not pass Validate.
func Render(doc Document) (sheet, key string, err error) {
	if _, err := Unanswered(doc); err != nil {
		return "", "", err
	}
	body := renderBody(doc)
	// Validate's allow-list should make this redundant; the TeX layer holds on its own.
	if err := latex.CheckBody(body); err != nil {
		return "", "", fmt.Errorf("the worksheet cannot be typeset safely: %w", err)
	}
	if _, err := writingOf(doc, body); err != nil {
		return "", "", err // a letter would be missing: no sheet rather than a sheet without it
	}
	n := packagesOf(doc)
	sheet = assemble(doc, body, n, false)
	// sheet and key have the same body, so they carry the same block
	block, err := docBlock(sheet, doc)
	if err != nil {
		return "", "", err
	}
	return sheet + block, assemble(doc, body, n, true) + block, nil
}

// Notices are the plain sentences a reply should carry about a document: what the sheet
// shows in place of what it cannot (a missing image).
func Notices(doc Document) []string {
	var out []string
	note := func(f *Figure, where string) {
		if f == nil || f.Missing == "" {
			return
		}
		// a caption in plain words names the figure for the teacher; one with LaTeX in it would
		// read as code in a chat reply, and the box's file name is enough
		if c := strings.TrimSpace(f.Caption); c != "" && !strings.ContainsAny(c, `\$`) {
			out = append(out, fmt.Sprintf("The figure %s, “%s” (%s), is not available, so the sheet shows a labelled box in its place with the caption under it.", where, c, f.Missing))
			return
		}
		out = append(out, fmt.Sprintf("The figure %s (%s) is not available, so the sheet shows a labelled box in its place.", where, f.Missing))
	}
	n := 0
	for _, b := range doc.Blocks { // numbered as printed
		switch b.Kind {
		case BlockFigure:
			where := "at the top of the sheet"
			if n > 0 {
				where = fmt.Sprintf("after question %d", n)
			}
			note(b.Figure, where)
		case BlockSection:
			if b.NewPage { // numbered from 1 again, as printed
				n = 0
			}
		case BlockQuestion:
			n++
			if b.Question != nil {
				walkQuestions(*b.Question, fmt.Sprintf("of question %d", n), func(q Question, where string) {
					note(q.Figure, where)
				})
			}
		}
	}
	return out
}

// walkQuestions calls fn on a question and on each of its parts, naming where each is.
func walkQuestions(q Question, where string, fn func(Question, string)) {
	walkDepth(q, where, 0, fn)
}

func walkDepth(q Question, where string, depth int, fn func(Question, string)) {
	fn(q, where)
	for i, p := range q.Parts {
		walkDepth(p, fmt.Sprintf("%s, part %s", where, partLabel(depth+1, i)), depth+1, fn)
	}
}

// needs are the packages and libraries a document loads beyond the preamble.
type needs struct {
	pkgs, tikz, plots []string
}

// Packages are the packages a document loads beyond the fixed preamble: those its text and
// figures use, and those its figures name.
func Packages(doc Document) []string { return packagesOf(doc).pkgs }

// packagesOf finds what a document needs: from its figures' packages, and from the commands
// and options it uses.
func packagesOf(doc Document) needs {
	var text strings.Builder
	var libs, plots, asked []string
	addFig := func(f *Figure) {
		if f == nil {
			return
		}
		text.WriteString(f.LaTeX + "\n" + f.Caption + "\n")
		for _, p := range append(slices.Clip(f.Packages), latex.PackagesUsed(f.LaTeX)...) {
			switch {
			case slices.Contains(TikZLibraries, p):
				libs = append(libs, p)
			case slices.Contains(PgfplotsLibraries, p):
				plots = append(plots, p)
				text.WriteString("\\usepackage{pgfplots}\n")
			case latex.Allowed(p):
				asked = append(asked, p) // an installed package the figure names: chemfig, circuitikz
			}
		}
	}
	for _, b := range doc.Blocks {
		text.WriteString(b.Title + "\n" + b.Text + "\n")
		addFig(b.Figure)
		if b.Question != nil {
			walkQuestions(*b.Question, "", func(q Question, _ string) {
				text.WriteString(q.Text + "\n" + q.Answer.Value + "\n")
				addFig(q.Answer.Figure)
				for _, c := range q.Choices {
					text.WriteString(c.Text + "\n")
				}
				for _, a := range q.Blanks {
					text.WriteString(a.Value + "\n")
				}
				for _, p := range q.Pairs {
					text.WriteString(p.Left + "\n" + p.Right + "\n")
				}
				addFig(q.Figure)
			})
		}
	}
	all := text.String()
	var pkgs []string
	for _, p := range packageUse {
		if p.use.MatchString(all) || slices.Contains(asked, p.name) {
			pkgs = append(pkgs, p.name)
		}
	}
	for _, p := range asked {
		if !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
		}
	}
	for lib, use := range libraryUse {
		if use.MatchString(all) {
			libs = append(libs, lib)
		}
	}
	for lib, use := range plotLibraryUse {
		if use.MatchString(all) {
			plots = append(plots, lib)
		}
	}
	slices.Sort(libs)
	slices.Sort(plots)
	n := needs{pkgs: pkgs, tikz: slices.Compact(libs)}
	if slices.Contains(pkgs, "pgfplots") {
		n.plots = slices.Compact(plots)
	}
	return n
}

// plotLibraryUse spots the pgfplots libraries a figure uses without listing them.
var plotLibraryUse = map[string]*regexp.Regexp{
	"fillbetween": regexp.MustCompile(`fill between`),
	"groupplots":  regexp.MustCompile(`\\begin\{groupplot\}`),
	"polar":       regexp.MustCompile(`\\begin\{polaraxis\}`),
}

// packageUse spots the packages a document uses, in the order they are loaded.
var packageUse = []struct {
	name string
	use  *regexp.Regexp
}{
	{"pgfplots", regexp.MustCompile(`\\begin\{(axis|semilogxaxis|semilogyaxis|loglogaxis)\}|\\usepackage\{pgfplots\}`)},
	{"booktabs", regexp.MustCompile(`\\(top|mid|bottom|cmid)rule\b|\\usepackage\{booktabs\}`)},
	{"multirow", regexp.MustCompile(`\\multirow\b|\\usepackage\{multirow\}`)},
	{"cancel", regexp.MustCompile(`\\(b|x)?cancel(to)?\b|\\usepackage\{cancel\}`)},
	{"siunitx", regexp.MustCompile(`\\(SI|si|num|qty|unit|ang|SIrange|qtyrange|numrange)\b|\\usepackage\{siunitx\}`)},
	{"mhchem", regexp.MustCompile(`\\(ce|pu)\b|\\usepackage\{mhchem\}`)},
}

// libraryUse spots the TikZ libraries a figure uses without listing them.
var libraryUse = map[string]*regexp.Regexp{
	"arrows.meta":               regexp.MustCompile(`Stealth|Latex\[|\{Latex\}|>=\s*Latex|Triangle\[|\{Triangle\}|Kite|Straight Barb`),
	"calc":                      regexp.MustCompile(`\(\$`),
	"positioning":               regexp.MustCompile(`(above|below|left|right)(\s+(left|right))?\s*=\s*[^,\]]*\bof\b`),
	"angles":                    regexp.MustCompile(`pic\s*(\[[^\]]*\])?\s*\{\s*(right )?angle\s*=`),
	"quotes":                    regexp.MustCompile(`pic\s*\[[^\]]*"`),
	"patterns":                  regexp.MustCompile(`pattern\s*=`),
	"decorations.pathreplacing": regexp.MustCompile(`decoration\s*=\s*\{?\s*brace`),
	"decorations.markings":      regexp.MustCompile(`decoration\s*=\s*\{?\s*markings`),
	"intersections":             regexp.MustCompile(`name path|name intersections`),
	"backgrounds":               regexp.MustCompile(`on background layer|show background`),
	"fit":                       regexp.MustCompile(`\bfit\s*=`),
	"through":                   regexp.MustCompile(`circle through`),
	"matrix":                    regexp.MustCompile(`matrix of (math )?nodes`),
	"shapes.misc":               regexp.MustCompile(`cross out|strike out|rounded rectangle|chamfered rectangle`),
	"decorations.pathmorphing":  regexp.MustCompile(`decoration\s*=\s*\{?\s*(zigzag|snake|coil|bumps|random steps|saw)`),
	"shapes.geometric":          regexp.MustCompile(`\b(regular polygon|isosceles triangle|trapezium|diamond|star|ellipse,|kite)\b`),
}

// writePreamble writes the engine's preamble (latex.PreambleFor) and language line, the
// packages and libraries a body needs, and the page geometry and face. The compiler keeps warm formats for the preamble followed by exactly the
// package lines (see latex.extraPrefix), so they come first: extra packages, then those with
// options. The paper and the face come after them, so every sheet shares the warm formats.
func writePreamble(b *strings.Builder, pkgs, tikz, plots []string, s Settings, w latex.Writing) {
	b.WriteString(latex.PreambleFor(w))
	if l := latex.LanguageLine(w); l != "" {
		b.WriteString(l + "\n")
	}
	b.WriteString(latex.PackageLines(pkgs))
	if slices.Contains(pkgs, "siunitx") {
		b.WriteString("\\sisetup{per-mode=symbol}\n") // units as school books write them: m/s², km/h
	}
	if slices.Contains(pkgs, "pgfplots") {
		b.WriteString("\\pgfplotsset{compat=1.18}\n")
	}
	if len(plots) > 0 {
		fmt.Fprintf(b, "\\usepgfplotslibrary{%s}\n", strings.Join(plots, ","))
	}
	if len(tikz) > 0 {
		fmt.Fprintf(b, "\\usetikzlibrary{%s}\n", strings.Join(tikz, ","))
	}
	margin := "1in"
	if s.NarrowMargins {
		margin = "0.6in"
	}
	paper := "" // Letter: the class's own paper, so the sheets saved before Paper read the same
	if s.Paper == PaperA4 {
		paper = "a4paper,"
	}
	fmt.Fprintf(b, "\\usepackage[%smargin=%s,footskip=0.3in]{geometry}\n", paper, margin)
	b.WriteString(latex.FontPreambleFor(w, face(s)))
}

// face is the type face a sheet prints in: the teacher's, and a sans one in large print
// (large-print guidance asks for a plain sans face).
func face(s Settings) string {
	if s.LargePrint && (s.Font == "" || s.Font == FontDefault) {
		return FontSans
	}
	return s.Font
}

// assemble writes a complete source around a rendered body.
func assemble(doc Document, body string, n needs, key bool) string {
	return assembleFor(doc, body, n, key, false)
}

// assembleFor writes the server's source or, for project, the teacher's own (see Project):
// the vocabulary loaded from sheetsmith.sty, and no seal or body markers, which only the
// server's sandbox and its edits need.
func assembleFor(doc Document, body string, n needs, key, project bool) string {
	s := doc.Settings
	var b strings.Builder
	w, _ := writingOf(doc, body) // Render has refused a document it cannot print
	if project {
		b.WriteString(projectProgram(w))
	}
	writePreamble(&b, n.pkgs, n.tikz, n.plots, s, w)
	if project {
		b.WriteString("\\usepackage{" + projectPackage + "}\n")
	} else {
		b.WriteString(Macros)
		b.WriteString(keyFigureMacros)
	}
	l := labelsOf(doc)
	fmt.Fprintf(&b, "\\renewcommand\\sstruelabel{%s}\\renewcommand\\ssfalselabel{%s}\\renewcommand\\ssmissinglabel{%s}\n", l.True, l.False, l.Missing)
	if anyChecked(doc) {
		b.WriteString(keyLegend(l))
	}
	if key {
		b.WriteString("\\sskeytrue\n")
	}
	if s.LargePrint {
		b.WriteString(largePrintFor(s))
	}
	if !project {
		b.WriteString(latex.SealFor(w.Engine))
	}
	b.WriteString("\\begin{document}\n")
	cols := columns(s)
	if s.LargePrint {
		b.WriteString("\\normalsize\n")
	}
	fmt.Fprintf(&b, "\\setlength\\sscolw{\\dimexpr(\\linewidth-%d\\sscolsep)/%d\\relax}\n", cols-1, cols)
	b.WriteString(header(doc))
	b.WriteString(layoutBegin(doc))
	if project {
		b.WriteString(body + layoutEnd(doc) + "\\end{document}\n")
	} else {
		b.WriteString(latex.BodyBegin + "\n" + body + latex.BodyEnd + "\n")
		b.WriteString(layoutEnd(doc) + "\\end{document}\n")
	}
	return b.String()
}

// largePrint is large print as APH's guidance asks: an 18 pt body, headings larger again,
// more room between lines, and the spaces with them. The small sizes grow with the body (a
// clock's numbers, \scriptsize, and a number line's, \tiny, keep their room on faces that
// grow in em). The page number moves to the right, clear of the key's legend.
const largePrint = `\renewcommand\normalsize{\fontsize{18}{23}\selectfont}
\renewcommand\small{\fontsize{16}{20}\selectfont}
\renewcommand\footnotesize{\fontsize{14.5}{18}\selectfont}
\renewcommand\scriptsize{\fontsize{12}{15}\selectfont}
\renewcommand\tiny{\fontsize{10}{12}\selectfont}
\renewcommand\large{\fontsize{22}{27}\selectfont}
\renewcommand\Large{\fontsize{26}{31}\selectfont}
\renewcommand\LARGE{\fontsize{30}{36}\selectfont}
\setlength\sslinesep{1.3cm}
\setlength\ssrowsep{1.2cm}
\cfoot{}\rfoot{\thepage}
`

// largePrintYoung is large print for K–1 readers: a 24 pt body, every size a third larger
// than large print's.
const largePrintYoung = `\renewcommand\normalsize{\fontsize{24}{31}\selectfont}
\renewcommand\small{\fontsize{21}{27}\selectfont}
\renewcommand\footnotesize{\fontsize{19}{24}\selectfont}
\renewcommand\scriptsize{\fontsize{16}{20}\selectfont}
\renewcommand\tiny{\fontsize{13}{16}\selectfont}
\renewcommand\large{\fontsize{29}{36}\selectfont}
\renewcommand\Large{\fontsize{35}{42}\selectfont}
\renewcommand\LARGE{\fontsize{40}{48}\selectfont}
\setlength\sslinesep{1.7cm}
\setlength\ssrowsep{1.6cm}
\cfoot{}\rfoot{\thepage}
`

// largePrintFor is a large-print sheet's sizes: 24 pt where asked (K–1), else 18 pt.
func largePrintFor(s Settings) string {
	if s.PrintSize >= 24 {
		return largePrintYoung
	}
	return largePrint
}

func columns(s Settings) int {
	c := s.Columns
	if c < 1 {
		c = 1
	}
	if c > 4 {
		c = 4
	}
	if s.LargePrint {
		c = 1 // large print reads in one column (APH guidance; see README)
	}
	if s.Layout == LayoutExam {
		c = 1
	}
	return c
}

func anyChecked(doc Document) bool {
	found := false
	for _, b := range doc.Blocks {
		if b.Question != nil {
			walkQuestions(*b.Question, "", func(q Question, _ string) {
				if q.Answer.Checked {
					found = true
				}
				for _, a := range q.Blanks {
					if a.Checked {
						found = true
					}
				}
			})
		}
	}
	return found
}

// keyLegend explains the key's check marks, in the footer of the key only.
func keyLegend(l labels) string {
	return fmt.Sprintf("\\lfoot{\\ifsskey\\footnotesize\\ssans{$\\checkmark$} %s\\fi}\n", l.Legend)
}

// header is the name fields and the title: one line each, the same height in sheet and key.
func header(doc Document) string {
	return headerFor(doc.Title, doc.Settings, labelsOf(doc))
}

// headerFor writes the header of a sheet titled title (Render's and Wrap's): the key, which
// \sskeytrue or the exam class's \printanswers makes, adds its "Answer Key".
func headerFor(title string, s Settings, l labels) string {
	var fields []string
	if s.ShowName {
		fields = append(fields, `\sssheetfield{`+l.Name+`}{6cm}`)
	}
	if s.ShowDate {
		fields = append(fields, `\sssheetfield{`+l.Date+`}{3cm}`)
	}
	if s.ShowPeriod {
		fields = append(fields, `\sssheetfield{`+l.Period+`}{1.5cm}`)
	}
	if s.ShowInstructor {
		fields = append(fields, `\sssheetfield{`+l.Instructor+`}{4cm}`)
	}
	var b strings.Builder
	if len(fields) > 0 {
		b.WriteString("\\noindent\\ssfit{\\linewidth}{" + strings.Join(fields, "\\quad ") + "}\\par\\medskip\n")
	}
	title = strings.TrimSpace(title)
	if title == "" {
		title = "Worksheet"
	}
	fmt.Fprintf(&b, "{\\Large\\noindent\\makebox[\\linewidth][c]{\\smash{\\ssfit{\\linewidth}{\\bfseries %s\\ifsskey{} \\textendash{} \\ssans{%s}\\fi}}}\\strut\\par}\\medskip\n", latex.EscapeText(title), l.AnswerKey)
	return b.String()
}

// renderBody writes the blocks: questions in rows of the layout's columns, everything else
// across the page.
func renderBody(doc Document) string {
	r := &renderer{cols: columns(doc.Settings), exam: doc.Settings.Layout == LayoutExam, labels: labelsOf(doc)}
	r.settings = doc.Settings
	var fitted []int
	if doc.Settings.FitColumns {
		fitted = sectionColumns(doc, r.cols)
	}
	for i, blk := range doc.Blocks {
		r.most = r.cols
		if fitted != nil {
			r.most = fitted[i] // the layout's columns: a section of wide questions in fewer
		}
		if blk.Kind == BlockQuestion && blk.Question != nil {
			r.question(*blk.Question)
			continue
		}
		r.flush()
		if r.exam && r.onPage {
			r.b.WriteString("\\clearpage\n")
			r.onPage = false
		}
		switch blk.Kind {
		case BlockInstructions:
			fmt.Fprintf(&r.b, "\\instructions{%s}\n", inline(blk.Text))
		case BlockPassage:
			fmt.Fprintf(&r.b, "\\sspassage{%s}{%s}\n", inline(blk.Title), inline(blk.Text))
		case BlockSection:
			if blk.NewPage {
				r.newPage(doc)
			}
			fmt.Fprintf(&r.b, "\\sssection{%s}\n", inline(blk.Title))
		case BlockFigure:
			r.b.WriteString(figure(blk.Figure) + "\\medskip\n")
		}
	}
	r.flush()
	return r.b.String()
}

type renderer struct {
	b    strings.Builder
	cols int
	exam bool
	num  int      // the last question number
	row  []string // question boxes of the row being filled
	// rowCols is how many questions the row being filled holds: the sheet's columns, or
	// fewer for drawings that need more width (fits) or in a section of wide questions
	// (most, the section's columns); settings give their widths
	rowCols  int
	most     int
	settings Settings
	onPage   bool // exam layout: a question is already on this page
	labels   labels
}

func (r *renderer) question(q Question) {
	r.num++
	if r.exam {
		if r.onPage {
			r.b.WriteString("\\clearpage\n")
		}
		r.examQuestion(q)
		r.onPage = true
		return
	}
	cols := r.fits(q)
	if len(r.row) > 0 && (cols < r.rowCols || cols > r.rowCols && r.rowCols < r.cols) {
		r.flush() // a row's questions are all one width
	}
	if len(r.row) == 0 {
		r.rowCols = cols
	}
	width := "\\sscolw"
	if r.rowCols != r.cols {
		width = "\\ssrowcolw" // set by flush, outside the boxes, where \linewidth is the line's
	}
	r.row = append(r.row, fmt.Sprintf("\\ssq{%s}{%d.}{%%\n%s}", width, r.num, questionBody(q, 0, r.rowCols, r.labels)))
	if len(r.row) == r.rowCols {
		r.flush()
	}
}

// fits is how many questions a row with q in it may hold: its section's columns, or fewer when
// q's drawing (or its answer's) would be narrower than its declared least width in a column.
func (r *renderer) fits(q Question) int {
	least := 0.0
	var walk func(q Question)
	walk = func(q Question) {
		for _, f := range []*Figure{q.Figure, q.Answer.Figure} {
			if f != nil {
				least = max(least, declaredWidth(f))
			}
		}
		for _, p := range q.Parts {
			walk(p)
		}
	}
	walk(q)
	cols := r.most
	for cols > 1 && columnWidth(r.settings, cols) < least {
		cols--
	}
	return cols
}

// examQuestion lays a question out on its own page: the room to work is spread over the
// page, below the question and below each of its parts, and a short answer's line sits at
// the bottom of its room.
func (r *renderer) examQuestion(q Question) {
	top := q
	top.Parts = nil
	below := answerLineBelow(top)
	if below {
		top.Space = Space{Kind: SpaceNone}
	}
	fmt.Fprintf(&r.b, "\\ssrow{\\ssq{\\linewidth}{%d.}{%%\n%s}}\n", r.num, questionBody(top, 0, 1, r.labels))
	if below || len(q.Parts) == 0 {
		r.b.WriteString("\\vspace*{\\fill}\n")
	}
	if below {
		r.examAnswerLine(q.Answer)
	}
	for i, p := range q.Parts {
		below := answerLineBelow(p) && len(p.Parts) == 0
		// a computation's room to work is glue that may shrink by half, its answer line below
		// it: the question keeps to its page (its stem is never left alone above parts a little
		// too tall for it), the room spread over the page as before when they fit; no more, or
		// the last page of a long section takes all its parts with no room left to work
		room := ""
		if p.Kind == KindShort && p.Space.Kind == SpaceWork && len(p.Parts) == 0 {
			size := p.Space.Size
			if size <= 0 {
				size = defaultWork
			}
			room, below = fmt.Sprintf("\\vspace*{%gcm minus %gcm}\n", size, size/2), true
		}
		if below {
			p.Space = Space{Kind: SpaceNone}
		}
		fmt.Fprintf(&r.b, "\\ssrow{\\hspace*{\\ssnumw}\\parbox[t]{\\dimexpr\\linewidth-\\ssnumw\\relax}{\\sspart{%s}{%%\n%s}}}\n%s\\vspace*{\\fill}\n",
			partLabel(1, i), questionBody(p, 1, 1, r.labels), room)
		if below {
			r.examAnswerLine(q.Parts[i].Answer)
		}
	}
}

func (r *renderer) examAnswerLine(a Answer) {
	fmt.Fprintf(&r.b, "\\ssrow{\\makebox[\\linewidth][r]{\\%s{5cm}{%s}}}\n\\vspace{\\ssrowsep}\n", fracOr("ssblank", a), answerText(a))
}

// answerLineBelow reports whether a question's answer is a line the Exam layout moves to the
// bottom of its room: a short answer with no other space asked for.
func answerLineBelow(q Question) bool {
	if _, ok := stackedSum(q); ok {
		return false // its answer is under its own bar
	}
	return q.Kind == KindShort && (q.Space.Kind == "" || q.Space.Kind == SpaceBlank)
}

// clearBelow reports whether a short question's answer line needs room above it for the key's
// answer: under a figure or a table, which may be as wide as the column, or in a column of 3
// or 4 narrow enough that the line runs under the question's text. (Elsewhere the line is at
// the right, clear of the text, and takes no more room than it always did.)
func clearBelow(q Question, cols int) bool {
	return q.Figure != nil || q.Answer.Figure != nil || cols >= 3 || strings.Contains(q.Text, `\begin{`)
}

// stackedArith is column arithmetic as the offline engine and models write it: one array, in
// maths, whose last row is the bar (\hline) under the numbers.
var stackedArith = regexp.MustCompile(`(?s)^\$\s*\\begin\{array\}(\[[tcb]\])?\{((?:[^{}]|\{[^{}]*\})*)\}(.*\\\\\s*\\hline)\s*\\end\{array\}\s*\$$`)

var (
	arrayGlue   = regexp.MustCompile(`[@!]\{[^{}]*\}`)
	arrayColumn = regexp.MustCompile(`[lrc]`)
)

// stackedSum is a stacked sum's text with its answer row: a short question that is only
// column arithmetic, answered on a line, gets its answer under its own bar, in the numbers'
// column, the units under the units, as a pupil writes it. The sheet leaves the row empty (a
// box of the answer's size), the key writes the answer in it. ok is false for any other
// question, which keeps its answer line.
func stackedSum(q Question) (string, bool) {
	if q.Kind != KindShort || q.Figure != nil || len(q.Parts) > 0 || (q.Space.Kind != "" && q.Space.Kind != SpaceBlank) ||
		stacked(q.Answer) || strings.TrimSpace(q.Answer.Value) == "" {
		return "", false
	}
	m := stackedArith.FindStringSubmatch(strings.TrimSpace(q.Text))
	if m == nil {
		return "", false
	}
	cols := len(arrayColumn.FindAllString(arrayGlue.ReplaceAllString(m[2], ""), -1))
	if cols == 0 {
		return "", false
	}
	return fmt.Sprintf("$\\begin{array}%s{%s}%s \\multicolumn{%d}{@{}r@{}}{\\ssstackanswer{%s}} \\end{array}$",
		m[1], m[2], m[3], cols, answerText(q.Answer)), true
}

// longDivisionText is a division written with the long-division bracket, as the offline
// engine and models write it: "$94\,\overline{)\,6096}$".
var longDivisionText = regexp.MustCompile(`^\$\s*(\d[\d{},]*)\s*(?:\\[,;: ]\s*)*\\overline\{\s*(?:\\smash\{\)\}|\))\s*(?:\\[,;: ]\s*)*(\d[\d{},]*)\s*\}\s*\$$`)

// longDivisionAnswer is a whole quotient with its remainder, if any: "64", "1,204 R 3".
var longDivisionAnswer = regexp.MustCompile(`^(\d[\d,]*)(?:\s*R\s*(\d+))?$`)

// longDivision is a long division's text drawn with the standard bracket at the text's size
// (\sslongdivision), its quotient written above the bar in the key, the digits over the
// dividend's, "R 3" after it: a short question that is only the division, with a whole
// answer, room to work below and no answer line. ok is false for any other question.
func longDivision(q Question) (string, bool) {
	if q.Kind != KindShort || q.Figure != nil || q.Answer.Figure != nil || len(q.Parts) > 0 ||
		(q.Space.Kind != "" && q.Space.Kind != SpaceBlank && q.Space.Kind != SpaceWork) {
		return "", false
	}
	m := longDivisionText.FindStringSubmatch(strings.TrimSpace(q.Text))
	a := longDivisionAnswer.FindStringSubmatch(strings.TrimSpace(q.Answer.Value))
	if m == nil || a == nil || q.Answer.Kind == AnswerFraction || q.Answer.Kind == AnswerExpression {
		return "", false
	}
	digits := strings.NewReplacer("{,}", "", ",", "", "{", "", "}", "")
	rem := ""
	if a[2] != "" {
		rem = "R " + a[2]
	}
	return fmt.Sprintf("\\sslongdivision{%s}{%s}{%s}{%s%s}", digits.Replace(m[1]), digits.Replace(m[2]), digits.Replace(a[1]), rem, checkMark(q.Answer)), true
}

// flush ends the row being filled. Every row is one line of boxes: it never splits across
// pages, and its height is the same in sheet and key.
func (r *renderer) flush() {
	if len(r.row) == 0 {
		return
	}
	if r.rowCols != r.cols {
		fmt.Fprintf(&r.b, "\\setlength\\ssrowcolw{\\dimexpr(\\linewidth-%d\\sscolsep)/%d\\relax}\n", r.rowCols-1, r.rowCols)
	}
	r.b.WriteString("\\ssrow{")
	for i, q := range r.row {
		if i > 0 {
			r.b.WriteString("\\hspace{\\sscolsep}")
		}
		r.b.WriteString(q)
		r.b.WriteString("%\n")
	}
	r.b.WriteString("}\n\\vspace{\\ssrowsep}\n")
	r.row = r.row[:0]
}

// questionBody is the inside of a question's box: text, figure, its own answer place, the
// answer space, then its parts.
func questionBody(q Question, depth, cols int, l labels) string {
	var b strings.Builder
	text := q.Text
	if q.Kind == KindBlank {
		text = fillBlanks(text, q.Blanks)
	} else if st, ok := stackedSum(q); ok {
		text = st
	} else if ld, ok := longDivision(q); ok {
		text = ld
	} else {
		text = fillBlanks(text, nil)
	}
	b.WriteString(inline(text))
	if q.Points > 0 {
		fmt.Fprintf(&b, "\\sspoints{%s}", pointsText(q.Points, l))
	}
	b.WriteString("\n")
	if q.Answer.Figure != nil {
		b.WriteString(keyFigure(q.Figure, q.Answer.Figure))
	} else if q.Figure != nil {
		b.WriteString(figure(q.Figure))
	}
	switch q.Kind {
	case KindChoice:
		b.WriteString(choices(q.Choices, cols <= 2))
	case KindTrueFalse:
		t, f := 0, 0
		switch strings.ToLower(strings.TrimSpace(q.Answer.Value)) {
		case "true":
			t = 1
		case "false":
			f = 1
		}
		fmt.Fprintf(&b, "\\sstruefalse{%d}{%d}{%s}\n", t, f, checkMark(q.Answer))
	case KindMatching:
		b.WriteString(matching(q, cols >= 3 || cols == 2 && depth > 0))
	}
	if _, ok := longDivision(q); ok {
		size := q.Space.Size
		if q.Space.Kind != SpaceWork || size <= 0 {
			size = defaultWork
		}
		fmt.Fprintf(&b, "\\sswork{%gcm}{}\n", size)
	} else if _, ok := stackedSum(q); !ok {
		sp := space(q)
		if clearBelow(q, cols) {
			sp = strings.Replace(sp, `\ssanswerline{`, `\ssanswerlineclear{`, 1)
		}
		b.WriteString(sp)
	}
	for i, p := range q.Parts {
		fmt.Fprintf(&b, "\\sspart{%s}{%%\n%s}\n", partLabel(depth+1, i), questionBody(p, depth+1, cols, l))
	}
	return b.String()
}

func pointsText(p float64, l labels) string {
	s := strconv.FormatFloat(p, 'f', -1, 64)
	if p == 1 {
		return s + " " + l.Point
	}
	return s + " " + l.Points
}

// partLabel is (a), (b)… at depth 1 and (i), (ii)… below.
func partLabel(depth, i int) string {
	if depth <= 1 {
		return "(" + letters(i, false) + ")"
	}
	return "(" + roman(i+1) + ")"
}

func letters(i int, upper bool) string {
	base := 'a'
	if upper {
		base = 'A'
	}
	s := ""
	for {
		s = string(rune(base)+rune(i%26)) + s
		i = i/26 - 1
		if i < 0 {
			return s
		}
	}
}

func roman(n int) string {
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"m", "cm", "d", "cd", "c", "xc", "l", "xl", "x", "ix", "v", "iv", "i"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

func checkMark(a Answer) string {
	if a.Checked {
		return "\\computed"
	}
	return ""
}

// answerText is an answer as the key prints it: expressions in maths, words as text.
func answerText(a Answer) string {
	v := strings.TrimSpace(a.Value)
	switch a.Kind {
	case AnswerExpression:
		if !strings.Contains(v, "$") {
			v = "$" + v + "$"
		}
	case AnswerFraction:
		v = fractionLaTeX(v)
	case AnswerNumber:
		// in maths, a minus sign, not the hyphen a leading - prints as in text; {,} keeps a
		// thousands comma from spacing like punctuation
		if strings.HasPrefix(v, "-") {
			v = "$" + strings.ReplaceAll(v, ",", "{,}") + "$"
		}
	}
	return inline(v) + checkMark(a)
}

var mixedFraction = regexp.MustCompile(`^(-?\d+)\s+(\d+)\s*/\s*(\d+)$`)
var simpleFraction = regexp.MustCompile(`^(-?)(\d+)\s*/\s*(\d+)$`)

func fractionLaTeX(v string) string {
	if m := mixedFraction.FindStringSubmatch(v); m != nil {
		return fmt.Sprintf("$%s\\frac{%s}{%s}$", m[1], m[2], m[3])
	}
	if m := simpleFraction.FindStringSubmatch(v); m != nil {
		return fmt.Sprintf("$%s\\frac{%s}{%s}$", m[1], m[2], m[3])
	}
	return v
}

// stackedMath is maths the key prints as a stacked fraction (the key's answers are in display
// style, so as tall as two lines of text).
var stackedMath = regexp.MustCompile(`\\[dt]?(frac|binom)\b`)

// stacked reports whether the key prints an answer as a stacked fraction: its line leaves room
// above for one, on the sheet (the student writes one there) and in the key alike.
func stacked(a Answer) bool {
	return stackedMath.MatchString(answerText(a))
}

// fracOr is the answer place's macro: its "frac" form (\ssfracblank for \ssblank…), with room
// for a stacked fraction, when the answer is one.
func fracOr(macro string, a Answer) string {
	if stacked(a) {
		return "ssfrac" + strings.TrimPrefix(macro, "ss")
	}
	return macro
}

var blankRun = regexp.MustCompile(`_{3,}`)

// fillBlanks turns each run of underscores into a blank line; in a fill-in-the-blank question
// the key writes the answers on them, in order. A blank is tied to the word before it
// (\sstie): a line breaks between a label ("tens =", "Name") and its blank only where they
// could not share a line, so a blank never stands beside the next blank's label.
func fillBlanks(text string, answers []Answer) string {
	var b strings.Builder
	last := 0
	for i, m := range blankRun.FindAllStringIndex(text, -1) {
		before := text[last:m[0]]
		if word := strings.TrimRight(before, " \t\n"); word != "" && len(word) < len(before) && strings.Count(before[len(word):], "\n") < 2 {
			before = word + `\sstie `
		}
		b.WriteString(before)
		b.WriteString(blank(answers, i))
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// blank is the i-th blank of a question with these answers: a line as wide as its answer.
func blank(answers []Answer, i int) string {
	ans, width, macro := "", 2.5, "ssblank"
	if i < len(answers) {
		ans, macro = answerText(answers[i]), fracOr(macro, answers[i])
		n := utf8.RuneCountInString(answers[i].Value)
		switch {
		case n > 16:
			width = 5
		case n > 8:
			width = 3.5
		}
	}
	return fmt.Sprintf("\\%s{%gcm}{%s}", macro, width, ans)
}

// choices are one per line, or in one paragraph when they are few and short and the column
// is wide.
func choices(cs []Choice, wide bool) string {
	short := wide && len(cs) <= 5
	for _, c := range cs {
		if utf8.RuneCountInString(c.Text) > 18 || strings.Contains(c.Text, "\\frac") {
			short = false
		}
	}
	var b strings.Builder
	if short {
		b.WriteString("\\par\\vspace{3pt}\\hspace*{1.5em}")
	}
	for i, c := range cs {
		mark := 0
		if c.Correct {
			mark = 1
		}
		cmd := "sschoice"
		if short {
			cmd = "sschoiceinline"
		}
		fmt.Fprintf(&b, "\\%s{%d}{%s}{%s}", cmd, mark, letters(i, true), inline(c.Text))
		if !short {
			b.WriteString("\n")
		}
	}
	if short {
		b.WriteString("\\par\n")
	}
	return b.String()
}

func matching(q Question, narrow bool) string {
	var b strings.Builder
	order := q.Shuffle
	if len(order) != len(q.Pairs) {
		order = make([]int, len(q.Pairs))
		for i := range order {
			order[i] = i
		}
	}
	// position of each pair's right item in the printed right column
	at := make([]int, len(q.Pairs))
	for pos, idx := range order {
		at[idx] = pos
	}
	if narrow {
		b.WriteString("\\par\\vspace{3pt}\n")
		for i, p := range q.Pairs {
			fmt.Fprintf(&b, "\\ssmatchleft{%s}{%d}{%s}\n", letters(at[i], true), i+1, inline(p.Left))
		}
		b.WriteString("\\vspace{3pt}\n")
		for i := range q.Pairs {
			fmt.Fprintf(&b, "\\ssmatchright{%s}{%s}\n", letters(i, true), inline(q.Pairs[order[i]].Right))
		}
		return b.String()
	}
	b.WriteString("\\par\\vspace{3pt}\\noindent\\begin{tabular}{@{}>{\\raggedright\\arraybackslash}p{\\dimexpr0.5\\linewidth-0.5em\\relax}@{\\hspace{1em}}>{\\raggedright\\arraybackslash}p{\\dimexpr0.5\\linewidth-0.5em\\relax}@{}}\n")
	for i, p := range q.Pairs {
		fmt.Fprintf(&b, "\\ssmatch{%s}{%d}{%s}{%s}{%s}\n", letters(at[i], true), i+1, inline(p.Left),
			letters(i, true), inline(q.Pairs[order[i]].Right))
	}
	b.WriteString("\\end{tabular}\\par\n")
	return b.String()
}

// Default answer spaces, per question kind.
const (
	defaultLines = 3
	defaultBoxCm = 3.0
	defaultGrid  = 4.0
	defaultWork  = 3.0
)

// space is the room a question leaves for its answer. Kinds answered in place (choice,
// true/false, fill in the blank, matching) get only the extra room they ask for.
// sentence reports whether an answer is a sentence rather than a word or a number: a student
// writes it on ruled lines, not on a short answer line.
func sentence(a Answer) bool {
	v := strings.TrimSpace(a.Value)
	return a.Kind != AnswerNumber && a.Kind != AnswerFraction && utf8.RuneCountInString(v) > 32 && strings.Count(v, " ") >= 5
}

func space(q Question) string {
	kind := q.Space.Kind
	if kind == "" {
		switch q.Kind {
		case KindShort:
			kind = SpaceBlank
		case KindOpen:
			kind = SpaceLines
		default:
			kind = SpaceNone
		}
	}
	inPlace := q.Kind != KindShort && q.Kind != KindOpen
	ans := ""
	if !inPlace || q.Kind == KindChoice { // a choice's answer is its explanation, key only
		ans = answerText(q.Answer)
	}
	size := q.Space.Size
	switch kind {
	case SpaceBlank:
		if inPlace {
			return ""
		}
		if q.Kind == KindOpen {
			return fmt.Sprintf("\\%s{1}{%s}\n", fracOr("sslines", q.Answer), ans)
		}
		if sentence(q.Answer) {
			// an answer in words gets a line to write a sentence on, as many as it fills
			return fmt.Sprintf("\\%s{1}{%s}\n", fracOr("sslines", q.Answer), ans)
		}
		w := 3.5
		if utf8.RuneCountInString(q.Answer.Value) > 14 {
			w = 6
		}
		return fmt.Sprintf("\\%s{%gcm}{%s}\n", fracOr("ssanswerline", q.Answer), w, ans)
	case SpaceLines:
		n := int(size)
		if n <= 0 {
			n = defaultLines
			if q.Kind == KindOpen {
				n = 4
			}
		}
		return fmt.Sprintf("\\%s{%d}{%s}\n", fracOr("sslines", q.Answer), n, ans)
	case SpaceBox:
		if size <= 0 {
			size = defaultBoxCm
		}
		return fmt.Sprintf("\\ssspacebox{%gcm}{%s}\n", size, ans)
	case SpaceGrid:
		if size <= 0 {
			size = defaultGrid
		}
		return fmt.Sprintf("\\ssgrid{%gcm}{%s}\n", size, ans)
	case SpaceWork:
		if size <= 0 {
			size = defaultWork
		}
		if q.Kind == KindShort {
			return fmt.Sprintf("\\sswork{%gcm}{}\\%s{3.5cm}{%s}\n", size, fracOr("ssanswerline", q.Answer), ans)
		}
		return fmt.Sprintf("\\sswork{%gcm}{%s}\n", size, ans)
	}
	return ""
}

// figure is a figure's LaTeX scaled to its box, or the labelled box of a missing one; the
// caption is printed under either.
func figure(f *Figure) string {
	if f == nil {
		return ""
	}
	if f.Missing != "" {
		return fmt.Sprintf("\\ssmissing{%s}{%s}\n", latex.EscapeText(f.Missing), inline(f.Caption))
	}
	return fmt.Sprintf("\\ssfigure{%%\n%s%%\n}{%s}\n", figureBody(f.LaTeX), inline(f.Caption))
}

var (
	centerWrap = regexp.MustCompile(`(?s)^\\begin\{center\}(.*)\\end\{center\}$`)
	bareAxis   = regexp.MustCompile(`^\\begin\{(axis|semilogxaxis|semilogyaxis|loglogaxis|scope)\}`)
)

// figureBody is a figure's LaTeX as it goes into its box: a centre wrapper is the box's job,
// and a pgfplots axis or a scope drawn on its own gets the tikzpicture it needs.
func figureBody(s string) string {
	s = strings.TrimSpace(s)
	if m := centerWrap.FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(strings.ReplaceAll(m[1], `\centering`, ""))
	}
	if bareAxis.MatchString(s) {
		s = "\\begin{tikzpicture}\n" + s + "\n\\end{tikzpicture}"
	}
	s, _ = FitColumns(s)
	s, _ = BraceMathValues(s)
	return s
}

// inline is inline LaTeX as written into a source: Validate has checked it.
func inline(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	if !strings.Contains(s, CodeFence) {
		return s
	}
	return codeFence.ReplaceAllStringFunc(s, func(m string) string {
		return "\\par\\noindent " + CodeLines(codeFence.FindStringSubmatch(m)[1]) + "\\par "
	})
}

// codeFence is a code listing in a text (Document.Blocks' Text, a question's Text): ``` and an
// optional language name, its lines, ```. Its lines are code, never LaTeX.
var codeFence = regexp.MustCompile("(?s)```[\\w+#.-]*[ \\t]*\\n(.*?)\\n?[ \\t]*```")

// WithoutCode is s with its code listings left out: what the text check reads as LaTeX.
func WithoutCode(s string) string { return codeFence.ReplaceAllString(s, "") }

// CodeLines sets code as typewriter lines, its characters escaped and its line breaks and
// indentation kept (a tab as four spaces), so a loop prints as the model wrote it.
func CodeLines(code string) string {
	var rows []string
	for _, line := range strings.Split(strings.TrimRight(strings.TrimPrefix(code, "\n"), " \n"), "\n") {
		line = strings.TrimRight(strings.ReplaceAll(line, "\t", "    "), " ")
		indent := len(line) - len(strings.TrimLeft(line, " "))
		rows = append(rows, `\texttt{`+strings.Repeat(`\ `, indent)+latex.EscapeText(strings.TrimLeft(line, " "))+`}`)
	}
	return "\\begin{tabular}{@{}l@{}}\n" + strings.Join(rows, ` \\`+"\n") + "\n\\end{tabular}"
}

// textWidth is the width of the text in cm: the paper's less its margins (1in, or 0.6in narrow).
func textWidth(s Settings) float64 {
	width := 21.59 // Letter
	if s.Paper == PaperA4 {
		width = 21.0
	}
	if s.NarrowMargins {
		return width - 2*1.524
	}
	return width - 2*2.54
}

// SourcePrint reads back the paper, face and print size writePreamble and assemble wrote into
// a source (Letter, the default face and normal print when it says nothing): size is large
// print's body size in points (18, or 24 for K–1), 0 for normal print.
func SourcePrint(src string) (paper, font string, size int) {
	paper, font = PaperLetter, FontDefault
	if strings.Contains(src, "\\usepackage[a4paper,") {
		paper = PaperA4
	}
	switch {
	case strings.Contains(src, "\\renewcommand\\familydefault{ssatk}"):
		font = FontHyperlegible
	case strings.Contains(src, "{helvet}\n\\renewcommand\\familydefault{\\sfdefault}"):
		font = FontSans
	case latex.UnicodeFace(src) != "":
		font = latex.UnicodeFace(src)
	}
	switch {
	case strings.Contains(src, largePrintYoung):
		size = 24
	case strings.Contains(src, largePrint):
		size = 18
	}
	if size > 0 && font == FontSans {
		font = FontDefault // large print's own sans face (see face)
	}
	return paper, font, size
}
