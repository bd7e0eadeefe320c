package skills

import (
	"fmt"
	"strings"
)

// Elapsed time: 3.MD.A.1 (time intervals in minutes), 4.MD.A.2.
var _ = register(&Skill{ID: "elapsed-time", Family: "time", Grades: [2]int{3, 4}, Standard: "3.MD.A.1",
	Make: func(g *Gen) Item {
		start := pick(g.R, 7*12, 17*12) * 5 // minutes after midnight, between 7:00 and 17:00
		dur := 5 * pick(g.R, 3, byLevel[int64](g.P.Level, 12, 36, 60, 100))
		if g.P.Grade+g.P.Level <= 3 {
			dur = 5 * pick(g.R, 2, 18)
		}
		name := pickOf(g.R, g.Names())
		act := pickOf(g.R, []string{"act.practice", "act.movie", "act.bake", "act.hike", "act.read"})
		ans := fmt.Sprintf("%d %s", dur, g.T("minutes"))
		if dur >= 60 {
			ans = fmt.Sprintf("%d h %d min", dur/60, dur%60)
		}
		// "ends at 2:15 p.m. How long": the time's own full stop ends the sentence
		q := strings.ReplaceAll(g.T("elapsed.q", name, g.T(act), clockTime(start), clockTime(start+dur)), ".. ", ". ")
		return Item{Q: short(q, text(ans), blankSpace()), Nums: []int64{start, start + dur}}
	}})

// clockTime writes minutes after midnight on a 12-hour clock: "1:05 p.m.".
func clockTime(t int64) string {
	h, mm := t/60%24, t%60
	half := "a.m."
	if h >= 12 {
		half = "p.m."
	}
	h12 := h % 12
	if h12 == 0 {
		h12 = 12
	}
	return fmt.Sprintf("%d:%02d %s", h12, mm, half)
}
