package hooks

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
)

const msgNoKeyYet = "This worksheet has no answer key yet. Generate it from the dashboard."

// msgNoSolutions is what a teacher reads when a sheet has no answers and no model can add them.
var msgNoSolutions = generate.ErrNoSolutions.Error()

// generateAnswerKey answers POST /generate-answer-key/{id}. The key is written by generate's
// one answer-key procedure; it is stored only once it compiles. This handler only maps that
// procedure's errors to statuses.
func generateAnswerKey(d Deps) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, w *core.Record) error {
		keyFail := func(status int, details string) error {
			return e.JSON(status, map[string]any{"success": false, "error": "Answer key generation failed", "details": details})
		}
		ctx, cancel := context.WithTimeout(e.Request.Context(), 3*time.Minute)
		defer cancel()
		src := w.GetString("latex_code")
		solver, _ := d.Engine.(generate.Solver)
		key, err := generate.AnswerKey(ctx, src, solver, compilerFor(e, d.Queue))
		var compileErr *generate.KeyCompileError
		switch {
		case errors.Is(err, generate.ErrNoBody), errors.Is(err, generate.ErrNoSolutions):
			return keyFail(http.StatusUnprocessableEntity, err.Error())
		case errors.As(err, &compileErr):
			e.App.Logger().Warn("answer key did not compile", "worksheet", w.Id, "problem", compileErr.Err.Error())
			return keyFail(http.StatusUnprocessableEntity, compileErr.Error())
		case errors.Is(err, latex.ErrTooLarge):
			return compileFailure(e, err)
		case err != nil:
			f := generationError(e, err)
			return keyFail(f.status, firstNonEmpty(f.details, f.error))
		}
		// Corrections go into the sheet's own answers too: sheet and key stay one document.
		w.Set("latex_code", key.Sheet)
		w.Set("answer_key", key.Key)
		w.Set("has_answer_key", true)
		w.Set("answer_checks", key.Changes)
		err = e.App.RunInTransaction(func(tx core.App) error {
			// A sheet the server made keeps its provenance: the checked sheet and its key are
			// server-made too. The key of a hand-written sheet stays hand-written.
			if l := library.WorksheetLineage(tx, w); l != nil {
				if key.Sheet != src {
					if err := library.RecordSource(tx, w.GetString("owner"), key.Sheet, l, library.KindSheet); err != nil {
						return err
					}
				}
				if err := library.RecordSource(tx, w.GetString("owner"), key.Key, l, library.KindKey); err != nil {
					return err
				}
			}
			return tx.Save(w)
		})
		if err != nil {
			e.App.Logger().Error("save answer key", "error", err)
			return fail(e, http.StatusInternalServerError, msgInternalFailed)
		}
		// cached: the key's PDF was ready before the click (compiled beside the sheet, keyAhead).
		return ok(e, map[string]any{"corrections": len(key.Changes), "cached": key.PDF != nil && key.PDF.Cached})
	}
}

// keyAhead starts compiling, in the background, the answer key of a sheet the server has just
// made or retitled, for the same user in the same lane, so that Generate Answer Key on it is
// answered from the compiler's cache (generate.PrepareKey). It never delays or fails the
// request that made the sheet, and it uses only idle room: when the user or the lane already
// has a compile waiting it does nothing, and a busy queue or a key that does not compile is
// left to the click, which reports it in words.
func keyAhead(app core.App, q *queue.Scheduler, user *core.Record, src string) {
	if q == nil || user == nil || q.Waiting(user.Id) {
		return
	}
	lane := laneOf(user)
	for _, l := range q.Status().Lanes {
		if l.Lane == lane.String() && l.Waiting > 0 {
			return
		}
	}
	c := q.For(user.Id, lane)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		if _, err := generate.PrepareKey(ctx, src, c); err != nil {
			app.Logger().Debug("answer key not compiled ahead; the click will compile it", "error", err)
		}
	}()
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// getAnswerKey answers GET /answer-key/{id}; viewing needs no subscription.
func getAnswerKey(e *core.RequestEvent, w *core.Record) error {
	if !w.GetBool("has_answer_key") || w.GetString("answer_key") == "" {
		return fail(e, http.StatusNotFound, msgNoKeyYet)
	}
	return ok(e, map[string]any{
		"answerKey":     w.GetString("answer_key"),
		"documentTitle": w.GetString("document_title"),
	})
}
