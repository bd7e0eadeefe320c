package worksheet

import (
	"fmt"
	"strings"
	"testing"
)

// TestHeadingKeepsWithItsQuestions: a section heading and its instructions are never the last
// thing on a page with their questions on the next (a teacher sees a heading alone at the
// bottom of page 1). Wherever the heading falls, it is on the page of its first question, in
// the sheet and in the key.
func TestHeadingKeepsWithItsQuestions(t *testing.T) {
	for i := range 14 {
		last := 0.2 + 0.4*float64(i) // the room of the question above the heading, in steps
		t.Run(fmt.Sprintf("room-%.1fcm", last), func(t *testing.T) {
			t.Parallel()
			doc := Document{Title: "Areas and perimeters", Settings: Settings{Columns: 1}}
			add := func(q Question) { doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q}) }
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: "Areas"})
			for n := range 3 {
				add(Question{Kind: KindShort, Text: fmt.Sprintf("Find the area %d.", n), Answer: Answer{Kind: AnswerNumber, Value: "12"},
					Space: Space{Kind: SpaceWork, Size: 3}})
			}
			add(Question{Kind: KindShort, Text: "Find the area 3.", Answer: Answer{Kind: AnswerNumber, Value: "12"}, Space: Space{Kind: SpaceWork, Size: last}})
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: "Perimeters"},
				Block{Kind: BlockInstructions, Text: "Find the perimeter of each rectangle."})
			add(Question{Kind: KindShort, Text: "Perimeterquestion one.", Answer: Answer{Kind: AnswerNumber, Value: "14"}, Space: Space{Kind: SpaceWork, Size: 3}})
			add(Question{Kind: KindShort, Text: "Perimeterquestion two.", Answer: Answer{Kind: AnswerNumber, Value: "14"}, Space: Space{Kind: SpaceWork, Size: 3}})
			sheet, key := compileBoth(t, doc)
			for name, ps := range map[string][]string{"sheet": sheet, "key": key} {
				heading, instructions, first := pageOf(ps, "Perimeters"), pageOf(ps, "Find the perimeter of each"), pageOf(ps, "Perimeterquestion one")
				if len(heading) != 1 || len(first) != 1 || len(instructions) != 1 {
					t.Fatalf("%s: heading on pages %v, instructions on %v, first question on %v", name, heading, instructions, first)
				}
				if heading[0] != first[0] || instructions[0] != first[0] {
					t.Errorf("%s: the heading is on page %d, its instructions on %d, its first question on page %d",
						name, heading[0], instructions[0], first[0])
				}
			}
			if !strings.Contains(strings.Join(sheet, ""), "Perimeterquestion two") {
				t.Error("a question is lost")
			}
		})
	}
}

// TestAnswerClearsTheFigureAbove: the key's answer, written above a short question's answer
// line, never touches what is right above the line: a place-value chart's bottom rule, the
// bar under a stacked sum. Its top is well below the last row of digits.
func TestAnswerClearsTheFigureAbove(t *testing.T) {
	chart := Question{Kind: KindShort, Text: "Write the number shown in the chart.", Answer: Answer{Kind: AnswerNumber, Value: "46,714"},
		Figure: &Figure{LaTeX: `\begin{tabular}{|c|c|c|c|c|}\hline \scriptsize Ten Thousands & \scriptsize Thousands & \scriptsize Hundreds & \scriptsize Tens & \scriptsize Ones\\\hline 4 & 6 & 7 & 1 & 5\\\hline\end{tabular}`}}
	stack := Question{Kind: KindShort, Text: `$\begin{array}[t]{@{}r@{\;}r@{}} & 649 \\ + & 935 \\ \hline \end{array}$`, Answer: Answer{Kind: AnswerNumber, Value: "1584"}}
	for _, cols := range []int{1, 2, 4} {
		doc := Document{Title: "Charts", Settings: Settings{Columns: cols}}
		for range cols {
			c, s := chart, stack
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &c})
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &s})
		}
		_, keyPDF := compilePDFs(t, doc)
		ws := words(t, keyPDF)
		for answer, above := range map[string]string{"46,714": "5", "1584": "935"} {
			n := 0
			for _, a := range ws {
				if a.text != answer {
					continue
				}
				n++
				// the nearest such word above the answer
				var over *word
				for i, w := range ws {
					if w.text == above && w.page == a.page && w.yMax <= a.yMax && (over == nil || w.yMax > over.yMax) {
						over = &ws[i]
					}
				}
				if over == nil {
					t.Fatalf("%d columns: no %q above the answer %q", cols, above, answer)
				}
				// the digits' box reaches 2pt below their baseline; the rule is 1.5pt lower
				if gap := a.y - over.yMax; gap < 5 {
					t.Errorf("%d columns: the answer %q is %.1fpt below %q: it touches the rule between them", cols, answer, gap, above)
				}
			}
			if n != cols {
				t.Errorf("%d columns: the key shows %q %d times", cols, answer, n)
			}
		}
	}
}
