package hooks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/generate"
	"sheetsmith/generate/llm"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// MaxEdits is the spec's "up to 15 edits per document".
const MaxEdits = 15

const (
	maxPrompt       = 4000
	maxHistory      = 60
	maxHistoryEntry = latexLimit
	latexLimit      = 200_000
	msgNeedTitle    = "Please enter a Document Title before generating."
	msgEditsUsed    = "This worksheet has used all 15 edits. Save it, or start a new worksheet for more changes."
	msgLocked       = "This worksheet's PDF has been downloaded, so it can no longer be edited. Start a new worksheet instead."
	msgTimedOut     = "Generating the worksheet took too long. Please try again with a shorter request."
)

type preferences struct {
	DocumentTitle       string `json:"documentTitle"`
	ShowNameField       *bool  `json:"showNameField"`
	ShowDateField       *bool  `json:"showDateField"`
	ShowPeriodField     *bool  `json:"showPeriodField"`
	ShowInstructorField *bool  `json:"showInstructorField"`
	UseNarrowMargins    *bool  `json:"useNarrowMargins"`
}

type chatEntry struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	LatexCode string `json:"latexCode"`
}

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
		if msg, good := decodeBody(e, &req); !good {
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
		return bad("Please describe the worksheet you want.")
	case len([]rune(req.Prompt)) > maxPrompt:
		return bad("Your request is too long (at most 4,000 characters).")
	case req.Preferences.DocumentTitle == "":
		return bad(msgNeedTitle)
	case len([]rune(req.Preferences.DocumentTitle)) > 200:
		return bad("The document title is too long (at most 200 characters).")
	case len(req.ChatHistory) > maxHistory:
		return bad("The chat is too long. Save this worksheet and start a new one.")
	}
	for _, m := range req.ChatHistory {
		if len(m.Content) > maxHistoryEntry || len(m.LatexCode) > maxHistoryEntry {
			return bad("A chat message is too long.")
		}
		if m.Role != "user" && m.Role != "assistant" {
			return bad("Each chat message needs the role user or assistant.")
		}
	}
	return nil
}

// generationJob is a validated request with what the server knows about the document.
type generationJob struct {
	request   generate.Request
	worksheet *core.Record // the saved worksheet being edited, if any
	edits     int          // edits already made to the current document
	editing   bool
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
		},
	}}
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
	if req.WorksheetID != "" {
		w, err := ownedWorksheet(e, req.WorksheetID)
		if err != nil {
			return nil, &generateFailure{status: http.StatusNotFound, error: msgNotFound, details: msgNotFound}
		}
		if !w.GetDateTime("downloaded_at").IsZero() {
			return nil, &generateFailure{status: http.StatusConflict, error: msgLocked, details: msgLocked}
		}
		job.worksheet = w
		current = w.GetString("latex_code")
		job.edits = w.GetInt("edit_count")
	} else if current != "" {
		job.edits = knownEdits(e.App, e.Auth.Id, current)
	}
	if current != "" {
		job.editing = true
		if body, ok := latex.Body(current); ok {
			job.request.CurrentBody = body
		}
		if doc, ok := worksheet.Extract(current); ok {
			job.request.CurrentDocument = &doc
		} else if doc, ok := generate.ParseBody(job.request.CurrentBody); ok {
			job.request.CurrentDocument = &doc // an older save in the vocabulary
		}
		if job.edits >= MaxEdits {
			return nil, &generateFailure{status: http.StatusConflict, error: msgEditsUsed, details: msgEditsUsed}
		}
	}
	return job, nil
}

func findTemplate(app core.App, id string) (*core.Record, error) {
	if id == "" {
		id = "default"
	}
	return app.FindRecordById("templates", id)
}

func sourceHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// knownEdits is how many edits produced this document, as recorded when the server made it.
func knownEdits(app core.App, userID, src string) int {
	// The same text can come back twice; the highest count is the one that holds.
	rs, err := app.FindRecordsByFilter("generations", "owner = {:o} && source_hash = {:h}", "-edits", 1, 0,
		dbx.Params{"o": userID, "h": sourceHash(src)})
	if err != nil || len(rs) == 0 {
		return 0
	}
	return rs[0].GetInt("edits")
}

func runGeneration(ctx context.Context, e *core.RequestEvent, d Deps, job *generationJob, progress func(string)) (int, map[string]any) {
	p := &generate.Pipeline{Engine: d.Engine, Compiler: d.Compiler, Logger: e.App.Logger()}
	res, err := p.Run(ctx, job.request, progress)
	if err != nil {
		f := generationError(e, err)
		return f.status, f.body()
	}
	edits := 0
	if job.editing {
		edits = job.edits + 1
	}
	if err := rememberGeneration(e.App, e.Auth.Id, res.Source, edits, job.worksheet); err != nil {
		e.App.Logger().Error("record generation", "error", err)
	}
	out := map[string]any{
		"success":   true,
		"latexCode": res.Source,
		"message":   res.Message,
		"editsLeft": MaxEdits - edits,
	}
	if job.worksheet != nil {
		out["worksheetId"] = job.worksheet.Id
	}
	return http.StatusOK, out
}

// rememberGeneration records the new document's edit count; an edited saved worksheet is
// updated in place and its now stale answer key dropped, so a key never drifts from its sheet.
func rememberGeneration(app core.App, userID, src string, edits int, worksheet *core.Record) error {
	col, err := app.FindCachedCollectionByNameOrId("generations")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("owner", userID)
	r.Set("source_hash", sourceHash(src))
	r.Set("edits", edits)
	if err := app.Save(r); err != nil {
		return err
	}
	if worksheet == nil {
		return nil
	}
	worksheet.Set("latex_code", src)
	worksheet.Set("edit_count", edits)
	worksheet.Set("has_answer_key", false)
	worksheet.Set("answer_key", "")
	worksheet.Set("answer_checks", nil)
	return app.Save(worksheet)
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
		e.Response.Header().Set("Retry-After", strconv.Itoa(5))
		return &generateFailure{status: http.StatusTooManyRequests, error: err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		return &generateFailure{status: http.StatusGatewayTimeout, error: msgTimedOut, details: msgTimedOut}
	case errors.Is(err, context.Canceled):
		return &generateFailure{status: http.StatusRequestTimeout, error: "The request was cancelled."}
	default:
		e.App.Logger().Error("generate", "error", err)
		return &generateFailure{status: http.StatusInternalServerError, error: "LaTeX generation failed"}
	}
}
