// Package offline is the worksheet engine used when no language model is configured. It
// reads plain-language requests for arithmetic practice, writes the problems itself and
// computes every answer.
package offline

import (
	"context"
	"fmt"
	"strings"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/check"
)

// Engine implements generate.Engine without a model.
type Engine struct {
	seed func() int64
}

// New returns the offline engine; seed gives each new sheet its numbers (nil: the clock).
func New(seed func() int64) *Engine {
	if seed == nil {
		seed = func() int64 { return time.Now().UnixNano() }
	}
	return &Engine{seed: seed}
}

var _ generate.Engine = (*Engine)(nil)

// Write writes a new sheet, or edits the offline sheet in req.CurrentBody.
func (e *Engine) Write(ctx context.Context, req generate.Request, progress func(string)) (generate.Draft, error) {
	if progress == nil {
		progress = func(string) {}
	}
	if err := ctx.Err(); err != nil {
		return generate.Draft{}, err
	}
	progress("Reading your request…")
	in := readIntent(req.Prompt)

	current := req.CurrentBody
	if strings.TrimSpace(current) == "" && len(in.ops) == 0 {
		current = lastOfflineSheet(req.History) // "make them harder" with only the chat to go on
	}
	var spec Spec
	editing := false
	if strings.TrimSpace(current) != "" {
		old, ok := specFromBody(current)
		switch {
		case ok:
			var changed bool
			spec, changed = edit(old, in, e.seed)
			if !changed {
				return generate.Draft{}, &generate.UnsupportedError{Message: cannotEdit}
			}
			editing = true
		case refersToSheet.MatchString(normalisePrompt(req.Prompt)):
			return generate.Draft{}, &generate.UnsupportedError{Message: notOurSheet}
		}
	}
	if !editing {
		var ok bool
		if spec, ok = fresh(in, e.seed()); !ok {
			return generate.Draft{}, &generate.UnsupportedError{Message: cannotWrite(in)}
		}
	}

	progress(fmt.Sprintf("Writing %d problems…", spec.Count))
	problems := makeProblems(spec)
	text := body(spec, problems, req.Settings)
	if err := ctx.Err(); err != nil {
		return generate.Draft{}, err
	}

	progress("Checking every answer…")
	// The checker recomputes every answer from the question's text; a sheet it does not fully
	// confirm is a bug here, and such a key is never shown.
	checked, changes := check.Check(strings.ReplaceAll(text, ` \computed`, ""))
	if len(changes) > 0 || strings.Count(checked, `\computed`) != len(problems) {
		return generate.Draft{}, fmt.Errorf("offline engine: the answer check did not confirm the sheet (%d corrections)", len(changes))
	}
	return generate.Draft{Body: text, Message: describe(spec, editing)}, nil
}

// lastOfflineSheet returns the newest sheet in the chat that the offline engine wrote.
func lastOfflineSheet(history []generate.Message) string {
	for i := len(history) - 1; i >= 0; i-- {
		if strings.Contains(history[i].LatexCode, specMarker) {
			return history[i].LatexCode
		}
	}
	return ""
}
