package normalize

import (
	"fmt"
	"strings"
	"testing"
)

// A long sheet (200 questions with Unicode math, money and percentages) on one line and on
// many: normalising must stay far below the time a compile takes.
func BenchmarkBodyLongSheet(b *testing.B) {
	var lines strings.Builder
	for i := range 200 {
		fmt.Fprintf(&lines, "\\question What is %d × %d? It costs $%d and is 25%% off — “sale”.\n\\begin{solution}%d\\end{solution}\n", i, i+1, i, i*(i+1))
	}
	multi := lines.String()
	single := strings.ReplaceAll(multi, "\n", " ")
	for _, c := range []struct{ name, in string }{{"lines", multi}, {"one line", single}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Body(c.in)
			}
		})
	}
}
