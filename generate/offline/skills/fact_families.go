package skills

import "sheetsmith/worksheet"

// Fact families: 1.OA.B.4 (subtraction as an unknown-addend problem), 3.OA.B.6 for × and ÷.
var _ = register(&Skill{ID: "fact-families", Family: "number-sense", Grades: [2]int{1, 3}, Standard: "1.OA.B.4",
	Make: func(g *Gen) Item {
		a, b := pick(g.R, 1, 10), pick(g.R, 1, 10)
		for a == b {
			b = pick(g.R, 1, 10)
		}
		if g.P.Grade >= 3 { // × and ÷: 3.OA.B.6
			p := a * b
			return Item{Q: worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(),
				Text:   g.T("family.q", m(Num(a)+", "+Num(b)+", "+Num(p))) + ` $` + Num(a) + ` \times ` + Num(b) + ` = $ ___ \qquad $` + Num(b) + ` \times ` + Num(a) + ` = $ ___ \qquad $` + Num(p) + ` \div ` + Num(a) + ` = $ ___ \qquad $` + Num(p) + ` \div ` + Num(b) + ` = $ ___`,
				Blanks: []worksheet.Answer{number(p), number(p), number(b), number(a)}}, Nums: []int64{a, b, 1}}
		}
		s := a + b
		return Item{Q: worksheet.Question{Kind: worksheet.KindBlank, Space: noSpace(),
			Text:   g.T("family.q", m(Num(a)+", "+Num(b)+", "+Num(s))) + ` $` + Num(a) + ` + ` + Num(b) + ` = $ ___ \qquad $` + Num(b) + ` + ` + Num(a) + ` = $ ___ \qquad $` + Num(s) + ` - ` + Num(a) + ` = $ ___ \qquad $` + Num(s) + ` - ` + Num(b) + ` = $ ___`,
			Blanks: []worksheet.Answer{number(s), number(s), number(b), number(a)}}, Nums: []int64{a, b, 0}}
	}})
