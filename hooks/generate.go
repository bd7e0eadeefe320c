package hooks

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/generate"
	"sheetsmith/generate/llm"
	"sheetsmith/latex"
	"sheetsmith/library"
	"sheetsmith/queue"
	"sheetsmith/worksheet"
)

const (
	maxPrompt       = 4000
	maxHistory      = 60
	maxHistoryEntry = latexLimit
	// maxHistoryChars bounds the whole chat (every content and latexCode), so the body cap
	// below fits the largest chat the server accepts.
	maxHistoryChars = 3 * latexLimit
	msgNeedTitle    = "Please enter a Document Title before generating."
	msgTimedOut     = "Generating the worksheet took too long. Please try again with a shorter request."
	msgNotEditable  = "This document was not made by the generator on this server (or was changed since), so it cannot be edited here. Start a new worksheet instead."
)

type preferences struct {
	DocumentTitle       string `json:"documentTitle"`
	ShowNameField       *bool  `json:"showNameField"`
	ShowDateField       *bool  `json:"showDateField"`
	ShowPeriodField     *bool  `json:"showPeriodField"`
	ShowInstructorField *bool  `json:"showInstructorField"`
	UseNarrowMargins    *bool  `json:"useNarrowMargins"`
	// The settings that print: unset, an edit keeps the document's, and a new sheet gets the
	// server's paper (SHEETSMITH_PAPER), normal print and the default face.
	PaperSize  string `json:"paperSize"`
	LargePrint *bool  `json:"largePrint"`
	Font       string `json:"font"`
	// ChosenAfterPrompt names the print settings chosen after the request was typed
	// ("paperSize", "largePrint", "font"): they win over the request's words.
	ChosenAfterPrompt []string `json:"chosenAfterPrompt"`
}

// chosenSettings are the engines' names of the print settings a preferences field names.
var chosenSettings = map[string]string{"paperSize": generate.SettingPaper, "largePrint": generate.SettingLargePrint, "font": generate.SettingFont}

type chatEntry struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	LatexCode string `json:"latexCode"`
}

// generateBodyCap fits the largest request validateGenerate accepts (prompt, title, template,
// worksheet id and the whole chat), in any JSON encoding.
var generateBodyCap = bodyCap(maxPrompt + 200 + 64 + 64 + maxHistoryChars + maxHistory*16)

type generateRequest struct {
	Prompt      string      `json:"prompt"`
	Preferences preferences `json:"preferences"`
	ChatHistory []chatEntry `json:"chatHistory"`
	Template    string      `json:"template"`
	WorksheetID string      `json:"worksheetId"`
}

func orDefault(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}

// generateFailure is a failed generation in the contract's shape.
type generateFailure struct {
	status  int
	error   string
	details string
}

func (f *generateFailure) body() map[string]any {
	b := map[string]any{"success": false, "error": f.error}
	if f.details != "" {
		b["details"] = f.details
	}
	return b
}

// generateHandler answers POST /generate-latex. With Accept: application/x-ndjson it streams
// {"progress":…} lines before the final answer, so the teacher sees what is happening.
func generateHandler(d Deps) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var req generateRequest
		if msg, good := decodeBody(e, &req, generateBodyCap); !good {
			return fail(e, http.StatusBadRequest, msg)
		}
		if f := validateGenerate(&req); f != nil {
			return e.JSON(f.status, f.body())
		}
		job, f := prepareGeneration(e, d, req)
		if f != nil {
			return e.JSON(f.status, f.body())
		}

		stream := strings.Contains(e.Request.Header.Get("Accept"), "application/x-ndjson")
		var progress func(string)
		var mu sync.Mutex
		if stream {
			e.Response.Header().Set("Content-Type", "application/x-ndjson")
			e.Response.Header().Set("Cache-Control", "no-cache")
			e.Response.Header().Set("X-Accel-Buffering", "no")
			e.Response.WriteHeader(http.StatusOK)
			last := ""
			progress = func(step string) {
				mu.Lock()
				defer mu.Unlock()
				if step == last { // the handler and the engine may both announce the first step
					return
				}
				last = step
				writeLine(e, map[string]any{"progress": step})
			}
			progress("Reading your request…")
		}

		// The request's context ends when the teacher abandons it: the model call stops too.
		ctx, cancel := context.WithTimeout(e.Request.Context(), 3*time.Minute)
		defer cancel()
		status, body := runGeneration(ctx, e, d, job, progress)
		if stream {
			mu.Lock()
			defer mu.Unlock()
			if status != http.StatusOK {
				body["status"] = status // the stream itself started with 200
			}
			writeLine(e, body)
			return nil
		}
		return e.JSON(status, body)
	}
}

func writeLine(e *core.RequestEvent, v any) {
	b, _ := json.Marshal(v)
	_, _ = e.Response.Write(append(b, '\n'))
	if fl, ok := e.Response.(http.Flusher); ok {
		fl.Flush()
	}
}

func validateGenerate(req *generateRequest) *generateFailure {
	bad := func(msg string) *generateFailure {
		return &generateFailure{status: http.StatusBadRequest, error: msg, details: msg}
	}
	req.Prompt = strings.TrimSpace(req.Prompt)
	req.Preferences.DocumentTitle = strings.TrimSpace(req.Preferences.DocumentTitle)
	switch {
	case req.Prompt == "":
		return bad(generate.ErrNoPrompt.Error())
	case len([]rune(req.Prompt)) > maxPrompt:
		return bad("Your request is too long (at most 4,000 characters).")
	case req.Preferences.DocumentTitle == "":
		return bad(msgNeedTitle)
	case len([]rune(req.Preferences.DocumentTitle)) > 200:
		return bad("The document title is too long (at most 200 characters).")
	case !slices.Contains([]string{"", worksheet.PaperLetter, worksheet.PaperA4}, req.Preferences.PaperSize):
		return bad(`The paper size must be "letter" or "a4".`)
	case req.Preferences.Font != "" && !slices.Contains(latex.Fonts, req.Preferences.Font):
		return bad(`The font must be "default", "sans" or "hyperlegible".`)
	case len(req.ChatHistory) > maxHistory:
		return bad("The chat is too long. Save this worksheet and start a new one.")
	case slices.ContainsFunc(req.Preferences.ChosenAfterPrompt, func(n string) bool { return chosenSettings[n] == "" }):
		return bad(`chosenAfterPrompt may name only "paperSize", "largePrint" and "font".`)
	}
	total := 0
	for _, m := range req.ChatHistory {
		content, code := utf8.RuneCountInString(m.Content), utf8.RuneCountInString(m.LatexCode)
		if content > maxHistoryEntry || code > maxHistoryEntry {
			return bad("A chat message is too long.")
		}
		if m.Role != "user" && m.Role != "assistant" {
			return bad("Each chat message needs the role user or assistant.")
		}
		total += content + code
	}
	if total > maxHistoryChars {
		return bad("The chat is too long. Save this worksheet and start a new one.")
	}
	return nil
}

// generationJob is a validated request with what the server knows about the document.
type generationJob struct {
	request   generate.Request
	worksheet *core.Record // the saved worksheet being edited, if any
	lineage   *core.Record // the lineage of the document being edited; nil for a new one
}

func prepareGeneration(e *core.RequestEvent, d Deps, req generateRequest) (*generationJob, *generateFailure) {
	p := req.Preferences
	job := &generationJob{request: generate.Request{
		Prompt: req.Prompt,
		Settings: latex.Settings{
			Title:          p.DocumentTitle,
			ShowName:       orDefault(p.ShowNameField, true),
			ShowDate:       orDefault(p.ShowDateField, true),
			ShowPeriod:     orDefault(p.ShowPeriodField, true),
			ShowInstructor: orDefault(p.ShowInstructorField, false),
			NarrowMargins:  true, // the spec: always true
			Layout:         "default",
			Paper:          p.PaperSize,
			LargePrint:     orDefault(p.LargePrint, false),
			NormalPrint:    p.LargePrint != nil && !*p.LargePrint,
			Font:           p.Font,
		},
	}}
	for _, n := range p.ChosenAfterPrompt {
		job.request.ChosenAfterPrompt = append(job.request.ChosenAfterPrompt, chosenSettings[n])
	}
	if tpl, err := findTemplate(e.App, req.Template); err == nil {
		job.request.TemplateInstructions = tpl.GetString("promptInstructions")
		if tpl.GetString("layout") == "exam" {
			job.request.Settings.Layout = "exam"
		}
	}
	current := ""
	for _, m := range req.ChatHistory {
		job.request.History = append(job.request.History, generate.Message{Role: m.Role, Content: m.Content, LatexCode: m.LatexCode})
		if m.LatexCode != "" {
			current = m.LatexCode
		}
	}
	// The document being edited is known by the server's records only: a saved worksheet's
	// lineage, or the lineage of a source the server produced. Anything else (hand-written, or
	// changed by even one byte) is not an edit the server can count, so it is refused.
	if req.WorksheetID != "" {
		w, err := ownedWorksheet(e, req.WorksheetID)
		if err != nil {
			return nil, &generateFailure{status: http.StatusNotFound, error: msgNotFound, details: msgNotFound}
		}
		if !w.GetDateTime("downloaded_at").IsZero() {
			return nil, conflict(library.ErrLocked)
		}
		job.worksheet = w
		job.lineage = library.WorksheetLineage(e.App, w)
		current = w.GetString("latex_code")
	} else if current != "" {
		job.lineage = library.SourceLineage(e.App, e.Auth.Id, current)
	}
	if current == "" {
		if job.request.Settings.Paper == "" {
			job.request.Settings.Paper = d.Config.Paper // a new sheet: the server's paper
		}
		if job.request.Settings.Font == "" {
			job.request.Settings.Font = latex.FontDefault // and the default face, whatever an engine wrote
		}
		return job, nil
	}
	if job.lineage == nil {
		return nil, &generateFailure{status: http.StatusConflict, error: msgNotEditable, details: msgNotEditable}
	}
	if err := library.Editable(job.lineage); err != nil {
		return nil, conflict(err)
	}
	if body, ok := latex.Body(current); ok {
		job.request.CurrentBody = body
	}
	if doc, ok := worksheet.Extract(current); ok {
		job.request.CurrentDocument = &doc
	} else if doc, ok := generate.ParseBody(job.request.CurrentBody); ok {
		job.request.CurrentDocument = &doc // an older save in the vocabulary
	}
	// What the request leaves unset, the edit keeps from the document: every engine's new
	// draft then prints like the sheet it changes.
	if cur := job.request.CurrentDocument; cur != nil {
		s := &job.request.Settings
		if s.Paper == "" {
			s.Paper = cur.Settings.Paper
		}
		if s.Font == "" {
			s.Font = cur.Settings.Font
		}
		if p.LargePrint == nil {
			s.LargePrint = cur.Settings.LargePrint
		}
	}
	return job, nil
}

// conflict is an edit the document's rules refuse (locked, or out of edits).
func conflict(err error) *generateFailure {
	return &generateFailure{status: http.StatusConflict, error: err.Error(), details: err.Error()}
}

func findTemplate(app core.App, id string) (*core.Record, error) {
	if id == "" {
		id = "default"
	}
	return app.FindRecordById("templates", id)
}

func runGeneration(ctx context.Context, e *core.RequestEvent, d Deps, job *generationJob, progress func(string)) (int, map[string]any) {
	p := &generate.Pipeline{Engine: d.Engine, Compiler: compilerFor(e, d.Queue), Logger: e.App.Logger()}
	res, err := p.Run(ctx, job.request, progress)
	if err != nil {
		f := generationError(e, err)
		return f.status, f.body()
	}
	lineageID, worksheetID := "", ""
	if job.lineage != nil {
		lineageID = job.lineage.Id
	}
	if job.worksheet != nil {
		worksheetID = job.worksheet.Id
	}
	edits, err := library.CommitGeneration(e.App, e.Auth.Id, res.Source, lineageID, worksheetID)
	switch {
	case errors.Is(err, library.ErrLocked), errors.Is(err, library.ErrEditsUsed):
		f := conflict(err)
		return f.status, f.body()
	case err != nil:
		e.App.Logger().Error("record generation", "error", err)
		return http.StatusInternalServerError, (&generateFailure{error: "LaTeX generation failed", details: msgInternalFailed}).body()
	}
	// The key is compiled beside the sheet, so Generate Answer Key answers from the cache.
	if res.Document != nil {
		keyAhead(e.App, d.Queue, e.Auth, res.Source)
	}
	out := map[string]any{
		"success":   true,
		"latexCode": res.Source,
		"message":   res.Message,
		"editsLeft": library.MaxEdits - edits,
	}
	if job.worksheet != nil {
		out["worksheetId"] = job.worksheet.Id
	}
	if len(res.Reading) > 0 { // the offline engine's reading, beside the contract's fields
		out["reading"] = res.Reading
	}
	return http.StatusOK, out
}

// modelStatus is the status for each kind of model failure (spec §8 turns it into a message).
var modelStatus = map[generate.Failure]int{
	generate.FailureProvider:     http.StatusInternalServerError,
	generate.FailureConfig:       http.StatusInternalServerError,
	generate.FailureBusy:         http.StatusTooManyRequests,
	generate.FailureNoAnswer:     http.StatusGatewayTimeout,
	generate.FailureRefused:      http.StatusBadRequest,
	generate.FailureNotWorksheet: http.StatusBadGateway,
}

// generationError maps a failure to the status and details the browser's spec §8 mapping
// turns into the right message. Raw provider and TeX output stays in the server log.
func generationError(e *core.RequestEvent, err error) *generateFailure {
	var unsupported *generate.UnsupportedError
	var modelErr *llm.Error
	var texErr *latex.Error
	switch {
	case errors.As(err, &unsupported):
		return &generateFailure{status: http.StatusUnprocessableEntity, error: "LaTeX generation failed", details: unsupported.Message}
	case errors.As(err, &modelErr):
		e.App.Logger().Warn("model call failed", "failure", modelErr.Failure)
		return &generateFailure{status: modelStatus[modelErr.Failure], error: "LaTeX generation failed", details: modelErr.Details}
	case errors.As(err, &texErr):
		e.App.Logger().Warn("generated worksheet did not compile", "problem", texErr.Error())
		return &generateFailure{status: http.StatusUnprocessableEntity, error: "Compilation failed",
			details: "The worksheet could not be compiled (" + texErr.Error() + "). Please try rephrasing your request."}
	case errors.Is(err, latex.ErrBusy):
		setRetryAfter(e, err)
		return &generateFailure{status: http.StatusTooManyRequests, error: err.Error()}
	case errors.Is(err, queue.ErrLowDisk):
		e.Response.Header().Set("Retry-After", "60")
		return &generateFailure{status: http.StatusServiceUnavailable, error: "LaTeX generation failed", details: err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		return &generateFailure{status: http.StatusGatewayTimeout, error: msgTimedOut, details: msgTimedOut}
	case errors.Is(err, context.Canceled):
		return &generateFailure{status: http.StatusRequestTimeout, error: "The request was cancelled."}
	default:
		e.App.Logger().Error("generate", "error", err)
		return &generateFailure{status: http.StatusInternalServerError, error: "LaTeX generation failed"}
	}
}
