package worksheet

import (
	"strings"
	"testing"

	"sheetsmith/latex"
)

// Rendered sheets and keys are server-written: they carry the TeX seal, so a primitive that
// writes raw PDF or reads files is undefined in the body whatever got past Validate.
func TestRenderedSourcesCarryTheSeal(t *testing.T) {
	doc := Document{Title: "Seal", Blocks: []Block{{Kind: BlockQuestion, Question: &Question{
		Kind: KindShort, Text: "$2 + 2 = $", Answer: Answer{Kind: AnswerNumber, Value: "4"}}}}}
	sheet, key, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"sheet": sheet, "key": key} {
		i, j := strings.Index(src, latex.Seal), strings.Index(src, `\begin{document}`)
		if i < 0 || j < 0 || i > j {
			t.Errorf("the %s does not seal the primitives before \\begin{document}", name)
		}
	}
}
