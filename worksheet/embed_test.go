package worksheet

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// Sources saved by the server before the document block was re-derived (main at 12797dd, a
// sheet and its key for two documents) still carry their documents.
func TestSavedSourcesStillExtract(t *testing.T) {
	raw, err := os.ReadFile("testdata/saved-12797dd.json")
	if err != nil {
		t.Fatal(err)
	}
	var saved []string
	if err := json.Unmarshal(raw, &saved); err != nil {
		t.Fatal(err)
	}
	for i, src := range saved {
		doc, ok := Extract(src)
		if !ok || len(doc.Blocks) == 0 {
			t.Errorf("saved source %d no longer carries its document", i)
		}
	}
}

// forge is what anyone can write: the sheet with its block replaced by one of their own,
// the body's hash recomputed (it is unkeyed).
func forge(t *testing.T, sheet string, doc Document) string {
	t.Helper()
	plain := strip(sheet)
	block, err := docBlock(plain, doc)
	if err != nil {
		t.Fatal(err)
	}
	return plain + block
}

// A block written by hand to carry what its body does not (a planted figure) is not the
// source's document, though its hash of the body is right: only a block that renders to the
// body is. One that renders to the body but fails validation is read (and refused by its
// users, which validate it).
func TestExtractRefusesAForgedBlock(t *testing.T) {
	doc := sampleDocument()
	sheet, _, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	planted := doc
	planted.Blocks = append(append([]Block{}, doc.Blocks...), Block{Kind: BlockFigure, Figure: &Figure{
		LaTeX: `\begin{tikzpicture}\node {PLANTED-FIGURE-7Q};\end{tikzpicture}`}})
	forged := forge(t, sheet, planted)
	if !strings.Contains(forged, "body="+bodyHash(strip(sheet))) {
		t.Fatal("the forged block does not carry the body's hash")
	}
	if got, ok := Extract(forged); ok {
		t.Fatalf("a forged block was taken for the document: %d blocks", len(got.Blocks))
	}
	if _, ok := Extract(strings.ReplaceAll(forged, "\n", "\r\n")); ok {
		t.Fatal("a forged block with CRLF line ends was taken for the document")
	}

	// the same body, a layout no renderer writes: read, and refused by Validate
	odd := doc
	odd.Settings.Layout = "poster"
	got, ok := Extract(forge(t, sheet, odd))
	if !ok || got.Settings.Layout != "poster" {
		t.Fatalf("a block that renders to the body: %v", ok)
	}
	if err := Validate(got); err == nil || !strings.Contains(err.Error(), "layout") {
		t.Fatalf("Validate of the odd block: %v", err)
	}
}
