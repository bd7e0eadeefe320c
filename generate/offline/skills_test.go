package offline

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// Every skill, over many seeds and every grade it is taught in, at every level: each answer
// is recomputed here from the question's own numbers (or its printed text) by code that
// shares nothing with the generators; no sheet repeats a question; figures are drawn to scale.

// values are a question's answers, numbers read without their thousands commas.
func values(q worksheet.Question) []string {
	plain := func(a worksheet.Answer) string {
		if a.Kind == worksheet.AnswerNumber {
			return strings.ReplaceAll(a.Value, ",", "")
		}
		return a.Value
	}
	if q.Kind == worksheet.KindBlank {
		var out []string
		for _, b := range q.Blanks {
			out = append(out, plain(b))
		}
		return out
	}
	return []string{plain(q.Answer)}
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func money(c int64) string { return fmt.Sprintf(`\$%d.%02d`, c/100, c%100) }

func pow(b, e int64) int64 {
	r := int64(1)
	for range e {
		r *= b
	}
	return r
}

var mathPart = regexp.MustCompile(`\$([^$]*)\$`)

// equationHolds checks "x = v" against the question's equation "$… = …$" (or a proportion).
func equationHolds(t *testing.T, text, answer string) bool {
	t.Helper()
	v, ok := new(big.Rat).SetString(strings.TrimSpace(strings.TrimPrefix(strings.ReplaceAll(answer, "{,}", ""), "x = ")))
	if !ok {
		t.Errorf("answer %q is not x = number", answer)
		return false
	}
	eq := mathPart.FindStringSubmatch(text)[1]
	sides := strings.Split(eq, "=")
	l, err1 := evalTeX(sides[0], v)
	r, err2 := evalTeX(sides[1], v)
	if err1 != nil || err2 != nil {
		t.Errorf("cannot read %q: %v %v", eq, err1, err2)
		return false
	}
	return l.Cmp(r) == 0
}

// check recomputes one question's answer; it returns what the answer should be (or "" when it
// checked the question another way and reported any problem itself).
// langText is a text entry of the sheet's language file (English's when it has none).
func langText(code, key string) string {
	if l, ok := langs[code]; ok {
		return l.T(key)
	}
	return langs["en"].T(key)
}

func check(t *testing.T, id string, it skills.Item, lang string) []string {
	t.Helper()
	n := it.Nums
	q := it.Q
	one := func(s string) []string { return []string{s} }
	i64 := func(v int64) []string { return one(strconv.FormatInt(v, 10)) }
	arith := func() []string { // "$a op b = $" read from the text
		e := strings.NewReplacer(`\begin{array}[t]{@{}r@{\;}r@{}} &`, "", `\\ \hline \end{array}`, "", `\\`, "", "&", "", "=", "").Replace(q.Text)
		v, err := evalTeX(e, nil)
		if err != nil {
			t.Errorf("%s: cannot read %q: %v", id, q.Text, err)
			return values(q)
		}
		return one(ratAnswer(v))
	}
	switch id {
	case "count-objects":
		if got := int64(strings.Count(q.Figure.LaTeX, `circle (0.3)`)); got != n[0] {
			t.Errorf("count-objects: %d dots drawn for %d", got, n[0])
		}
		return i64(n[0])
	case "number-words":
		if lang == "en" {
			return one(enWords(n[0]))
		}
		return values(q)
	case "skip-counting":
		return []string{fmt.Sprint(n[0] + 3*n[1]), fmt.Sprint(n[0] + 4*n[1]), fmt.Sprint(n[0] + 5*n[1]), fmt.Sprint(n[0] + 6*n[1])}
	case "even-odd":
		return one(langText(lang, []string{"even", "odd"}[n[0]%2])) // the language file's word, the parity recomputed
	case "compare-numbers":
		return one(map[int]string{-1: "<", 0: "=", 1: ">"}[cmp(n[0], n[1])])
	case "order-numbers":
		s := slices.Clone(n)
		slices.Sort(s)
		var parts []string
		for _, v := range s {
			parts = append(parts, "$"+skills.Num(v)+"$")
		}
		return one(strings.Join(parts, ", "))
	case "missing-addend":
		return i64(n[1] - n[0])
	case "missing-subtrahend":
		if n[0] == -1 {
			return i64(n[1] + n[2])
		}
		return i64(n[0] - n[2])
	case "number-bonds":
		return i64(n[0] - n[1])
	case "fact-families":
		a, b := n[0], n[1]
		if n[2] == 1 {
			return []string{fmt.Sprint(a * b), fmt.Sprint(a * b), fmt.Sprint(b), fmt.Sprint(a)}
		}
		return []string{fmt.Sprint(a + b), fmt.Sprint(a + b), fmt.Sprint(b), fmt.Sprint(a)}
	case "tens-ones":
		if n[0] >= 100 {
			return []string{fmt.Sprint(n[0] / 100), fmt.Sprint(n[0] / 10 % 10), fmt.Sprint(n[0] % 10)}
		}
		return []string{fmt.Sprint(n[0] / 10), fmt.Sprint(n[0] % 10)}
	case "addition", "subtraction", "multiplication", "multi-digit-multiplication", "add-integers", "subtract-integers",
		"multiply-integers", "divide-integers", "division", "order-of-operations", "exponents", "add-fractions",
		"subtract-fractions", "multiply-fractions", "divide-fractions":
		if id == "subtraction" && n[0] < n[1] {
			t.Errorf("subtraction with a negative answer: %v", n)
		}
		if id == "division" && n[0]%n[1] != 0 {
			t.Errorf("division facts not exact: %v", n)
		}
		return arith()
	case "add-decimals", "subtract-decimals", "multiply-decimals", "divide-decimals":
		v, err := evalTeX(strings.TrimSuffix(strings.TrimSpace(strings.Trim(q.Text, "$ ")), "="), nil)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			return values(q)
		}
		return one(decAnswerOf(v))
	case "long-division", "division-remainders":
		a, d := n[0], n[1]
		if id == "division-remainders" && a%d == 0 {
			t.Errorf("division with remainders without a remainder: %v", n)
		}
		if a%d == 0 {
			return i64(a / d)
		}
		return one(fmt.Sprintf("%d R %d", a/d, a%d))
	case "place-value":
		s := strconv.FormatInt(n[0], 10)
		d, _ := strconv.ParseInt(s[n[1]:n[1]+1], 10, 64)
		if !strings.Contains(q.Text, `\underline{`+s[n[1]:n[1]+1]+`}`) {
			t.Errorf("place-value: digit not underlined in %q", q.Text)
		}
		return i64(d * pow(10, int64(len(s))-1-n[1]))
	case "place-value-chart", "standard-form":
		return i64(n[0])
	case "expanded-form":
		var sum int64
		for _, term := range strings.Split(q.Answer.Value, " + ") {
			v, _ := strconv.ParseInt(strings.ReplaceAll(term, "{,}", ""), 10, 64)
			if strings.Trim(strings.ReplaceAll(term, "{,}", ""), "0") == "" || len(strings.Trim(strings.ReplaceAll(term, "{,}", ""), "0")) != 1 {
				t.Errorf("expanded form term %q is not a digit's value", term)
			}
			sum += v
		}
		if sum != n[0] {
			t.Errorf("expanded form of %d adds to %d", n[0], sum)
		}
		return values(q)
	case "rounding":
		return i64(int64(math.Floor(float64(n[0])/float64(n[1])+0.5)) * n[1])
	case "rounding-decimals":
		to := n[1]
		unit := pow(10, 3-to)
		r := int64(math.Floor(float64(n[0])/float64(unit)+0.5)) * unit
		return one(strconv.FormatFloat(float64(r)/1000, 'f', int(to), 64))
	case "equivalent-fractions":
		if n[3] == 0 {
			return i64(n[0] * n[2])
		}
		return i64(n[1] * n[2])
	case "simplify-fractions", "improper-to-mixed":
		return one(ratAnswer(rat(n[0], n[1])))
	case "compare-fractions":
		return one(map[int]string{-1: "<", 0: "=", 1: ">"}[rat(n[0], n[1]).Cmp(rat(n[2], n[3]))])
	case "mixed-to-improper":
		return one(fmt.Sprintf("%d/%d", n[0]*n[2]+n[1], n[2]))
	case "fraction-number-line":
		if x := pointX(t, q.Figure.LaTeX); math.Abs(x-float64(n[0])/float64(n[1])) > 0.001 {
			t.Errorf("number line: point at %.3f of the line for %d/%d", x, n[0], n[1])
		}
		return one(fmt.Sprintf("%d/%d", n[0], n[1]))
	case "fraction-models":
		if got := strings.Count(q.Figure.LaTeX, "fill=gray"); int64(got) != n[0] {
			t.Errorf("fraction model: %d parts shaded for %d/%d", got, n[0], n[1])
		}
		if got := strings.Count(q.Figure.LaTeX, `\filldraw`); int64(got) != n[1] {
			t.Errorf("fraction model: %d parts for %d/%d", got, n[0], n[1])
		}
		return one(fmt.Sprintf("%d/%d", n[0], n[1]))
	case "decimal-to-fraction":
		return one(ratAnswer(rat(n[0], pow(10, n[1]))))
	case "fraction-to-decimal":
		return one(decAnswerOf(rat(n[0], n[1])))
	case "percent-conversions":
		if n[2] == 2 {
			return one(ratAnswer(rat(n[0], n[1])))
		}
		return one(decAnswerOf(new(big.Rat).Mul(rat(n[0], n[1]), rat(100, 1))) + `\%`)
	case "percent-of":
		if n[0]*n[1]%100 != 0 {
			t.Errorf("percent of: %d%% of %d is not whole", n[0], n[1])
		}
		return i64(n[0] * n[1] / 100)
	case "percent-change":
		old, nw := n[0], n[1]
		change := new(big.Rat).Mul(rat(abs64(nw-old), old), rat(100, 1))
		word := map[string][2]string{"en": {"increase", "decrease"}, "es": {"de aumento", "de disminución"}}[lang]
		w := word[0]
		if nw < old {
			w = word[1]
		}
		return one(decAnswerOf(change) + `\% ` + w)
	case "counting-money":
		var sum int64
		for _, v := range n {
			sum += v
		}
		return one(money(sum))
	case "making-change":
		return one(money(n[0] - n[1]))
	case "unit-rates":
		if n[2] == 1 {
			return one(money(n[0] / n[1]))
		}
		return values(q)
	case "telling-time":
		hour, minute := handAngles(t, q.Figure.LaTeX)
		wantH := 90 - 30*(float64(n[0]%12)+float64(n[1])/60)
		wantM := 90 - 6*float64(n[1])
		if math.Abs(hour-wantH) > 0.01 || math.Abs(minute-wantM) > 0.01 {
			t.Errorf("clock %d:%02d drawn with hands at %.1f° and %.1f°", n[0], n[1], hour, minute)
		}
		return one(fmt.Sprintf("%d:%02d", n[0], n[1]))
	case "elapsed-time":
		d := n[1] - n[0]
		if d < 60 {
			return one(fmt.Sprintf("%d %s", d, langText(lang, "minutes")))
		}
		return one(fmt.Sprintf("%d h %d min", d/60, d%60))
	case "unit-conversions":
		if n[2] == 1 {
			return i64(n[0] / n[1])
		}
		return i64(n[0] * n[1])
	case "area-rectangles", "perimeter-rectangles":
		w, h := rectDrawn(t, q.Figure.LaTeX)
		if math.Abs(w/h/(float64(n[0])/float64(n[1]))-1) > 0.01 {
			t.Errorf("rectangle %d×%d drawn %.2f×%.2f", n[0], n[1], w, h)
		}
		v := n[0] * n[1]
		if id == "perimeter-rectangles" {
			v = 2 * (n[0] + n[1])
		}
		return one(strings.Replace(q.Answer.Value, strings.Fields(q.Answer.Value)[0], fmt.Sprint(v), 1))
	case "composite-area":
		m := lshapeRe.FindStringSubmatch(q.Figure.LaTeX)
		if m == nil {
			t.Fatalf("no L-shape in %q", q.Figure.LaTeX)
		}
		var xs [4]float64
		for i := range xs {
			xs[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		W, H, cw, ch := float64(n[0]), float64(n[1]), float64(n[2]), float64(n[3])
		s := xs[0] / W // cm per unit
		for i, want := range []float64{W, H - ch, W - cw, H} {
			if math.Abs(xs[i]-want*s) > 0.01*max(1, want*s) {
				t.Errorf("L-shape %v not to scale: %v", n, xs)
			}
		}
		return one(strings.Replace(q.Answer.Value, strings.Fields(q.Answer.Value)[0], fmt.Sprint(n[0]*n[1]-n[2]*n[3]), 1))
	case "volume":
		return one(strings.Replace(q.Answer.Value, strings.Fields(q.Answer.Value)[0], fmt.Sprint(n[0]*n[1]*n[2]), 1))
	case "angles":
		rest := n[0]
		for _, a := range n[1:] {
			rest -= a
		}
		if len(n) == 3 {
			a, b := triangleAngles(t, q.Figure.LaTeX)
			if math.Abs(a-float64(n[1])) > 0.05 || math.Abs(b-float64(n[2])) > 0.05 {
				t.Errorf("triangle %d°, %d° drawn %.2f°, %.2f°", n[1], n[2], a, b)
			}
		}
		return one(fmt.Sprintf(`x = %d^\circ`, rest))
	case "evaluate-expressions":
		e := mathPart.FindAllStringSubmatch(q.Text, -1)
		v, err := evalTeX(e[0][1], rat(n[3], 1))
		if err != nil {
			t.Errorf("%s: %v", id, err)
		}
		return one(ratAnswer(v))
	case "combine-like-terms", "distributive-property":
		a, b, ok := linearOf(q.Answer.Value)
		if !ok {
			t.Errorf("%s: answer %q is not ax + b", id, q.Answer.Value)
			return values(q)
		}
		e := mathPart.FindStringSubmatch(q.Text)[1]
		for _, x := range []int64{0, 1, 5} {
			v, err := evalTeX(e, rat(x, 1))
			if err != nil || v.Cmp(rat(a*x+b, 1)) != 0 {
				t.Errorf("%s: %q is not %q at x = %d (%v)", id, e, q.Answer.Value, x, err)
			}
		}
		return values(q)
	case "one-step-equations", "two-step-equations", "multi-step-equations", "proportions":
		if !equationHolds(t, q.Text, q.Answer.Value) {
			t.Errorf("%s: %q does not solve %q", id, q.Answer.Value, q.Text)
		}
		return values(q)
	case "inequalities":
		checkInequality(t, q)
		return values(q)
	case "ratios":
		g := gcd64(n[0], n[1])
		return one(fmt.Sprintf("%d : %d", n[0]/g, n[1]/g))
	case "roman-numerals":
		if n[1] == 0 {
			if romanValue(q.Answer.Value) != n[0] || skills.Roman(n[0]) != q.Answer.Value {
				t.Errorf("roman: %q for %d", q.Answer.Value, n[0])
			}
			return values(q)
		}
		if romanValue(strings.Fields(q.Text)[1]) != n[0] {
			t.Errorf("roman: question %q is not %d", q.Text, n[0])
		}
		return i64(n[0])
	case "fraction-of-a-number":
		if n[2]%n[1] != 0 {
			t.Errorf("fraction of a number: %d is not a multiple of %d", n[2], n[1])
		}
		v, err := evalTeX(mathPart.FindAllStringSubmatch(q.Text, -1)[0][1]+`\times`+skills.Num(n[2]), nil)
		if err != nil {
			t.Errorf("%s: %v", id, err)
		}
		return one(ratAnswer(v))
	case "word-problems-add-sub":
		if n[0] <= 1 {
			return i64(n[1] + n[2])
		}
		return i64(n[1] - n[2])
	case "word-problems-mul-div":
		if n[0] == 0 {
			return i64(n[1] * n[2])
		}
		return i64(n[1] / n[2])
	case "word-problems-two-step":
		return i64(n[0]*n[1] - n[2])
	}
	if v, ok := checkAlgebra1(t, id, it, lang); ok {
		return v
	}
	if v, ok := checkPrealgebra(t, id, it, lang); ok {
		return v
	}
	t.Errorf("no independent check for skill %s", id)
	return values(q)
}

func cmp(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func enWords(n int64) string {
	small := strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
	tens := strings.Fields("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
	var s string
	if n >= 100 {
		s = small[n/100] + " hundred"
		if n%100 == 0 {
			return s
		}
		s += " "
		n %= 100
	}
	switch {
	case n < 20:
		return s + small[n]
	case n%10 == 0:
		return s + tens[n/10]
	}
	return s + tens[n/10] + "-" + small[n%10]
}

var (
	pointRe  = regexp.MustCompile(`\\fill \(([\d.]+),0\) circle`)
	oneRe    = regexp.MustCompile(`\\node\[below\] at \(([\d.]+),-0.15\) \{1\}`)
	handRe   = regexp.MustCompile(`\\draw\[line width=[\d.]+pt\] \(0,0\) -- \((-?[\d.]+):`)
	rectRe   = regexp.MustCompile(`rectangle \(([\d.]+),([\d.]+)\)`)
	cornerRe = regexp.MustCompile(`-- \(4,0\) -- \(([\d.-]+),([\d.-]+)\) -- cycle`)
	lshapeRe = regexp.MustCompile(`\(0,0\) -- \(([\d.]+),0\) -- \([\d.]+,([\d.]+)\) -- \(([\d.]+),[\d.]+\) -- \([\d.]+,([\d.]+)\)`)
	ineqRe   = regexp.MustCompile(`^x (<|>|\\le|\\ge) (-?\d+)$`)
	graphRe  = regexp.MustCompile(`\\draw\[red!80!black,line width=2pt,->\] \((-?[\d.]+),0\) -- \((-?[\d.]+),0\);\\filldraw\[draw=red!80!black,fill=(white|red!80!black)\] \((-?[\d.]+),0\) circle`)
)

// pointX is where a number line's point is, as a share of the line from its 0 to its 1.
func pointX(t *testing.T, fig string) float64 {
	m, one := pointRe.FindStringSubmatch(fig), oneRe.FindStringSubmatch(fig)
	if m == nil || one == nil {
		t.Fatalf("no point or no 1 in %q", fig)
	}
	x, _ := strconv.ParseFloat(m[1], 64)
	w, _ := strconv.ParseFloat(one[1], 64)
	return x / w
}

func handAngles(t *testing.T, fig string) (float64, float64) {
	m := handRe.FindAllStringSubmatch(fig, -1)
	if len(m) != 2 {
		t.Fatalf("no hands in %q", fig)
	}
	h, _ := strconv.ParseFloat(m[0][1], 64)
	mi, _ := strconv.ParseFloat(m[1][1], 64)
	return h, mi
}

func rectDrawn(t *testing.T, fig string) (float64, float64) {
	m := rectRe.FindStringSubmatch(fig)
	if m == nil {
		t.Fatalf("no rectangle in %q", fig)
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	h, _ := strconv.ParseFloat(m[2], 64)
	return w, h
}

func triangleAngles(t *testing.T, fig string) (float64, float64) {
	m := cornerRe.FindStringSubmatch(fig)
	if m == nil {
		t.Fatalf("no triangle in %q", fig)
	}
	cx, _ := strconv.ParseFloat(m[1], 64)
	cy, _ := strconv.ParseFloat(m[2], 64)
	return math.Atan2(cy, cx) * 180 / math.Pi, math.Atan2(cy, 4-cx) * 180 / math.Pi
}

// checkInequality tries numbers around the answer's boundary in the question's inequality,
// and reads the graph the key draws: on the sheet's own number line, a circle at the boundary
// drawn to scale, closed for ≤ and ≥, and an arrow to the end the solutions are on.
func checkInequality(t *testing.T, q worksheet.Question) {
	m := ineqRe.FindStringSubmatch(q.Answer.Value)
	if m == nil || q.Answer.Kind != worksheet.AnswerExpression {
		t.Errorf("inequality answer %q", q.Answer.Value)
		return
	}
	c, _ := strconv.ParseInt(m[2], 10, 64)
	if q.Figure == nil || q.Answer.Figure == nil {
		t.Errorf("inequality %q: no number line on the sheet or no graph in the key", q.Text)
		return
	}
	if strings.Contains(q.Figure.LaTeX, "line width=2pt") {
		t.Errorf("inequality %q: the sheet's number line is graphed already", q.Text)
	}
	if !strings.HasPrefix(q.Answer.Figure.LaTeX, strings.TrimSuffix(q.Figure.LaTeX, `\end{tikzpicture}`)) {
		t.Errorf("inequality %q: the graph is not drawn on the sheet's number line", q.Text)
	}
	g := graphRe.FindStringSubmatch(q.Answer.Figure.LaTeX)
	if g == nil {
		t.Errorf("inequality %q: no graph in %q", q.Text, q.Answer.Figure.LaTeX)
		return
	}
	from, _ := strconv.ParseFloat(g[1], 64)
	to, _ := strconv.ParseFloat(g[2], 64)
	dot, _ := strconv.ParseFloat(g[4], 64)
	closed, left := g[3] != "white", to < from
	if math.Abs(dot-float64(c)*skills.NumberLineUnit) > 1e-9 || from != dot || c < -10 || c > 10 ||
		closed != (m[1] == `\le` || m[1] == `\ge`) || left != (m[1] == "<" || m[1] == `\le`) ||
		math.Abs(math.Abs(to)-(10*skills.NumberLineUnit+0.4)) > 1e-9 {
		t.Errorf("the graph drawn for %q is not the graph of %q: %v", q.Answer.Value, q.Text, g[1:])
	}
	e := mathPart.FindStringSubmatch(q.Text)[1]
	var rel string
	var sides []string
	for _, r := range []string{`\le`, `\ge`, "<", ">"} {
		if strings.Contains(e, r) {
			rel, sides = r, strings.SplitN(e, r, 2)
			break
		}
	}
	holds := func(rel string, l, r *big.Rat) bool {
		c := l.Cmp(r)
		switch rel {
		case "<":
			return c < 0
		case ">":
			return c > 0
		case `\le`:
			return c <= 0
		}
		return c >= 0
	}
	for _, x := range []int64{c - 2, c - 1, c, c + 1, c + 2} {
		l, err1 := evalTeX(sides[0], rat(x, 1))
		r, err2 := evalTeX(sides[1], rat(x, 1))
		if err1 != nil || err2 != nil {
			t.Errorf("cannot read %q", e)
			return
		}
		if holds(rel, l, r) != holds(m[1], rat(x, 1), rat(c, 1)) {
			t.Errorf("inequality %q: answer %q wrong at x = %d", e, q.Answer.Value, x)
		}
	}
}

// Sizes a request may set, at their edges: every skill still answers right.
func TestEverySkillsAnswersAreRightAtTheEdges(t *testing.T) {
	edges := []skills.Params{{Max: 1}, {Max: 2}, {Max: 1000}, {Digits: 1}, {Digits: 5, Digits2: 2}, {Digits: 9},
		{Tables: []int64{7}}, {Tables: []int64{1}}, {RoundTo: []int64{1000}}, {Step: 15}, {Level: 2, Max: 3}}
	for _, sk := range skills.All() {
		for _, e := range edges {
			for _, grade := range []int{sk.Grades[0], sk.Grades[1]} {
				p := e
				p.Grade = grade
				for _, it := range sk.Questions(int64(grade)*31+7, 10, p, nil, lang("en").T) {
					if want, got := check(t, sk.ID, it, "en"), values(it.Q); !slices.Equal(got, want) {
						t.Errorf("%s %+v: %q answered %q, want %q", sk.ID, p, it.Q.Text, got, want)
					}
				}
			}
		}
	}
}

func TestEverySkillsAnswersAreRight(t *testing.T) {
	all := skills.All()
	if len(all) < 60 {
		t.Errorf("only %d skills", len(all))
	}
	for _, sk := range all {
		t.Run(sk.ID, func(t *testing.T) {
			for _, code := range []string{"en", "es"} {
				l := lang(code)
				for grade := sk.Grades[0]; grade <= sk.Grades[1]; grade++ {
					for level := -1; level <= 2; level++ {
						for seed := int64(1); seed <= 12; seed++ {
							p := skills.Params{Grade: grade, Level: level}
							items := sk.Questions(seed*7919+int64(grade), 10, p, nil, l.T)
							seen := map[string]bool{}
							for _, it := range items {
								if err := worksheet.Validate(worksheet.Document{Blocks: []worksheet.Block{{Kind: worksheet.BlockQuestion, Question: &it.Q}}}); err != nil {
									t.Fatalf("grade %d: %v", grade, err)
								}
								want := check(t, sk.ID, it, code)
								if got := values(it.Q); !slices.Equal(got, want) {
									t.Errorf("grade %d level %d: %q answered %q, want %q", grade, level, it.Q.Text, got, want)
								}
								k := it.Q.Text + fmt.Sprint(values(it.Q))
								if it.Q.Figure != nil {
									k += it.Q.Figure.LaTeX
								}
								if seen[k] {
									t.Errorf("grade %d: %q twice on a sheet", grade, it.Q.Text)
								}
								seen[k] = true
								if it.Q.Kind == worksheet.KindShort && it.Q.Space.Kind == worksheet.SpaceNone && it.Q.Answer.Figure == nil {
									t.Errorf("%q has no space where the key can write its answer", it.Q.Text)
								}
								if strings.Contains(it.Q.Text, "%!") || strings.Contains(it.Q.Text, "MISSING") {
									t.Errorf("text with a formatting error: %q", it.Q.Text)
								}
							}
						}
					}
				}
			}
		})
	}
}

// Grade defaults the issue names: the numbers a teacher expects for the grade.
func TestGradeDefaults(t *testing.T) {
	q := func(id string, grade, n int) []skills.Item {
		sk, _ := skills.Get(id)
		return sk.Questions(99, n, skills.Params{Grade: grade}, nil, lang("en").T)
	}
	zeros := 0
	for _, it := range q("addition", 0, 20) { // K.OA.A.2: within 10, "+ 0" not bunched
		if it.Nums[0]+it.Nums[1] > 10 {
			t.Errorf("kindergarten sum over 10: %v", it.Nums)
		}
		if it.Nums[0] == 0 || it.Nums[1] == 0 {
			zeros++
		}
	}
	if zeros > 3 {
		t.Errorf("kindergarten sheet has %d facts with a 0", zeros)
	}
	for _, it := range q("addition", 2, 20) { // 2.NBT.B.5: two-digit numbers
		if it.Nums[0] < 10 || it.Nums[0] > 99 || it.Nums[1] < 10 || it.Nums[1] > 99 {
			t.Errorf("grade 2 addition: %v", it.Nums)
		}
	}
	for _, it := range q("multiplication", 3, 40) { // 3.OA.C.7: within 100
		if it.Nums[0] > 10 || it.Nums[1] > 10 {
			t.Errorf("grade 3 facts: %v", it.Nums)
		}
	}
	for _, id := range []string{"add-integers", "subtract-integers", "multiply-integers"} {
		for _, it := range q(id, 7, 20) { // 7.NS.A: sign rules with small numbers, a negative in each
			if abs64(it.Nums[0]) > 12 || abs64(it.Nums[1]) > 12 || (it.Nums[0] >= 0 && it.Nums[1] >= 0) {
				t.Errorf("grade 7 %s: %v", id, it.Nums)
			}
		}
	}
	for _, it := range q("long-division", 5, 12) { // 5.NBT.B.6: two-digit divisors, room to work
		if it.Nums[1] < 10 || it.Nums[1] > 99 || it.Q.Space.Kind != worksheet.SpaceWork || !strings.Contains(it.Q.Text, `\overline{)`) {
			t.Errorf("grade 5 long division: %v %+v %q", it.Nums, it.Q.Space, it.Q.Text)
		}
	}
	for _, it := range q("long-division", 4, 12) { // 4.NBT.B.6: one-digit divisors, 3–4 digit dividends
		if it.Nums[1] > 9 || it.Nums[0] < 100 || it.Nums[0] > 9999 {
			t.Errorf("grade 4 long division: %v", it.Nums)
		}
	}
	for _, it := range q("telling-time", 1, 12) { // 1.MD.B.3: hours and half hours
		if it.Nums[1] != 0 && it.Nums[1] != 30 {
			t.Errorf("grade 1 clock at %d:%02d", it.Nums[0], it.Nums[1])
		}
	}
}

func TestSpanishNumberWords(t *testing.T) {
	for n, want := range map[int64]string{0: "cero", 16: "dieciséis", 21: "veintiuno", 29: "veintinueve", 30: "treinta",
		35: "treinta y cinco", 100: "cien", 101: "ciento uno", 230: "doscientos treinta", 555: "quinientos cincuenta y cinco", 999: "novecientos noventa y nueve"} {
		if got := skills.Words("es", n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// Every skill, one question made a step harder or easier: that question is strictly harder
// (or easier) by the skill's Difficulty, or, where it can go no further, the same; every other
// question is the same, field for field. Most questions at their grade's default can move.
func TestEverySkillsOneQuestionStepIsTrue(t *testing.T) {
	for _, sk := range skills.All() {
		moved := map[int]int{}
		tries := 0
		for grade := sk.Grades[0]; grade <= sk.Grades[1]; grade++ {
			for seed := int64(1); seed <= 6; seed++ {
				tries++
				p := skills.Params{Grade: grade}
				base := sk.Questions(seed, 10, p, nil, lang("en").T)
				for _, d := range []int{1, -1, 2} {
					got := sk.Questions(seed, 10, p, map[int]int{3: d}, lang("en").T)
					for i := range base {
						if i != 3 && !reflect.DeepEqual(base[i], got[i]) {
							t.Errorf("%s: question %d changed with question 4", sk.ID, i+1)
						}
					}
					c := skills.CompareDifficulty(sk.Difficulty(got[3]), sk.Difficulty(base[3]))
					switch {
					case reflect.DeepEqual(base[3], got[3]):
					case c*d <= 0:
						t.Errorf("%s grade %d seed %d step %d: %q → %q, difficulty %v → %v", sk.ID, grade, seed, d, base[3].Q.Text, got[3].Q.Text, sk.Difficulty(base[3]), sk.Difficulty(got[3]))
					default:
						moved[d]++
					}
				}
			}
		}
		if moved[1] < tries/2 || moved[-1] < tries/2 {
			t.Errorf("%s: of %d questions, %d could be made harder and %d easier", sk.ID, tries, moved[1], moved[-1])
		}
	}
}
