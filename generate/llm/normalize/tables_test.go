package normalize

import (
	"strings"
	"testing"
)

// Numbered rows inside a table stay rows: turning them into a list broke the table.
func TestNumberedTableRowsStayRows(t *testing.T) {
	in := "\\begin{questions}\n\\question Match.\n\n\\begin{tabular}{ll}\n1. Evaporation & A. Water falls \\\\\n2. Condensation & B. Rivers \\\\\n\\end{tabular}\n" +
		"\\begin{solution}1--A\\end{solution}\n\\end{questions}\n\nRows without a table:\n\n1. Ants\n2. Bees"
	body, _, fixes := Body(in)
	if !strings.Contains(body, "1. Evaporation & A. Water falls") || !strings.Contains(body, "2. Condensation & B. Rivers") {
		t.Errorf("table rows changed:\n%s\n%q", body, fixes)
	}
	if strings.Count(body, `\item`) != 2 {
		t.Errorf("the list outside the table should still become a list:\n%s", body)
	}
}
