package hooks

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/library"
	migrations "sheetsmith/pb_migrations"
	"sheetsmith/queue"
)

// duplicateWorksheet answers POST /worksheet/{id}/duplicate: a new worksheet of the same user
// with the same sheet (and its answer key, which still matches it), editable again: no
// download recorded and a fresh edit count. Shape as /save-worksheet: data[0].id. A copy counts
// against the quota like a save.
func duplicateWorksheet(lim *limits) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, src *core.Record) error { return duplicate(e, lim, src) }
}

func duplicate(e *core.RequestEvent, lim *limits, src *core.Record) error {
	r := core.NewRecord(src.Collection())
	r.Set("owner", e.Auth.Id)
	r.Set("document_title", copyTitle(src.GetString("document_title")))
	r.Set("latex_code", src.GetString("latex_code"))
	r.Set("template", src.GetString("template"))
	r.Set("has_answer_key", src.GetBool("has_answer_key"))
	r.Set("answer_key", src.GetString("answer_key"))
	r.Set("answer_checks", src.Get("answer_checks"))
	r.Set("edit_count", 0)
	err := library.SaveNew(e.App, r, lim.room(e.Auth), func(tx core.App) error {
		// A copy of a sheet the server made is server-made too, in a lineage of its own: fresh
		// edits, not locked. A hand-written sheet's copy stays hand-written.
		if library.WorksheetLineage(tx, src) == nil {
			return nil
		}
		l, err := library.NewLineage(tx, e.Auth.Id)
		if err != nil {
			return err
		}
		r.Set("lineage", l.Id)
		if err := library.RecordSource(tx, e.Auth.Id, r.GetString("latex_code"), l, library.KindSheet); err != nil {
			return err
		}
		if key := r.GetString("answer_key"); key != "" {
			return library.RecordSource(tx, e.Auth.Id, key, l, library.KindKey)
		}
		return nil
	})
	if err != nil {
		return limitFailure(e, err)
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
// The sheet and its key print the new title (see reprint); a name is not an edit, so a
// downloaded worksheet can be renamed too.
func renameWorksheet(compiles func() *queue.Scheduler) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, r *core.Record) error { return rename(e, r, compiles()) }
}

func rename(e *core.RequestEvent, r *core.Record, q *queue.Scheduler) error {
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
	record := reprint(e.App, r)
	err := e.App.RunInTransaction(func(tx core.App) error {
		if record != nil {
			if err := record(tx); err != nil {
				return err
			}
		}
		return tx.Save(r)
	})
	if err != nil {
		e.App.Logger().Error("rename worksheet", "id", r.Id, "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	if record != nil {
		keyAhead(e.App, q, e.Auth, r.GetString("latex_code"))
	}
	return ok(e, map[string]any{"worksheet": worksheetSummary(r)})
}
