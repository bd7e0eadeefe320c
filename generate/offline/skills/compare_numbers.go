package skills

// Comparing numbers with <, > and =: K.CC.C.7 (within 10), 1.NBT.B.3 (two-digit), 2.NBT.B.4 (three-digit).
var _ = register(&Skill{ID: "compare-numbers", Constraints: []string{TakesMax, TakesDigits}, Family: "number-sense", Grades: [2]int{1, 2}, Standard: "1.NBT.B.3",
	Make: func(g *Gen) Item {
		hi := gradeMax(g.P)
		a, b := pick(g.R, 0, hi), pick(g.R, 0, hi)
		if g.R.IntN(6) == 0 {
			b = a
		}
		rel := "="
		switch {
		case a < b:
			rel = "<"
		case a > b:
			rel = ">"
		}
		return Item{Q: compareBlank(m(Num(a)), m(Num(b)), rel), Nums: []int64{a, b}}
	}})

// gradeMax is the largest whole number a K–4 number-sense question uses: K.CC (10), 1.NBT (100),
// 2.NBT (1000), 4.NBT.A.2 (a million); digits or "up to" in the request win.
func gradeMax(p Params) int64 {
	if p.Max > 0 {
		return p.Max
	}
	if p.Digits > 0 {
		_, hi := digitsRange(p.Digits)
		return hi
	}
	g := p.Grade + p.Level
	switch {
	case g <= 0:
		return 10
	case g == 1:
		return 100
	case g <= 3:
		return 1000
	}
	return 1_000_000
}

// compareBlank is "a ___ b": the student writes <, > or = on the line.
func compareBlank(a, b, rel string) Question {
	return Question{Kind: "blank", Text: a + " " + BlankMark + " " + b, Blanks: []Answer{expr(rel)}, Space: noSpace()}
}

// BlankMark is where a fill-in-the-blank question's answer goes.
const BlankMark = "___"
