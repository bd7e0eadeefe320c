package hooks

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"strconv"

	validation "github.com/go-ozzo/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sheetsmith/library"
	migrations "sheetsmith/pb_migrations"
	"sheetsmith/queue"
	"sheetsmith/worksheet"
)

const untitled = "Untitled Worksheet"

// ownedWorksheet finds a worksheet of the signed-in user. Another user's worksheet is
// reported exactly like a missing one.
func ownedWorksheet(e *core.RequestEvent, id string) (*core.Record, error) {
	r, err := e.App.FindRecordById("worksheets", id)
	if err != nil || r.GetString("owner") != e.Auth.Id {
		return nil, sql.ErrNoRows
	}
	return r, nil
}

// withOwnedWorksheet resolves {id} and answers 404 for a missing or foreign worksheet.
func withOwnedWorksheet(next func(*core.RequestEvent, *core.Record) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		r, err := ownedWorksheet(e, e.Request.PathValue("id"))
		if err != nil {
			return fail(e, http.StatusNotFound, msgNotFound)
		}
		return next(e, r)
	}
}

// isoTime renders PocketBase datetimes as ISO 8601, which every browser parses.
func isoTime(d types.DateTime) string {
	if d.IsZero() {
		return ""
	}
	return d.Time().UTC().Format("2006-01-02T15:04:05.000Z")
}

// summary is a worksheet as lists show it: never its source. picture keys its first-page
// picture (GET /worksheet/{id}/thumbnail): it changes exactly when the sheet does.
func summary(s library.Summary) map[string]any {
	return map[string]any{
		"id":             s.ID,
		"document_title": s.Title,
		"created_at":     isoTime(s.Created),
		"has_answer_key": s.HasAnswerKey,
		"picture":        s.Picture,
	}
}

func worksheetSummary(r *core.Record) map[string]any {
	return summary(library.Summary{
		ID: r.Id, Title: r.GetString("document_title"), Created: r.GetDateTime("created_at"),
		HasAnswerKey: r.GetBool("has_answer_key"), Picture: r.GetString("picture"),
	})
}

// listWorksheets answers GET /my-worksheets[?perPage=N&cursor=C]: one page of the user's
// worksheets, newest first, without their sources; nextCursor fetches the next page ("" on
// the last).
func listWorksheets(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	perPage := library.DefaultPerPage
	if v := q.Get("perPage"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fail(e, http.StatusBadRequest, "perPage must be a whole number from 1 to 200.")
		}
		perPage = n
	}
	page, err := library.List(e.App, e.Auth.Id, q.Get("cursor"), perPage)
	if errors.Is(err, library.ErrBadCursor) {
		return fail(e, http.StatusBadRequest, err.Error())
	}
	if err != nil {
		e.App.Logger().Error("list worksheets", "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	list := make([]map[string]any, 0, len(page.Worksheets))
	for _, s := range page.Worksheets {
		list = append(list, summary(s))
	}
	return ok(e, map[string]any{
		"worksheets": list,
		"perPage":    min(perPage, library.MaxPerPage),
		"totalItems": page.Total,
		"nextCursor": page.Next,
	})
}

// getWorksheet answers GET /worksheet/{id}.
func getWorksheet(e *core.RequestEvent, r *core.Record) error {
	w := worksheetSummary(r)
	w["latex_code"] = r.GetString("latex_code")
	// The count and the lock belong to the document's lineage, which other saved copies share.
	edits, downloaded := r.GetInt("edit_count"), r.GetDateTime("downloaded_at")
	if l := library.WorksheetLineage(e.App, r); l != nil {
		edits = max(edits, l.GetInt("edits"))
		if downloaded.IsZero() {
			downloaded = l.GetDateTime("downloaded_at")
		}
	}
	w["edit_count"] = edits
	w["downloaded_at"] = isoTime(downloaded)
	w["template"] = r.GetString("template")
	return ok(e, map[string]any{"worksheet": w})
}

// deleteWorksheet answers DELETE /my-worksheets/{id}.
func deleteWorksheet(e *core.RequestEvent, r *core.Record) error {
	if err := e.App.Delete(r); err != nil {
		e.App.Logger().Error("delete worksheet", "id", r.Id, "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	return ok(e, nil)
}

type saveRequest struct {
	LatexCode     string `json:"latexCode"`
	DocumentTitle string `json:"documentTitle"`
	Template      string `json:"template"`
}

func (s saveRequest) Validate() error {
	return validation.ValidateStruct(&s,
		validation.Field(&s.LatexCode,
			validation.Required.Error("latexCode is required."),
			validation.RuneLength(0, latexLimit).Error(msgLatexTooLong)),
		validation.Field(&s.DocumentTitle,
			validation.RuneLength(0, migrations.MaxTitle).Error("documentTitle is too long (at most 200 characters).")),
		validation.Field(&s.Template, validation.RuneLength(0, 64).Error("template is too long.")),
	)
}

// firstValidationMessage flattens ozzo's field errors into one sentence for the user.
func firstValidationMessage(err error) string {
	var errs validation.Errors
	if errors.As(err, &errs) {
		for _, key := range []string{"LatexCode", "DocumentTitle", "Template"} {
			if fe, found := errs[key]; found {
				return fe.Error()
			}
		}
		for _, fe := range errs {
			return fe.Error()
		}
	}
	return err.Error()
}

// saveBodyCap fits the largest legal /save-worksheet request in any JSON encoding.
var saveBodyCap = bodyCap(latexLimit + migrations.MaxTitle + 64)

// saveWorksheet answers POST /save-worksheet. Any source may be saved, but only one the server
// made for this user joins its lineage (edit count, download lock, and compiling without a
// subscription); a hand-written one is saved as just that. A save that would not fit the
// user's quota answers 403 and saves nothing.
func saveWorksheet(lim *limits, compiles func() *queue.Scheduler) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error { return save(e, lim, compiles()) }
}

func save(e *core.RequestEvent, lim *limits, q *queue.Scheduler) error {
	var req saveRequest
	if msg, good := decodeBody(e, &req, saveBodyCap); !good {
		return fail(e, http.StatusBadRequest, msg)
	}
	req.DocumentTitle = strings.TrimSpace(req.DocumentTitle)
	if err := req.Validate(); err != nil {
		return fail(e, http.StatusBadRequest, firstValidationMessage(err))
	}
	if req.DocumentTitle == "" {
		req.DocumentTitle = untitled
	}
	col, err := e.App.FindCachedCollectionByNameOrId("worksheets")
	if err != nil {
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	r := core.NewRecord(col)
	r.Set("owner", e.Auth.Id)
	r.Set("document_title", req.DocumentTitle)
	r.Set("latex_code", req.LatexCode)
	r.Set("template", req.Template)
	if l := library.SourceLineage(e.App, e.Auth.Id, req.LatexCode); l != nil {
		r.Set("lineage", l.Id)
		r.Set("edit_count", l.GetInt("edits"))
		r.Set("downloaded_at", l.GetDateTime("downloaded_at"))
	}
	// The title typed in Document Settings is the one the sheet prints, even when it changed
	// after the sheet was generated.
	record := reprint(e.App, r)
	if err := library.SaveNew(e.App, r, lim.room(e.Auth), record); err != nil {
		return limitFailure(e, err)
	}
	if record != nil {
		keyAhead(e.App, q, e.Auth, r.GetString("latex_code"))
	}
	return ok(e, map[string]any{"data": []map[string]any{{
		"id":             r.Id,
		"document_title": r.GetString("document_title"),
		"created_at":     isoTime(r.GetDateTime("created_at")),
	}}})
}

// reprint makes a worksheet print its title: a sheet the server made that carries its document
// is rendered again from the document under the record's document_title, its answer key too
// (worksheet.Retitle), and record, run in the transaction that saves r, keeps both server-made
// in the sheet's lineage (editable, compilable without a subscription). Any other source (a
// hand-written one, or one changed by hand) keeps its own heading: record is then nil and r
// is not changed.
func reprint(app core.App, r *core.Record) (record func(tx core.App) error) {
	owner, src := r.GetString("owner"), r.GetString("latex_code")
	l := library.SourceLineage(app, owner, src)
	if l == nil {
		return nil
	}
	sheet, key, changed, err := worksheet.Retitle(src, r.GetString("document_title"))
	if err != nil {
		app.Logger().Warn("the renamed sheet could not be rendered again; it keeps its heading", "worksheet", r.Id, "error", err)
		return nil
	}
	if !changed {
		return nil
	}
	r.Set("latex_code", sheet)
	keyed := r.GetBool("has_answer_key") && r.GetString("answer_key") != ""
	if keyed {
		r.Set("answer_key", key)
	}
	return func(tx core.App) error {
		if err := library.RecordSource(tx, owner, sheet, l, library.KindSheet); err != nil {
			return err
		}
		if keyed {
			return library.RecordSource(tx, owner, key, l, library.KindKey)
		}
		return nil
	}
}
