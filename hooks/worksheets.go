package hooks

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	validation "github.com/go-ozzo/ozzo-validation/v4"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	migrations "sheetsmith/pb_migrations"
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

func worksheetSummary(r *core.Record) map[string]any {
	return map[string]any{
		"id":             r.Id,
		"document_title": r.GetString("document_title"),
		"created_at":     isoTime(r.GetDateTime("created_at")),
		"has_answer_key": r.GetBool("has_answer_key"),
	}
}

// listWorksheets answers GET /my-worksheets, newest first, without the sources.
func listWorksheets(e *core.RequestEvent) error {
	records, err := e.App.FindRecordsByFilter("worksheets", "owner = {:owner}", "-created_at,-id", 0, 0,
		dbx.Params{"owner": e.Auth.Id})
	if err != nil {
		e.App.Logger().Error("list worksheets", "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	list := make([]map[string]any, 0, len(records))
	for _, r := range records {
		list = append(list, worksheetSummary(r))
	}
	return ok(e, map[string]any{"worksheets": list})
}

// getWorksheet answers GET /worksheet/{id}.
func getWorksheet(e *core.RequestEvent, r *core.Record) error {
	w := worksheetSummary(r)
	w["latex_code"] = r.GetString("latex_code")
	// The count and the lock belong to the document's lineage, which other saved copies share.
	edits, downloaded := r.GetInt("edit_count"), r.GetDateTime("downloaded_at")
	if l := worksheetLineage(e.App, r); l != nil {
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
// subscription); a hand-written one is saved as just that.
func saveWorksheet(e *core.RequestEvent) error {
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
	if l := sourceLineage(e.App, e.Auth.Id, req.LatexCode); l != nil {
		r.Set("lineage", l.Id)
		r.Set("edit_count", l.GetInt("edits"))
		r.Set("downloaded_at", l.GetDateTime("downloaded_at"))
	}
	if err := e.App.Save(r); err != nil {
		e.App.Logger().Error("save worksheet", "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	return ok(e, map[string]any{"data": []map[string]any{{
		"id":             r.Id,
		"document_title": r.GetString("document_title"),
		"created_at":     isoTime(r.GetDateTime("created_at")),
	}}})
}
