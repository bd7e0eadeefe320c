package skills

import (
	"strings"

	"sheetsmith/worksheet"
)

// Skip counting: 2.NBT.A.2 (count within 1000; skip-count by 5s, 10s and 100s); 1.NBT.A.1.
var _ = register(&Skill{ID: "skip-counting", Constraints: []string{TakesTables}, Family: "number-sense", Grades: [2]int{1, 3}, Standard: "2.NBT.A.2",
	Make: func(g *Gen) Item {
		steps := byLevel(g.P.Level, []int64{2, 5, 10}, []int64{2, 5, 10, 100}, []int64{3, 4, 25, 50}, []int64{6, 7, 8, 9, 25})
		if len(g.P.Tables) > 0 {
			steps = g.P.Tables
		}
		step := pickOf(g.R, steps)
		start := step * pick(g.R, 0, 20)
		var shown []string
		var blanks []worksheet.Answer
		for i := range int64(7) {
			v := start + i*step
			if i < 3 {
				shown = append(shown, Num(v))
				continue
			}
			shown = append(shown, worksheet.BlankMark)
			blanks = append(blanks, number(v))
		}
		q := worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(), Blanks: blanks,
			Text: g.T("skip.q", Num(step)) + " " + strings.Join(shown, ", ")}
		return Item{Q: q, Nums: []int64{start, step}}
	}})
