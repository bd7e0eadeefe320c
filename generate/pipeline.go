package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/generate/check"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Compiler is the part of latex.Compiler the pipeline needs.
type Compiler interface {
	Compile(ctx context.Context, src string) (*latex.Result, error)
}

// Repairer is an engine that can fix a draft the server rejected (the model engine): a body
// the compiler rejected, or a document that did not validate.
type Repairer interface {
	Repair(ctx context.Context, req Request, draft Draft, compileError string) (Draft, error)
}

// MaxRepairs bounds how often a failing draft goes back to the engine.
const MaxRepairs = 2

// InvalidDocumentError: the engine's document did not pass worksheet.Validate, even after
// repair. Err's text lists the problems.
type InvalidDocumentError struct{ Err error }

func (e *InvalidDocumentError) Error() string {
	return "the worksheet document is not valid: " + e.Err.Error()
}
func (e *InvalidDocumentError) Unwrap() error { return e.Err }

// Result is a worksheet that compiled.
type Result struct {
	Source   string              // the whole document, preamble and header included (document embedded)
	Document *worksheet.Document // the typed document, when the engine wrote one
	Message  string              // the chat reply: the engine's, then one sentence per note and correction
	Notes    []string            // what the server removed or changed, one plain sentence each
	Changes  []check.Change      // answers the server corrected by computation
	PDF      *latex.Result       // the compiled sheet (now in the compiler's cache)
	Reading  []Span              // how the offline engine read the request (Draft.Reading)
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

// Pipeline turns a request into a compiled worksheet: the engine writes a document (or a
// body), every computable answer is checked, the server renders it with its own preamble, and
// the compiler proves it builds; a failure goes back to a repairing engine at most MaxRepairs
// times.
type Pipeline struct {
	Engine   Engine
	Compiler Compiler
	Logger   *slog.Logger
}

// ApplySettings puts the request's settings (title, name fields, margins, layout, and the paper,
// face and large print when the request names them) into a document: the template and the
// document settings are the teacher's, not the engine's, except the settings the request's own
// words set (said: Draft.Said), which the document holds already.
func ApplySettings(doc *worksheet.Document, s latex.Settings, said ...string) {
	if t := strings.TrimSpace(s.Title); t != "" {
		doc.Title = t
	}
	doc.Settings.ShowName, doc.Settings.ShowDate = s.ShowName, s.ShowDate
	doc.Settings.ShowPeriod, doc.Settings.ShowInstructor = s.ShowPeriod, s.ShowInstructor
	doc.Settings.NarrowMargins = s.NarrowMargins
	if s.Paper != "" && !slices.Contains(said, SettingPaper) {
		doc.Settings.Paper = s.Paper
	}
	if s.Font != "" {
		doc.Settings.Font = s.Font
	}
	if s.LargePrint {
		doc.Settings.LargePrint = true
	}
	switch {
	case s.Layout == worksheet.LayoutExam:
		doc.Settings.Layout = worksheet.LayoutExam
	case slices.Contains(said, SettingLayout): // "in test format": the document's own
	default:
		doc.Settings.Layout = worksheet.LayoutStandard
	}
}

// prepared is a draft made ready to compile: a document rendered (doc set), or a body the
// reader could not take, wrapped as the model wrote it (opaque). A body draft keeps its opaque
// wrapping beside its document as the last resort once repairs have failed. err, when set, is
// why src could not be written (worksheet.Wrap refused the body): compiling it fails with err,
// a *latex.Error like a compile's, so it goes back to a repairing engine in the model's terms.
type prepared struct {
	src     string
	body    string // a body's text as compiled (opaque), and the line of src it starts on
	first   int
	err     error
	doc     *worksheet.Document
	notes   []string
	changes []check.Change
	// unread is why the reader could not take a body (its problems, in the model's terms);
	// opaque is the body wrapped as written, for a document that did not compile.
	unread []string
	opaque *prepared
}

// prepare checks a draft's answers and writes its source. A document is rendered (and kept in
// the source); a body is read into a document and rendered the same way. A body the reader
// cannot take is wrapped as the model wrote it, its answers unchecked: Run first sends it back
// to a repairing engine with the reader's problems, and compiles it opaque only when repairs
// have failed.
func (p *Pipeline) prepare(req Request, draft Draft) (*prepared, error) {
	if draft.Document != nil {
		return renderDocument(req, *draft.Document, draft.Notes, draft.Said)
	}
	opaque := wrapOpaque(req, draft)
	doc, notes, problems := parseBody(draft.Body, answerable, true)
	if problems != nil {
		opaque.unread = problems
		return opaque, nil
	}
	addLibraries(&doc, draft.Libraries)
	prep, err := renderDocument(req, doc, appendNew(append([]string(nil), draft.Notes...), notes...), draft.Said)
	if err != nil {
		var unsupported *UnsupportedError
		if errors.As(err, &unsupported) {
			return nil, err
		}
		opaque.unread = []string{err.Error()}
		return opaque, nil
	}
	prep.opaque = opaque
	return prep, nil
}

// wrapOpaque wraps a body as the model wrote it, in the server's preamble. Its answers are not
// checked, and the reply says so (OpaqueNote).
func wrapOpaque(req Request, draft Draft) *prepared {
	packages := append(slices.Clip(draft.Packages), draft.Libraries...)
	src, err := worksheet.Wrap(draft.Body, req.Settings, packages...)
	if latex.Unprintable(err) {
		err = &UnsupportedError{Message: err.Error()}
	}
	opaque := &prepared{src: src, err: err, body: strings.TrimSpace(draft.Body),
		notes: appendNew(append([]string(nil), draft.Notes...), OpaqueNote)}
	if frame, ferr := worksheet.Wrap("", req.Settings, packages...); ferr == nil {
		opaque.first = bodyFirstLine(frame)
	}
	return opaque
}

// ErrNoPrompt answers a request with nothing in it (the server's 400 and the CLI's sentence).
var ErrNoPrompt = errors.New("Please describe the worksheet you want.")

// OpaqueNote is the reply's sentence for a reply the server printed as the model wrote it.
const OpaqueNote = "The server could not read this reply question by question, so it is printed as the model wrote it and its answers were not checked."

// ParseBody reads a body into a document when it follows the vocabulary completely: it
// parses without problems, validates (every question answered), and has a question.
func ParseBody(body string) (worksheet.Document, bool) {
	doc, _, problems := parseBody(body, worksheet.Validate, false)
	return doc, problems == nil
}

// parseBody is ParseBody with the validation to apply: a new draft may leave answers out
// (answerable: the check computes what it can, the reply names the rest); a key's source must
// state its answers or go to the solver, as before. A new draft's document is tidied first
// (Tidy: an answer key written as questions, a question written twice, parts three deep), and
// notes are the reply's sentences for what that changed; a saved source is read as it is,
// since no reply would say. problems, when not nil, are why the body could not be read.
func parseBody(body string, validate func(worksheet.Document) error, tidy bool) (worksheet.Document, []string, []string) {
	doc, problems := worksheet.Parse(body)
	if len(problems) > 0 {
		return worksheet.Document{}, nil, problems
	}
	var notes []string
	if tidy {
		notes = Tidy(&doc)
	}
	if err := validate(doc); err != nil {
		return worksheet.Document{}, nil, []string{err.Error()}
	}
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			return doc, notes, nil
		}
	}
	return worksheet.Document{}, nil, []string{"it holds no question (\\question)."}
}

// renderDocument applies the request's settings, checks the answers and renders the sheet.
func renderDocument(req Request, doc worksheet.Document, notes, said []string) (*prepared, error) {
	ApplySettings(&doc, req.Settings, said...)
	if req.Settings.NormalPrint && req.CurrentDocument != nil && req.CurrentDocument.Settings.LargePrint {
		doc.Settings.LargePrint = false // turned off for this edit: the engine carried it over
	}
	Arrange(&doc)
	changes := check.Document(&doc)
	sheet, _, err := worksheet.Render(doc)
	if latex.Unprintable(err) {
		return nil, &UnsupportedError{Message: err.Error()} // the teacher reads it; no repair helps
	}
	if err != nil {
		return nil, &InvalidDocumentError{Err: err}
	}
	notes = appendNew(append([]string(nil), notes...), worksheet.Notices(doc)...)
	if unanswered, _ := worksheet.Unanswered(doc); len(unanswered) > 0 {
		notes = appendNew(notes, UnansweredNote(unanswered))
	}
	return &prepared{src: sheet, doc: &doc, notes: notes, changes: changes}, nil
}

// compileOne compiles a prepared source; one that could not be written fails as it would have.
func (p *Pipeline) compileOne(ctx context.Context, prep *prepared) (*latex.Result, error) {
	if prep.err != nil {
		return nil, prep.err
	}
	return p.Compiler.Compile(ctx, prep.src)
}

// Run writes, checks and compiles. A *latex.Error means it still did not compile; a cancelled
// or expired ctx is returned as the context's error, never as a TeX error.
func (p *Pipeline) Run(ctx context.Context, req Request, progress func(string)) (*Result, error) {
	if progress == nil {
		progress = func(string) {}
	}
	draft, err := p.Engine.Write(ctx, req, progress)
	if err != nil {
		return nil, err
	}
	repairer, canRepair := p.Engine.(Repairer)
	for round, fixes := 0, 0; ; {
		if err := ctx.Err(); err != nil { // the request ended while the engine wrote: nothing to prepare
			return nil, err
		}
		repairable := canRepair && round < MaxRepairs
		prep, err := p.prepare(req, draft)
		var problem string
		switch {
		case err != nil:
			var invalid *InvalidDocumentError
			if !errors.As(err, &invalid) || !repairable {
				return nil, err
			}
			problem = "The document is not valid:\n" + invalid.Err.Error()
		case prep.unread != nil && repairable:
			problem = unreadInModelsTerms(prep)
		default:
			if len(prep.changes) > 0 && p.Logger != nil {
				p.Logger.Info("corrected computed answers", "count", len(prep.changes))
			}
			progress("Compiling the PDF…")
			pdf, err := p.compileOne(ctx, prep)
			var texErr *latex.Error
			if err != nil && ctx.Err() == nil && errors.As(err, &texErr) && !repairable && prep.opaque != nil {
				// the last resort, once repairs have failed: the body as the model wrote it
				if p.Logger != nil {
					p.Logger.Warn("a read body did not compile as a document; compiling it as written", "problem", texErr.Error())
				}
				prep = prep.opaque
				pdf, err = p.compileOne(ctx, prep)
			}
			if err == nil {
				return &Result{Source: prep.src, Document: prep.doc, Message: Reply(draft.Message, prep.notes, prep.changes),
					Notes: prep.notes, Changes: prep.changes, PDF: pdf, Reading: draft.Reading}, nil
			}
			if ctx.Err() != nil {
				return nil, ctx.Err() // cancelled or out of time: never a TeX error to repair
			}
			if !errors.As(err, &texErr) {
				return nil, err
			}
			if fixes < MaxFixes {
				// the server mends what a rule knows, at the cost of that one symbol or command
				if note, ok := fixCompile(&draft, prep, texErr); ok {
					fixes++
					if p.Logger != nil {
						p.Logger.Info("mended a draft the compiler rejected", "problem", texErr.Error())
					}
					if note != "" {
						draft.Notes = appendNew(slices.Clip(draft.Notes), note)
					}
					continue
				}
			}
			if !repairable {
				return nil, err
			}
			problem = inModelsTerms(prep, texErr)
		}
		round++
		if p.Logger != nil {
			p.Logger.Info("repairing a draft the server rejected", "round", round+1)
		}
		progress("Fixing a problem in the document…")
		draft, err = repairer.Repair(ctx, req, draft, problem)
		if err != nil {
			return nil, err
		}
	}
}

// unreadInModelsTerms is why the reader could not take a body, for the model to rewrite it: a
// line the server refuses outright is quoted from what the model wrote; otherwise the
// reader's problems, which name questions by the model's own numbering.
func unreadInModelsTerms(prep *prepared) string {
	var texErr *latex.Error
	if errors.As(prep.err, &texErr) {
		return inModelsTerms(prep, texErr)
	}
	return "The server reads a worksheet question by question in the vocabulary you were given, and could not read yours: " +
		strings.Join(prep.unread, " ") + "\nWrite it again in that vocabulary, keeping every question and its answer."
}

// bodyFirstLine is the line (from 1) a wrapped source's body starts on: the one after its
// body marker.
func bodyFirstLine(src string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) == latex.BodyBegin {
			return i + 2
		}
	}
	return 0
}

// questionRow is the start of a numbered question in a rendered sheet: "\\ssq{width}{3.}".
var questionRow = regexp.MustCompile(`\\ssq\{[^{}]*\}\{(\d+)\.\}`)

// inModelsTerms is a compile error as the model can act on it: the server's assembled file,
// its preamble and its line numbers are the server's, never seen by the model. A body's error
// quotes the model's own line (and its place in what it wrote); a document's names the
// question whose rendering failed and quotes that line.
func inModelsTerms(prep *prepared, texErr *latex.Error) string {
	if prep.doc == nil {
		body := strings.Split(prep.body, "\n")
		if n := texErr.Line - prep.first + 1; prep.first > 0 && n >= 1 && n <= len(body) {
			return fmt.Sprintf("Compilation failed at line %d of your body, which reads:\n%s\nThe problem: %s", n, strings.TrimSpace(body[n-1]), texErr.Problem)
		}
		return "Compilation failed: " + texErr.Problem
	}
	lines := strings.Split(prep.src, "\n")
	if texErr.Line <= 0 || texErr.Line > len(lines) {
		return "Compilation failed: " + texErr.Problem
	}
	line := strings.TrimSpace(lines[texErr.Line-1])
	where := "the document"
	for i := texErr.Line - 1; i >= 0; i-- {
		if m := questionRow.FindStringSubmatch(lines[i]); m != nil {
			where = "question " + m[1]
			break
		}
	}
	return fmt.Sprintf("Compilation failed in %s, at the LaTeX:\n%s\nThe problem: %s", where, line, texErr.Problem)
}

// appendNew adds the notes not already there.
func appendNew(notes []string, more ...string) []string {
	for _, n := range more {
		found := false
		for _, m := range notes {
			found = found || m == n
		}
		if !found {
			notes = append(notes, n)
		}
	}
	return notes
}

// addLibraries gives the TikZ libraries a body named to its figures, so the rendering loads
// them where a figure uses one the renderer would not spot.
func addLibraries(doc *worksheet.Document, libs []string) {
	add := func(f *worksheet.Figure) {
		if f != nil && f.LaTeX != "" {
			for _, l := range libs {
				if slices.Contains(worksheet.TikZLibraries, l) && !slices.Contains(f.Packages, l) {
					f.Packages = append(f.Packages, l)
				}
			}
		}
	}
	var walk func(q *worksheet.Question)
	walk = func(q *worksheet.Question) {
		add(q.Figure)
		for i := range q.Parts {
			walk(&q.Parts[i])
		}
	}
	for i := range doc.Blocks {
		add(doc.Blocks[i].Figure)
		if doc.Blocks[i].Question != nil {
			walk(doc.Blocks[i].Question)
		}
	}
}

// answerable validates a new draft's document, letting answers be missing: the answer check
// fills in those it computes, and the reply names the rest (UnansweredNote).
func answerable(doc worksheet.Document) error {
	_, err := worksheet.Unanswered(doc)
	return err
}

// UnansweredNote is the reply's sentence for questions whose answers were never given.
func UnansweredNote(where []string) string {
	list := strings.Join(where, ", ")
	if i := strings.LastIndex(list, ", "); i >= 0 {
		list = list[:i] + " and " + list[i+2:]
	}
	return fmt.Sprintf("The reply did not give the answer to %s, so the answer key leaves it empty; ask for the answers to fill it in.", list)
}

// ValidateChecked validates a document as the answer check will leave it: an answer the engine
// left out is no problem when the check computes it from its question (and the reply then
// names it: "I filled in the missing answer to question 2: 28."). doc itself is not changed.
func ValidateChecked(doc worksheet.Document) error {
	err := worksheet.Validate(doc)
	if err == nil {
		return nil
	}
	var filled worksheet.Document
	b, merr := json.Marshal(doc)
	if merr != nil || json.Unmarshal(b, &filled) != nil || len(check.Document(&filled)) == 0 {
		return err
	}
	if worksheet.Validate(filled) != nil {
		return err
	}
	return nil
}
