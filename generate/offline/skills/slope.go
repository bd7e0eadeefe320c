package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// point writes (x, y) for maths mode.
func point(x, y int64) string { return fmt.Sprintf("(%s, %s)", Num(x), Num(y)) }

// improperAnswer is a fraction's key value as algebra writes it: a whole number (in maths,
// so its minus sign is a minus), or "-7/4" in lowest terms, never a mixed number.
func improperAnswer(f Frac) Answer {
	r := f.Reduced()
	if r.D == 1 {
		return expr(Num(r.N))
	}
	return Answer{Kind: worksheet.AnswerFraction, Value: fmt.Sprintf("%d/%d", r.N, r.D)}
}

// Slope from two points: 8.F.B.4 (the rate of change from two (x, y) values). Easy sheets
// have whole-number slopes; from the default on, fractions and zero slopes; a vertical line,
// whose slope is undefined, only at challenge.
var _ = register(&Skill{ID: "slope", Family: "linear", Grades: [2]int{8, 9}, Standard: "8.F.B.4",
	Make: func(g *Gen) Item {
		belowGrade(g, 8)
		hi := byLevel[int64](g.P.Level, 9, 10, 15, 20)
		lo := byLevel[int64](g.P.Level, 0, -hi, -hi, -hi)
		x1, y1 := pick(g.R, lo, hi), pick(g.R, lo, hi)
		x2, y2 := pick(g.R, lo, hi), pick(g.R, lo, hi)
		switch {
		case g.P.Level >= 2 && g.R.IntN(6) == 0: // vertical
			x2 = x1
			for y2 == y1 {
				y2 = pick(g.R, lo, hi)
			}
		case g.P.Level >= 0 && g.R.IntN(8) == 0: // horizontal
			y2 = y1
			for x2 == x1 {
				x2 = pick(g.R, lo, hi)
			}
		case g.P.Level < 0: // a whole-number slope
			for x2 == x1 || (y2-y1)%(x2-x1) != 0 || y2 == y1 {
				x2, y2 = pick(g.R, lo, hi), pick(g.R, lo, hi)
			}
		default:
			for x2 == x1 || y2 == y1 {
				x2, y2 = pick(g.R, lo, hi), pick(g.R, lo, hi)
			}
		}
		a := text(g.T("undefined"))
		if x2 != x1 {
			a = improperAnswer(Frac{y2 - y1, x2 - x1})
		}
		q := g.T("slope.q", m(point(x1, y1)), m(point(x2, y2)))
		return Item{Q: short(q, a, blankSpace()), Nums: []int64{x1, y1, x2, y2}}
	}})
