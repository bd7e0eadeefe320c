package hooks

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
	"sheetsmith/worksheet"
)

// ExportFunc writes a worksheet document (its answer key when key is set) as a file other
// tools open: format "docx" (Word) or "tex" (a .tex project zip for Overleaf). compile
// typesets what a format shows as pictures (a Word document's figures) in the user's own
// compile lane. main gives it (package export); hooks knows nothing of TeX or pandoc.
type ExportFunc func(ctx context.Context, doc worksheet.Document, format string, key bool, compile generate.Compiler) ([]byte, error)

// ErrExportOff is what an ExportFunc wraps when the server cannot export at all (pandoc is
// not installed or cannot run): the route answers 503 with msgExportOff.
var ErrExportOff = errors.New("exports are off")

// exportFormats are the formats GET /export/{id} answers: content type and file extension.
var exportFormats = map[string]struct{ contentType, ext string }{
	"docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"},
	"tex":  {"application/zip", ".zip"},
}

const (
	msgExportFormat     = "Choose a format to export: docx (Word) or tex (a LaTeX project)."
	msgExportNoDocument = "This worksheet was written in LaTeX by hand, so it cannot be exported to Word or as a LaTeX project. Download its PDF instead."
	msgExportOff        = "This server cannot export worksheets right now. Download the PDF instead."
	msgExportFailed     = "Could not export this worksheet. Please try again, or download the PDF."
	msgExportInvalid    = "This worksheet's document cannot be exported: "
	msgExportSlow       = "This export took longer than its 2 minutes. Please try again in a minute, or download the PDF."
	msgExportNoCompile  = "An active subscription is required to export this worksheet to Word: its figures and formulas are typeset as pictures, which is a compile. You can still download its PDF or export it as a LaTeX project."
)

// errExportNoCompile is what an export's compiles answer for an account that may not compile.
var errExportNoCompile = errors.New("this account may not compile")

// exportTurns lets each user run one Word export at a time: an export holds a pandoc slot
// (one per core) and a drawing slot, so no user holds all of either.
var exportTurns = &turns{users: map[string]*turn{}}

// exportWorksheet answers GET /export/{id}?format=docx|tex[&key=1]: the owner's worksheet, or
// its answer key, as a download made from its document. An export of the sheet is a download:
// it ends editing exactly as downloading its PDF does (the key's, like the key's PDF, does not).
func exportWorksheet(export ExportFunc, compiles func() *queue.Scheduler) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, w *core.Record) error {
		q := e.Request.URL.Query()
		format, known := exportFormats[q.Get("format")]
		if !known {
			return fail(e, http.StatusBadRequest, msgExportFormat)
		}
		key := q.Get("key") == "1"
		if key && !w.GetBool("has_answer_key") {
			return fail(e, http.StatusNotFound, msgNoKeyYet)
		}
		// The key is the sheet's own document with its answers shown: corrections made when
		// the key was generated are already in the sheet's source.
		doc, ok := worksheet.Extract(w.GetString("latex_code"))
		if !ok {
			return fail(e, http.StatusUnprocessableEntity, msgExportNoDocument)
		}
		// A block is the source's document when it renders to the body, which anyone may have
		// written along with it: what Render would refuse is refused here, in words.
		if _, err := worksheet.Unanswered(doc); err != nil {
			return fail(e, http.StatusUnprocessableEntity, msgExportInvalid+err.Error())
		}
		if export == nil {
			return fail(e, http.StatusServiceUnavailable, msgExportOff)
		}
		ctx, cancel := context.WithTimeout(e.Request.Context(), 2*time.Minute)
		defer cancel()
		var compile generate.Compiler
		if s := compiles(); s != nil {
			compile = compilerFor(e, s)
		}
		// Figures the account may not compile are refused before they reach the compiler.
		if !mayCompile(e, w.GetString("latex_code")) {
			compile = refusedCompiler{}
		}
		if q.Get("format") == "docx" {
			done, err := exportTurns.wait(ctx, e.Auth.Id)
			if err != nil {
				return exportFailure(e, w.Id, err)
			}
			defer done()
			if compile != nil {
				d := &drawingCompiler{Compiler: compile, user: e.Auth.Id}
				defer d.done()
				compile = d
			}
		}
		data, err := export(ctx, doc, q.Get("format"), key, compile)
		if err != nil {
			return exportFailure(e, w.Id, err)
		}
		if !key {
			if err := library.MarkDownloaded(e.App, e.Auth.Id, w.Id, ""); err != nil {
				e.App.Logger().Warn("record first download", "worksheet", w.Id, "error", err)
			}
		}
		h := e.Response.Header()
		h.Set("Content-Disposition", attachment(exportFileName(w.GetString("document_title"), key)+format.ext))
		h.Set("Cache-Control", "private, no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		return e.Blob(http.StatusOK, format.contentType, data)
	}
}

// exportFailure answers a failed export: the compiler's refusals (busy, low disk) as a
// compile's; anything else logged, and a plain sentence for the teacher.
func exportFailure(e *core.RequestEvent, id string, err error) error {
	if errors.Is(err, ErrExportOff) {
		e.App.Logger().Error("export is off", "error", err)
		return fail(e, http.StatusServiceUnavailable, msgExportOff)
	}
	if errors.Is(err, errExportNoCompile) {
		return fail(e, http.StatusForbidden, msgExportNoCompile)
	}
	if errors.Is(err, latex.ErrBusy) || errors.Is(err, queue.ErrLowDisk) || errors.Is(err, latex.ErrTooLarge) {
		return compileFailure(e, err)
	}
	if e.Request.Context().Err() != nil {
		return fail(e, http.StatusRequestTimeout, "The request was cancelled.")
	}
	if errors.Is(err, context.DeadlineExceeded) { // the export's own deadline: waiting included
		e.Response.Header().Set("Retry-After", "60")
		return fail(e, http.StatusServiceUnavailable, msgExportSlow)
	}
	e.App.Logger().Error("export", "worksheet", id, "error", err)
	return fail(e, http.StatusInternalServerError, msgExportFailed)
}

// refusedCompiler is the compiler of an account that may not compile.
type refusedCompiler struct{}

func (refusedCompiler) Compile(context.Context, string) (*latex.Result, error) {
	return nil, errExportNoCompile
}

// drawingCompiler is an export's compiler that takes a drawing slot once its pictures' PDF is
// compiled (pdftoppm draws it next), so the drawing gate shares export pictures between users
// as it does thumbnails; done gives the slot back when the export ends.
type drawingCompiler struct {
	generate.Compiler
	user    string
	release func()
}

func (d *drawingCompiler) Compile(ctx context.Context, src string) (*latex.Result, error) {
	res, err := d.Compiler.Compile(ctx, src)
	if err != nil || d.release != nil {
		return res, err
	}
	if d.release, err = drawing.acquire(ctx, d.user); err != nil {
		return nil, err
	}
	return res, nil
}

func (d *drawingCompiler) done() {
	if d.release != nil {
		d.release()
	}
}

// exportFileName is the frontend's file-name rule (spec §7, features/viewer/utils/filename.ts):
// the title in lower case with every character but a-z and 0-9 an underscore (one per UTF-16
// unit, as JavaScript counts), "worksheet" or "answer_key" without a title; a key's name ends
// in _answer_key. Without the extension.
func exportFileName(title string, key bool) string {
	title = strings.TrimSpace(title)
	switch {
	case title == "" && key:
		return "answer_key"
	case title == "":
		return "worksheet"
	case key:
		title += " answer key"
	}
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r > 0xFFFF:
			b.WriteString("__")
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// attachment is a Content-Disposition header for a download named name (ASCII by the rule).
func attachment(name string) string {
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, name, url.PathEscape(name))
}
