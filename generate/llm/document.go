package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
)

// MaxReasks bounds how often a document that does not validate goes back to the model with
// the validation errors.
const MaxReasks = 2

var (
	// errSchemaRejected: the endpoint refused response_format (HTTP 400 on the request).
	errSchemaRejected = errors.New("the endpoint rejected structured output")
	// errNoValidDocument: the model kept answering with documents that do not validate.
	errNoValidDocument = errors.New("no valid document after re-asking")
)

// ignoredSchema: the model answered, but not with the JSON asked for; raw is its answer.
type ignoredSchema struct {
	raw       string
	truncated bool
}

func (e *ignoredSchema) Error() string { return "the model ignored the JSON schema" }

// formatWords are how endpoints name structured output when they refuse it: OpenAI
// ("response_format … json_schema is not supported with this model"), vLLM (guided
// decoding), llama.cpp (grammar), LiteLLM and others ("structured output").
var formatWords = []string{"response_format", "json_schema", "schema", "structured", "guided", "grammar", "format"}

// rejectsFormat: an HTTP 400 whose message names structured output. Any other 400 (a prompt
// too long, a content policy) is the request's problem and is not retried without it.
func rejectsFormat(err error) bool {
	var me *Error
	if !errors.As(err, &me) || me.upstream != http.StatusBadRequest {
		return false
	}
	msg := ""
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		msg = apiErr.Message
	case errors.As(err, &reqErr):
		msg = string(reqErr.Body) + " " + reqErr.Error()
	}
	msg = strings.ToLower(msg)
	for _, w := range formatWords {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// structuredOutput reports whether to ask for a document: on unless configured off or the
// endpoint has refused it before.
func (e *Engine) structuredOutput() bool {
	return e.structured.Load() >= 0
}

// writeDocument asks for the document as JSON, validates it, and asks again with the
// validation errors at most MaxReasks times.
func (e *Engine) writeDocument(ctx context.Context, req generate.Request, progress func(string)) (generate.Draft, error) {
	msgs := documentMessages(req)
	for attempt := 0; ; attempt++ {
		progress("Asking the model…")
		raw, truncated, err := e.streamFormat(ctx, msgs, documentFormat(), progress)
		if err != nil {
			if attempt == 0 && rejectsFormat(err) {
				e.log.Info("the endpoint rejected structured output; using LaTeX")
				e.structured.Store(-1)
				return generate.Draft{}, errSchemaRejected
			}
			return generate.Draft{}, err
		}
		fd, cut, ok := readFlat(raw)
		truncated = truncated || cut
		if !ok {
			if t := strings.TrimSpace(raw); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "```json") {
				// JSON that does not read (cut off at the length limit, or malformed):
				// nothing to normalise as LaTeX, so ask for LaTeX instead
				e.log.Warn("the model's JSON could not be read", "truncated", truncated, "chars", len(raw))
				return generate.Draft{}, errNoValidDocument
			}
			e.log.Info("the model ignored the JSON schema", "attempt", attempt+1)
			return generate.Draft{}, &ignoredSchema{raw: raw, truncated: truncated}
		}
		progress("Checking the worksheet…")
		d, problems := documentDraft(req, fd, truncated)
		if problems == nil {
			return d, nil
		}
		if attempt >= MaxReasks {
			e.log.Warn("the model's documents did not validate", "problems", problems.Error())
			return generate.Draft{}, errNoValidDocument
		}
		progress("Fixing the worksheet…")
		msgs = append(msgs,
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: raw},
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: "The server cannot use this worksheet:\n" +
				strings.TrimSpace(problems.Error()) + "\n\nFix these problems and answer with the whole corrected worksheet as JSON. Keep everything else as it is."})
	}
}

// documentDraft builds and validates the document of a JSON answer.
func documentDraft(req generate.Request, fd flatDoc, truncated bool) (generate.Draft, error) {
	doc, notes, problems := fd.build(req.CurrentDocument)
	if problems == nil {
		// answers the model left out that the server can compute from their question are
		// filled in by the pipeline's check, which names each in the reply; the model is
		// asked again only for the rest
		problems = generate.ValidateChecked(doc)
	}
	if problems != nil {
		return generate.Draft{}, problems
	}
	d := generate.Draft{Document: &doc, Message: replyMessage(req, questionCount(doc)), Notes: notes}
	switch {
	case fd.cutPart:
		d.Message += " The model's answer was cut short inside the last question's parts, so I kept its complete parts and left out the unfinished one; ask for fewer questions to get it whole."
	case truncated:
		d.Message += " The model's answer was cut short, so the last question may be incomplete; ask for fewer questions if it is."
	}
	return d, nil
}

// repairDocument sends a document the server could not render or compile back with the
// problem and asks for the corrected document.
func (e *Engine) repairDocument(ctx context.Context, req generate.Request, draft generate.Draft, problem string) (generate.Draft, error) {
	cur, _ := jsonIndent(toFlat(*draft.Document))
	msgs := append(documentMessages(req),
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: cur},
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: "The server could not typeset this worksheet.\n" +
			repairProblem(problem) + "\n\nFix the problem and answer with the whole corrected worksheet as JSON. Keep the questions and answers as they are unless they cause the problem."})
	raw, _, err := e.streamFormat(ctx, msgs, documentFormat(), func(string) {})
	if err != nil {
		return generate.Draft{}, err
	}
	fd, ok := parseFlat(raw)
	if !ok {
		return generate.Draft{}, &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet}
	}
	doc, notes, problems := fd.build(draft.Document)
	if problems != nil {
		return generate.Draft{}, &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet}
	}
	return generate.Draft{Document: &doc, Message: draft.Message, Notes: appendNew(draft.Notes, notes...)}, nil
}

func jsonIndent(v any) (string, error) {
	b, err := json.MarshalIndent(v, "", " ")
	return string(b), err
}
