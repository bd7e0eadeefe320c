package export

import (
	"context"
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"sheetsmith/worksheet"
)

// Pictures compiles source, a complete LaTeX document, and draws its first page as a PNG
// width pixels wide. PicturesOf makes one; PagePictures (PagesOf) also draws many pages.
type Pictures interface {
	Picture(ctx context.Context, source string, width int) ([]byte, error)
}

// Runner converts pandoc's JSON AST to .docx; files go beside the AST in the job directory
// (the pictures, by the names the AST gives them, and reference.docx). *latex.Pandoc is one.
type Runner interface {
	DOCX(ctx context.Context, ast []byte, files map[string][]byte) ([]byte, error)
}

// keyStyle is the character style of the key's answers in reference.docx (dark red, bold).
const keyStyle = "Key Answer"

//go:embed reference.docx
var referenceDocx []byte

// DOCX writes a worksheet (or, with key, its answer key) as a Word document, from the
// worksheet document, never from its LaTeX: pandoc's JSON AST (questions as numbered lists,
// parts nested, choices lettered, matching and simple tables as tables, maths as Word
// equations), converted with reference.docx's styles and the document's settings that print.
//
//	docx, err := export.DOCX(ctx, doc, key, pictures, pandoc)
//
// pandoc is a *latex.Pandoc (latex.NewPandoc): pandoc in the one sandbox runner. pictures
// typesets and draws what Word cannot hold as text (TikZ and pgfplots figures, maths Google
// Docs cannot edit); PagesOf makes it from a compile and latex.Rasterizer's Pages, so all of
// a document's pictures take one compile:
//
//	export.PagesOf(func(ctx context.Context, src string) ([]byte, error) {
//		r, err := compiler.Compile(ctx, src)
//		if err != nil {
//			return nil, err
//		}
//		return r.PDF, nil
//	}, rasterizer.Pages)
//
// A nil pictures writes each figure as its caption in words and all maths as equations.
// DOCX fails on a document worksheet.Unanswered refuses, when ctx ends, and when pandoc cannot
// convert; a figure that cannot be drawn becomes its caption in words, never a failed export.
func DOCX(ctx context.Context, doc worksheet.Document, key bool, pictures Pictures, pandoc Runner) ([]byte, error) {
	ast, files, alts, err := docxAST(ctx, doc, key, pictures)
	if err != nil {
		return nil, err
	}
	ref, err := referenceFor(doc.Settings)
	if err != nil {
		return nil, err
	}
	files["reference.docx"] = ref
	docx, err := pandoc.DOCX(ctx, ast, files)
	if err != nil {
		return nil, err
	}
	return finishDocx(docx, alts)
}

// docxAST is the document as pandoc's JSON AST, with the picture files it names and their
// alt texts.
func docxAST(ctx context.Context, doc worksheet.Document, key bool, pictures Pictures) ([]byte, map[string][]byte, map[string]string, error) {
	// what Render accepts: a question may lack its answer (the key leaves its space empty)
	if _, err := worksheet.Unanswered(doc); err != nil {
		return nil, nil, nil, err
	}
	w := &docxWriter{ctx: ctx, key: key, labels: worksheet.LabelsFor(doc.Language), pictures: pictures,
		files: map[string][]byte{}, alts: map[string]string{}, face: pictureFace(doc.Settings),
		large: doc.Settings.LargePrint, packages: worksheet.Packages(doc)}
	title := strings.TrimSpace(doc.Title)
	if title == "" {
		title = "Worksheet"
	}
	t := readInline(title, nil, nil)
	if key {
		t = append(t, space(), str("–"), space(), keyed(words(w.labels.AnswerKey)))
	}
	blocks := w.blocks(doc)
	if len(w.pending) > 0 {
		w.drawPictures()
	}
	if w.err != nil {
		return nil, nil, nil, w.err
	}
	lang := strings.TrimSpace(doc.Language)
	if !langTag.MatchString(lang) {
		lang = "en"
	}
	ast, err := pandocDoc(t, lang, blocks)
	return ast, w.files, w.alts, err
}

// langTag is a language tag pandoc may pass to Word: "en", "es-MX".
var langTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)

type docxWriter struct {
	ctx      context.Context
	key      bool
	labels   worksheet.Labels
	pictures Pictures
	files    map[string][]byte // pictures, by file name
	alts     map[string]string // their alt texts
	pending  []*pendingPicture // pictures in the AST, drawn once it is written
	face     string            // the pictures' type face (latex.FontPreamble's)
	packages []string          // the packages the document's figures need (worksheet.Packages)
	large    bool              // large print: pictures half again as large
	err      error             // the context's end, or a compiler's refusal, met while drawing
	// the bytes of the pictures placed so far (at most maxPictureBytes)
	pictureBytes int
}

// blocks writes the document's blocks: runs of questions as one numbered list, numbering on
// across instructions and figures, from 1 again after a section that starts a new page.
func (w *docxWriter) blocks(doc worksheet.Document) []node {
	out := w.nameFields(doc.Settings)
	num, start := 0, 1
	// the Exam layout: each question on its own page, as on the sheet
	exam, onPage := doc.Settings.Layout == worksheet.LayoutExam, false
	var items [][]node
	endList := func() {
		if len(items) > 0 {
			out = append(out, orderedList(start, numDecimal, delimPeriod, items))
			items = nil
		}
	}
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion && b.Question != nil {
			if len(items) == 0 {
				start = num + 1
			}
			num++
			item := w.question(*b.Question, 0)
			if exam && onPage {
				item = append([]node{pageBreak()}, item...)
			}
			items = append(items, item)
			onPage = true
			continue
		}
		endList()
		switch b.Kind {
		case worksheet.BlockInstructions:
			out = append(out, w.paragraphs(b.Text)...)
		case worksheet.BlockPassage:
			var inner []node
			if strings.TrimSpace(b.Title) != "" {
				inner = append(inner, header(3, w.inline(b.Title)))
			}
			out = append(out, blockQuote(append(inner, w.paragraphs(b.Text)...)))
		case worksheet.BlockSection:
			if b.NewPage {
				out = append(out, pageBreak())
				out = append(out, w.nameFields(doc.Settings)...)
				num, onPage = 0, false
			}
			out = append(out, header(2, w.inline(b.Title)))
		case worksheet.BlockFigure:
			out = append(out, w.figure(b.Figure)...)
		}
	}
	endList()
	return out
}

// nameFields is the line of Name, Date… fields the settings ask for.
func (w *docxWriter) nameFields(s worksheet.Settings) []node {
	var line []node
	add := func(on bool, label string, n int) {
		if !on {
			return
		}
		if len(line) > 0 {
			line = append(line, str("\u2003"))
		}
		line = append(line, str(label+":"), space(), str(answerLine(n)))
	}
	add(s.ShowName, w.labels.Name, 24)
	add(s.ShowDate, w.labels.Date, 12)
	add(s.ShowPeriod, w.labels.Period, 6)
	add(s.ShowInstructor, w.labels.Instructor, 16)
	if line == nil {
		return nil
	}
	return []node{para(line)}
}

// paragraphs is text whose paragraphs are split by a blank line.
func (w *docxWriter) paragraphs(s string) []node {
	var out []node
	for _, p := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n\n") {
		if strings.TrimSpace(p) != "" {
			out = append(out, para(w.inline(p)))
		}
	}
	return out
}

// inline is a text with its maths: equations, or pictures of maths Word cannot edit.
func (w *docxWriter) inline(s string) []node {
	return readInline(s, w.math, nil)
}

// question is one list item: text, figure, its own answer place, the answer space, parts.
func (w *docxWriter) question(q worksheet.Question, depth int) []node {
	var blank func(int) []node
	if q.Kind == worksheet.KindBlank {
		blank = func(i int) []node {
			if i >= len(q.Blanks) {
				return []node{str(answerLine(10))}
			}
			return w.answerOnLine(q.Blanks[i], blankWidth(q.Blanks[i]))
		}
	}
	text := readInline(q.Text, w.math, blank)
	if q.Points > 0 {
		p := strconv.FormatFloat(q.Points, 'f', -1, 64)
		unit := w.labels.Points
		if q.Points == 1 {
			unit = w.labels.Point
		}
		text = append(text, space(), emph(words("("+p+" "+unit+")")))
	}
	if answerInLine(q) {
		// a short answer's line goes at the end of the question, as on the sheet
		text = append(append(text, str("\u2003")), w.answerOnLine(q.Answer, answerWidth(q.Answer))...)
		q.Space = worksheet.Space{Kind: worksheet.SpaceNone}
	}
	out := []node{para(text)}
	if w.key && q.Answer.Figure != nil {
		out = append(out, w.figure(q.Answer.Figure)...)
	} else if q.Figure != nil {
		out = append(out, w.figure(q.Figure)...)
	}
	switch q.Kind {
	case worksheet.KindChoice:
		out = append(out, w.choices(q.Choices))
	case worksheet.KindTrueFalse:
		out = append(out, w.trueFalse(q.Answer))
	case worksheet.KindMatching:
		out = append(out, w.matching(q))
	}
	out = append(out, w.space(q)...)
	if len(q.Parts) > 0 {
		style := numLowerAlpha
		if depth >= 1 {
			style = numLowerRoman
		}
		var items [][]node
		for _, p := range q.Parts {
			items = append(items, w.question(p, depth+1))
		}
		out = append(out, orderedList(1, style, delimParens, items))
	}
	return out
}

// answerInLine reports whether a question's answer line ends its own paragraph: a short
// answer on a line, with no drawing or parts between the question and its line.
func answerInLine(q worksheet.Question) bool {
	return q.Kind == worksheet.KindShort && (q.Space.Kind == "" || q.Space.Kind == worksheet.SpaceBlank) &&
		q.Figure == nil && q.Answer.Figure == nil && len(q.Parts) == 0
}

// choices are lettered A, B, C…; the key marks the right ones in its colour, with a tick.
func (w *docxWriter) choices(cs []worksheet.Choice) node {
	var items [][]node
	for _, c := range cs {
		text := w.inline(c.Text)
		if w.key && c.Correct {
			text = []node{keyed(append(text, space(), str("✓")))}
		}
		items = append(items, []node{plain(text)})
	}
	return orderedList(1, numUpperAlpha, delimPeriod, items)
}

// trueFalse is "True    False"; the key marks the right one.
func (w *docxWriter) trueFalse(a worksheet.Answer) node {
	isTrue := strings.EqualFold(strings.TrimSpace(a.Value), "true")
	word := func(label string, right bool) node {
		if w.key && right {
			return keyed([]node{str(label), space(), str("✓")})
		}
		return str(label)
	}
	return para([]node{word(w.labels.True, isTrue), str("\u2003\u2003"), word(w.labels.False, !isTrue)})
}

// matching is a two-column table: numbered left items with a line for a letter, lettered
// right items in the sheet's shuffled order. The key writes each letter on its line.
func (w *docxWriter) matching(q worksheet.Question) node {
	order := q.Shuffle
	if len(order) != len(q.Pairs) {
		order = make([]int, len(q.Pairs))
		for i := range order {
			order[i] = i
		}
	}
	at := make([]int, len(q.Pairs))
	for pos, idx := range order {
		if idx >= 0 && idx < len(at) {
			at[idx] = pos
		}
	}
	var rows [][][]node
	for i, p := range q.Pairs {
		mark := []node{str(answerLine(4))}
		if w.key {
			mark = []node{keyed([]node{underline([]node{str(letter(at[i]))})})}
		}
		left := append(append(mark, space(), str(strconv.Itoa(i+1)+".")), space())
		left = append(left, w.inline(p.Left)...)
		right := append([]node{str(letter(i) + "."), space()}, w.inline(q.Pairs[order[i]].Right)...)
		rows = append(rows, [][]node{{plain(left)}, {plain(right)}})
	}
	return table(nil, rows, []string{"AlignLeft", "AlignLeft"}, []float64{0.5, 0.5})
}

func letter(i int) string {
	s := ""
	for {
		s = string(rune('A'+i%26)) + s
		i = i/26 - 1
		if i < 0 {
			return s
		}
	}
}

// Default answer spaces, as the sheet's (worksheet/render.go).
const (
	defaultLines = 3
	defaultRoom  = 3.0 // cm of a box, a grid, room to work
	lineChars    = 60  // underscores of a full-width writing line
	roomPerLine  = 0.8 // cm of room one empty paragraph stands for
)

// space is the room a question leaves for its answer: a line for a short answer, writing
// lines, blank room for a box, a grid or working. The key writes the answer in it.
func (w *docxWriter) space(q worksheet.Question) []node {
	kind := q.Space.Kind
	if kind == "" {
		switch q.Kind {
		case worksheet.KindShort:
			kind = worksheet.SpaceBlank
		case worksheet.KindOpen:
			kind = worksheet.SpaceLines
		default:
			kind = worksheet.SpaceNone
		}
	}
	inPlace := q.Kind != worksheet.KindShort && q.Kind != worksheet.KindOpen
	size := q.Space.Size
	room := func(cm float64) []node {
		if cm <= 0 {
			cm = defaultRoom
		}
		var out []node
		for range max(1, int(cm/roomPerLine+0.5)) {
			out = append(out, para([]node{str("\u00a0")}))
		}
		return out
	}
	answer := func() []node { return []node{para(w.answerOnLine(q.Answer, answerWidth(q.Answer)))} }
	if q.Kind == worksheet.KindShort && strings.TrimSpace(q.Answer.Value) == "" && len(q.Parts) > 0 {
		return nil // a stem: its parts are the questions
	}
	switch kind {
	case worksheet.SpaceBlank:
		if inPlace {
			return nil
		}
		if q.Kind == worksheet.KindOpen {
			return w.lines(q.Answer, 1)
		}
		return answer()
	case worksheet.SpaceLines:
		n := int(size)
		if n <= 0 {
			n = defaultLines
			if q.Kind == worksheet.KindOpen {
				n = 4
			}
		}
		if inPlace {
			return w.lines(worksheet.Answer{}, n)
		}
		return w.lines(q.Answer, n)
	case worksheet.SpaceBox, worksheet.SpaceGrid, worksheet.SpaceWork:
		out := room(size)
		switch {
		case inPlace:
		case q.Kind == worksheet.KindShort && kind == worksheet.SpaceWork:
			out = append(out, answer()...)
		case w.key:
			out = append([]node{para([]node{keyed(w.answerInline(q.Answer))})}, out[1:]...)
		}
		return out
	}
	return nil
}

// lines are n full-width writing lines; the key writes the answer in place of the first.
func (w *docxWriter) lines(a worksheet.Answer, n int) []node {
	var out []node
	for i := range n {
		if i == 0 && w.key && strings.TrimSpace(a.Value) != "" {
			out = append(out, para([]node{keyed(w.answerInline(a))}))
			continue
		}
		out = append(out, para([]node{str(answerLine(lineChars))}))
	}
	return out
}

// answerOnLine is a line width underscores long; in the key, the answer written on it.
func (w *docxWriter) answerOnLine(a worksheet.Answer, width int) []node {
	if !w.key || strings.TrimSpace(a.Value) == "" {
		return []node{str(answerLine(width))}
	}
	return []node{keyed([]node{underline(w.answerInline(a))})}
}

// answerWidth is a short answer's line: longer for a long answer, as on the sheet.
func answerWidth(a worksheet.Answer) int {
	if utf8.RuneCountInString(a.Value) > 14 {
		return 24
	}
	return 14
}

// blankWidth is a blank's line, as on the sheet: 2.5, 3.5 or 5 cm.
func blankWidth(a worksheet.Answer) int {
	switch n := utf8.RuneCountInString(a.Value); {
	case n > 16:
		return 20
	case n > 8:
		return 14
	}
	return 10
}

// answerInline is an answer as the key prints it: expressions and fractions in maths,
// words as text.
func (w *docxWriter) answerInline(a worksheet.Answer) []node {
	v := strings.TrimSpace(a.Value)
	switch a.Kind {
	case worksheet.AnswerExpression:
		if !strings.Contains(v, "$") {
			v = "$" + v + "$"
		}
	case worksheet.AnswerFraction:
		v = fractionTeX(v)
	case worksheet.AnswerNumber:
		if strings.HasPrefix(v, "-") {
			v = "$" + strings.ReplaceAll(v, ",", "{,}") + "$"
		}
	}
	return w.inline(v)
}

// fractionTeX writes "3/4" and "2 1/3" as fractions.
func fractionTeX(v string) string {
	whole, frac, mixed := strings.Cut(v, " ")
	if !mixed {
		whole, frac = "", v
	}
	num, den, ok := strings.Cut(frac, "/")
	num, den = strings.TrimSpace(num), strings.TrimSpace(den)
	if !ok || !digitsOnly(strings.TrimPrefix(num, "-")) || !digitsOnly(den) || (mixed && !digitsOnly(strings.TrimPrefix(whole, "-"))) {
		return v
	}
	return fmt.Sprintf("$%s\\frac{%s}{%s}$", whole, num, den)
}

func digitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
