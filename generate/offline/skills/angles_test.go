package skills

import (
	"math"
	"regexp"
	"strconv"
	"testing"
)

var (
	polarNode = regexp.MustCompile(`\\node(?:\[anchor=(\w+)\])? at \((-?[\d.]+):([\d.]+)\) \{(\$[^$]*\$)\}`)
	xyNode    = regexp.MustCompile(`\\node at \((-?[\d.]+),(-?[\d.]+)\) \{(\$[^$]*\$)\}`)
)

// segmentDistance is the distance from (px, py) to the segment from a to b.
func segmentDistance(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := max(0, min(1, ((px-ax)*dx+(py-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(px-ax-t*dx, py-ay-t*dy)
}

// TestAngleLabelsClearTheRays: a drawn angle's label never sits on a ray: the centre of a
// number of degrees is at least 0.3 cm from both rays of a split right angle or straight
// angle, x's at least 0.15 cm, for every angle the skill draws; a label that cannot fit
// between the rays is past their ends.
func TestAngleLabelsClearTheRays(t *testing.T) {
	check := func(what string, a float64, fig string, rays [][2]float64) {
		for _, m := range polarNode.FindAllStringSubmatch(fig, -1) {
			th, _ := strconv.ParseFloat(m[2], 64)
			r, _ := strconv.ParseFloat(m[3], 64)
			if m[1] != "" {
				if r < 1.9 {
					t.Errorf("%s %g°: the label %s placed outside is at %.2f cm, among the rays", what, a, m[4], r)
				}
				continue
			}
			px, py := r*math.Cos(th*math.Pi/180), r*math.Sin(th*math.Pi/180)
			need := 0.3
			if m[4] == "$x$" {
				need = 0.15
			}
			for _, ray := range rays {
				end := ray[1]
				d := segmentDistance(px, py, 0, 0, end*math.Cos(ray[0]*math.Pi/180), end*math.Sin(ray[0]*math.Pi/180))
				if d < need {
					t.Errorf("%s %g°: the label %s at (%.1f:%.2f) is %.2f cm from the ray at %g°", what, a, m[4], th, r, d, ray[0])
				}
			}
		}
	}
	for a := 10.0; a <= 80; a++ {
		fig := angleLabel(0, a, 1.1, 1.8, `$`+strconv.Itoa(int(a))+`^\circ$`) + angleLabel(a, 90, 1.1, 1.8, `$x$`)
		check("right angle split at", a, fig, [][2]float64{{0, 2}, {a, 1.8}, {90, 2}})
	}
	for a := 20.0; a <= 160; a++ {
		fig := angleLabel(0, a, 0.85, 1.8, `$`+strconv.Itoa(int(a))+`^\circ$`) + angleLabel(a, 180, 0.85, 1.8, `$x$`)
		check("straight angle split at", a, fig, [][2]float64{{0, 2}, {a, 1.8}, {180, 2}})
	}
}

// TestTriangleLabelsClearTheSides: every label inside a drawn triangle is clear of its three
// sides (0.3 cm for a number of degrees, 0.15 cm for x), for every pair of angles the skill
// draws.
func TestTriangleLabelsClearTheSides(t *testing.T) {
	corner := regexp.MustCompile(`-- \(4,0\) -- \(([\d.-]+),([\d.-]+)\) -- cycle`)
	for a := int64(30); a <= 100; a++ {
		for b := int64(20); b <= 150-a; b++ {
			fig := triangle(a, b)
			c := corner.FindStringSubmatch(fig)
			cx, _ := strconv.ParseFloat(c[1], 64)
			cy, _ := strconv.ParseFloat(c[2], 64)
			sides := [][4]float64{{0, 0, 4, 0}, {4, 0, cx, cy}, {cx, cy, 0, 0}}
			for _, m := range xyNode.FindAllStringSubmatch(fig, -1) {
				px, _ := strconv.ParseFloat(m[1], 64)
				py, _ := strconv.ParseFloat(m[2], 64)
				need := 0.3
				if m[3] == "$x$" {
					need = 0.15
				}
				for _, s := range sides {
					if d := segmentDistance(px, py, s[0], s[1], s[2], s[3]); d < need {
						t.Errorf("triangle %d°, %d°: the label %s at (%.2f, %.2f) is %.2f cm from a side", a, b, m[3], px, py, d)
					}
				}
			}
		}
	}
}
