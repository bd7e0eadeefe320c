package generate

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"sheetsmith/generate/check"
	"sheetsmith/latex"
)

// Compiler is the part of latex.Compiler the pipeline needs.
type Compiler interface {
	Compile(ctx context.Context, src string) (*latex.Result, error)
}

// Repairer is an engine that can fix a body the compiler rejected (the model engine).
type Repairer interface {
	Repair(ctx context.Context, req Request, draft Draft, compileError string) (Draft, error)
}

// MaxRepairs bounds how often a failing body goes back to the engine.
const MaxRepairs = 2

// Result is a worksheet that compiled.
type Result struct {
	Source  string         // the whole document, preamble and header included
	Message string         // the chat reply: the engine's, then one sentence per note and correction
	Notes   []string       // what the server removed or changed, one plain sentence each
	Changes []check.Change // answers the server corrected by computation
	PDF     *latex.Result  // the compiled sheet (now in the compiler's cache)
}

// Reply is the chat reply: the engine's message followed by one sentence for each thing the
// server removed or changed and each answer it corrected, so nothing changes silently.
func Reply(message string, notes []string, changes []check.Change) string {
	parts := []string{strings.TrimSpace(message)}
	parts = append(parts, notes...)
	for _, c := range changes {
		parts = append(parts, c.Sentence())
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// Pipeline turns a request into a compiled worksheet: the engine writes a body, every
// computable answer is checked, the server wraps it in its preamble, and the compiler proves
// it builds; a failure goes back to a repairing engine at most MaxRepairs times.
type Pipeline struct {
	Engine   Engine
	Compiler Compiler
	Logger   *slog.Logger
}

// Run writes, checks and compiles. A *latex.Error means it still did not compile.
func (p *Pipeline) Run(ctx context.Context, req Request, progress func(string)) (*Result, error) {
	if progress == nil {
		progress = func(string) {}
	}
	draft, err := p.Engine.Write(ctx, req, progress)
	if err != nil {
		return nil, err
	}
	for round := 0; ; round++ {
		body, changes := check.Check(draft.Body)
		if len(changes) > 0 && p.Logger != nil {
			p.Logger.Info("corrected computed answers", "count", len(changes))
		}
		src := latex.Document(body, req.Settings, draft.Packages...)
		progress("Compiling the PDF…")
		pdf, err := p.Compiler.Compile(ctx, src)
		if err == nil {
			return &Result{Source: src, Message: Reply(draft.Message, draft.Notes, changes),
				Notes: draft.Notes, Changes: changes, PDF: pdf}, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err() // cancelled or out of time: never a TeX error to repair
		}
		var texErr *latex.Error
		repairer, canRepair := p.Engine.(Repairer)
		if !errors.As(err, &texErr) || !canRepair || round >= MaxRepairs {
			return nil, err
		}
		if p.Logger != nil {
			p.Logger.Info("repairing a body that did not compile", "round", round+1, "problem", texErr.Problem)
		}
		progress("Fixing a problem in the document…")
		draft, err = repairer.Repair(ctx, req, draft, texErr.Error())
		if err != nil {
			return nil, err
		}
	}
}
