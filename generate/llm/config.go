// Package llm is the model engine: it asks any OpenAI-compatible chat endpoint to write a
// worksheet body in the server's LaTeX vocabulary and normalises what comes back.
package llm

import (
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Config comes from OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL.
type Config struct {
	BaseURL, APIKey, Model string
	// Timeout bounds one attempt, from the request to the last streamed token (default 2 min).
	Timeout time.Duration
	// MaxRetries after a 429 or 5xx answer (0 means the default of 3; negative means none).
	MaxRetries int
	// Logger receives the normaliser's notes (default slog.Default()).
	Logger *slog.Logger
	// StructuredOutput: "auto" (default) asks for the worksheet as JSON with a response_format
	// JSON schema and falls back to LaTeX where the endpoint rejects it or the model ignores
	// it; "off" asks for LaTeX only (from OPENAI_STRUCTURED_OUTPUT).
	StructuredOutput string
	// MaxTokens bounds each reply in tokens, sent as max_tokens (max_completion_tokens to the
	// models that take only that); 0 means the default (from OPENAI_MAX_TOKENS).
	MaxTokens int
}

const (
	defaultModel      = "gpt-4o-mini"
	defaultTimeout    = 2 * time.Minute
	defaultMaxRetries = 3
	// defaultMaxTokens is the output limit of the default model (gpt-4o-mini, gpt-4o): about
	// 64 KB of LaTeX, several times the largest sheet (100 questions with their solutions).
	defaultMaxTokens = 16384
)

// Engine implements generate.Engine with a chat model; it also repairs bodies that did not
// compile and adds solutions to hand-written sheets.
type Engine struct {
	client     *openai.Client
	model      string
	timeout    time.Duration
	maxRetries int
	maxTokens  int
	// completionTokens: the model takes max_completion_tokens instead of max_tokens
	completionTokens bool
	backoff          backoff
	log              *slog.Logger
	// structured is 0 while structured output is tried, -1 once it is off or refused.
	structured atomic.Int32
}

// New makes an engine; it does not contact the model.
func New(cfg Config) *Engine {
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = cfg.BaseURL
	}
	// No client-wide timeout: a stream may run long; each attempt gets its own deadline.
	oc.HTTPClient = replyDoer{client: &http.Client{}}
	e := &Engine{
		client:     openai.NewClientWithConfig(oc),
		model:      cfg.Model,
		timeout:    cfg.Timeout,
		maxRetries: cfg.MaxRetries,
		maxTokens:  cfg.MaxTokens,
		backoff:    defaultBackoff,
		log:        cfg.Logger,
	}
	if cfg.StructuredOutput == "off" {
		e.structured.Store(-1)
	}
	if e.model == "" {
		e.model = defaultModel
	}
	if e.maxTokens <= 0 {
		e.maxTokens = defaultMaxTokens
	}
	e.completionTokens = completionTokensOnly(e.model)
	if e.timeout <= 0 {
		e.timeout = defaultTimeout
	}
	switch {
	case e.maxRetries == 0:
		e.maxRetries = defaultMaxRetries
	case e.maxRetries < 0:
		e.maxRetries = 0
	}
	if e.log == nil {
		e.log = slog.Default()
	}
	return e
}
