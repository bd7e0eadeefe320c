package skills

import "sheetsmith/worksheet"

// Tens and ones: 1.NBT.B.2 (the two digits of a two-digit number are tens and ones); with
// hundreds from 2.NBT.A.1.
var _ = register(&Skill{ID: "tens-ones", Family: "number-sense", Grades: [2]int{1, 2}, Standard: "1.NBT.B.2",
	Make: func(g *Gen) Item {
		if g.P.Grade+g.P.Level >= 2 {
			n := pick(g.R, 100, 999)
			return Item{Q: worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(),
				Text:   m(Num(n)) + " = " + g.T("hto.q"),
				Blanks: []worksheet.Answer{number(n / 100), number(n / 10 % 10), number(n % 10)}}, Nums: []int64{n}}
		}
		n := pick(g.R, 10, 99)
		return Item{Q: worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(),
			Text:   m(Num(n)) + " = " + g.T("to.q"),
			Blanks: []worksheet.Answer{number(n / 10), number(n % 10)}}, Nums: []int64{n}}
	}})
