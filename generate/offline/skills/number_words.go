package skills

import "sheetsmith/generate/offline/lang/all"

// Number words: K.CC.A.3 and 2.NBT.A.3 (read and write numbers to 1000 using number names).
var _ = register(&Skill{ID: "number-words", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{1, 2}, Standard: "2.NBT.A.3",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 20, 100, 999, 999)
		if g.P.Grade <= 1 {
			hi = byLevel[int64](g.P.Level, 10, 20, 100, 120)
		}
		if g.P.Max > 0 {
			hi = min(g.P.Max, 999)
		}
		n := pick(g.R, 0, hi)
		return Item{Q: short(g.T("words.q", m(Num(n))), text(Words(g.T("lang"), n)), blankSpace()), Nums: []int64{n}}
	}})

// Words writes 0–999 in words in a language the offline engine reads ("en", "es", "pt" …),
// by its folder's grammar; English for a code with none.
func Words(code string, n int64) string {
	g, ok := all.Grammars[code]
	if !ok {
		g = all.Grammars["en"]
	}
	return g.Say(n)
}
