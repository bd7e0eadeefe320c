package worksheet

import (
	"strings"
	"testing"
)

func TestWordBankInFramesParsesAsText(t *testing.T) {
	src := "\\begin{center}\n\\framebox{\\parbox{0.85\\textwidth}{\\centering \\textbf{Word Bank:} \\quad egg \\quad larva}}\n\\end{center}\n\\begin{questions}\n\\question A frog lays an \\fillin[egg].\n\\end{questions}"
	doc, problems := Parse(src)
	if len(problems) > 0 {
		t.Fatalf("the word bank should parse: %v", problems)
	}
	if len(doc.Blocks) == 0 || !strings.Contains(doc.Blocks[0].Text, "larva") || strings.Contains(doc.Blocks[0].Text, "parbox") {
		t.Fatalf("the word bank should be its words: %+v", doc.Blocks)
	}
}
