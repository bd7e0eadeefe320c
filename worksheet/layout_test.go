package worksheet

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestShortLastPageIsMended: a sheet whose last page would hold only a few questions is
// tightened onto fewer pages or balanced: in 1, 2 and 4 columns, for counts of questions
// around a page's worth, the last page holds at least five questions, or at least half as
// many as the fullest page; the key is the sheet page for page.
func TestShortLastPageIsMended(t *testing.T) {
	cases := []struct{ cols, from, to, step int }{{1, 8, 15, 1}, {2, 16, 28, 2}, {4, 40, 56, 4}}
	for _, c := range cases {
		for n := c.from; n <= c.to; n += c.step {
			t.Run(fmt.Sprintf("%d-columns/%d-questions", c.cols, n), func(t *testing.T) {
				t.Parallel()
				doc := Document{Title: "Practice", Settings: Settings{Columns: c.cols, ShowName: true}}
				doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: "Sums"}, Block{Kind: BlockInstructions, Text: "Show your work."})
				for i := 1; i <= n; i++ {
					q := Question{Kind: KindShort, Text: fmt.Sprintf("%s: $%d + %d$", token(i), 30+i, 47), Answer: Answer{Kind: AnswerNumber, Value: fmt.Sprint(77 + i)},
						Space: Space{Kind: SpaceWork, Size: 2}}
					doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
				}
				sheet, key := compileBoth(t, doc)
				if len(sheet) != len(key) {
					t.Fatalf("sheet %d pages, key %d", len(sheet), len(key))
				}
				per := make([]int, len(sheet))
				for i := 1; i <= n; i++ {
					if p := pageOf(sheet, token(i)); len(p) == 1 {
						per[p[0]-1]++
					}
				}
				last, most := per[len(per)-1], slices.Max(per)
				if len(per) > 1 && last < min(5, (most+1)/2) {
					t.Errorf("questions per page %v: the last page is nearly empty", per)
				}
			})
		}
	}
}

// TestBlankKeepsItsLabel: in a column of any width, a blank is on the line of the label
// before it: the key's answer, written on the blank, has its label just left of it on its line.
func TestBlankKeepsItsLabel(t *testing.T) {
	labels := []string{"hundreds", "tens", "ones"}
	for cols := 1; cols <= 4; cols++ {
		doc := Document{Title: "Place value", Settings: Settings{Columns: cols}}
		for i := 1; i <= 8; i++ {
			q := Question{Kind: KindBlank, Text: fmt.Sprintf("The number %d%d%d has hundreds ___ tens ___ ones ___", i, i+1, 9-i)}
			for k := range labels {
				q.Blanks = append(q.Blanks, Answer{Kind: AnswerNumber, Value: fmt.Sprint(10*i + k)})
			}
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
		}
		_, keyPDF := compilePDFs(t, doc)
		ws := words(t, keyPDF)
		for i := 1; i <= 8; i++ {
			for k, label := range labels {
				a := slices.IndexFunc(ws, func(w word) bool { return w.text == fmt.Sprint(10*i+k) })
				if a < 0 {
					t.Fatalf("%d columns: no answer %d", cols, 10*i+k)
				}
				ans := ws[a]
				// the label is the nearest word left of the answer on its line
				near := -1
				for j, w := range ws {
					if w.page == ans.page && math.Abs(w.yMax-ans.yMax) < 4 && w.xMax <= ans.x && (near < 0 || w.xMax > ws[near].xMax) {
						near = j
					}
				}
				if near < 0 || ws[near].text != label {
					got := "nothing"
					if near >= 0 {
						got = fmt.Sprintf("%q", ws[near].text)
					}
					t.Errorf("%d columns: the blank after %q (answer %s) has %s beside it", cols, label, ans.text, got)
				}
			}
		}
	}
}
