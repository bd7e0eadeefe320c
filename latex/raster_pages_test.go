package latex

import (
	"bytes"
	"context"
	"image/png"
	"testing"
)

// Pages draws every page of a document, in order, at the width asked, and stops at max.
func TestRasterizerDrawsEveryPage(t *testing.T) {
	res, err := shared(t).Compile(context.Background(),
		`\documentclass{article}\begin{document}One\newpage Two\newpage Three\end{document}`)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRasterizer(RasterConfig{JobDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pages, err := r.Pages(context.Background(), res.PDF, 300, 10)
	if err != nil || len(pages) != 3 {
		t.Fatalf("want 3 pages, got %d: %v", len(pages), err)
	}
	for i, p := range pages {
		img, err := png.Decode(bytes.NewReader(p))
		if err != nil || img.Bounds().Dx() != 300 {
			t.Fatalf("page %d: %v %v", i+1, err, img)
		}
	}
	if bytes.Equal(pages[0], pages[1]) {
		t.Fatal("pages 1 and 2 are the same picture")
	}
	if two, err := r.Pages(context.Background(), res.PDF, 300, 2); err != nil || len(two) != 2 {
		t.Fatalf("max 2: got %d pages: %v", len(two), err)
	}
}
