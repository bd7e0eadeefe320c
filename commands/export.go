package commands

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"sheetsmith/config"
	"sheetsmith/export"
	"sheetsmith/generate"
	"sheetsmith/hooks"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Exporter writes worksheet documents as Word documents and .tex projects: the server's
// GET /export/{id} (hooks.Deps.Export) and `generate -o sheet.docx`. pandoc and the
// rasterizer for a Word document's pictures start on the first Word export, so a server that
// never exports never starts them.
type Exporter struct {
	cfg    config.Config
	once   sync.Once
	pandoc *latex.Pandoc
	raster *latex.Rasterizer
	err    error
}

// NewExporter makes an Exporter; nothing starts until it is used.
func NewExporter(cfg config.Config) *Exporter { return &Exporter{cfg: cfg} }

// Export is hooks.ExportFunc: format "docx" or "tex"; compile typesets a Word document's
// figures (nil: each figure is its caption in words).
func (x *Exporter) Export(ctx context.Context, doc worksheet.Document, format string, key bool, compile generate.Compiler) ([]byte, error) {
	switch format {
	case "tex":
		return export.TeXProject(doc, key)
	case "docx":
		x.once.Do(x.start)
		if x.err != nil {
			return nil, fmt.Errorf("%w: %w", hooks.ErrExportOff, x.err)
		}
		var pictures export.Pictures
		if compile != nil {
			pictures = export.PagesOf(func(ctx context.Context, src string) ([]byte, error) {
				r, err := compile.Compile(ctx, src)
				if err != nil {
					return nil, err
				}
				return r.PDF, nil
			}, x.raster.Pages) // all of a document's pictures in one compile
		}
		return export.DOCX(ctx, doc, key, pictures, x.pandoc)
	}
	return nil, fmt.Errorf("export: unknown format %q", format)
}

func (x *Exporter) start() {
	x.pandoc, x.err = latex.NewPandoc(latex.PandocConfig{Unsandboxed: x.cfg.UnsafeNoSandbox})
	if x.err != nil {
		return
	}
	x.raster, x.err = latex.NewRasterizer(latex.RasterConfig{Unsandboxed: x.cfg.UnsafeNoSandbox})
}

// Close stops pandoc's and the rasterizer's job roots, if they started.
func (x *Exporter) Close() error {
	var errs []error
	if x.pandoc != nil {
		errs = append(errs, x.pandoc.Close())
	}
	if x.raster != nil {
		errs = append(errs, x.raster.Close())
	}
	return errors.Join(errs...)
}

// outputFormat is the format a file name asks for by its extension: "pdf", "docx" (Word) or
// "tex" (a .zip LaTeX project).
func outputFormat(path string) (string, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".pdf":
		return "pdf", nil
	case ".docx":
		return "docx", nil
	case ".zip":
		return "tex", nil
	}
	return "", fmt.Errorf("%s: name the file .pdf, .docx (Word) or .zip (a LaTeX project for Overleaf).", path)
}

// sheetBytes is what goes into a file of format: the compiled PDF as it is, else an export
// of src's document (the sheet, or its answer key with key).
func sheetBytes(ctx context.Context, x *Exporter, c generate.Compiler, format string, pdf []byte, src string, key bool) ([]byte, error) {
	if format == "pdf" {
		return pdf, nil
	}
	doc, ok := worksheet.Extract(src)
	if !ok {
		return nil, errors.New("this sheet was written as LaTeX rather than as a document, so it can only be written as a PDF: name the file .pdf.")
	}
	return x.Export(ctx, doc, format, key, c)
}
