package offline

import (
	"fmt"
	"html"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// printed is one word of a compiled page where pdftotext -bbox finds it, in points.
type printed struct {
	page             int
	text             string
	x, y, xMax, yMax float64
}

var bboxLine = regexp.MustCompile(`^<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">(.*)</word>$`)

// printedWords compiles a complete source with pdflatex and returns its words with their boxes.
func printedWords(t *testing.T, name, src string) []printed {
	t.Helper()
	if testing.Short() {
		t.Skip("pdflatex compile skipped in -short mode")
	}
	if _, err := exec.LookPath("pdflatex"); err != nil {
		t.Skip("pdflatex not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", name+".tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		s := string(out)
		t.Fatalf("%s: pdflatex failed: %v\n%s", name, err, s[max(0, len(s)-2000):])
	}
	if keep := os.Getenv("SHEETSMITH_KEEP_PDF"); keep != "" {
		b, _ := os.ReadFile(filepath.Join(dir, name+".pdf"))
		os.WriteFile(filepath.Join(keep, name+".pdf"), b, 0o644)
	}
	out, err := exec.Command("pdftotext", "-bbox", filepath.Join(dir, name+".pdf"), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	var ws []printed
	page := 0
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "<page ") {
			page++
			continue
		}
		m := bboxLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		ws = append(ws, printed{page, html.UnescapeString(m[5]), v[0], v[1], v[2], v[3]})
	}
	return ws
}

// inked is the part of a word's box its letters cover: pdftotext's box runs from the font's
// ascent to its descent, well above and below most letters.
func inked(w printed) (x0, y0, x1, y1 float64) {
	h := w.yMax - w.y
	return w.x + 0.3, w.y + 0.25*h, w.xMax - 0.3, w.yMax - 0.25*h
}

// runTogether is a length's unit printed against the next label's number ("3 ft9 ft" reads
// as one word "ft9"): two labels with no space between them.
var runTogether = regexp.MustCompile(`^\d*(cm|m|ft|in|yd)\d+$`)

// overlapping lists the pairs of words printed on top of each other, and words that are two
// labels run together.
func overlapping(ws []printed) []string {
	var out []string
	for i, a := range ws {
		if runTogether.MatchString(a.text) {
			out = append(out, fmt.Sprintf("%q (two labels touching) on page %d at (%.0f, %.0f)", a.text, a.page, a.x, a.y))
		}
		ax0, ay0, ax1, ay1 := inked(a)
		for _, b := range ws[i+1:] {
			if b.page != a.page {
				continue
			}
			bx0, by0, bx1, by1 := inked(b)
			if ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1 {
				out = append(out, fmt.Sprintf("%q and %q on page %d at (%.0f, %.0f)", a.text, b.text, a.page, a.x, a.y))
			}
		}
	}
	return out
}

// skillDocument is a sheet of n questions of one skill at a grade and level, in cols columns.
func skillDocument(id string, n, grade, level, cols int, seed int64) worksheet.Document {
	s, _ := skills.Get(id)
	doc := worksheet.Document{Title: "Print check", Settings: worksheet.Settings{Columns: cols}}
	for _, it := range s.Questions(seed, n, skills.Params{Grade: grade, Level: level}, nil, lang("en").T) {
		q := it.Q
		doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q})
	}
	return doc
}

// TestDrawnLabelsDoNotCollide: on the sheet and the key of every skill that draws a labelled
// figure, at every level and in narrow and wide columns, no two words print on top of each
// other (a side's length on another's, an answer on a label).
func TestDrawnLabelsDoNotCollide(t *testing.T) {
	labelsApart(t, labelCase{
		ids:    []string{"composite-area", "area-rectangles", "perimeter-rectangles", "volume", "angles", "place-value-chart", "telling-time", "fraction-number-line", "inequalities"},
		levels: []int{-1, 0, 1, 2}, cols: []int{2, 4}, questions: 16, seed: 7, keyPowers: "23",
	})
}

// TestYoungReadersLabelsDoNotCollide: the same for a young reader's larger drawings (grade 2),
// whose labels keep the text's size.
func TestYoungReadersLabelsDoNotCollide(t *testing.T) {
	labelsApart(t, labelCase{
		ids:    []string{"composite-area", "area-rectangles", "angles", "place-value-chart", "telling-time", "fraction-number-line", "fraction-models"},
		levels: []int{0, 2}, cols: []int{4}, questions: 16, seed: 11, keyPowers: "23", grade: 2,
	})
}

// labelCase is which skills' figures labelsApart draws, at which levels and in how many
// columns, for the skill's highest grade or grade; keyPowers are the units' powers the key may
// print after a label (ft²: "ft2").
type labelCase struct {
	ids          []string
	levels, cols []int
	questions    int
	seed         int64
	keyPowers    string
	grade        int
}

// gradeOr is grade, or the skill's highest when none is asked for.
func gradeOr(grade, highest int) int {
	if grade > 0 {
		return grade
	}
	return highest
}

// labelsApart renders a sheet and key of each skill at each level and column count and
// reports every word printed on top of another.
func labelsApart(t *testing.T, c labelCase) {
	t.Helper()
	for _, id := range c.ids {
		s, _ := skills.Get(id)
		for _, level := range c.levels {
			for _, cols := range c.cols {
				name := fmt.Sprintf("%s-level%d-cols%d", id, level, cols)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					doc := skillDocument(id, c.questions, gradeOr(c.grade, s.Grades[1]), level, cols, c.seed+int64(level))
					sheet, key, err := worksheet.Render(doc)
					if err != nil {
						t.Fatal(err)
					}
					for which, src := range map[string]string{"sheet": sheet, "key": key} {
						ws := printedWords(t, name+"-"+which, src)
						if which == "key" {
							ws = slices.DeleteFunc(ws, func(w printed) bool {
								return w.text != "" && strings.ContainsRune(c.keyPowers, rune(w.text[len(w.text)-1]))
							})
						}
						if o := overlapping(ws); len(o) > 0 {
							t.Errorf("%s: %d words print on top of others: %s", which, len(o), strings.Join(o[:min(4, len(o))], "; "))
						}
					}
				})
			}
		}
	}
}

// TestClockHandsLeaveTheNumbersReadable: a clock's hands never strike a number through: both
// end short of the numbers' inner edge, the minute hand clearly the longer, and a young
// reader's clock (grades K–2) is larger than 2.5 cm on the compiled page, twelve of them
// three across on one page.
func TestClockHandsLeaveTheNumbersReadable(t *testing.T) {
	const numberRadius = 0.16 // half a number's diagonal with its air, in the face's unit
	if skills.ClockMinuteHand > skills.ClockNumbers-numberRadius {
		t.Errorf("the minute hand (%.2f) reaches the numbers (from %.2f)", skills.ClockMinuteHand, skills.ClockNumbers-numberRadius)
	}
	if skills.ClockHourHand > 0.7*skills.ClockMinuteHand {
		t.Errorf("the hour hand (%.2f) is hardly shorter than the minute hand (%.2f)", skills.ClockHourHand, skills.ClockMinuteHand)
	}
	d := writeOn(t, New(seeds()), "", "12 clocks to read for grade 2")
	if c := d.Document.Settings.Columns; c != 3 {
		t.Errorf("%d columns of clocks, want 3", c)
	}
	sheet, _, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	ws := printedWords(t, "clocks-grade2", sheet)
	// the face's width, from the centres of its 9 and its 3 on the first clock (they are
	// 2 × ClockNumbers apart on a face 2.6 across)
	var nine, three *printed
	for i := range ws {
		w := &ws[i]
		if w.page != 1 {
			continue
		}
		if w.text == "9" && nine == nil {
			nine = w
		}
		if w.text == "3" && three == nil && nine != nil && w.x > nine.x {
			three = w
		}
	}
	if nine == nil || three == nil {
		t.Fatal("no clock numbers on page 1")
	}
	apart := ((three.x+three.xMax)/2 - (nine.x+nine.xMax)/2) / 72 * 2.54
	if cm := apart * 2.6 / (2 * skills.ClockNumbers); cm <= 2.5 {
		t.Errorf("a grade-2 clock's face is %.1f cm across, not larger than 2.5 cm", cm)
	}
	if pages := ws[len(ws)-1].page; pages != 1 {
		t.Errorf("12 clocks take %d pages", pages)
	}
}

// TestNumberLineLabelsKeepTheirSize: an inequality's number line fits its column at its
// labels' own size, in 1 to 4 columns: no label prints smaller than 4pt (scaled down to a
// column, the 2-column labels were 3pt, the 4-column ones 1.5pt), and none overlap.
func TestNumberLineLabelsKeepTheirSize(t *testing.T) {
	for cols := 1; cols <= 4; cols++ {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			t.Parallel()
			doc := skillDocument("inequalities", 8, 7, 0, cols, 3)
			_, key, err := worksheet.Render(doc)
			if err != nil {
				t.Fatal(err)
			}
			ws := printedWords(t, fmt.Sprintf("numberline-%d", cols), key)
			n := 0
			for _, w := range ws {
				if w.text == "−10" || w.text == "10" {
					n++
					if h := w.yMax - w.y; h < 4 {
						t.Errorf("the label %q is %.1fpt high", w.text, h)
					}
				}
			}
			if n < 16 {
				t.Errorf("%d end labels (−10, 10) on 8 number lines", n)
			}
			if o := overlapping(ws); len(o) > 0 {
				t.Errorf("words print on top of others: %s", strings.Join(o[:min(4, len(o))], "; "))
			}
		})
	}
}

// TestLargePrintFiguresGrowWithTheType: in large print a clock's face grows at least as much
// as its numbers (they are never more crowded than in normal print), and a number line's
// labels grow with the type (from 6pt to 8pt), its ticks and room with them; nothing prints
// on top of anything else.
func TestLargePrintFiguresGrowWithTheType(t *testing.T) {
	for _, id := range []string{"telling-time", "inequalities"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			s, _ := skills.Get(id)
			var gap, height [2]float64 // a clock's 9 to its 3; a label's ("10", "12") height
			for i, large := range []bool{false, true} {
				doc := skillDocument(id, 4, s.Grades[1], 0, 2, 5)
				doc.Settings.LargePrint = large
				_, key, err := worksheet.Render(doc)
				if err != nil {
					t.Fatal(err)
				}
				ws := printedWords(t, fmt.Sprintf("large-%s-%v", id, large), key)
				if o := overlapping(ws); len(o) > 0 {
					t.Errorf("large=%v: words print on top of others: %s", large, strings.Join(o[:min(4, len(o))], "; "))
				}
				for _, w := range ws {
					switch {
					case id == "inequalities" && w.text == "10", id == "telling-time" && w.text == "12":
						height[i] = max(height[i], w.yMax-w.y)
					case id == "telling-time" && w.text == "9":
						for _, v := range ws {
							if v.text == "3" && v.page == w.page && math.Abs(v.y-w.y) < 0.5 && v.x > w.x && v.x-w.x < 150 {
								gap[i] = max(gap[i], v.x-w.x)
							}
						}
					}
				}
			}
			if height[0] == 0 || height[1] < 1.2*height[0] {
				t.Errorf("labels are %.1fpt high in large print, %.1fpt in normal print: they do not grow with the type", height[1], height[0])
			}
			if id == "inequalities" && height[1] < 6.3 {
				t.Errorf("a number line's labels are %.1fpt high in large print, want ≥ 6.3pt", height[1])
			}
			if id == "telling-time" && (gap[0] == 0 || gap[1]/gap[0] < height[1]/height[0]) {
				t.Errorf("the clock's 9 and 3 are %.1fpt apart in large print, %.1fpt in normal print, its numbers %.1fpt and %.1fpt high: the face grows less than its numbers", gap[1], gap[0], height[1], height[0])
			}
		})
	}
}

// TestNumberLinesStayWideInFourColumns: asked for 4 (or 3) columns, inequalities' number lines
// are never squeezed into a column too narrow to graph on: their rows hold fewer questions,
// and each line, from its −10 to its 10, is at least 5.5 cm wide.
func TestNumberLinesStayWideInFourColumns(t *testing.T) {
	for _, cols := range []int{3, 4} {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			t.Parallel()
			doc := skillDocument("inequalities", 8, 7, 0, cols, 3)
			_, key, err := worksheet.Render(doc)
			if err != nil {
				t.Fatal(err)
			}
			ws := printedWords(t, fmt.Sprintf("wide-numberline-%d", cols), key)
			n := 0
			for _, w := range ws {
				if w.text != "−10" {
					continue
				}
				var end *printed // the nearest 10 right of the −10, on its line
				for j, v := range ws {
					if v.text == "10" && v.page == w.page && math.Abs(v.y-w.y) < 1 && v.x > w.x && (end == nil || v.x < end.x) {
						end = &ws[j]
					}
				}
				if end != nil {
					n++
					if width := (end.xMax - w.x) / 72 * 2.54; width < 5.5 {
						t.Errorf("a number line is %.1f cm wide", width)
					}
				}
			}
			if n != 8 {
				t.Errorf("%d number lines found, want 8", n)
			}
		})
	}
}
