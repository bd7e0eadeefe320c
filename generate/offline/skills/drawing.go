package skills

import "fmt"

// young reports whether a reader of the grade is a young one (K–2): their drawings are
// larger, to count, shade and read with a finger and a pencil.
func young(grade int) bool { return grade <= 2 }

// youngScale is how much larger a young reader's drawing is: the one rule for every drawing.
const youngScale = 1.3

// drawing opens a drawing (a tikzpicture) for a reader of the grade, w of its units wide and
// each unit unit cm, its labels (label cm beyond its lines) at the text's size: a young
// reader's is youngScale larger. It declares its printed width as its least (ssminwidth), so
// the layout gives it a column that wide rather than shrinking it and its labels. Labels are
// placed by anchors or at distances in the drawing's units, so a larger drawing only leaves
// them more room clear of its lines.
func drawing(grade int, w, unit, label float64, options string) string {
	s := unit
	if young(grade) {
		s *= youngScale
	}
	if options != "" {
		options = "," + options
	}
	return fmt.Sprintf(`\begin{tikzpicture}[ssminwidth=%.1fcm,scale=%g%s]`, w*s+label, s, options)
}

// shapeCm is the longer side, in cm, of a shape drawn to scale (a rectangle, an L, a triangle,
// a parallelogram): with its labels it fits a column of three, and four rows of them a page.
const shapeCm = 2.5

// A label's extent along x, in cm, as TikZ places it (its text and its inner sep either
// side): left of x (node[left]), right of x (node[right], [below right], [above right]), or
// centred on x (node[below], [above]).
func leftOf(x float64, l string) [2]float64  { return [2]float64{x - labelWidth(l) - 2*labelSep, x} }
func rightOf(x float64, l string) [2]float64 { return [2]float64{x, x + labelWidth(l) + 2*labelSep} }
func centred(x float64, l string) [2]float64 {
	return [2]float64{x - labelWidth(l)/2 - labelSep, x + labelWidth(l)/2 + labelSep}
}

// overhang is how far, in cm, labels reach beyond a drawing's lines, which run from 0 to w:
// the label argument of drawing. It is measured at the drawing's own size, so for a young
// reader's larger drawing (its lines longer, its labels not) it is never too little.
func overhang(w float64, labels ...[2]float64) float64 {
	lo, hi := 0.0, w
	for _, l := range labels {
		lo, hi = min(lo, l[0]), max(hi, l[1])
	}
	return hi - lo - w
}
