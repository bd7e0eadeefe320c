package worksheet

import (
	"fmt"
	"math"
	"regexp"
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

// TestStackedSumAnswerUnderItsDigits: column arithmetic is answered under its own bar, the
// units under the units: the key's answer ends where the numbers above end, below them, and
// the sheet leaves that row empty; in every layout.
func TestStackedSumAnswerUnderItsDigits(t *testing.T) {
	sums := [][3]string{{"649", "928", "1577"}, {"7{,}058", "5{,}964", "13,022"}, {"35", "8", "43"}}
	for _, layout := range []struct {
		cols   int
		layout string
	}{{1, LayoutStandard}, {2, LayoutStandard}, {3, LayoutStandard}, {4, LayoutStandard}, {1, LayoutExam}} {
		doc := Document{Title: "Sums", Settings: Settings{Columns: layout.cols, Layout: layout.layout}}
		for _, s := range sums {
			q := Question{Kind: KindShort, Text: `$\begin{array}[t]{@{}r@{\;}r@{}} & ` + s[0] + ` \\ + & ` + s[1] + ` \\ \hline \end{array}$`,
				Answer: Answer{Kind: AnswerNumber, Value: s[2], Checked: true}}
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
		}
		sheetPDF, keyPDF := compilePDFs(t, doc)
		if moved := overlays(t, sheetPDF, keyPDF, doc.Title); len(moved) > 0 {
			t.Errorf("%+v: the key moves the sheet's words: %v", layout, moved)
		}
		ks, ss := words(t, keyPDF), words(t, sheetPDF)
		find := func(ws []word, text string) *word {
			for i := range ws {
				if strings.TrimSuffix(ws[i].text, "✓") == strings.ReplaceAll(text, "{,}", ",") {
					return &ws[i]
				}
			}
			return nil
		}
		for _, s := range sums {
			second, answer := find(ks, s[1]), find(ks, s[2])
			if second == nil || answer == nil {
				t.Fatalf("%+v: the key lacks %q or its answer %q", layout, s[1], s[2])
			}
			if find(ss, s[2]) != nil {
				t.Errorf("%+v: the sheet shows the answer %q", layout, s[2])
			}
			if math.Abs(answer.xMax-second.xMax) > 0.6 {
				t.Errorf("%+v: the answer %q ends at x=%.1f, the number above it at %.1f: its digits are not under theirs", layout, s[2], answer.xMax, second.xMax)
			}
			if answer.y < second.yMax+2 || answer.y > second.yMax+14 {
				t.Errorf("%+v: the answer %q is at y=%.1f, not just under the bar below %q (%.1f)", layout, s[2], answer.y, s[1], second.yMax)
			}
		}
	}
}

// TestExamStemStaysWithItsParts: in the Exam layout a question of five stacked sums, each with
// room to work (as the offline engine writes it), fills one page under a full header and a
// heading: its stem is not left alone on a page with its parts on the next.
func TestExamStemStaysWithItsParts(t *testing.T) {
	q := Question{Kind: KindGroup, Text: "Add."}
	for i := range 5 {
		q.Parts = append(q.Parts, Question{Kind: KindShort, Text: fmt.Sprintf(`$\begin{array}[t]{@{}r@{\;}r@{}} & %d \\ + & 565 \\ \hline \end{array}$`, 837+i),
			Answer: Answer{Kind: AnswerNumber, Value: fmt.Sprint(837 + i + 565), Checked: true}, Space: Space{Kind: SpaceWork, Size: 2.5}})
	}
	doc := Document{Title: "Math Practice", Settings: Settings{Layout: LayoutExam, ShowName: true, ShowDate: true, ShowPeriod: true},
		Blocks: []Block{{Kind: BlockSection, Title: "Addition problems"}, {Kind: BlockQuestion, Question: &q}}}
	sheet, key := compileBoth(t, doc)
	for name, ps := range map[string][]string{"sheet": sheet, "key": key} {
		if len(ps) != 1 {
			t.Errorf("%s: %d pages, want 1: stem on %v, parts (a) on %v, (e) on %v", name, len(ps), pageOf(ps, "Add."), pageOf(ps, "(a)"), pageOf(ps, "(e)"))
		}
	}
}

// TestLongQuestionNumbersKeepTheirSpace: on a 100-question sheet, in every column count,
// question 100's number is followed by a space: "100." never runs into its text ("100.1 × 6"
// reads as a decimal).
func TestLongQuestionNumbersKeepTheirSpace(t *testing.T) {
	runIn := regexp.MustCompile(`^\d+\.\S`)
	for _, cols := range []int{1, 2, 3, 4} {
		doc := Document{Title: "Facts", Settings: Settings{Columns: cols}}
		for i := 1; i <= 100; i++ {
			q := Question{Kind: KindShort, Text: fmt.Sprintf(`$%d \times 6 = $`, i%9+1), Answer: Answer{Kind: AnswerNumber, Value: fmt.Sprint((i%9 + 1) * 6)}}
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
		}
		sheetPDF, keyPDF := compilePDFs(t, doc)
		if moved := overlays(t, sheetPDF, keyPDF, doc.Title); len(moved) > 0 {
			t.Errorf("%d columns: the key moves the sheet's words: %v", cols, moved)
		}
		found := false
		for _, w := range words(t, sheetPDF) {
			if runIn.MatchString(w.text) {
				t.Errorf("%d columns: the question number runs into its text: %q on page %d", cols, w.text, w.page)
			}
			found = found || w.text == "100."
		}
		if !found {
			t.Errorf("%d columns: no number 100.", cols)
		}
	}
}

// TestLongDivisionQuotientAboveTheBar: a long division is drawn with the division bracket at
// the text's size, and the key writes the quotient above the bar, right over the dividend's
// digits (its last digit over the dividend's last), the remainder ("R 3") after it; the sheet
// leaves that room empty and nothing moves between sheet and key, in every layout.
func TestLongDivisionQuotientAboveTheBar(t *testing.T) {
	divs := [][4]string{{"94", "6096", "64", "80"}, {"7", "8{,}406", "1,200", "6"}, {"5", "135", "27", ""}}
	for _, l := range []struct {
		cols   int
		layout string
		large  bool
	}{{1, LayoutStandard, false}, {2, LayoutStandard, false}, {4, LayoutStandard, false}, {1, LayoutExam, false}, {2, LayoutStandard, true}} {
		doc := Document{Title: "Divide", Settings: Settings{Columns: l.cols, Layout: l.layout, LargePrint: l.large}}
		for _, d := range divs {
			v := d[2]
			if d[3] != "" {
				v += " R " + d[3]
			}
			q := Question{Kind: KindShort, Text: `$` + d[0] + `\,\overline{)\,` + d[1] + `}$`, Answer: Answer{Kind: AnswerText, Value: v},
				Space: Space{Kind: SpaceWork, Size: 4}}
			doc.Blocks = append(doc.Blocks, Block{Kind: BlockQuestion, Question: &q})
		}
		sheetPDF, keyPDF := compilePDFs(t, doc)
		if moved := overlays(t, sheetPDF, keyPDF, doc.Title); len(moved) > 0 {
			t.Errorf("%+v: the key moves the sheet's words: %v", l, moved)
		}
		ks, ss := words(t, keyPDF), words(t, sheetPDF)
		find := func(ws []word, text string) *word {
			for i := range ws {
				if ws[i].text == text {
					return &ws[i]
				}
			}
			return nil
		}
		for _, d := range divs {
			dividend, q := strings.ReplaceAll(d[1], "{,}", ""), strings.ReplaceAll(d[2], ",", "")
			dd, qq := find(ks, dividend), find(ks, q)
			if dd == nil || qq == nil {
				t.Fatalf("%+v: the key lacks the dividend %q or the quotient %q", l, dividend, q)
			}
			if find(ss, q) != nil {
				t.Errorf("%+v: the sheet shows the quotient %q", l, q)
			}
			if h := dd.yMax - dd.y; h < 9 {
				t.Errorf("%+v: the dividend %q is %.1fpt high: smaller than the text", l, dividend, h)
			}
			// above the bar, which is above the dividend's digits
			if qq.yMax > dd.y+1.5 || qq.yMax < dd.y-12 {
				t.Errorf("%+v: the quotient %q ends at y=%.1f, the dividend %q starts at %.1f: not just above the bar", l, q, qq.yMax, dividend, dd.y)
			}
			if math.Abs(qq.xMax-dd.xMax) > 0.6 || qq.x < dd.x-0.6 {
				t.Errorf("%+v: the quotient %q spans x=%.1f–%.1f, the dividend %q %.1f–%.1f: its digits are not over the dividend's", l, q, qq.x, qq.xMax, dividend, dd.x, dd.xMax)
			}
			if d[3] != "" {
				r := find(ks, d[3])
				if r == nil || r.x < dd.xMax || math.Abs(r.yMax-qq.yMax) > 1 {
					t.Errorf("%+v: the remainder %q is not after the quotient %q: %+v", l, d[3], q, r)
				}
			}
		}
	}
}
