package worksheet

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sheetsmith/tex"
)

// The layout: columns chosen from what each question needs in width (ColumnsFor, estimated
// from its content: a drawing's declared width, its text and maths, its room to work), and the
// layout pass: a sheet's body goes through \sslayout (see Macros), which sets it once,
// measures it as its pages will cut it, and mends a last page holding only a little (closer
// rows when that saves the page, else pages cut alike). It measures with TeX's own boxes, so
// figures, fractions and answers of any size count as printed, and the key (whose boxes are
// the sheet's) gets the same pages.

// measured reports whether a document's body goes through the layout pass: the standard
// layout with no section on a new page (a version starts its own page, and the exam layout
// gives each question one, so neither has a last page of its own to mend).
func measured(doc Document) bool {
	if doc.Settings.Layout == LayoutExam {
		return false
	}
	for _, b := range doc.Blocks {
		if b.NewPage {
			return false
		}
	}
	return true
}

// layoutBegin and layoutEnd wrap the body (its markers inside) in the layout pass.
func layoutBegin(doc Document) string {
	if !measured(doc) {
		return ""
	}
	return "\\sslayout{%\n"
}

func layoutEnd(doc Document) string {
	if !measured(doc) {
		return ""
	}
	return "}\n"
}

// ColumnsFor is the question columns that suit a document: the most its sections hold (see
// sectionColumns). The exam layout reads in one.
func ColumnsFor(doc Document) int {
	if doc.Settings.Layout == LayoutExam {
		return 1
	}
	return slices.Max(append(sectionColumns(doc, 4), 1))
}

// sectionColumns is, for each block, the columns of its section (the blocks from one section
// heading to the next): the most, up to most, whose width holds the section's widest question
// (see need); one in large print (see columns).
func sectionColumns(doc Document, most int) []int {
	s := doc.Settings
	most = min(most, columns(Settings{Columns: 4, LargePrint: s.LargePrint}))
	out := make([]int, len(doc.Blocks))
	for from := 0; from < len(doc.Blocks); {
		to, widest := from+1, 0.0
		for to < len(doc.Blocks) && doc.Blocks[to].Kind != BlockSection {
			to++
		}
		for _, b := range doc.Blocks[from:to] {
			if b.Question != nil {
				widest = max(widest, need(*b.Question, printScale(s)))
			}
		}
		c := most
		for c > 1 && columnWidth(s, c) < widest {
			c--
		}
		for i := from; i < to; i++ {
			out[i] = c
		}
		from = to
	}
	return out
}

// columnWidth is a question's text width in cm in a row of cols questions: its share of the
// line less the gaps between columns (\sscolsep) and its number's place (\ssnumw, in the
// body's ems).
func columnWidth(s Settings, cols int) float64 {
	return (textWidth(s)-0.6*float64(cols-1))/float64(cols) - 2.1*emCm*printScale(s)
}

// printScale is how much larger than normal print a sheet's type is.
func printScale(s Settings) float64 {
	switch {
	case !s.LargePrint:
		return 1
	case s.PrintSize >= 24:
		return 24.0 / 11
	}
	return 18.0 / 11
}

// emCm is the body's em (11 pt) in cm.
const emCm = 0.386

// handwriting is how much wider a pupil's working is than the same digits printed.
const handwriting = 1.6

// need is the least width in cm a question reads well in, its type k times normal print's: a
// drawing's declared least width, its text set in at most two lines (a formula or a stacked sum
// on one), room for a pupil's working or sentences, its choices, its answer on its line, its
// parts indented.
func need(q Question, k float64) float64 {
	em := emCm * k
	n := em * textEms(q.Text)
	for _, f := range []*Figure{q.Figure, q.Answer.Figure} {
		if f != nil {
			n = max(n, cmp.Or(declaredWidth(f), 4)) // an undeclared drawing is scaled to its column
		}
	}
	switch q.Space.Kind {
	case SpaceWork:
		n = max(n, 2.5, handwriting*emCm*longestPiece(q.Text))
	case SpaceLines:
		n = max(n, 6)
	case SpaceBox:
		n = max(n, 3)
	case SpaceGrid:
		n = max(n, 4)
	}
	if q.Kind == KindShort {
		n = max(n, em*(ems(answerText(q.Answer))+1.2))
	}
	for _, c := range q.Choices {
		n = max(n, em*(textEms(c.Text)+1.9))
	}
	if q.Kind == KindMatching {
		n = max(n, 6)
	}
	for _, p := range q.Parts {
		n = max(n, need(p, k)+1.9*em)
	}
	return n
}

// figureMinWidth is a drawing's declared least readable width (\begin{tikzpicture}[ssminwidth=6cm]),
// in centimetres: a number line of 21 integers is not one to graph on at 3 cm.
var figureMinWidth = regexp.MustCompile(`\bssminwidth\s*=\s*([0-9.]+)\s*cm`)

// declaredWidth is a drawing's declared least readable width in cm (ssminwidth), or 0.
func declaredWidth(f *Figure) float64 {
	if m := figureMinWidth.FindStringSubmatch(f.LaTeX); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			return v
		}
	}
	return 0
}

// textEms is the width in ems that sets inline text in at most two lines, no narrower than
// its widest piece that cannot break (a word, a formula), or in one with a stacked fraction.
func textEms(s string) float64 {
	s = strings.ReplaceAll(s, BlankMark, `\rule{2cm}{0pt}`)
	if strings.Contains(s, `frac{`) {
		return ems(s) // a stacked fraction is taller than a line: wrapped, it meets the next
	}
	return min(ems(s), max(longestPiece(s), ems(s)/2))
}

// longestPiece is the width in ems of the widest word or formula of inline text.
func longestPiece(s string) float64 {
	widest, inMath, from := 0.0, false, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] == '$' && (i == 0 || s[i-1] != '\\') {
			inMath = !inMath
		}
		if i == len(s) || !inMath && s[i] == ' ' {
			widest = max(widest, ems(s[from:i]))
			from = i + 1
		}
	}
	return widest
}

// ems estimates the printed width of inline LaTeX in ems: a letter or digit half an em (a
// capital 0.7), a space a third (none in maths), a relation or an operator with its spacing 1.3, a fraction its
// wider half, an array or a tabular its widest row, a script 0.7 of its size, a rule its width.
func ems(s string) float64 {
	w, inMath := 0.0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			name, j := tex.Command(s, i)
			if name == "" || !tex.IsLetter(name[0]) {
				name = "" // a control symbol: \, \; \{ …
			}
			switch name {
			case "":
				w += 0.25
			case "frac", "dfrac", "tfrac":
				a, next := arg(s, j)
				b, next := arg(s, next)
				w += max(ems(a), ems(b)) + 0.3
				j = next
			case "begin":
				inner, end, ok := tex.Environment(s, i)
				if !ok {
					return w + ems(s[j:])
				}
				if _, k := tex.Option(inner, 0); k > 0 { // [t]
					inner = inner[k:]
				}
				_, spec := tex.Group(inner, 0) // the column spec
				w += tableEms(inner[spec:])
				j = end
			case "rule":
				wd, next := arg(s, j)
				_, next = arg(s, next)
				if v, err := strconv.ParseFloat(strings.TrimSuffix(wd, "cm"), 64); err == nil && strings.HasSuffix(wd, "cm") {
					w += v / emCm
				}
				j = next
			case "times", "div", "cdot", "pm", "le", "ge", "leq", "geq", "ne", "neq", "approx", "to", "rightarrow":
				w += 1.3
			case "text", "textbf", "textit", "mathrm", "mathbf", "emph", "mbox", "overline", "underline", "hline", "displaystyle",
				"left", "right", "smash", "quad", "qquad", "ssans", "sqrt", "tiny", "scriptsize", "footnotesize", "small", "normalsize", "large", "Large":
				w += map[string]float64{"quad": 1, "qquad": 2, "sqrt": 0.8}[name]
			default:
				w += 0.6 // a symbol: \pi, \%, \ldots
			}
			i = j - 1
		case c == '^' || c == '_':
			g, next := arg(s, i+1)
			w += 0.7 * ems(g)
			i = next - 1
		case c == '$':
			inMath = !inMath
		case c == '{' || c == '}' || c == ' ' && inMath: // maths sets its own spaces
		case c == ' ':
			w += 0.33
		case c == '-' && !binary(s[:i]):
			w += 0.8 // a sign: no space either side
		case strings.IndexByte("+-=<>", c) >= 0:
			w += 1.3
		case c >= 'A' && c <= 'Z':
			w += 0.7
		case c >= 0x80 && c < 0xC0: // a UTF-8 continuation byte: its letter is counted
		default:
			w += 0.5
		}
	}
	return w
}

// binary reports whether a minus after before is an operator (after a number, a letter or a
// bracket), not a sign.
func binary(before string) bool {
	before = strings.TrimRight(before, " ")
	if before == "" {
		return false
	}
	c := before[len(before)-1]
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == ')' || c == '}'
}

// arg is the brace group at s[i:] (see tex.Group) or, without one, its one character (x^2), and
// where it ends.
func arg(s string, i int) (string, int) {
	if g, k := tex.Group(s, i); k > i || i >= len(s) {
		return g, k
	}
	return s[i : i+1], i + 1
}

// tableEms is the width in ems of an array's or a tabular's widest row, a column gap apart.
func tableEms(body string) float64 {
	widest := 0.0
	for _, row := range tex.SplitTop(body, `\\`) {
		cells := tex.SplitTop(row, "&")
		w := float64(len(cells)-1) * 0.6
		for _, c := range cells {
			w += ems("$" + c + "$")
		}
		widest = max(widest, w)
	}
	return widest
}
