package hooks

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
)

const msgCompileNotAllowed = "An active subscription is required to compile new documents. You can still view your saved worksheets and answer keys."

// compileBodyCap fits the largest legal /compile request in any JSON encoding.
var compileBodyCap = bodyCap(latexLimit + 64)

type compileRequest struct {
	LatexCode   string `json:"latexCode"`
	WorksheetID string `json:"worksheetId"`
}

// compileHandler answers POST /compile with a signed PDF address or an error in words.
func compileHandler(q *queue.Scheduler, signer *pdfSigner) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var req compileRequest
		if msg, good := decodeBody(e, &req, compileBodyCap); !good {
			return fail(e, http.StatusBadRequest, msg)
		}
		if strings.TrimSpace(req.LatexCode) == "" {
			return fail(e, http.StatusBadRequest, "latexCode is required.")
		}
		if tooLong(req.LatexCode) {
			return fail(e, http.StatusBadRequest, msgLatexTooLong)
		}
		if req.WorksheetID != "" {
			if _, err := ownedWorksheet(e, req.WorksheetID); err != nil {
				return fail(e, http.StatusNotFound, msgNotFound)
			}
		}
		// Without a subscription only sources the server itself made for this user compile.
		lineage := library.SourceLineage(e.App, e.Auth.Id, req.LatexCode)
		if !isActive(e.Auth) && lineage == nil {
			return fail(e, http.StatusForbidden, msgCompileNotAllowed)
		}
		lineageID, worksheetID := "", req.WorksheetID
		if lineage != nil {
			lineageID = lineage.Id
		}
		// Downloading an answer key ends no editing: only a sheet's download locks.
		if library.IsAnswerKey(e.App, e.Auth.Id, req.LatexCode) {
			lineageID, worksheetID = "", ""
		}

		res, err := compilerFor(e, q).Compile(e.Request.Context(), req.LatexCode)
		if err != nil {
			return compileFailure(e, err)
		}
		token := signer.sign(pdfClaim{
			Key: res.Key, Worksheet: worksheetID, Lineage: lineageID, User: e.Auth.Id, Session: signer.sessionMark(e.Auth),
			Expires: time.Now().Add(pdfLinkTTL).Unix(),
		})
		return ok(e, map[string]any{"pdfUrl": "/pdf/" + token})
	}
}

// compileFailure answers a compiler error in the contract's shape; raw logs stay server-side.
func compileFailure(e *core.RequestEvent, err error) error {
	var texErr *latex.Error
	switch {
	case errors.As(err, &texErr):
		return fail(e, http.StatusUnprocessableEntity, texErr.Error())
	case errors.Is(err, latex.ErrBusy):
		setRetryAfter(e, err)
		return fail(e, http.StatusTooManyRequests, err.Error())
	case errors.Is(err, queue.ErrLowDisk): // below the free-disk floor: nothing was written
		e.Response.Header().Set("Retry-After", "60")
		return fail(e, http.StatusServiceUnavailable, err.Error())
	case errors.Is(err, latex.ErrTooLarge): // the compiler's or the queue's limit (its message says which)
		return fail(e, http.StatusRequestEntityTooLarge, err.Error())
	case e.Request.Context().Err() != nil: // the browser went away
		return fail(e, http.StatusRequestTimeout, "The request was cancelled.")
	default:
		e.App.Logger().Error("compile", "error", err)
		return fail(e, http.StatusInternalServerError, "Compilation failed: the compiler is not available right now. Please try again.")
	}
}

// servePDF answers GET /pdf/{token}: the compiled PDF, inline for the frame, or as a
// download with ?download=1 (which locks the document's lineage and saved worksheet).
func servePDF(q *queue.Scheduler, signer *pdfSigner) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		claim, err := signer.verify(e.Request.PathValue("token"), time.Now())
		if err != nil {
			return fail(e, http.StatusNotFound, err.Error())
		}
		if err := signer.live(e.App, claim); err != nil {
			return fail(e, http.StatusGone, err.Error())
		}
		pdf, found := q.PDF(e.Request.Context(), claim.Key)
		if !found {
			return fail(e, http.StatusGone, "This PDF is no longer cached. Reload the page to compile it again.")
		}
		disposition := "inline"
		if e.Request.URL.Query().Get("download") == "1" {
			disposition = "attachment"
			if claim.Worksheet != "" || claim.Lineage != "" {
				if err := library.MarkDownloaded(e.App, claim.User, claim.Worksheet, claim.Lineage); err != nil {
					e.App.Logger().Warn("record first download", "worksheet", claim.Worksheet, "error", err)
				}
			}
		}
		h := e.Response.Header()
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", disposition+`; filename="worksheet.pdf"`)
		// Asked again on every use: a link ends with its session, and a browser's copy must too.
		h.Set("Cache-Control", "private, no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		// The frame shows our own PDF; it must not be framed by other sites.
		h.Set("Content-Security-Policy", "frame-ancestors 'self'")
		return e.Blob(http.StatusOK, "application/pdf", pdf)
	}
}
