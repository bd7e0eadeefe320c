package hooks

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	migrations "sheetsmith/pb_migrations"
)

// duplicateWorksheet answers POST /worksheet/{id}/duplicate: a new worksheet of the same user
// with the same sheet (and its answer key, which still matches it), editable again: no
// download recorded and a fresh edit count. Shape as /save-worksheet: data[0].id.
func duplicateWorksheet(e *core.RequestEvent, src *core.Record) error {
	r := core.NewRecord(src.Collection())
	r.Set("owner", e.Auth.Id)
	r.Set("document_title", copyTitle(src.GetString("document_title")))
	r.Set("latex_code", src.GetString("latex_code"))
	r.Set("template", src.GetString("template"))
	r.Set("has_answer_key", src.GetBool("has_answer_key"))
	r.Set("answer_key", src.GetString("answer_key"))
	r.Set("answer_checks", src.Get("answer_checks"))
	r.Set("edit_count", 0)
	err := e.App.RunInTransaction(func(tx core.App) error {
		// A copy of a sheet the server made is server-made too, in a lineage of its own: fresh
		// edits, not locked. A hand-written sheet's copy stays hand-written.
		if worksheetLineage(tx, src) != nil {
			l, err := newLineage(tx, e.Auth.Id)
			if err != nil {
				return err
			}
			r.Set("lineage", l.Id)
			if err := recordSource(tx, e.Auth.Id, r.GetString("latex_code"), l, kindSheet); err != nil {
				return err
			}
			if key := r.GetString("answer_key"); key != "" {
				if err := recordSource(tx, e.Auth.Id, key, l, kindKey); err != nil {
					return err
				}
			}
		}
		return tx.Save(r)
	})
	if err != nil {
		e.App.Logger().Error("duplicate worksheet", "id", src.Id, "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	return ok(e, map[string]any{"data": []map[string]any{worksheetSummary(r)}})
}

// copyTitle names a duplicate "{title} (copy)", within the title's length limit.
func copyTitle(title string) string {
	title = strings.TrimSpace(title)
	if title == "" {
		title = untitled
	}
	const suffix = " (copy)"
	runes := []rune(title)
	if max := migrations.MaxTitle - len([]rune(suffix)); len(runes) > max {
		runes = runes[:max]
	}
	return strings.TrimSpace(string(runes)) + suffix
}

type renameRequest struct {
	DocumentTitle string `json:"documentTitle"`
}

// renameWorksheet answers PATCH /worksheet/{id} with {documentTitle}: the worksheet's summary.
// Renaming changes the dashboard title only, so a downloaded worksheet can be renamed too.
func renameWorksheet(e *core.RequestEvent, r *core.Record) error {
	var req renameRequest
	if msg, good := decodeBody(e, &req, bodyCap(migrations.MaxTitle+64)); !good {
		return fail(e, http.StatusBadRequest, msg)
	}
	title := strings.TrimSpace(req.DocumentTitle)
	if title == "" {
		return fail(e, http.StatusBadRequest, "Please enter a title.")
	}
	if len([]rune(title)) > migrations.MaxTitle {
		return fail(e, http.StatusBadRequest, "The title is too long (at most 200 characters).")
	}
	r.Set("document_title", title)
	if err := e.App.Save(r); err != nil {
		e.App.Logger().Error("rename worksheet", "id", r.Id, "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	return ok(e, map[string]any{"worksheet": worksheetSummary(r)})
}
