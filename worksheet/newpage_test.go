package worksheet

import (
	"fmt"
	"strings"
	"testing"
)

// versionsDocument is versions A, B, C… of one test: each a section marked NewPage over the
// same kinds of questions.
func versionsDocument(versions, n, cols int, layout string) Document {
	var doc Document
	for v := range versions {
		d := makeDocument("", n, cols, layout, uint64(10*n+cols))
		doc.Title, doc.Settings = "Unit test", d.Settings
		doc.Blocks = append(doc.Blocks, Block{Kind: BlockSection, Title: "Version " + letters(v, true), NewPage: true},
			Block{Kind: BlockInstructions, Text: "Answer every question."})
		for _, b := range d.Blocks {
			if b.Kind == BlockQuestion {
				q := *b.Question
				q.Text = strings.Replace(q.Text, token(len(doc.Blocks)), "", 1)
				b.Question = &q
			}
			doc.Blocks = append(doc.Blocks, b)
		}
	}
	return doc
}

// TestVersionsStartOnTheirOwnPages: each version of a test starts on a new page under the
// sheet's header, its questions numbered from 1; the key is the sheet page for page.
func TestVersionsStartOnTheirOwnPages(t *testing.T) {
	for _, v := range []struct {
		versions, n, cols int
		layout            string
	}{{3, 7, 2, LayoutStandard}, {2, 30, 3, LayoutStandard}, {2, 3, 1, LayoutExam}} {
		t.Run(fmt.Sprintf("%d-versions/%d-questions/%d-columns/%s", v.versions, v.n, v.cols, v.layout), func(t *testing.T) {
			t.Parallel()
			doc := versionsDocument(v.versions, v.n, v.cols, v.layout)
			sheetSrc, _, err := Render(doc)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(sheetSrc, `{1.}`); got != v.versions {
				t.Errorf("question 1 is numbered %d times, want once per version (%d)", got, v.versions)
			}
			if strings.Contains(sheetSrc, fmt.Sprintf(`{%d.}`, v.n+1)) {
				t.Errorf("the numbers run on across versions")
			}
			sheet, key := compileBoth(t, doc)
			if len(key) != len(sheet) {
				t.Errorf("the key has %d pages, the sheet %d", len(key), len(sheet))
			}
			prev := 0
			for i := range v.versions {
				heading := "Version " + letters(i, true)
				p := pageOf(sheet, heading)
				if len(p) != 1 {
					t.Errorf("%s is on pages %v", heading, p)
					continue
				}
				if k := pageOf(key, heading); len(k) != 1 || k[0] != p[0] {
					t.Errorf("%s is on sheet page %d and key pages %v", heading, p[0], k)
				}
				if p[0] <= prev {
					t.Errorf("%s starts on page %d, not a new page after %d", heading, p[0], prev)
				}
				page := sheet[p[0]-1]
				if !strings.Contains(page, "Unit test") || !strings.Contains(page, "Name:") ||
					strings.Index(page, "Unit test") > strings.Index(page, heading) {
					t.Errorf("%s's page does not start with the sheet's header:\n%s", heading, page)
				}
				prev = p[0]
			}
		})
	}
}
