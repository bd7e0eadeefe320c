package hooks

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/generate/check"
	"sheetsmith/latex"
)

// Solver adds solutions to a body whose questions have none (the model engine does).
type Solver interface {
	Solve(ctx context.Context, body string) (string, error)
}

const (
	msgNoSolutions = "This worksheet has no answers in its source, and no language model is connected to work them out. An administrator can connect one (see Configuration in the README)."
	msgNoKeyYet    = "This worksheet has no answer key yet. Generate it from the dashboard."
)

// generateAnswerKey answers POST /generate-answer-key/{id}. The key is the sheet's own source
// with \printanswers, after every computable answer has been checked; it is stored only once
// it compiles.
func generateAnswerKey(d Deps) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, w *core.Record) error {
		keyFail := func(status int, details string) error {
			return e.JSON(status, map[string]any{"success": false, "error": "Answer key generation failed", "details": details})
		}
		src := w.GetString("latex_code")
		body, found := latex.Body(src)
		if !found {
			return keyFail(http.StatusUnprocessableEntity, "The worksheet's source has no document body.")
		}
		ctx, cancel := context.WithTimeout(e.Request.Context(), 3*time.Minute)
		defer cancel()

		original := body
		if !strings.Contains(body, `\begin{solution}`) {
			solver, canSolve := d.Engine.(Solver)
			if !canSolve {
				return keyFail(http.StatusUnprocessableEntity, msgNoSolutions)
			}
			solved, err := solver.Solve(ctx, body)
			if err != nil {
				f := generationError(e, err)
				return keyFail(f.status, firstNonEmpty(f.details, f.error))
			}
			body = solved
		}
		checked, changes := check.Check(body)
		sheet := latex.ProvideComputed(replaceBody(src, original, checked))
		key := latex.WithAnswers(sheet)
		if _, err := compilerFor(e, d.Queue).Compile(ctx, key); err != nil {
			var texErr *latex.Error
			if errors.As(err, &texErr) {
				e.App.Logger().Warn("answer key did not compile", "worksheet", w.Id, "problem", texErr.Error())
				return keyFail(http.StatusUnprocessableEntity, "The answer key could not be compiled ("+texErr.Error()+").")
			}
			return compileFailure(e, err)
		}
		// Corrections go into the sheet's own (hidden) solutions too: sheet and key stay one source.
		w.Set("latex_code", sheet)
		w.Set("answer_key", key)
		w.Set("has_answer_key", true)
		w.Set("answer_checks", changes)
		err := e.App.RunInTransaction(func(tx core.App) error {
			// A sheet the server made keeps its provenance: the checked sheet and its key are
			// server-made too. The key of a hand-written sheet stays hand-written.
			if l := worksheetLineage(tx, w); l != nil {
				if sheet != src {
					if err := recordSource(tx, w.GetString("owner"), sheet, l, kindSheet); err != nil {
						return err
					}
				}
				if err := recordSource(tx, w.GetString("owner"), key, l, kindKey); err != nil {
					return err
				}
			}
			return tx.Save(w)
		})
		if err != nil {
			e.App.Logger().Error("save answer key", "error", err)
			return fail(e, http.StatusInternalServerError, msgInternalFailed)
		}
		return ok(e, map[string]any{"corrections": len(changes)})
	}
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// replaceBody swaps the old body for the new one inside the full source.
func replaceBody(src, oldBody, newBody string) string {
	if oldBody == newBody {
		return src
	}
	if i := strings.Index(src, oldBody); i >= 0 {
		return src[:i] + newBody + src[i+len(oldBody):]
	}
	return src
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
