package offline

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// checkPrealgebra recomputes the answers of the pre-algebra skills (factors and multiples,
// money stories, areas of triangles, parallelograms, trapezoids and circles, the Pythagorean
// theorem, statistics and probability) from the question's printed numbers and drawing, by
// brute force or from the definitions, sharing nothing with the generators. ok is false for
// any other skill.
func checkPrealgebra(t *testing.T, id string, it skills.Item, lang string) ([]string, bool) {
	t.Helper()
	q, n := it.Q, it.Nums
	one := func(s string) []string { return []string{s} }
	i64 := func(v int64) []string { return one(strconv.FormatInt(v, 10)) }
	printed := printedNumbers(q.Text)
	switch id {
	case "gcf", "lcm":
		if len(printed) != 2 || printed[0] != n[0] || printed[1] != n[1] {
			t.Errorf("%s: %q prints %v, made from %v", id, q.Text, printed, n)
		}
		a, b := printed[0], printed[1]
		if id == "gcf" {
			for d := min(a, b); d >= 1; d-- {
				if a%d == 0 && b%d == 0 {
					return i64(d), true
				}
			}
		}
		for m := max(a, b); ; m++ {
			if m%a == 0 && m%b == 0 {
				return i64(m), true
			}
		}
	case "prime-factorization":
		product, last := int64(1), int64(1)
		for _, f := range strings.Split(q.Answer.Value, `\cdot`) {
			p, e := int64(0), int64(1)
			if _, err := fmt.Sscanf(strings.TrimSpace(f), "%d^{%d}", &p, &e); err != nil {
				fmt.Sscanf(strings.TrimSpace(f), "%d", &p)
			}
			if divisors(p) != 2 || p <= last || (strings.Contains(f, "^") && e < 2) {
				t.Errorf("prime factorization %q: %q is not a new prime to a power", q.Answer.Value, f)
			}
			product *= pow(p, e)
			last = p
		}
		if len(printed) != 1 || product != printed[0] {
			t.Errorf("prime factorization of %v is %q, which is %d", printed, q.Answer.Value, product)
		}
		return values(q), true
	case "prime-composite":
		words := map[string][2]string{"en": {"prime", "composite"}, "es": {"primo", "compuesto"}}[lang]
		if divisors(printed[0]) == 2 {
			return one(words[0]), true
		}
		return one(words[1]), true
	case "list-factors":
		var fs []string
		for d := int64(1); d <= printed[0]; d++ {
			if printed[0]%d == 0 {
				fs = append(fs, strconv.FormatInt(d, 10))
			}
		}
		return one("$" + strings.Join(fs, ", ") + "$"), true
	case "list-multiples":
		// the number and how many: both printed, in the order the language says them
		if !slices.Contains(printed, n[0]) || !slices.Contains(printed, n[1]) || len(printed) != 2 {
			t.Errorf("multiples %v: %q", n, q.Text)
		}
		var ms []string
		for v := n[0]; v <= n[0]*n[1]; v += n[0] {
			ms = append(ms, strconv.FormatInt(v, 10))
		}
		return one("$" + strings.Join(ms, ", ") + "$"), true
	case "money-word-problems":
		return one(money(moneyStory(t, q.Text, n))), true
	case "area-triangles", "area-parallelograms", "area-trapezoids":
		return one(slantArea(t, id, q.Figure.LaTeX, n)), true
	case "pythagorean-theorem":
		return one(pythagoras(t, q.Text, q.Figure.LaTeX, n, lang)), true
	case "circle-circumference", "circle-area":
		return one(circle(t, id, q.Text, q.Figure.LaTeX, n)), true
	case "mean-median-mode":
		return stats(t, printed, n), true
	case "probability":
		return one(probability(t, q.Text, q.Figure, n, lang)), true
	}
	return nil, false
}

// printedNumbers are the numbers a question prints in maths mode, in order: "$12$ and $18$",
// or a list "$4,\ 8,\ 8$".
func printedNumbers(text string) []int64 {
	var out []int64
	for _, m := range mathPart.FindAllStringSubmatch(text, -1) {
		for _, f := range strings.Split(strings.ReplaceAll(m[1], "{,}", ""), ",") {
			f = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), `\ `))
			if v, err := strconv.ParseInt(f, 10, 64); err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}

func divisors(n int64) int {
	c := 0
	for d := int64(1); d <= n; d++ {
		if n%d == 0 {
			c++
		}
	}
	return c
}

// moneyStory is the answer, in cents, of a money story told from n (the form first), each
// amount of which the story prints.
func moneyStory(t *testing.T, text string, n []int64) int64 {
	for _, c := range n[1:] {
		if c >= 5 && !strings.Contains(text, money(c)) && !strings.Contains(text, "$"+strconv.FormatInt(c, 10)+"$") {
			t.Errorf("money story %q does not print %d (%v)", text, c, n)
		}
	}
	var v int64
	switch n[0] {
	case 0:
		for _, c := range n[1:] {
			v += c
		}
	case 1:
		v = n[1] - n[2] - n[3]
		if !slices.Contains([]int64{100, 500, 1000, 2000, 5000}, n[1]) {
			t.Errorf("money story %q: paid with %d cents", text, n[1])
		}
	case 2:
		v = n[1] * n[2]
	case 3:
		v = n[1] - n[2]
	}
	if v <= 0 {
		t.Errorf("money story %q comes to %d cents", text, v)
	}
	return v
}

var (
	slantPathRe = regexp.MustCompile(`\\draw\[thick\] \(0,0\) -- \(([\d.]+),0\) -- \(([\d.]+),([\d.]+)\)(?: -- \(([\d.]+),([\d.]+)\))? -- cycle;`)
	dashedRe    = regexp.MustCompile(`\\draw\[dashed\] \(([\d.]+),([\d.]+)\) -- \(([\d.]+),0\);`)
	labelRe     = regexp.MustCompile(`\{(\d+) (cm|m|in|ft)\}`)
)

// slantArea checks a triangle, parallelogram or trapezoid is drawn to scale from its numbers
// (base, height, and top), its height dashed from a corner straight down to the base, and its
// sides' lengths labelled; it returns the area.
func slantArea(t *testing.T, id, fig string, n []int64) string {
	m := slantPathRe.FindStringSubmatch(fig)
	d := dashedRe.FindStringSubmatch(fig)
	if m == nil || d == nil {
		t.Fatalf("%s: no shape or height in %q", id, fig)
	}
	f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	base, topY := f(m[1]), f(m[3])
	var b, h, top int64
	var drawnTop float64
	switch id {
	case "area-triangles":
		b, h = n[0], n[1]
		if m[4] != "" {
			t.Errorf("triangle drawn with four corners: %q", fig)
		}
	case "area-parallelograms":
		b, h, top = n[0], n[1], n[0]
		drawnTop = f(m[2]) - f(m[4])
	default:
		b, top, h = n[0], n[1], n[2]
		drawnTop = f(m[2]) - f(m[4])
	}
	for _, v := range n {
		if v < 1 {
			t.Errorf("%s %v: a length of 0", id, n)
		}
	}
	if min(base, topY) < 0.5 {
		t.Errorf("%s %v drawn too thin to read: %q", id, n, fig)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 0.005*max(1, b) }
	if !near(base/topY, float64(b)/float64(h)) || (top > 0 && !near(drawnTop/base, float64(top)/float64(b))) {
		t.Errorf("%s %v not drawn to scale: %q", id, n, fig)
	}
	if d[1] != d[3] || !near(f(d[2]), topY) || (m[4] != "" && d[1] != m[4]) || (m[4] == "" && d[1] != m[2]) {
		t.Errorf("%s %v: the height is not dashed from the top straight down: %q", id, n, fig)
	}
	var labels []string
	var unit string
	for _, l := range labelRe.FindAllStringSubmatch(fig, -1) {
		labels, unit = append(labels, l[1]), l[2]
	}
	want := []string{fmt.Sprint(b), fmt.Sprint(h)}
	if top > 0 && id == "area-trapezoids" {
		want = []string{fmt.Sprint(b), fmt.Sprint(top), fmt.Sprint(h)}
	}
	if !slices.Equal(labels, want) {
		t.Errorf("%s %v labelled %v", id, n, labels)
	}
	area := new(big.Rat).Mul(rat(b+top, 2), rat(h, 1))
	if id == "area-parallelograms" {
		area = rat(b*h, 1)
	}
	return decAnswerOf(area) + " " + unit + "$^2$"
}

// shorterLeg is the shorter leg of the right triangle as drawn, in cm.
func shorterLeg(fig string) float64 {
	m := rightTriRe.FindStringSubmatch(fig)
	if m == nil {
		return 0
	}
	a, _ := strconv.ParseFloat(m[1], 64)
	b, _ := strconv.ParseFloat(m[2], 64)
	return min(a, b)
}

var rightTriRe = regexp.MustCompile(`\\draw\[thick\] \(0,0\) -- \(([\d.]+),0\) -- \(0,([\d.]+)\) -- cycle;`)

// pythagoras checks the right triangle is drawn to scale with its two known sides labelled
// and x on the third; the answer is whole or, said in the question, to the nearest tenth.
func pythagoras(t *testing.T, text, fig string, n []int64, lang string) string {
	m := rightTriRe.FindStringSubmatch(fig)
	if m == nil {
		t.Fatalf("no right triangle in %q", fig)
	}
	legMissing, a, c2 := n[0], n[1], n[2]
	if a < 1 || c2-a*a < 1 || shorterLeg(fig) < 0.5 {
		t.Errorf("right triangle %v: a side is missing or too short to read: %q", n, fig)
	}
	b := math.Sqrt(float64(c2 - a*a))
	A, _ := strconv.ParseFloat(m[1], 64)
	B, _ := strconv.ParseFloat(m[2], 64)
	if math.Abs(A/B-float64(a)/b) > 0.005*float64(a)/b {
		t.Errorf("right triangle %v drawn %.3f by %.3f", n, A, B)
	}
	var unit string
	var labels []string
	for _, l := range labelRe.FindAllStringSubmatch(fig, -1) {
		labels, unit = append(labels, l[1]), l[2]
	}
	want := []string{fmt.Sprint(a), fmt.Sprint(int64(math.Round(b)))}
	sq := c2 // the missing side's square
	if legMissing == 1 {
		want, sq = []string{fmt.Sprint(a), fmt.Sprint(int64(math.Round(math.Sqrt(float64(c2)))))}, c2-a*a
	}
	if !slices.Equal(labels, want) || strings.Count(fig, "$x$") != 1 {
		t.Errorf("right triangle %v labelled %v, want %v and x", n, labels, want)
	}
	root := math.Sqrt(float64(sq))
	// the sentence the language's rounding question adds: "Round your answer to the nearest tenth."
	tenth := strings.TrimSpace(strings.TrimPrefix(langText(lang, "pyth.round.q"), langText(lang, "pyth.q")))
	if math.Round(root)*math.Round(root) == float64(sq) {
		if strings.Contains(text, tenth) {
			t.Errorf("%q asks for tenths of a whole answer", text)
		}
		return fmt.Sprintf("%d %s", int64(math.Round(root)), unit)
	}
	if !strings.Contains(text, tenth) {
		t.Errorf("%q does not say to round", text)
	}
	return strconv.FormatFloat(math.Round(root*10)/10, 'f', 1, 64) + " " + unit
}

// circle checks the figure labels the radius or diameter and the question says 3.14 or π as
// the answer uses; it returns the circumference or area.
func circle(t *testing.T, id, text, fig string, n []int64) string {
	r, diameter, inPi := n[0], n[1], n[2]
	l := labelRe.FindStringSubmatch(fig)
	shown := r
	if diameter == 1 {
		shown = 2 * r
	}
	if l == nil || l[1] != fmt.Sprint(shown) || (diameter == 1) != strings.Contains(fig, `(-1.3,0) -- (1.3,0)`) {
		t.Errorf("circle %v labelled %v: %q", n, l, fig)
	}
	if strings.Contains(text, "3.14") == (inPi == 1) {
		t.Errorf("circle %v: %q", n, text)
	}
	unit := l[2]
	if id == "circle-circumference" {
		if inPi == 1 {
			return fmt.Sprintf(`$%d\pi$ %s`, 2*r, unit)
		}
		return decAnswerOf(new(big.Rat).Mul(rat(314, 100), rat(2*r, 1))) + " " + unit
	}
	if inPi == 1 {
		return fmt.Sprintf(`$%d\pi$ %s$^2$`, r*r, unit)
	}
	return decAnswerOf(new(big.Rat).Mul(rat(314, 100), rat(r*r, 1))) + " " + unit + "$^2$"
}

// stats is the mean (a whole number), median, mode (the one most frequent value) and range.
func stats(t *testing.T, data, n []int64) []string {
	if !slices.Equal(data, n) {
		t.Errorf("data printed %v, made from %v", data, n)
	}
	var sum int64
	count := map[int64]int{}
	for _, v := range data {
		sum += v
		count[v]++
	}
	if sum%int64(len(data)) != 0 {
		t.Errorf("data %v: the mean is not a whole number", data)
	}
	var mode int64
	best, ties := 0, 0
	for v, c := range count {
		switch {
		case c > best:
			mode, best, ties = v, c, 1
		case c == best:
			ties++
		}
	}
	if ties != 1 || best < 2 {
		t.Errorf("data %v has no single mode", data)
	}
	s := slices.Clone(data)
	slices.Sort(s)
	k := len(s)
	median := rat(s[k/2], 1)
	if k%2 == 0 {
		median = rat(s[k/2-1]+s[k/2], 2)
	}
	return []string{fmt.Sprint(sum / int64(k)), decAnswerOf(median), fmt.Sprint(mode), fmt.Sprint(s[k-1] - s[0])}
}

var oneMarbles = regexp.MustCompile(`\$1\$ \w+ marbles`)

var spinnerNumberRe = regexp.MustCompile(`\\node\[font=\\footnotesize\] at \([-\d.]+,[-\d.]+\) \{(\d+)\}`)

// probability counts the favourable outcomes: the marbles of the colour asked, or the
// numbers 1 to 6 (a cube) or 1 to n (a spinner, drawn with n sections) the event holds for.
func probability(t *testing.T, text string, fig *worksheet.Figure, n []int64, lang string) string {
	if n[0] == 0 {
		counts := n[2:]
		var total int64
		for _, c := range counts {
			total += c
		}
		if lang == "en" && oneMarbles.MatchString(text) {
			t.Errorf("%q: one marble written as many", text)
		}
		if got := printedNumbers(text); !slices.Equal(got, counts) {
			t.Errorf("marbles %q print %v, made from %v", text, got, counts)
		}
		return ratAnswer(rat(counts[n[1]], total))
	}
	ev, k, sides := n[1], n[2], n[3]
	if n[0] == 1 && sides != 6 {
		t.Errorf("a number cube with %d faces", sides)
	}
	if n[0] == 2 {
		if fig == nil {
			t.Fatalf("spinner %q not drawn", text)
		}
		labels := spinnerNumberRe.FindAllStringSubmatch(fig.LaTeX, -1)
		if int64(len(labels)) != sides || strings.Count(fig.LaTeX, `\draw (0,0) -- (`) != int(sides) {
			t.Errorf("spinner of %d drawn with %d numbers", sides, len(labels))
		}
	}
	if lang == "en" {
		said := []string{"an even number", "an odd number", "greater than", "less than", "the number", "a multiple of"}[ev]
		if !strings.Contains(text, said) {
			t.Errorf("%q does not ask for %q", text, said)
		}
	}
	var fav int64
	for v := int64(1); v <= sides; v++ {
		holds := map[int64]bool{0: v%2 == 0, 1: v%2 != 0, 2: v > k, 3: v < k, 4: v == k, 5: k > 0 && v%k == 0}[ev]
		if holds {
			fav++
		}
	}
	if fav == 0 || fav == sides {
		t.Errorf("%q: the event is certain or impossible", text)
	}
	return ratAnswer(rat(fav, sides))
}

// The grade defaults the standards name: GCF of numbers to 100 and LCM of numbers to 12
// (6.NS.B.4), primes to 100 (4.OA.B.4), money within a dollar at grade 2 (2.MD.C.8),
// whole-number sides for the Pythagorean theorem at grade 8 (8.G.B.7).
func TestPrealgGradeDefaults(t *testing.T) {
	q := func(id string, grade int) []skills.Item {
		sk, _ := skills.Get(id)
		return sk.Questions(42, 30, skills.Params{Grade: grade}, nil, lang("en").T)
	}
	for _, it := range q("gcf", 6) {
		if it.Nums[0] > 100 || it.Nums[1] > 100 {
			t.Errorf("grade 6 GCF of %v", it.Nums)
		}
	}
	for _, it := range q("lcm", 6) {
		if it.Nums[0] > 12 || it.Nums[1] > 12 {
			t.Errorf("grade 6 LCM of %v", it.Nums)
		}
	}
	for _, it := range q("prime-composite", 4) {
		if it.Nums[0] < 2 || it.Nums[0] > 100 {
			t.Errorf("grade 4 prime or composite: %v", it.Nums)
		}
	}
	for _, it := range q("money-word-problems", 2) {
		for _, c := range it.Nums[1:] {
			if c > 100 {
				t.Errorf("grade 2 money story beyond a dollar: %q", it.Q.Text)
			}
		}
		if !strings.Contains(it.Q.Answer.Value, `\$0.`) && it.Q.Answer.Value != `\$1.00` {
			t.Errorf("grade 2 money story answered %q: %q", it.Q.Answer.Value, it.Q.Text)
		}
	}
	for _, it := range q("pythagorean-theorem", 8) {
		if strings.Contains(it.Q.Answer.Value, ".") || strings.Contains(it.Q.Text, "tenth") {
			t.Errorf("grade 8 Pythagorean theorem not in whole numbers: %q %q", it.Q.Text, it.Q.Answer.Value)
		}
	}
}
