package latex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// rasterTree lists what pdftoppm reads besides its binary and libraries: fontconfig's
// configuration and the fonts it may substitute for a font a PDF does not embed.
var rasterTree = []string{"/etc/fonts", "/usr/share/fontconfig", "/usr/share/fonts", "/usr/share/poppler", "/var/cache/fontconfig"}

// Limits of one drawing (besides the sandbox's own). Every page is drawn inside a box of at
// most MaxPicturePixels (pdftoppm's -W/-H crop: it allocates the box, never the page, so a
// page as tall as TeX allows costs what a normal one does), at most MaxRasterWidth wide; the
// pictures of one run are read only up to maxRasterBytes.
const (
	rasterTimeout    = 15 * time.Second
	rasterCPU        = 15      // seconds
	rasterMemory     = 1 << 30 // virtual memory
	MaxPicturePixels = 4 << 20 // 1400 × 2995: a 7 × 14.9 inch picture at 200 dpi
	MaxRasterWidth   = 2000
	maxRasterBytes   = 48 << 20
)

// ErrNoPicture means pdftoppm ran and could not draw the PDF (it failed, or met its time or
// memory limit): the same PDF fails the same way again, so a caller may remember it.
var ErrNoPicture = errors.New("latex: the picture could not be drawn")

// RasterConfig configures a Rasterizer.
type RasterConfig struct {
	Unsandboxed bool   // the operator's opt-out, as Config.Unsandboxed
	JobDir      string // as Config.JobDir: by default the compiler's root, so one start clears both
}

// Rasterizer draws pictures of PDFs with poppler's pdftoppm, in the sandbox TeX runs in (its
// own files only, the job directory, nobody's uid, no network, limits), with its job
// directories under a job root this process owns.
type Rasterizer struct {
	sb   *sandbox
	root string
}

// NewRasterizer checks that pdftoppm runs in the sandbox and makes its job root.
func NewRasterizer(cfg RasterConfig) (*Rasterizer, error) {
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, errors.New("latex: pdftoppm is not installed (Debian: apt-get install poppler-utils)")
	}
	sb, err := newSandbox(tool, rasterTree, cfg.Unsandboxed, "bwrap")
	if err != nil {
		return nil, err
	}
	sb.cpuSeconds, sb.addrSpace = rasterCPU, rasterMemory
	root, err := jobRoot(cfg.JobDir)
	if err != nil {
		return nil, err
	}
	if err := sb.check(root, rasterEnv, []string{"pdftoppm", "-v"}); err != nil {
		os.RemoveAll(root)
		return nil, fmt.Errorf("latex: %w", err)
	}
	return &Rasterizer{sb: sb, root: root}, nil
}

// rasterEnv is pdftoppm's whole environment; fontconfig may write its cache in the job.
var rasterEnv = []string{"PATH=/usr/bin:/bin", "HOME=" + jobMount, "LANG=C.UTF-8", "XDG_CACHE_HOME=" + jobMount + "/.cache"}

// FirstPage draws page one of pdf as a PNG width pixels wide and at most MaxPicturePixels/width
// tall (a taller page is cut at that height). A PDF pdftoppm cannot draw is ErrNoPicture, and
// so are pictures over maxRasterBytes; a cancelled ctx is ctx's error.
func (r *Rasterizer) FirstPage(ctx context.Context, pdf []byte, width int) ([]byte, error) {
	pages, err := r.draw(ctx, pdf, width, 1)
	if err != nil {
		return nil, err
	}
	return pages[0], nil
}

// Pages draws pages 1 to at most max of pdf as PNGs width pixels wide, in page order: one
// sandboxed run for the whole document. Errors as FirstPage.
func (r *Rasterizer) Pages(ctx context.Context, pdf []byte, width, max int) ([][]byte, error) {
	return r.draw(ctx, pdf, width, max)
}

// draw runs pdftoppm once over pages 1..last and reads its pictures in page order.
func (r *Rasterizer) draw(ctx context.Context, pdf []byte, width, last int) ([][]byte, error) {
	if last < 1 {
		return nil, errors.New("latex: no page to draw")
	}
	if width < 1 || width > MaxRasterWidth {
		return nil, fmt.Errorf("latex: a picture %d pixels wide (at most %d)", width, MaxRasterWidth)
	}
	dir, err := os.MkdirTemp(r.root, "raster-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := r.sb.own(dir); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "in.pdf"), pdf, 0o644); err != nil {
		return nil, err
	}
	// -W/-H crop every page to the pixel budget: pdftoppm allocates the crop, not the page.
	args := []string{"pdftoppm", "-f", "1", "-l", strconv.Itoa(last), "-png",
		"-scale-to-x", strconv.Itoa(width), "-scale-to-y", "-1",
		"-x", "0", "-y", "0", "-W", strconv.Itoa(width), "-H", strconv.Itoa(MaxPicturePixels / width),
		jobMount + "/in.pdf", jobMount + "/out"}
	if err := r.sb.runTool(ctx, dir, rasterEnv, args, rasterTimeout, ErrNoPicture); err != nil {
		return nil, err
	}
	pages, err := readPages(r.sb, dir)
	if err != nil {
		return nil, err
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("%w: pdftoppm wrote no picture", ErrNoPicture)
	}
	return pages, nil
}

// readPages reads pdftoppm's out-N.png files (N zero-padded to the page count's width) in
// page order: regular files only, opened without following a link, maxRasterBytes in all.
func readPages(sb *sandbox, dir string) ([][]byte, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	numbered := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		digits, found := strings.CutPrefix(strings.TrimSuffix(name, ".png"), "out-")
		if !found || !strings.HasSuffix(name, ".png") || !e.Type().IsRegular() {
			continue
		}
		if n, err := strconv.Atoi(digits); err == nil && n > 0 {
			numbered[n] = name
		}
	}
	var pages [][]byte
	left := int64(maxRasterBytes)
	for n := 1; numbered[n] != ""; n++ {
		png, err := sb.readWhole(dir, numbered[n], left)
		if errors.Is(err, errTooBig) {
			return nil, fmt.Errorf("%w: the pictures are over %d MB", ErrNoPicture, maxRasterBytes>>20)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrNoPicture, numbered[n], err)
		}
		left -= int64(len(png))
		pages = append(pages, png)
	}
	return pages, nil
}

// Close removes the job root.
func (r *Rasterizer) Close() error {
	return os.RemoveAll(r.root)
}
