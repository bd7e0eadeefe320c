package worksheet

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sheetsmith/latex"
)

// gen makes random valid documents. Every field it sets survives the exam-class vocabulary
// (so Parse can be held to give it back), except what normalizeParsed lists.
type gen struct{ r *rand.Rand }

var genWords = strings.Fields(`apple river stone light number count garden table orange seven quiet
	market winter circle measure pencil window bridge forest silver planet answer`)

func (g gen) words(min, max int) string {
	n := min + g.r.IntN(max-min+1)
	w := make([]string, n)
	for i := range w {
		w[i] = genWords[g.r.IntN(len(genWords))]
	}
	return strings.Join(w, " ")
}

func (g gen) text() string {
	t := g.words(2, 8)
	switch g.r.IntN(4) {
	case 0:
		t += fmt.Sprintf(" $%dx + %d$", 1+g.r.IntN(9), g.r.IntN(20))
	case 1:
		t = "\\textbf{" + g.words(1, 1) + "} " + t
	case 2:
		t += " $\\frac{" + fmt.Sprint(1+g.r.IntN(9)) + "}{" + fmt.Sprint(2+g.r.IntN(9)) + "}$"
	}
	return t
}

func (g gen) answer(open bool) Answer {
	a := Answer{Checked: g.r.IntN(3) == 0}
	if open {
		a.Kind, a.Value = AnswerText, g.words(8, 14)+" because "+g.words(3, 6)
		return a
	}
	switch g.r.IntN(4) {
	case 0:
		a.Kind, a.Value = AnswerNumber, []string{"42", "-3.5", "1,250", "0.75", "7"}[g.r.IntN(5)]
	case 1:
		a.Kind, a.Value = AnswerFraction, []string{"3/4", "2 1/3", "-5/8", "11/2"}[g.r.IntN(4)]
	case 2:
		a.Kind, a.Value = AnswerExpression, []string{"x = 4", "3x + 2", "x > 5", "y = 2x - 1", "\\sqrt{2}"}[g.r.IntN(5)]
	default:
		a.Kind, a.Value = AnswerText, g.words(1, 3)
	}
	return a
}

func (g gen) size(step float64, n int) float64 { return step * float64(1+g.r.IntN(n)) }

func (g gen) figure() *Figure {
	f := &Figure{}
	if g.r.IntN(3) == 0 {
		f.Missing = fmt.Sprintf("diagram%d.png", g.r.IntN(9))
	} else {
		f.LaTeX = fmt.Sprintf("\\begin{tikzpicture}\n\\draw (0,0) rectangle (%d,1);\n\\node at (1,0.5) {$%d$ cm};\n\\end{tikzpicture}", 2+g.r.IntN(3), g.r.IntN(20))
	}
	if g.r.IntN(2) == 0 {
		f.Caption = g.words(2, 5)
	}
	return f
}

// drawing is an answer's drawing for the key: an inequality graphed on a number line, or a
// completed table.
func (g gen) drawing() *Figure {
	if g.r.IntN(3) == 0 {
		return &Figure{LaTeX: fmt.Sprintf("\\begin{tabular}{c|c}\n$x$ & $y$ \\\\ \\hline\n%d & %d\n\\end{tabular}", g.r.IntN(9), g.r.IntN(20))}
	}
	return &Figure{LaTeX: fmt.Sprintf("\\begin{tikzpicture}\n\\draw[<->] (0,0) -- (%d,0);\n\\draw[line width=2pt,->] (1,0) -- (%d,0);\n\\filldraw[fill=white] (1,0) circle (0.1);\n\\end{tikzpicture}", 2+g.r.IntN(3), 2+g.r.IntN(3))}
}

func (g gen) question(depth int) Question {
	kinds := []string{KindShort, KindChoice, KindTrueFalse, KindBlank, KindMatching, KindOpen, KindGroup}
	if depth >= 2 {
		kinds = kinds[:4]
	}
	q := Question{Kind: kinds[g.r.IntN(len(kinds))], Text: g.text()}
	if g.r.IntN(3) == 0 {
		q.Points = []float64{1, 2, 0.5, 5}[g.r.IntN(4)]
	}
	if depth == 0 && g.r.IntN(6) == 0 {
		q.Figure = g.figure()
	}
	switch q.Kind {
	case KindShort:
		q.Answer = g.answer(false)
		q.Space = []Space{{}, {Kind: SpaceBlank}, {Kind: SpaceWork, Size: g.size(0.5, 8)}}[g.r.IntN(3)]
		if g.r.IntN(5) == 0 { // a drawing of the answer for the key
			q.Answer.Figure = g.drawing()
		}
	case KindOpen:
		q.Answer = g.answer(true)
		q.Space = []Space{{}, {Kind: SpaceLines, Size: g.size(1, 6)}, {Kind: SpaceBox, Size: g.size(0.5, 8)},
			{Kind: SpaceGrid, Size: g.size(0.5, 8)}, {Kind: SpaceWork, Size: g.size(0.5, 8)}}[g.r.IntN(5)]
		if g.r.IntN(6) == 0 {
			q.Answer.Figure = g.drawing()
		}
	case KindChoice:
		n := 3 + g.r.IntN(3)
		want := 1
		if g.r.IntN(4) == 0 {
			want, q.Select = 2, 2
		}
		for _, i := range g.r.Perm(n) {
			q.Choices = append(q.Choices, Choice{Text: g.words(1, 3), Correct: i < want})
		}
	case KindTrueFalse:
		q.Answer = Answer{Value: []string{"true", "false"}[g.r.IntN(2)]}
	case KindBlank:
		n := 1 + g.r.IntN(3)
		var parts []string
		for range n {
			parts = append(parts, g.words(1, 4), BlankMark)
			q.Blanks = append(q.Blanks, g.answer(false))
		}
		q.Text = strings.Join(append(parts, g.words(1, 3)), " ")
	case KindMatching:
		n := 2 + g.r.IntN(4)
		for range n {
			q.Pairs = append(q.Pairs, Pair{Left: g.words(1, 3), Right: g.words(1, 4)})
		}
		q.Shuffle = g.r.Perm(n)
	case KindGroup:
		for range 1 + g.r.IntN(3) {
			q.Parts = append(q.Parts, g.question(depth+1))
		}
	}
	return q
}

func (g gen) document() Document {
	doc := Document{Title: g.words(1, 4), Settings: Settings{Columns: 1 + g.r.IntN(4), ShowName: g.r.IntN(2) == 0,
		ShowDate: g.r.IntN(2) == 0, LargePrint: g.r.IntN(5) == 0, NarrowMargins: g.r.IntN(2) == 0}}
	if g.r.IntN(4) == 0 {
		doc.Settings.Layout = LayoutExam
	}
	last := ""
	for range 1 + g.r.IntN(14) {
		kind := BlockQuestion
		if g.r.IntN(4) == 0 {
			kind = []string{BlockInstructions, BlockPassage, BlockFigure, BlockSection}[g.r.IntN(4)]
		}
		if kind == BlockPassage && last == BlockPassage {
			kind = BlockQuestion // two passages in a row read back as one
		}
		b := Block{Kind: kind}
		switch kind {
		case BlockInstructions:
			b.Text = g.text()
		case BlockPassage:
			var paras []string
			for range 1 + g.r.IntN(3) {
				paras = append(paras, g.words(6, 20)+".")
			}
			b.Text = strings.Join(paras, "\n\n")
			if g.r.IntN(2) == 0 {
				b.Title = g.words(1, 3)
			}
		case BlockFigure:
			b.Figure = g.figure()
		case BlockSection:
			b.Title = g.words(1, 3)
			b.NewPage = g.r.IntN(3) == 0
		case BlockQuestion:
			q := g.question(0)
			b.Question = &q
		}
		doc.Blocks = append(doc.Blocks, b)
		last = kind
	}
	if last != BlockQuestion { // a worksheet has questions, and the last block is one
		q := g.question(0)
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
	}
	return doc
}

// TestRenderExtractRoundTrip: for random documents, both rendered sources carry the document,
// and Extract gives it back exactly; a body edited afterwards is not mistaken for it.
func TestRenderExtractRoundTrip(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(1, 2))}
	for i := range 300 {
		doc := g.document()
		if err := Validate(doc); err != nil {
			t.Fatalf("document %d is not valid: %v", i, err)
		}
		sheet, key, err := Render(doc)
		if err != nil {
			t.Fatal(err)
		}
		for name, src := range map[string]string{"sheet": sheet, "key": key} {
			got, ok := Extract(src)
			if !ok || !reflect.DeepEqual(got, doc) {
				t.Fatalf("document %d: Extract(%s) = %v, %v\nwant %s", i, name, ok, js(got), js(doc))
			}
			crlf, ok := Extract(strings.ReplaceAll(src, "\n", "\r\n"))
			if !ok || !reflect.DeepEqual(crlf, doc) {
				t.Fatalf("document %d: Extract of the %s with CRLF line ends fails", i, name)
			}
		}
		edited := strings.Replace(sheet, latex.BodyBegin+"\n", latex.BodyBegin+"\nAn added line.\n", 1)
		if _, ok := Extract(edited); ok {
			t.Fatalf("document %d: Extract accepted a sheet whose body was edited after embedding", i)
		}
	}
	if _, ok := Extract(`\begin{document}x\end{document}`); ok {
		t.Fatal("Extract found a document in a source without one")
	}
}

// TestParseExamBodyRoundTrip: for random documents written in the exam-class vocabulary
// (alone, and inside a whole source), Parse gives the document back with no problems.
func TestParseExamBodyRoundTrip(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(3, 4))}
	for i := range 500 {
		doc := g.document()
		want := normalizeParsed(doc)
		body := ExamBody(doc)
		for name, src := range map[string]string{"body": body, "source": mustWrap(t, body, latex.Settings{Title: doc.Title})} {
			got, problems := Parse(src)
			if len(problems) > 0 {
				t.Fatalf("document %d (%s): problems %q\n%s", i, name, problems, body)
			}
			got.Title = ""
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("document %d (%s): Parse gives\n%s\nwant\n%s\nsource:\n%s", i, name, js(got), js(want), body)
			}
		}
	}
}

// normalizeParsed is what the exam-class vocabulary cannot carry: the title and settings
// (the server writes them), figure packages (found again from the figure), and the ✓ (Parse
// never trusts one it did not compute). A new page for a version and an answer's drawing for
// the key come back; a section opening the document starts a new page (which changes nothing
// there) exactly when a later section starts one.
func normalizeParsed(doc Document) Document {
	raw, _ := json.Marshal(doc)
	var out Document
	json.Unmarshal(raw, &out)
	out.Title, out.Settings = "", Settings{}
	var fix func(q *Question)
	fix = func(q *Question) {
		q.Answer.Checked = false
		if q.Answer.Figure != nil {
			q.Answer.Figure.Packages = nil
		}
		for i := range q.Blanks {
			q.Blanks[i].Checked = false
		}
		if q.Figure != nil {
			q.Figure.Packages = nil
		}
		for i := range q.Parts {
			fix(&q.Parts[i])
		}
	}
	versionsFromTheTop(out.Blocks)
	if len(out.Blocks) > 0 && out.Blocks[0].Kind == BlockSection && !slices.ContainsFunc(out.Blocks[1:], func(b Block) bool { return b.NewPage }) {
		out.Blocks[0].NewPage = false
	}
	for _, b := range out.Blocks {
		if b.Question != nil {
			fix(b.Question)
		}
		if b.Figure != nil {
			b.Figure.Packages = nil
		}
	}
	return out
}

func js(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}
