package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Place-value charts: 2.NBT.A.1 and 4.NBT.A.2 (read numbers from their digits' places).
var _ = register(&Skill{ID: "place-value-chart", Constraints: []string{TakesDigits}, Family: "place-value", Grades: [2]int{2, 4}, Standard: "4.NBT.A.2",
	Make: func(g *Gen) Item {
		n := placeNumber(g)
		n = min(n, 9_999_999)
		s := fmt.Sprint(n)
		heads := []string{"pv.ones", "pv.tens", "pv.hundreds", "pv.thousands", "pv.tenthousands", "pv.hundredthousands", "pv.millions"}
		var hs, ds []string
		head, digit := `\scriptsize `, "" // a young reader's chart (see drawing) in larger type
		if young(g.P.Grade) {
			head, digit = `\footnotesize `, `\Large `
		}
		for i := len(s) - 1; i >= 0; i-- {
			hs = append([]string{head + g.T(heads[len(s)-1-i])}, hs...)
		}
		for _, c := range s {
			ds = append(ds, digit+string(c))
		}
		tab := fmt.Sprintf(`\begin{tabular}{|%s}\hline %s\\\hline %s\\\hline\end{tabular}`,
			strings.Repeat("c|", len(s)), strings.Join(hs, " & "), strings.Join(ds, " & "))
		q := short(g.T("chart.q"), number(n), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: tab}
		return Item{Q: q, Nums: []int64{n}}
	}})
