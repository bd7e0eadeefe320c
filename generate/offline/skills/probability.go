package skills

import (
	"fmt"
	"math"
	"strings"

	"sheetsmith/worksheet"
)

// Probability of one event: 7.SP.C.5 (a probability is a number from 0 to 1) and 7.SP.C.7a
// (a uniform model: marbles in a bag, a spinner with equal sections, a number cube), the
// answer a fraction in simplest form. No event is certain or impossible.
var _ = register(&Skill{ID: "probability", Family: "statistics", Grades: [2]int{7, 8}, Standard: "7.SP.C.7a",
	Make: func(g *Gen) Item {
		switch g.R.IntN(3) {
		case 0: // marbles: how many of each colour, the colour asked first in Nums
			colours := splitList(g.T("colors"))
			one := splitList(g.T("colors.one"))
			k := int(pick(g.R, 2, byLevel[int64](g.P.Level, 2, 3, 4, 5)))
			hi := byLevel[int64](g.P.Level, 5, 8, 12, 20)
			order := g.R.Perm(len(colours))[:k]
			counts := make([]int64, k)
			var parts []string
			var total int64
			for i, c := range order {
				counts[i] = pick(g.R, 1, hi)
				total += counts[i]
				if counts[i] == 1 { // "1 red marble", in Spanish with the colour's singular too
					parts = append(parts, g.T("prob.marble", m(Num(counts[i])), one[c]))
				} else {
					parts = append(parts, g.T("prob.marbles", m(Num(counts[i])), colours[c]))
				}
			}
			t := g.R.IntN(k)
			list := strings.Join(parts[:k-1], ", ") + " " + g.T("and") + " " + parts[k-1]
			q := short(g.T("prob.bag.q", list, one[order[t]]), fracAnswer(Frac{counts[t], total}), blankSpace())
			return Item{Q: q, Nums: append([]int64{0, int64(t)}, counts...)}
		case 1: // a number cube
			ev, k, words := numberEvent(g, 6)
			return Item{Q: short(g.T("prob.cube.q", words), fracAnswer(Frac{outcomes(ev, k, 6), 6}), blankSpace()), Nums: []int64{1, ev, k, 6}}
		}
		n := pickOf(g.R, byLevel(g.P.Level, []int64{4, 5}, []int64{4, 5, 6, 8}, []int64{6, 8, 10, 12}, []int64{8, 10, 12}))
		ev, k, words := numberEvent(g, n)
		q := short(g.T("prob.spin.q", m(Num(n)), words), fracAnswer(Frac{outcomes(ev, k, n), n}), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: Spinner(n, g.P.Grade)}
		return Item{Q: q, Nums: []int64{2, ev, k, n}}
	}})

// numberEvent picks an event on the numbers 1 to n, neither certain nor impossible: 0 even,
// 1 odd, 2 greater than k, 3 less than k, 4 exactly k, 5 a multiple of k; and its words.
func numberEvent(g *Gen, n int64) (ev, k int64, words string) {
	ev = int64(g.R.IntN(6))
	switch ev {
	case 0:
		return ev, 0, g.T("ev.even")
	case 1:
		return ev, 0, g.T("ev.odd")
	case 2:
		k = pick(g.R, 1, n-2)
		return ev, k, g.T("ev.gt", m(Num(k)))
	case 3:
		k = pick(g.R, 3, n)
		return ev, k, g.T("ev.lt", m(Num(k)))
	case 4:
		k = pick(g.R, 1, n)
		return ev, k, g.T("ev.eq", m(Num(k)))
	}
	k = pick(g.R, 2, min(4, n/2))
	return ev, k, g.T("ev.mult", m(Num(k)))
}

// outcomes counts the numbers 1 to n for which the event holds.
func outcomes(ev, k, n int64) int64 {
	var c int64
	for v := int64(1); v <= n; v++ {
		if (ev == 0 && v%2 == 0) || (ev == 1 && v%2 == 1) || (ev == 2 && v > k) || (ev == 3 && v < k) || (ev == 4 && v == k) || (ev == 5 && v%k == 0) {
			c++
		}
	}
	return c
}

// Spinner draws a spinner of n equal sections numbered 1 to n clockwise from the top, an
// arrow at its centre, 2.6 cm across (a young reader's larger: see drawing).
func Spinner(n int64, grade int) string {
	var b strings.Builder
	b.WriteString(drawing(grade, 2.6, 1, 0, "") + `\draw[thick] (0,0) circle (1.3);`)
	step := 360 / float64(n)
	for i := int64(0); i < n; i++ {
		a := 90 - float64(i)*step
		fmt.Fprintf(&b, `\draw (0,0) -- (%.2f:1.3);`, a)
		mid := (a - step/2) * math.Pi / 180
		fmt.Fprintf(&b, `\node[font=\footnotesize] at (%.3f,%.3f) {%d};`, 0.95*math.Cos(mid), 0.95*math.Sin(mid), i+1)
	}
	b.WriteString(`\draw[thick,->] (0,0) -- (35:0.7);\fill (0,0) circle (1.5pt);\end{tikzpicture}`)
	return b.String()
}
