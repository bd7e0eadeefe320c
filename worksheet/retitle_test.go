package worksheet

import (
	"strings"
	"testing"

	"sheetsmith/latex"
)

// TestRetitle: a renamed document prints its new title on the sheet and the key, and still
// carries itself (with the new title) for later edits and keys; a source without a document,
// or one already so titled, is left as written.
func TestRetitle(t *testing.T) {
	doc := sampleDocument()
	doc.Title = "Old Heading"
	src, _, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	sheet, key, changed, err := Retitle(src, "  Fractions & Friends  ")
	if err != nil || !changed {
		t.Fatalf("Retitle: changed %v, err %v", changed, err)
	}
	for name, s := range map[string]string{"sheet": sheet, "key": key} {
		if !strings.Contains(s, `Fractions \& Friends`) || strings.Contains(s, "Old Heading") {
			t.Errorf("the %s does not print only the new title", name)
		}
	}
	if got, ok := Extract(sheet); !ok || got.Title != "Fractions & Friends" {
		t.Errorf("the retitled sheet carries %q (ok %v)", got.Title, ok)
	}
	if _, _, changed, _ := Retitle(sheet, "Fractions & Friends"); changed {
		t.Error("the same title rendered again")
	}
	handWritten := "\\documentclass{article}\n\\title{Mine}\n\\begin{document}\\maketitle Hi\\end{document}\n"
	if _, _, changed, _ := Retitle(handWritten, "New"); changed {
		t.Error("a hand-written source was rewritten")
	}
	// a body changed by hand after the server wrote it is the teacher's: not re-rendered
	body, _ := latex.Body(src)
	edited := strings.Replace(src, body, body+"\n\\question My own question.", 1)
	if _, _, changed, _ := Retitle(edited, "New"); changed {
		t.Error("a source edited by hand was rewritten from its stale document")
	}
}
