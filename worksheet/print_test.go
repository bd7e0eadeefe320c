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
