package export

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image/png"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// tallFigure is a TikZ drawing as tall as TeX allows (575 cm): drawn at 200 dpi it was
// 1400 × 45,000 pixels, decoded whole in the server (250 MB a picture).
func tallFigure(caption string) worksheet.Block {
	return worksheet.Block{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{Caption: caption,
		LaTeX: `\begin{tikzpicture}\draw[line width=2pt] (0,0) rectangle (17,570);\fill (8,285) circle (3);\end{tikzpicture}`}}
}

// heapPeak samples the heap while fn runs and returns how far it grew above where it began.
func heapPeak(fn func()) uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, m.HeapAlloc
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				var s runtime.MemStats
				runtime.ReadMemStats(&s)
				peak = max(peak, s.HeapAlloc)
			}
		}
	}()
	fn()
	close(done)
	wg.Wait()
	runtime.ReadMemStats(&m)
	return max(peak, m.HeapAlloc) - base
}

// A Word export of figures as tall as TeX allows stays inside its memory budget: each is drawn
// inside latex.MaxPicturePixels by the sandboxed pdftoppm (shrunk to 14 inches by TeX, cut
// there whatever the page), and the server reads only such pictures. The export finishes
// within its deadline with the figures as pictures no larger than the budget.
func TestDOCXTallFiguresStayInTheirBudget(t *testing.T) {
	pictures, pandoc := wordTools(t)
	doc := everyKind()
	doc.Blocks = append(doc.Blocks, tallFigure("A tall drawing"), tallFigure("Another tall drawing"))
	if err := worksheet.Validate(doc); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var docx []byte
	var err error
	grew := heapPeak(func() { docx, err = DOCX(ctx, doc, false, pictures, pandoc) })
	if err != nil {
		t.Fatalf("the export failed: %v", err)
	}
	t.Logf("heap growth during the export: %d MB", grew>>20)
	if grew > 100<<20 {
		t.Errorf("the server's heap grew by %d MB during the export (budget 100 MB)", grew>>20)
	}
	z, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, f := range z.File {
		if !strings.HasPrefix(f.Name, "word/media/") {
			continue
		}
		r, _ := f.Open()
		data, _ := io.ReadAll(r)
		r.Close()
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if cfg.Width*cfg.Height > latex.MaxPicturePixels {
			t.Errorf("%s is %d × %d pixels, over the budget of %d", f.Name, cfg.Width, cfg.Height, latex.MaxPicturePixels)
		}
		if cfg.Height > 2000 {
			drawn++
		}
	}
	if drawn != 2 {
		t.Errorf("%d tall pictures in the document, want 2 (shrunk, not lost)", drawn)
	}
	w := readWord(t, docx)
	if !strings.Contains(w.doc, `descr="A tall drawing"`) {
		t.Errorf("the tall figure is not a picture: %s", text(w.doc))
	}
}

// A picture larger than the budget is never decoded: its header says so and it is refused.
func TestCropWhiteRefusesAPictureOverTheBudget(t *testing.T) {
	// an IHDR of 1400 × 45000 pixels and nothing else: decoding it would need 250 MB
	ihdr := []byte("IHDR\x00\x00\x05\x78\x00\x00\xaf\xc8\x08\x02\x00\x00\x00")
	hdr := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"), ihdr...)
	hdr = binary.BigEndian.AppendUint32(hdr, crc32.ChecksumIEEE(ihdr))
	if cfg, err := png.DecodeConfig(bytes.NewReader(hdr)); err != nil || cfg.Width != 1400 || cfg.Height != 45000 {
		t.Fatalf("the test's header reads as %v, %v", cfg, err)
	}
	if _, _, _, err := cropWhite(hdr); err == nil || !strings.Contains(err.Error(), "pixels") {
		t.Fatalf("a 1400 × 45000 picture: %v, want refused by its size", err)
	}
}
