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

var (
	polarRay = regexp.MustCompile(`\(0,0\) -- \((-?[\d.]+):([\d.]+)\)`)
	axisRay  = regexp.MustCompile(`\(0,0\) -- \(([\d.]+),0\)|\(0,0\) -- \(0,([\d.]+)\)|\(-([\d.]+),0\) -- \(([\d.]+),0\)`)
)

// raysOf reads a drawn angle's rays: direction in degrees and length in cm.
func raysOf(fig string) [][2]float64 {
	var rays [][2]float64
	num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	for _, m := range polarRay.FindAllStringSubmatch(fig, -1) {
		rays = append(rays, [2]float64{num(m[1]), num(m[2])})
	}
	for _, m := range axisRay.FindAllStringSubmatch(fig, -1) {
		switch {
		case m[1] != "":
			rays = append(rays, [2]float64{0, num(m[1])})
		case m[2] != "":
			rays = append(rays, [2]float64{90, num(m[2])})
		default:
			rays = append(rays, [2]float64{180, num(m[3])}, [2]float64{0, num(m[4])})
		}
	}
	return rays
}

// TestAngleLabelsClearTheRays: a drawn angle's label never sits on a ray and never lies past
// its rays' ends: the centre of a number of degrees is at least 0.3 cm from every ray of a
// split right angle or straight angle, x's at least 0.15 cm, and each label's far edge is
// inside the two rays that bound its angle, for every angle the skill draws.
func TestAngleLabelsClearTheRays(t *testing.T) {
	check := func(what string, a float64, fig string) {
		rays := raysOf(fig)
		if len(rays) != 3 {
			t.Fatalf("%s %g°: %d rays read from %s", what, a, len(rays), fig)
		}
		for _, m := range polarNode.FindAllStringSubmatch(fig, -1) {
			th, _ := strconv.ParseFloat(m[2], 64)
			r, _ := strconv.ParseFloat(m[3], 64)
			if m[1] != "" {
				t.Errorf("%s %g°: the label %s is anchored outside the rays", what, a, m[4])
				continue
			}
			px, py := r*math.Cos(th*math.Pi/180), r*math.Sin(th*math.Pi/180)
			need, half := 0.3, 0.36
			if m[4] == "$x$" {
				need, half = 0.15, 0.2
			}
			for _, ray := range rays {
				end := ray[1]
				d := segmentDistance(px, py, 0, 0, end*math.Cos(ray[0]*math.Pi/180), end*math.Sin(ray[0]*math.Pi/180))
				if d < need {
					t.Errorf("%s %g°: the label %s at (%.1f:%.2f) is %.2f cm from the ray at %g°", what, a, m[4], th, r, d, ray[0])
				}
				// the rays either side of the label reach past it
				if math.Abs(ray[0]-th) < 91 && math.Abs(ray[0]-th) > 0 && r+half > end {
					t.Errorf("%s %g°: the label %s reaches %.2f cm, past the end of the ray at %g° (%.2f cm)", what, a, m[4], r+half, ray[0], end)
				}
			}
		}
	}
	for a := 10.0; a <= 80; a++ {
		check("right angle split at", a, rightAngle(a, 4))
	}
	for a := 20.0; a <= 160; a++ {
		check("straight angle split at", a, straightAngle(a, 4))
	}
}

// TestTriangleLabelsClearTheSides: every label inside a drawn triangle is clear of its three
// sides (0.3 cm for a number of degrees, 0.15 cm for x), for every pair of angles the skill
// draws.
func TestTriangleLabelsClearTheSides(t *testing.T) {
	corner := regexp.MustCompile(`-- \(4,0\) -- \(([\d.-]+),([\d.-]+)\) -- cycle`)
	for a := int64(30); a <= 100; a++ {
		for b := int64(20); b <= 150-a; b++ {
			fig := triangle(a, b, 4)
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
