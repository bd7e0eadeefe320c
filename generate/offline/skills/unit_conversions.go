package skills

// conversion is one unit in terms of a smaller one.
type conversion struct {
	big, small string // keys of the language file
	factor     int64
	metric     bool
}

var conversions = []conversion{
	{"u.ft", "u.in", 12, false}, {"u.yd", "u.ft", 3, false}, {"u.yd", "u.in", 36, false},
	{"u.lb", "u.oz", 16, false}, {"u.gal", "u.qt", 4, false}, {"u.qt", "u.pt", 2, false},
	{"u.pt", "u.cup", 2, false}, {"u.h", "u.min", 60, false}, {"u.min", "u.s", 60, false},
	{"u.m", "u.cm", 100, true}, {"u.km", "u.m", 1000, true}, {"u.cm", "u.mm", 10, true},
	{"u.kg", "u.g", 1000, true}, {"u.l", "u.ml", 1000, true},
}

// Unit conversions, customary and metric: 4.MD.A.1 (larger to smaller units), 5.MD.A.1
// (either way, within a system).
var _ = register(&Skill{ID: "unit-conversions", Constraints: []string{TakesUnits}, Family: "measurement", Grades: [2]int{4, 5}, Standard: "4.MD.A.1",
	Make: func(g *Gen) Item {
		c := pickOf(g.R, conversions)
		for g.P.Units != "" && c.metric != (g.P.Units == "metric") { // "metric conversions"
			c = pickOf(g.R, conversions)
		}
		n := pick(g.R, 2, byLevel[int64](g.P.Level, 5, 12, 25, 50))
		if g.P.Grade+g.P.Level >= 5 && g.R.IntN(2) == 0 { // smaller to larger, 5.MD.A.1
			return Item{Q: fill(g.T("convert.q", m(Num(n*c.factor)), g.T(c.small), g.T(c.big)), number(n)), Nums: []int64{n * c.factor, c.factor, 1}}
		}
		return Item{Q: fill(g.T("convert.q", m(Num(n)), g.T(c.big), g.T(c.small)), number(n*c.factor)), Nums: []int64{n, c.factor, 0}}
	}})

// fill is a question with one blank in its text.
func fill(text string, a Answer) Question {
	return Question{Kind: "blank", Text: text, Blanks: []Answer{a}, Space: noSpace()}
}
