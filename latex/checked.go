package latex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrActiveContent is a PDF the checker refused: it runs code, acts by itself or carries files.
var ErrActiveContent = errors.New("the PDF contains active content (JavaScript, actions, embedded or linked files), which is not allowed")

// ErrTooManyPages is a PDF with more than MaxPages pages (counted in its checked page tree).
var ErrTooManyPages = fmt.Errorf("the document has more than %d pages", MaxPages)

// PDFChecker checks PDFs made elsewhere (a remote worker's) exactly as a compile's own PDF is
// checked: in a limited child process of this binary.
type PDFChecker struct {
	pc  *pdfChecker
	dir string
}

// NewPDFChecker keeps up to spares checking processes started ahead.
func NewPDFChecker(spares int) (*PDFChecker, error) {
	dir, err := os.MkdirTemp("", "sheetsmith-pdfcheck-")
	if err != nil {
		return nil, err
	}
	pc, err := newPDFChecker(spares)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &PDFChecker{pc: pc, dir: dir}, nil
}

// Check returns the bytes that may be served for pdf (the checker's re-serialisation of what it
// parsed strictly, never pdf itself), or ErrActiveContent or ErrTooManyPages (wrapped), or
// another error when the PDF cannot be read strictly, is too large or took too long.
func (c *PDFChecker) Check(ctx context.Context, pdf []byte) ([]byte, error) {
	if len(pdf) > MaxPDF {
		return nil, errPDFTooLarge
	}
	out, err := os.CreateTemp(c.dir, "*.pdf")
	if err != nil {
		return nil, err
	}
	// The child writes a file that does not exist yet: only the name is reserved here.
	path := out.Name()
	out.Close()
	os.Remove(path)
	defer os.Remove(path)
	if _, err := c.pc.check(ctx, bytes.NewReader(pdf), int64(len(pdf)), path); err != nil {
		var rej *pdfRejection
		if errors.As(err, &rej) {
			return nil, errors.Join(ErrActiveContent, err)
		}
		return nil, err
	}
	return os.ReadFile(filepath.Clean(path))
}

// Close stops the processes started ahead.
func (c *PDFChecker) Close() {
	c.pc.close()
	os.RemoveAll(c.dir)
}
