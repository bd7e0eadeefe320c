package latex

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// onePixel is a PNG of one white pixel.
var onePixel, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")

// pandocAST is a paragraph with maths and one picture at src.
func pandocAST(src string) []byte {
	return []byte(`{"pandoc-api-version":[1,22,2,1],"meta":{},"blocks":[` +
		`{"t":"Para","c":[{"t":"Str","c":"Half:"},{"t":"Space"},{"t":"Math","c":[{"t":"InlineMath"},"\\frac{1}{2}"]}]},` +
		`{"t":"Para","c":[{"t":"Image","c":[["",[],[]],[{"t":"Str","c":"a picture"}],["` + src + `",""]]}]}]}`)
}

// docxParts reads a .docx's parts by name.
func docxParts(t *testing.T, docx []byte) map[string][]byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		t.Fatalf("not a .docx: %v", err)
	}
	parts := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		parts[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	return parts
}

// Pandoc runs in the sandbox TeX runs in: it converts the AST with the pictures put in its
// job directory, and cannot read a file elsewhere on the host through a picture's path, even
// a picture it would embed.
func TestPandocConvertsInTheSandbox(t *testing.T) {
	real(t)
	p, err := NewPandoc(PandocConfig{JobDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	docx, err := p.DOCX(context.Background(), pandocAST("fig1.png"), map[string][]byte{"fig1.png": onePixel})
	if err != nil {
		t.Fatal(err)
	}
	parts := docxParts(t, docx)
	doc := string(parts["word/document.xml"])
	if !strings.Contains(doc, "<m:oMath") || !strings.Contains(doc, `descr="a picture"`) {
		t.Fatalf("no equation or no picture: %s", doc)
	}
	media := 0
	for name := range parts {
		if strings.HasPrefix(name, "word/media/") {
			media++
		}
	}
	if media != 1 {
		t.Fatalf("%d pictures embedded, want the one in the job", media)
	}

	// A teacher's file elsewhere on the host, named by absolute path and by a path out of
	// the job directory: a real PNG pandoc would embed if it could read it.
	secretDir := t.TempDir()
	secret := filepath.Join(secretDir, "secret.png")
	marked := append(append([]byte{}, onePixel...), []byte("SECRET-MARK-7731")...)
	if err := os.WriteFile(secret, marked, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(secretDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{secret, "../../../../../.." + secret, "file://" + secret} {
		docx, err := p.DOCX(context.Background(), pandocAST(src), nil)
		if err != nil {
			continue // refusing is fine too
		}
		for name, data := range docxParts(t, docx) {
			if strings.HasPrefix(name, "word/media/") || bytes.Contains(data, []byte("SECRET-MARK")) {
				t.Fatalf("pandoc read %s from the host into %s", src, name)
			}
		}
	}

	if _, err := p.DOCX(context.Background(), []byte(`{"not":"an AST"}`), nil); !errors.Is(err, ErrNoDocument) {
		t.Fatalf("a broken AST: %v, want ErrNoDocument", err)
	}
	if _, err := p.DOCX(context.Background(), pandocAST("x.png"), map[string][]byte{"../x.png": onePixel}); err == nil {
		t.Fatal("a job file named out of the job directory was written")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.DOCX(ctx, pandocAST("fig1.png"), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled conversion: %v, want context.Canceled", err)
	}
}

// Pandoc's job root is checked like the compiler's: a symlink planted where it would be made
// is refused.
func TestPandocRefusesAJobRootItDoesNotOwn(t *testing.T) {
	real(t)
	theirs := t.TempDir()
	planted := filepath.Join(t.TempDir(), "sheetsmith-latex")
	if err := os.Symlink(theirs, planted); err != nil {
		t.Fatal(err)
	}
	if p, err := NewPandoc(PandocConfig{JobDir: planted}); err == nil {
		p.Close()
		t.Fatal("a job root that is a symlink was used")
	}
	if left, _ := os.ReadDir(theirs); len(left) != 0 {
		t.Fatalf("written into the other user's directory: %v", left)
	}
}
