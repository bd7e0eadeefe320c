package worksheet

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// fractionDocument has a fraction answer in every place the key writes one: an answer line,
// a blank in the text, the line under working room, ruled lines, a box, and a fraction inside
// an expression. Its numerators and denominators are numbers no other text uses.
func fractionDocument(cols int, layout string, large bool) (Document, [][2]string) {
	doc := Document{Title: "Fractions", Settings: Settings{Columns: cols, Layout: layout, LargePrint: large, ShowName: true}, Blocks: []Block{
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "qk001 Write $\\frac{74}{118}$ in lowest terms.", Answer: Answer{Kind: AnswerFraction, Value: "37/59", Checked: true}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindBlank, Text: "qk002 Two and a bit is ___ and more words follow to wrap the line of text.", Blanks: []Answer{{Kind: AnswerFraction, Value: "2 13/17"}}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "qk003 Solve $43x = 41$.", Space: Space{Kind: SpaceWork, Size: 2}, Answer: Answer{Kind: AnswerExpression, Value: "x = \\frac{41}{43}"}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "qk004 Simplify $\\frac{122}{134}$.", Space: Space{Kind: SpaceLines, Size: 2}, Answer: Answer{Kind: AnswerFraction, Value: "61/67"}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "qk005 Simplify $\\frac{142}{146}$.", Space: Space{Kind: SpaceBox, Size: 2}, Answer: Answer{Kind: AnswerFraction, Value: "71/73"}}},
		{Kind: BlockQuestion, Question: &Question{Kind: KindGroup, Text: "qk006 Work out.", Parts: []Question{
			{Kind: KindShort, Text: "$\\frac{2}{3} \\times \\frac{7}{11}$", Answer: Answer{Kind: AnswerFraction, Value: "14/33"}},
			{Kind: KindShort, Text: "$5 \\div 2$", Answer: Answer{Kind: AnswerNumber, Value: "2.5"}},
		}}},
	}}
	return doc, [][2]string{{"37", "59"}, {"13", "17"}, {"41", "43"}, {"61", "67"}, {"71", "73"}, {"14", "33"}}
}

// TestKeyFractionsAreLegible: a fraction the key writes as an answer (on a line, in a blank, in
// lines, in a box) has digits as tall as the text's, stacked, clear of every word of the sheet
// (whose lines leave room for it), and the key is still the sheet word for word, page for page.
func TestKeyFractionsAreLegible(t *testing.T) {
	for _, v := range []struct {
		cols   int
		layout string
		large  bool
	}{{2, LayoutStandard, false}, {1, LayoutStandard, false}, {4, LayoutStandard, false}, {2, LayoutStandard, true}, {1, LayoutExam, false}} {
		t.Run(fmt.Sprintf("%d-columns/%s/large-%v", v.cols, v.layout, v.large), func(t *testing.T) {
			t.Parallel()
			doc, fracs := fractionDocument(v.cols, v.layout, v.large)
			sheetPDF, keyPDF := compilePDFs(t, doc)
			if moved := overlays(t, sheetPDF, keyPDF, doc.Title); len(moved) > 0 {
				t.Errorf("words of the sheet are elsewhere in the key: %s", strings.Join(moved, "; "))
			}
			if s, k := pages(t, sheetPDF), pages(t, keyPDF); len(s) != len(k) {
				t.Errorf("the key has %d pages, the sheet %d", len(k), len(s))
			}
			sheet, key := words(t, sheetPDF), words(t, keyPDF)
			body := 0.0 // the height of the text's words
			for _, w := range key {
				if w.text == token(1) {
					body = w.yMax - w.y
				}
			}
			if body == 0 {
				t.Fatal("no question text in the key")
			}
			find := func(ws []word, s string) []word {
				var out []word
				for _, w := range ws {
					if w.text == s || strings.HasSuffix(w.text, s) && strings.Trim(strings.TrimSuffix(w.text, s), "0123456789") == "" {
						out = append(out, w)
					}
				}
				return out
			}
			for _, f := range fracs {
				if len(find(sheet, f[0])) > 0 || len(find(sheet, f[1])) > 0 {
					t.Errorf("the sheet shows the answer %s/%s", f[0], f[1])
				}
				num, den := find(key, f[0]), find(key, f[1])
				if len(num) != 1 || len(den) != 1 {
					t.Errorf("%s/%s: the key has numerators %v and denominators %v", f[0], f[1], num, den)
					continue
				}
				n, d := num[0], den[0]
				for _, w := range []word{n, d} {
					if h := w.yMax - w.y; h < 0.97*body {
						t.Errorf("%s/%s: %q is %.1fpt tall, the text %.1fpt", f[0], f[1], w.text, h, body)
					}
				}
				if n.yMax > d.y+1 || n.page != d.page {
					t.Errorf("%s/%s is not stacked: numerator %+v, denominator %+v", f[0], f[1], n, d)
				}
				// the sheet's words around the answer leave it room
				box := word{page: n.page, x: min(n.x, d.x), y: n.y, xMax: max(n.xMax, d.xMax), yMax: d.yMax}
				if i := slices.IndexFunc(sheet, func(w word) bool {
					return w.page == box.page && w.x < box.xMax && box.x < w.xMax && w.y < box.yMax-0.5 && box.y+0.5 < w.yMax
				}); i >= 0 {
					t.Errorf("%s/%s (%.1f–%.1f, %.1f–%.1f) is printed over the sheet's %+v", f[0], f[1], box.x, box.xMax, box.y, box.yMax, sheet[i])
				}
			}
		})
	}
}
