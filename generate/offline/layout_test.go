package offline

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// Stacked multiplication by one digit has no partial products: the answer goes on the line
// under the bar, four across, and 25 of them fit one page (the sheet and its key).
func TestStackedByOneDigitIsCompact(t *testing.T) {
	d, err := New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: "25 two-digit by one-digit multiplication problems"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := d.Document.Settings.Columns; c != 4 {
		t.Errorf("%d columns, want 4", c)
	}
	for _, b := range d.Document.Blocks {
		if b.Kind == worksheet.BlockQuestion && b.Question.Space.Kind != worksheet.SpaceBlank {
			t.Fatalf("a question has %+v, not the line under its bar", b.Question.Space)
		}
	}
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	if _, pages := pdf(t, "stacked", sheet); pages != 1 {
		t.Errorf("the sheet takes %d pages", pages)
	}
	if _, pages := pdf(t, "stackedkey", key); pages != 1 {
		t.Errorf("the key takes %d pages", pages)
	}
	// By two digits there are partial products to write: room to work stays.
	d, _ = New(func() int64 { return 3 }).Write(context.Background(), generate.Request{Prompt: "10 two-digit by two-digit multiplication problems"}, nil)
	if q := d.Document.Blocks[2].Question; q.Space.Kind != worksheet.SpaceWork {
		t.Errorf("2-digit by 2-digit: %+v, want room to work", q.Space)
	}
}

// TestLargePrintSizes: large print ("big print") is an 18 pt body; on a kindergarten or first
// grade sheet it is 24 pt. Measured on the compiled sheet: the instructions' words are as tall
// as 18 pt words, and a third taller on the grade-1 sheet.
func TestLargePrintSizes(t *testing.T) {
	height := func(name, prompt string) float64 {
		d := writeOn(t, New(seeds()), "", prompt)
		sheet, _, err := worksheet.Render(*d.Document)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range printedWords(t, name, sheet) {
			if w.text == "Add." { // the instructions, in the body's size

				return w.yMax - w.y
			}
		}
		t.Fatalf("%s: no instructions found", name)
		return 0
	}
	large, young := height("big", "big print addition, 10 problems, grade 3"), height("young", "large print addition, 10 problems, grade 1")
	// the sans face's italic words are 0.92 of their size tall (ascender to descender): 16.6 pt
	// at 18 pt, 13.2 at the 14.4 pt big print once was
	if large < 18*0.88 || large > 18*0.96 {
		t.Errorf("large print's words are %.1f pt tall: not 18 pt", large)
	}
	if r := young / large; r < 1.28 || r > 1.38 {
		t.Errorf("grade-1 large print is %.2f times grade-3 large print, want 24/18", r)
	}
}

// TestColumnsHoldTheirQuestions: a sheet's columns are the most its widest question fits in:
// on common sheets, compiled, the questions stand in that many columns, every word (sheet and
// key) is inside the text's margins, and no word is printed over another.
func TestColumnsHoldTheirQuestions(t *testing.T) {
	for _, c := range []struct {
		prompt   string
		min, max int // columns a teacher would take for these
	}{
		{"20 two-digit addition problems for grade 2", 4, 4},
		{"30 multiplication facts", 4, 4},
		{"10 word problems for grade 3", 1, 1},
		{"12 fraction addition problems for grade 5", 3, 4},
		{"12 two-step equations", 2, 3},
		{"10 long division problems for grade 5", 3, 4},
		{"10 two-digit by two-digit multiplication problems", 3, 4},
		{"12 clocks to read for grade 2", 3, 4},
		{"10 fraction number line problems for grade 3", 2, 3},
		{"10 place value chart problems for grade 2", 3, 4},
		{"10 area of rectangles for grade 3", 3, 3},
		{"15 simplify fractions for grade 5", 2, 3},
		{"large print addition within 10 for grade 1, 10 problems", 1, 1},
	} {
		t.Run(c.prompt, func(t *testing.T) {
			t.Parallel()
			d := writeOn(t, New(seeds()), "", c.prompt)
			cols := d.Document.Settings.Columns
			if cols < c.min || cols > c.max {
				t.Errorf("%d columns, want %d to %d", cols, c.min, c.max)
			}
			sheet, key, err := worksheet.Render(*d.Document)
			if err != nil {
				t.Fatal(err)
			}
			for name, src := range map[string]string{"sheet": sheet, "key": key} {
				ws := printedWords(t, name, src)
				const left, right = 43.2 - 1, 612 - 43.2 + 1 // Letter, narrow margins
				numbers := map[int]bool{}
				for i, w := range ws {
					if w.x < left || w.xMax > right {
						t.Errorf("%s: %q printed at %.0f–%.0f pt, outside the margins", name, w.text, w.x, w.xMax)
					}
					if w.page == 1 && regexp.MustCompile(`^\d+\.$`).MatchString(w.text) {
						numbers[int(w.x+0.5)/5] = true
					}
					for _, o := range ws[i+1:] {
						if o.page == w.page && min(w.xMax, o.xMax)-max(w.x, o.x) > 1 && min(w.yMax, o.yMax)-max(w.y, o.y) > 1 {
							t.Errorf("%s: %q printed over %q", name, w.text, o.text)
						}
					}
				}
				if len(numbers) != cols {
					t.Errorf("%s: questions stand in %d columns, the sheet asks for %d", name, len(numbers), cols)
				}
			}
		})
	}
}

// TestYoungReadersDrawingsAreLarger: a young reader's drawing (grades K–2) is larger than an
// older one's, its labels as large as ever: on the compiled sheets, a grade-2 fraction number
// line's 0 and 1 are farther apart than a grade-3 one's by the young readers' scale.
func TestYoungReadersDrawingsAreLarger(t *testing.T) {
	span := func(grade int) float64 {
		d := writeOn(t, New(seeds()), "", fmt.Sprintf("10 fraction number line problems for grade %d", grade))
		sheet, _, err := worksheet.Render(*d.Document)
		if err != nil {
			t.Fatal(err)
		}
		ws := printedWords(t, fmt.Sprint("line", grade), sheet)
		for i, zero := range ws {
			if zero.text != "0" {
				continue
			}
			for _, one := range ws[i+1:] {
				if one.text == "1" && one.page == zero.page && math.Abs(one.y-zero.y) < 1 && one.x > zero.x {
					return (one.x + one.xMax - zero.x - zero.xMax) / 2
				}
			}
		}
		t.Fatalf("grade %d: no 0 and 1 under a number line", grade)
		return 0
	}
	young, older := span(2), span(3)
	if r := young / older; r < 1.25 || r > 1.35 {
		t.Errorf("a grade-2 number line is %.2f times a grade-3 one (%.0f pt, %.0f pt), want 1.3", r, young, older)
	}
}

// TestEachSectionItsColumns: on a sheet of short sums and word problems, the sums stand four
// across and the word problems one under another, on one page, sheet and key.
func TestEachSectionItsColumns(t *testing.T) {
	d := writeOn(t, New(seeds()), "", "10 word problems and 10 addition problems for grade 2")
	// each section's question numbers, and the columns it should stand in
	type section struct {
		numbers []string
		cols    int
	}
	var sections []section
	n := 0
	for _, b := range d.Document.Blocks {
		switch {
		case b.Kind == worksheet.BlockSection:
			sections = append(sections, section{cols: 4})
		case b.Question != nil:
			n++
			sec := &sections[len(sections)-1]
			sec.numbers = append(sec.numbers, fmt.Sprintf("%d.", n))
			if len(b.Question.Text) > 40 { // a word problem
				sec.cols = 1
			}
		}
	}
	if len(sections) != 2 || sections[0].cols == sections[1].cols {
		t.Fatalf("want a section of sums and one of word problems: %+v", sections)
	}
	sheet, key, err := worksheet.Render(*d.Document)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"sheet": sheet, "key": key} {
		ws := printedWords(t, "sections-"+name, src)
		for _, sec := range sections {
			across := map[int]bool{}
			for _, w := range ws {
				if slices.Contains(sec.numbers, w.text) {
					across[int(w.x+0.5)/5] = true
				}
				if w.page > 1 {
					t.Fatalf("%s: more than one page", name)
				}
			}
			if len(across) != sec.cols {
				t.Errorf("%s: questions %s…%s stand in %d columns, want %d", name, sec.numbers[0], sec.numbers[len(sec.numbers)-1], len(across), sec.cols)
			}
		}
	}
}
