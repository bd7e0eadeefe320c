package skills

import (
	"regexp"
	"strconv"
	"testing"
)

var (
	lScale  = regexp.MustCompile(`scale=([\d.]+)`)
	lCorner = regexp.MustCompile(`\(([\d.]+),([\d.]+)\)`)
	lNode   = regexp.MustCompile(`\\node\[([a-z ]+)\] at \(([\d.]+),([\d.]+)\) \{([^}]*)\}`)
)

// TestLShapeLabelsClearTheirLines: every side's label of an L-shape, young reader's or not,
// lies clear of every side of the shape (a notch's label struck through by its upright side
// reads as another number), for the notches the skill draws.
func TestLShapeLabelsClearTheirLines(t *testing.T) {
	for _, grade := range []int{2, 6} {
		for W := int64(6); W <= 30; W += 1 + W/10 {
			for H := int64(6); H <= 30; H += 1 + H/10 {
				// the notches the skill cuts: at least a quarter of a side, three short of it
				for cw := max(2, (W+3)/4); cw <= W-3; cw++ {
					for ch := max(2, (H+3)/4); ch <= H-3; ch++ {
						fig := LShape(W, H, cw, ch, "cm", grade)
						if msg := labelOnLine(fig); msg != "" {
							t.Fatalf("grade %d, %d×%d less %d×%d: %s", grade, W, H, cw, ch, msg)
						}
					}
				}
			}
		}
	}
}

// labelOnLine reports a label of an L-shape's drawing whose text a side runs through.
func labelOnLine(fig string) string {
	f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	scale := f(lScale.FindStringSubmatch(fig)[1])
	path := fig[:regexp.MustCompile(`cycle`).FindStringIndex(fig)[0]]
	var xs, ys []float64
	for _, m := range lCorner.FindAllStringSubmatch(path, -1) {
		xs, ys = append(xs, f(m[1])*scale), append(ys, f(m[2])*scale)
	}
	for _, m := range lNode.FindAllStringSubmatch(fig, -1) {
		x, y, w, h := f(m[2])*scale, f(m[3])*scale, labelWidth(m[4]), labelHeight
		var x0, y0 float64 // the text's lower left corner, inside the node's inner sep
		switch m[1] {
		case "below":
			x0, y0 = x-w/2, y-labelSep-h
		case "above":
			x0, y0 = x-w/2, y+labelSep
		case "left":
			x0, y0 = x-labelSep-w, y-h/2
		case "right":
			x0, y0 = x+labelSep, y-h/2
		case "above right":
			x0, y0 = x+labelSep, y+labelSep
		default:
			return "a label anchored " + m[1]
		}
		for i := range xs {
			j := (i + 1) % len(xs)
			// the sides are upright or level: a side crosses the text's box when it runs
			// through it
			lo, hi := min(xs[i], xs[j]), max(xs[i], xs[j])
			bot, top := min(ys[i], ys[j]), max(ys[i], ys[j])
			const touch = 0.02 // cm: a side may graze the box of a label's digits, not cross it
			if lo < x0+w-touch && hi > x0+touch && bot < y0+h-touch && top > y0+touch {
				return "the side through (" + strconv.FormatFloat(xs[i], 'f', 2, 64) + "," + strconv.FormatFloat(ys[i], 'f', 2, 64) + ") strikes " + m[4]
			}
		}
	}
	return ""
}
