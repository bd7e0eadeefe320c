package latex

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The rasteriser runs pdftoppm in the same sandbox as TeX: it draws the PDF handed to it
// through its job directory, and cannot open a file elsewhere on the host, even a PDF it
// would draw. A PDF it cannot draw is ErrNoPicture.
func TestRasterizerDrawsInTheSandbox(t *testing.T) {
	real(t)
	pdf := warmPDF // a one-page PDF
	r, err := NewRasterizer(RasterConfig{JobDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	png, err := r.FirstPage(context.Background(), pdf, 120)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("first page: %v %q", err, png[:min(len(png), 40)])
	}

	// A teacher's sheet elsewhere on the host: a valid PDF pdftoppm would draw if it could read it.
	secret := filepath.Join(t.TempDir(), "secret.pdf")
	if err := os.WriteFile(secret, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := r.sb.own(dir); err != nil {
		t.Fatal(err)
	}
	cmd := r.sb.run(dir, "", rasterEnv, []string{"pdftoppm", "-png", "-singlefile", secret, jobMount + "/out"})
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err == nil || !strings.Contains(out.String(), "Couldn't open file") {
		t.Fatalf("pdftoppm in the sandbox opened a host file: %v %s", err, out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out.png")); !os.IsNotExist(err) {
		t.Fatalf("a picture of the host's file was drawn: %v", err)
	}

	if _, err := r.FirstPage(context.Background(), []byte("%PDF-1.5\nnot a PDF at all"), 120); !errors.Is(err, ErrNoPicture) {
		t.Fatalf("a broken PDF: %v, want ErrNoPicture", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.FirstPage(ctx, pdf, 120); errors.Is(err, ErrNoPicture) || !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled drawing: %v, want context.Canceled (not a picture that fails)", err)
	}
}

// The rasteriser's job root is checked like the compiler's: a root another user made first in
// a shared temporary directory (here a symlink to a directory they read) is refused, so no
// teacher's PDF is ever written where someone else can read it.
func TestRasterizerRefusesAJobRootItDoesNotOwn(t *testing.T) {
	real(t)
	theirs := t.TempDir()
	planted := filepath.Join(t.TempDir(), "sheetsmith-latex")
	if err := os.Symlink(theirs, planted); err != nil {
		t.Fatal(err)
	}
	if r, err := NewRasterizer(RasterConfig{JobDir: planted}); err == nil {
		r.Close()
		t.Fatal("a job root that is a symlink was used")
	}
	if os.Geteuid() == 0 {
		other := filepath.Join(t.TempDir(), "sheetsmith-latex")
		if err := os.Mkdir(other, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(other, nobody, nobody); err != nil {
			t.Fatal(err)
		}
		if r, err := NewRasterizer(RasterConfig{JobDir: other}); err == nil {
			r.Close()
			t.Fatal("a job root of another user was used")
		}
	}
	if left, _ := os.ReadDir(theirs); len(left) != 0 {
		t.Fatalf("written into the other user's directory: %v", left)
	}
}

// With the operator's opt-out the same rasteriser runs pdftoppm directly (the job's paths
// are the host's).
func TestRasterizerUnsandboxed(t *testing.T) {
	real(t)
	r, err := NewRasterizer(RasterConfig{Unsandboxed: true, JobDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if png, err := r.FirstPage(context.Background(), warmPDF, 80); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("unsandboxed: %v", err)
	}
}
