package skills

import (
	"fmt"
	"strings"
)

// Expanded form: 2.NBT.A.3 (three-digit numbers), 4.NBT.A.2 (multi-digit numbers).
var _ = register(&Skill{ID: "expanded-form", Constraints: []string{TakesDigits}, Family: "place-value", Grades: [2]int{2, 4}, Standard: "2.NBT.A.3",
	Make: func(g *Gen) Item {
		n := placeNumber(g)
		return Item{Q: short(g.T("expanded.q", m(Num(n))), expr(Expanded(n)), worksheet_lines()), Nums: []int64{n}}
	}})

// Expanded writes n as a sum of its digits' values: "4000 + 700 + 5".
func Expanded(n int64) string {
	s := fmt.Sprint(n)
	var terms []string
	for i, c := range s {
		if c != '0' {
			terms = append(terms, Num(int64(c-'0')*pow10(len(s)-1-i)))
		}
	}
	return strings.Join(terms, " + ")
}
