// Package pdfwords reads the words of a PDF with their boxes (poppler's pdftotext -bbox), for
// tests that check what a teacher sees on the page: an answer key that writes over its
// sheet's text or off the paper, a sheet and key that are not page for page.
package pdfwords

import (
	"bytes"
	"fmt"
	"html"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// Word is one word on a page, its box in points from the page's top left.
type Word struct {
	Page             int // from 1
	Text             string
	X, Y, XMax, YMax float64
}

// Page is one page's size in points.
type Page struct{ Width, Height float64 }

// Doc is a PDF's pages and words.
type Doc struct {
	Pages []Page
	Words []Word
}

var (
	pageLine = regexp.MustCompile(`^<page width="([0-9.]+)" height="([0-9.]+)">`)
	wordLine = regexp.MustCompile(`^<word xMin="([0-9.-]+)" yMin="([0-9.-]+)" xMax="([0-9.-]+)" yMax="([0-9.-]+)">(.*)</word>$`)
)

// Read runs pdftotext -bbox on pdf.
func Read(pdf []byte) (Doc, error) {
	cmd := exec.Command("pdftotext", "-bbox", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		return Doc{}, fmt.Errorf("pdftotext -bbox: %w", err)
	}
	var d Doc
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if m := pageLine.FindStringSubmatch(line); m != nil {
			w, _ := strconv.ParseFloat(m[1], 64)
			h, _ := strconv.ParseFloat(m[2], 64)
			d.Pages = append(d.Pages, Page{w, h})
			continue
		}
		m := wordLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		d.Words = append(d.Words, Word{len(d.Pages), html.UnescapeString(m[5]), v[0], v[1], v[2], v[3]})
	}
	return d, nil
}

// overlap is how far two boxes overlap in each direction (negative: apart).
func overlap(a, b Word) (dx, dy float64) {
	return min(a.XMax, b.XMax) - max(a.X, b.X), min(a.YMax, b.YMax) - max(a.Y, b.Y)
}

// same reports whether two words are the same word at the same place.
func same(a, b Word) bool {
	const eps = 0.6
	return a.Page == b.Page && a.Text == b.Text && abs(a.X-b.X) < eps && abs(a.Y-b.Y) < eps
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// KeyProblems lists, in plain words, what a teacher would see wrong in an answer key printed
// from its sheet: a page count that differs (the key is not the sheet page for page), an
// answer written over a word of the sheet, or a word cut at the paper's edge. The words the key
// adds are its answers: those not at the same place in the sheet. skip holds words the key
// may print over (the title line, which gains "Answer Key").
func KeyProblems(sheet, key Doc, skip ...string) []string {
	var problems []string
	if len(sheet.Pages) != len(key.Pages) {
		problems = append(problems, fmt.Sprintf("the sheet has %d pages and the key %d", len(sheet.Pages), len(key.Pages)))
	}
	skipped := map[string]bool{}
	for _, s := range skip {
		for _, w := range strings.Fields(s) {
			skipped[w] = true
		}
	}
	byPage := map[int][]Word{}
	for _, w := range sheet.Words {
		byPage[w.Page] = append(byPage[w.Page], w)
	}
	for _, k := range key.Words {
		if k.Page <= len(key.Pages) {
			p := key.Pages[k.Page-1]
			if k.X < -0.5 || k.Y < -0.5 || k.XMax > p.Width+0.5 || k.YMax > p.Height+0.5 {
				problems = append(problems, fmt.Sprintf("page %d: %q runs off the paper", k.Page, k.Text))
			}
		}
		added := true
		for _, s := range byPage[k.Page] {
			if same(s, k) {
				added = false
				break
			}
		}
		if !added || skipped[k.Text] {
			continue
		}
		for _, s := range byPage[k.Page] {
			if skipped[s.Text] || strings.Contains(k.Text, s.Text) || strings.Contains(s.Text, k.Text) {
				continue // pdftotext splits and joins digits of a fraction differently beside an answer
			}
			// pdftotext's boxes are a font's whole height: boxes of neighbouring lines touch,
			// and an answer raised onto its line reaches a little into the line above
			if dx, dy := overlap(k, s); dx > 1 && dy > 0.45*min(k.YMax-k.Y, s.YMax-s.Y) {
				problems = append(problems, fmt.Sprintf("page %d: the key's %q is printed over the sheet's %q", k.Page, k.Text, s.Text))
				break
			}
		}
	}
	keyByPage := map[int][]Word{}
	for _, k := range key.Words {
		keyByPage[k.Page] = append(keyByPage[k.Page], k)
	}
	moved := 0
	for _, s := range sheet.Words {
		if skipped[s.Text] {
			continue
		}
		kept := false
		for _, k := range keyByPage[s.Page] {
			dx, dy := overlap(k, s)
			if same(s, k) || (strings.Contains(k.Text, s.Text) || strings.Contains(s.Text, k.Text)) && dx > 0 && dy > 0 {
				kept = true
				break
			}
		}
		if !kept && moved < 3 {
			problems = append(problems, fmt.Sprintf("page %d: the key moves the sheet's %q", s.Page, s.Text))
			moved++
		}
	}
	return problems
}
