package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// Area of composite (L-shaped) figures, drawn to scale: 3.MD.C.7d (decompose into
// non-overlapping rectangles and add their areas).
var _ = register(&Skill{ID: "composite-area", Family: "geometry", Grades: [2]int{3, 6}, Standard: "3.MD.C.7d",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 8, 12, 20, 30)
		W, H := pick(g.R, 6, hi), pick(g.R, 6, hi)
		// the corner cut from the top right: at least a quarter of each side, so every label has room
		cw, ch := pick(g.R, max(2, (W+3)/4), W-3), pick(g.R, max(2, (H+3)/4), H-3)
		area := W*H - cw*ch
		unit := pickOf(g.R, []string{"cm", "m", "ft"})
		q := short(g.T("composite.q"), text(fmt.Sprintf(`%d %s$^2$`, area, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: LShape(W, H, cw, ch, unit, g.P.Grade)}
		return Item{Q: q, Nums: []int64{W, H, cw, ch}}
	}})

// LShape draws a W × H rectangle with a cw × ch corner removed at the top right, to scale,
// every outer side labelled. The two sides of the notch are labelled outside the shape (cw
// above its side, ch right of its side) unless the notch is drawn too small for both labels:
// then they would print on top of each other, and one of them goes inside the shape, next to
// its side (ch in the upper arm when the arm is wide enough for it, else cw under its side;
// when neither fits, cw's label moves right, clear of ch's).
func LShape(W, H, cw, ch int64, unit string, grade int) string {
	s := shapeCm / float64(max(W, H))
	x := func(v int64) float64 { return float64(v) * s }
	cwLabel, chLabel := fmt.Sprintf("%d %s", cw, unit), fmt.Sprintf("%d %s", ch, unit)
	// cw's label is centred on its side, or as near as keeps it clear of the notch's upright side
	cwNode := fmt.Sprintf(`\node[above] at (%.3f,%.3f) {%s};`, x(W-cw)+max(x(cw)/2, labelWidth(cwLabel)/2+labelSep), x(H-ch), cwLabel)
	// ch's label by the middle of its side, or above it where the side is shorter than the
	// label is tall, clear of the notch's level side
	chMid := max(x(ch)/2, labelHeight/2+0.03)
	chNode := fmt.Sprintf(`\node[right] at (%.3f,%.3f) {%s};`, x(W-cw), x(H-ch)+chMid, chLabel)
	if notchLabelsCollide(x(cw), chMid, labelWidth(cwLabel), labelWidth(chLabel)) {
		switch {
		case x(W-cw) >= labelWidth(chLabel)+2*labelSep+0.1 && x(ch) >= labelHeight:
			chNode = fmt.Sprintf(`\node[left] at (%.3f,%.3f) {%s};`, x(W-cw), x(H-ch)+x(ch)/2, chLabel)
		case x(cw) >= labelWidth(cwLabel)+2*labelSep+0.1 && x(H-ch) >= labelHeight+2*labelSep:
			cwNode = fmt.Sprintf(`\node[below] at (%.3f,%.3f) {%s};`, x(W-cw)+x(cw)/2, x(H-ch), cwLabel)
		default: // no room inside either: cw's label above its side, after ch's
			cwNode = fmt.Sprintf(`\node[above right] at (%.3f,%.3f) {%s};`, x(W-cw)+labelWidth(chLabel)+labelSep+0.2, x(H-ch), cwLabel)
		}
	}
	labels := labelWidth(fmt.Sprintf("%d %s", H, unit)) + labelWidth(fmt.Sprintf("%d %s", max(H-ch, ch), unit)) + 4*labelSep
	return drawing(grade, x(W), 1, labels, "") + fmt.Sprintf(`\draw[thick] (0,0) -- (%.3f,0) -- (%.3f,%.3f) -- (%.3f,%.3f) -- (%.3f,%.3f) -- (0,%.3f) -- cycle;`+
		`\node[below] at (%.3f,0) {%d %s};`+
		`\node[left] at (0,%.3f) {%d %s};`+
		`\node[right] at (%.3f,%.3f) {%d %s};`+
		`%s`+
		`\node[above] at (%.3f,%.3f) {%d %s};`+
		`%s\end{tikzpicture}`,
		x(W), x(W), x(H-ch), x(W-cw), x(H-ch), x(W-cw), x(H), x(H),
		x(W)/2, W, unit,
		x(H)/2, H, unit,
		x(W), x(H-ch)/2, H-ch, unit,
		cwNode,
		x(W-cw)/2, x(H), W-cw, unit,
		chNode)
}

// labelSep is a TikZ node's inner sep (0.3333em at 10pt), in centimetres; labelHeight is the
// height of a label's digits and letters.
const labelSep, labelHeight = 0.118, 0.25

// labelWidth estimates the printed width of a label such as "12 cm" at 10pt, in centimetres:
// Computer Modern's widths of digits, the space and the units' letters.
func labelWidth(l string) float64 {
	w := 0.0
	for _, r := range l {
		switch r {
		case ' ':
			w += 0.117
		case 'm':
			w += 0.293
		case 'c':
			w += 0.155
		case 'f':
			w += 0.108
		case 't':
			w += 0.137
		default: // digits
			w += 0.176
		}
	}
	return w
}

// notchLabelsCollide reports whether the notch's labels, cw's above its side (centred on it)
// and ch's right of its side (centred chMid above the notch's level side), would overlap or
// nearly touch: the notch is cwLen wide as drawn, the labels cwW and chW wide.
func notchLabelsCollide(cwLen, chMid, cwW, chW float64) bool {
	const gapX, gapY = 0.2, 0.08 // clear space between two labels: wider than a word space, a line's lead
	// cw's text: x from the notch's middle ± cwW/2 (clear of the upright side), y from its side
	// up labelSep … labelSep+height
	cwX0, cwY1 := max(cwLen/2-cwW/2, labelSep), labelSep+labelHeight
	// ch's text: x from labelSep to labelSep+chW, y centred on chMid
	chX1, chY0 := labelSep+chW, chMid-labelHeight/2
	return cwX0 < chX1+gapX && chY0 < cwY1+gapY
}
