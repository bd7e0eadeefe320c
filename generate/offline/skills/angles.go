package skills

import (
	"fmt"
	"math"

	"sheetsmith/worksheet"
)

// Missing angles, drawn: 7.G.B.5 (supplementary and complementary angles), 8.G.A.5 (the
// angles of a triangle); 4.MD.C.7 (angle measure is additive).
var _ = register(&Skill{ID: "angles", Family: "geometry", Grades: [2]int{4, 8}, Standard: "7.G.B.5",
	Make: func(g *Gen) Item {
		kind := g.R.IntN(3)
		if g.P.Grade+g.P.Level <= 6 {
			kind = g.R.IntN(2)
		}
		var fig, qt string
		var ans int64
		var nums []int64
		switch kind {
		case 0: // a straight line split in two: supplementary
			a := pick(g.R, 20, 160)
			ans, nums = 180-a, []int64{180, a}
			fig = straightAngle(float64(a), g.P.Grade)
			qt = g.T("angle.line.q")
		case 1: // a right angle split in two: complementary
			a := pick(g.R, 10, 80)
			ans, nums = 90-a, []int64{90, a}
			fig = rightAngle(float64(a), g.P.Grade)
			qt = g.T("angle.right.q")
		default: // a triangle: the angles add to 180
			a := pick(g.R, 30, 100)
			b := pick(g.R, 20, 150-a)
			c := 180 - a - b
			ans, nums = c, []int64{180, a, b}
			fig = triangle(a, b, g.P.Grade)
			qt = g.T("angle.tri.q")
		}
		q := short(qt, expr(fmt.Sprintf(`x = %d^\circ`, ans)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: fig}
		return Item{Q: q, Nums: nums}
	}})

// straightAngle draws a straight line split by a ray at a°, the a° and x labelled; the rays
// are as long as their labels need (see labelAt), at least 1.8 cm.
func straightAngle(a float64, grade int) string {
	deg := fmt.Sprintf(`$%d^\circ$`, int(a))
	ra, ea := labelAt(0, a, 0.85, deg)
	rx, ex := labelAt(a, 180, 0.85, `$x$`)
	ray := max(1.8, ea, ex)
	return drawing(grade, 2*ray+0.4, 1, 0, "") + fmt.Sprintf(`\draw[thick,<->] (%.2f,0) -- (%.2f,0);\draw[thick,->] (0,0) -- (%.1f:%.2f);`+
		`\draw (0.5,0) arc (0:%.1f:0.5);\node at (%.1f:%.2f) {%s};\node at (%.1f:%.2f) {$x$};\end{tikzpicture}`,
		-ray-0.2, ray+0.2, a, ray, a, a/2, ra, deg, (a+180)/2, rx)
}

// rightAngle draws a right angle split by a ray at a°, the a° and x labelled, as straightAngle.
func rightAngle(a float64, grade int) string {
	deg := fmt.Sprintf(`$%d^\circ$`, int(a))
	ra, ea := labelAt(0, a, 1.1, deg)
	rx, ex := labelAt(a, 90, 1.1, `$x$`)
	ray := max(1.8, ea, ex)
	return drawing(grade, ray+0.2, 1, 0, "") + fmt.Sprintf(`\draw[thick,->] (0,0) -- (%.2f,0);\draw[thick,->] (0,0) -- (0,%.2f);\draw[thick,->] (0,0) -- (%.1f:%.2f);`+
		`\draw (0.25,0) -- (0.25,0.25) -- (0,0.25);\node at (%.1f:%.2f) {%s};\node at (%.1f:%.2f) {$x$};\end{tikzpicture}`,
		ray+0.2, ray+0.2, a, ray, a/2, ra, deg, (a+90)/2, rx)
}

// labelAt places the label of the angle between the rays at from° and to° on its bisector: at
// r, or farther out where the angle is narrow, so that it lies clear of both rays (at 12° a
// label at r sat on both). end is the least length of rays that keeps the label inside them:
// a label is never past its ray's end, the rays grow instead.
func labelAt(from, to, r float64, label string) (at, end float64) {
	// the label's half diagonal with a little air: a number of degrees, or x
	d := 0.2
	if len(label) > 3 {
		d = 0.36
	}
	if need := d / math.Sin((to-from)/2*math.Pi/180); need > r {
		r = need
	}
	return r, r + d + 0.15
}

// triangle draws a triangle with base angles a (left) and b (right), to scale (base 4 cm),
// labelling them and marking the third x. Each label lies on its angle's bisector, as far in
// as its angle is narrow, so it clears both sides (a label at a fixed distance sat on a side
// of a narrow angle); where the triangle is too thin for that, the label goes outside, by its
// vertex, and an arc marks the angle.
func triangle(a, b int64, grade int) string {
	ra, rb := float64(a)*math.Pi/180, float64(b)*math.Pi/180
	ac := 4 * math.Sin(rb) / math.Sin(ra+rb) // law of sines
	cx, cy := ac*math.Cos(ra), ac*math.Sin(ra)
	pts := [3][2]float64{{0, 0}, {4, 0}, {cx, cy}}
	labels := [3]string{fmt.Sprintf(`$%d^\circ$`, a), fmt.Sprintf(`$%d^\circ$`, b), `$x$`}
	s := drawing(grade, 4, 1, 1, "") + fmt.Sprintf(`\draw[thick] (0,0) -- (4,0) -- (%.3f,%.3f) -- cycle;`, cx, cy)
	for i, p := range pts {
		q, r := pts[(i+1)%3], pts[(i+2)%3]
		s += vertexLabel(p, q, r, labels[i])
	}
	return s + `\end{tikzpicture}`
}

// vertexLabel labels the angle of a triangle at p, whose other corners are q and r.
func vertexLabel(p, q, r [2]float64, label string) string {
	unit := func(x, y float64) (float64, float64) { l := math.Hypot(x, y); return x / l, y / l }
	ux, uy := unit(q[0]-p[0], q[1]-p[1])
	vx, vy := unit(r[0]-p[0], r[1]-p[1])
	wx, wy := unit(ux+vx, uy+vy) // the bisector, into the triangle
	half := math.Acos(max(-1, min(1, ux*vx+uy*vy))) / 2
	d := 0.2 // the label's half diagonal with a little air
	if len(label) > 3 {
		d = 0.36
	}
	dist := max(0.55, d/math.Sin(half))
	// how far the bisector runs inside the triangle, to the opposite side qr
	ex, ey := r[0]-q[0], r[1]-q[1]
	inside := ((q[0]-p[0])*ey - (q[1]-p[1])*ex) / (wx*ey - wy*ex)
	if dist <= inside-d {
		return fmt.Sprintf(`\node at (%.3f,%.3f) {%s};`, p[0]+dist*wx, p[1]+dist*wy, label)
	}
	from, to := math.Atan2(uy, ux)*180/math.Pi, math.Atan2(vy, vx)*180/math.Pi
	if to < from {
		from, to = to, from
	}
	if to-from > 180 {
		from, to = to, from+360
	}
	return fmt.Sprintf(`\draw ([shift={(%.3f,%.3f)}]%.1f:0.45) arc (%.1f:%.1f:0.45);\node at (%.3f,%.3f) {%s};`,
		p[0], p[1], from, from, to, p[0]-(d+0.1)*wx, p[1]-(d+0.1)*wy, label)
}
