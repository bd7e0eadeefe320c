package skills

import (
	"fmt"
	"strings"
)

// The value of an underlined digit: 2.NBT.A.1 (hundreds, tens, ones), 4.NBT.A.1 (a digit is
// ten times the digit to its right), to a million at grade 4.
var _ = register(&Skill{ID: "place-value", Constraints: []string{TakesDigits}, Family: "place-value", Grades: [2]int{2, 5}, Standard: "4.NBT.A.1",
	Make: func(g *Gen) Item {
		n := placeNumber(g)
		s := fmt.Sprint(n)
		i := g.R.IntN(len(s))
		for try := 0; s[i] == '0' && try < 20; try++ {
			i = g.R.IntN(len(s))
		}
		digit := int64(s[i] - '0')
		value := digit * pow10(len(s)-1-i)
		shown := underline(n, i)
		return Item{Q: short(g.T("pv.q", m(shown)), number(value), blankSpace()), Nums: []int64{n, int64(i)}}
	}})

// placeNumber is a number of the grade's size: 2.NBT.A.1 three digits, 3.NBT four, 4.NBT.A.2
// up to a million.
func placeNumber(g *Gen) int64 {
	d := max(3, min(7, g.P.Grade+g.P.Level+1))
	if g.P.Digits > 0 {
		d = max(2, g.P.Digits)
	}
	lo, hi := digitsRange(d)
	return pick(g.R, lo, hi)
}

// underline writes n with its i-th digit (from the left) underlined, thousands grouped.
func underline(n int64, i int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for j, c := range s {
		if j > 0 && (len(s)-j)%3 == 0 && len(s) > 4 {
			b.WriteString("{,}")
		}
		if j == i {
			fmt.Fprintf(&b, `\underline{%c}`, c)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}
