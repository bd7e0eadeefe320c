package worksheet

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// keyFigureToken marks question i's key-only drawing in the PDF text.
func keyFigureToken(i int) string { return fmt.Sprintf("kf%03d", i) }

// keyFigureDocument has n short questions whose answers carry a drawing for the key: over an
// empty line drawn on the sheet (as an inequality's number line), over a smaller or a larger
// sheet figure, or over nothing.
func keyFigureDocument(n, cols int, layout string, seed uint64) Document {
	rng := rand.New(rand.NewPCG(seed, 7))
	doc := Document{Title: "Key figures", Settings: Settings{Layout: layout, Columns: cols, ShowName: true}}
	for i := 1; i <= n; i++ {
		q := makeQuestion(KindShort, i, rng)
		w := 2 + rng.IntN(4)
		line := fmt.Sprintf(`\begin{tikzpicture}\draw[<->] (0,0) -- (%d,0);\foreach \x in {0,...,%d} \draw (\x,0.1) -- (\x,-0.1);\end{tikzpicture}`, w, w)
		switch i % 4 {
		case 0, 1: // the number line, graphed in the key
			q.Figure = &Figure{LaTeX: line, Caption: "Graph it."}
			q.Answer.Figure = &Figure{LaTeX: fmt.Sprintf(`\begin{tikzpicture}\draw[<->] (0,0) -- (%d,0);\foreach \x in {0,...,%d} \draw (\x,0.1) -- (\x,-0.1);\draw[line width=2pt,->] (1,0) -- (%d,0);\filldraw[fill=white] (1,0) circle (0.1);\node[above] at (1,0.1) {%s};\end{tikzpicture}`, w, w, w, keyFigureToken(i))}
		case 2: // a key drawing taller than the sheet's
			q.Figure = &Figure{LaTeX: line}
			q.Answer.Figure = &Figure{LaTeX: fmt.Sprintf(`\begin{tikzpicture}\draw (0,0) rectangle (%d,2);\node at (1,1) {%s};\end{tikzpicture}`, w, keyFigureToken(i))}
		default: // blank room on the sheet
			q.Answer.Figure = &Figure{LaTeX: fmt.Sprintf(`\begin{tikzpicture}\draw (0,0) circle (1);\node at (0,0) {%s};\end{tikzpicture}`, keyFigureToken(i))}
		}
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
	}
	return doc
}

// TestKeyFigureIsTheSheetPageForPage: an answer's drawing is in the key only, on its
// question's page, and the key can still be laid over the sheet word for word.
func TestKeyFigureIsTheSheetPageForPage(t *testing.T) {
	for _, v := range []struct {
		n, cols int
		layout  string
		large   bool
	}{{9, 1, LayoutStandard, false}, {25, 2, LayoutStandard, false}, {30, 3, LayoutStandard, false}, {12, 2, LayoutStandard, true}, {5, 1, LayoutExam, false}} {
		t.Run(fmt.Sprintf("%d-questions/%d-columns/%s/large-%v", v.n, v.cols, v.layout, v.large), func(t *testing.T) {
			t.Parallel()
			doc := keyFigureDocument(v.n, v.cols, v.layout, uint64(v.n))
			doc.Settings.LargePrint = v.large
			sheet, key := compileBoth(t, doc)
			if len(key) != len(sheet) {
				t.Errorf("the key has %d pages, the sheet %d", len(key), len(sheet))
			}
			for i := 1; i <= v.n; i++ {
				sp, kp := pageOf(sheet, token(i)), pageOf(key, token(i))
				if len(sp) != 1 || len(kp) != 1 || sp[0] != kp[0] {
					t.Errorf("question %d is on sheet pages %v and key pages %v", i, sp, kp)
					continue
				}
				if got := pageOf(key, keyFigureToken(i)); len(got) != 1 || got[0] != kp[0] {
					t.Errorf("the key drawing of question %d is on key pages %v, the question on %d", i, got, kp[0])
				}
				if len(pageOf(sheet, keyFigureToken(i))) > 0 {
					t.Errorf("the sheet shows the key drawing of question %d", i)
				}
			}
			// the sheet figure's caption is printed under the drawing in both
			if c, k := strings.Count(strings.Join(sheet, ""), "Graph it."), strings.Count(strings.Join(key, ""), "Graph it."); c == 0 || c != k {
				t.Errorf("the caption is printed %d times on the sheet, %d in the key", c, k)
			}
		})
	}
}
