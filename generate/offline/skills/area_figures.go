package skills

import (
	"fmt"
	"strings"
)

// areaSides picks a base and a height for a shape's area at the level, neither side drawn
// much more than twice the other, so the figure stays readable in a narrow column.
func areaSides(g *Gen, minBase int64) (int64, int64) {
	lo, hi := byLevel[int64](g.P.Level, 2, 3, 5, 10), byLevel[int64](g.P.Level, 10, 16, 25, 40)
	lo = max(lo, minBase)
	b, h := pick(g.R, lo, max(lo, hi)), pick(g.R, 2, hi)
	for try := 0; try < 100 && (h*5 < b*2 || h > b*2); try++ {
		b, h = pick(g.R, lo, max(lo, hi)), pick(g.R, 2, hi)
	}
	return b, h
}

// SlantFigure draws, to scale, a shape standing on a base of b units: its top is t units long
// (0: a triangle's apex; b: a parallelogram), starting s units right of the base's left end, h units up. The
// height is dashed from the top's left end down to the base, with a right-angle mark, and
// labelled on the side of it with more room; the base, and a trapezoid's top, are labelled too. Labels
// sit on a white patch, so a side that runs through one never strikes it out.
func SlantFigure(b, t, s, h int64, unit string, grade int) string {
	sc := shapeCm / float64(max(b, s+t, h))
	x := func(v int64) float64 { return float64(v) * sc }
	var path string
	if t == 0 {
		path = fmt.Sprintf(`(0,0) -- (%.3f,0) -- (%.3f,%.3f) -- cycle`, x(b), x(s), x(h))
	} else {
		path = fmt.Sprintf(`(0,0) -- (%.3f,0) -- (%.3f,%.3f) -- (%.3f,%.3f) -- cycle`, x(b), x(s+t), x(h), x(s), x(h))
	}
	var f strings.Builder
	f.WriteString(drawing(grade, x(max(b, s+t)), 1, labelWidth(fmt.Sprintf("%d %s", h, unit))+2*labelSep, ""))
	fmt.Fprintf(&f, `\draw[thick] %s;`, path)
	fmt.Fprintf(&f, `\draw[dashed] (%.3f,%.3f) -- (%.3f,0);`, x(s), x(h), x(s))
	m := min(0.2, x(h)/3)
	fmt.Fprintf(&f, `\draw (%.3f,0) -- (%.3f,%.3f) -- (%.3f,%.3f);`, x(s)+m, x(s)+m, m, x(s), m)
	fmt.Fprintf(&f, `\node[below] at (%.3f,0) {%d %s};`, x(b)/2, b, unit)
	if t > 0 && t != b { // a parallelogram's top is its base again: not labelled twice
		fmt.Fprintf(&f, `\node[above] at (%.3f,%.3f) {%d %s};`, x(s)+x(t)/2, x(h), t, unit)
	}
	// room beside the height at half its length: to the left side, and to the right side
	left := x(s) / 2
	right := (x(b)+x(s+t))/2 - x(s)
	anchor := "west"
	if left > right {
		anchor = "east"
	}
	fmt.Fprintf(&f, `\node[anchor=%s,fill=white,inner sep=1pt] at (%.3f,%.3f) {%d %s};`, anchor, x(s), x(h)/2, h, unit)
	f.WriteString(`\end{tikzpicture}`)
	return f.String()
}

// squareUnits writes an area: "17.5 cm$^2$"; tenths are halves of a base times a height.
func squareUnits(tenths int64, unit string) string {
	return fmt.Sprintf(`%s %s$^2$`, DecTrim(tenths, 1), unit)
}
