package latex

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"testing"
)

// tallPDF is a one-page PDF as tall as a PDF page may be (14,400 pt, 200 in) and w pt wide,
// filled black: what a figure, or a hand-written page, as tall as TeX allows draws.
func tallPDF(w int) []byte {
	content := fmt.Sprintf("0 g 0 0 %d 14400 re f", w)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d 14400] /Contents 4 0 R /Resources << >> >>", w),
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// A page as tall as a PDF allows, or as thin (which scaling to a width makes taller still),
// is drawn inside the pixel budget: pdftoppm draws the top of it, MaxPicturePixels at most,
// never the page whole (1400 × 40,000 pixels at 200 dpi; 800 × 5.8 million for the thin one).
func TestRasterizerDrawsInsideThePixelBudget(t *testing.T) {
	real(t)
	r, err := NewRasterizer(RasterConfig{JobDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, c := range []struct{ pageWidth, width int }{{504, 1400}, {2, 800}} {
		pages, err := r.Pages(context.Background(), tallPDF(c.pageWidth), c.width, 1)
		if err != nil {
			t.Fatalf("%d pt wide: %v", c.pageWidth, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(pages[0]))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != c.width || cfg.Width*cfg.Height > MaxPicturePixels {
			t.Errorf("%d pt wide: drawn %d × %d, budget %d pixels at %d wide", c.pageWidth, cfg.Width, cfg.Height, MaxPicturePixels, c.width)
		}
	}
	if _, err := r.FirstPage(context.Background(), warmPDF, MaxRasterWidth+1); err == nil {
		t.Error("a picture wider than MaxRasterWidth was drawn")
	}
}
