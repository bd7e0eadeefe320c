package llm

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// fakeModel is a local OpenAI-compatible server. It answers each chat completion with the next
// reply of its script (the last one repeats) and records what it was asked.
type fakeModel struct {
	srv      *httptest.Server
	mu       sync.Mutex
	requests []openai.ChatCompletionRequest
	script   []reply
}

type reply func(w http.ResponseWriter, r *http.Request)

const testKey = "sk-test-0123456789abcdef"

func newFakeModel(t testing.TB, script ...reply) *fakeModel {
	t.Helper()
	f := &fakeModel{script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeModel) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
		return
	}
	var req openai.ChatCompletionRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":{"message":"bad json","type":"invalid_request_error"}}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	next := f.script[min(n, len(f.script)-1)]
	f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		writeJSON(w, http.StatusUnauthorized, `{"error":{"message":"Incorrect API key provided: sk-test-****cdef. You can find your API key at https://platform.example/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)
		return
	}
	next(w, r)
}

func (f *fakeModel) received() []openai.ChatCompletionRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]openai.ChatCompletionRequest(nil), f.requests...)
}

// engine points a model engine at the fake server with short back-off so retries are quick.
func (f *fakeModel) engine(cfg Config) *Engine {
	cfg.BaseURL = f.srv.URL + "/v1"
	if cfg.APIKey == "" {
		cfg.APIKey = testKey
	}
	cfg.Model = "test-model"
	e := New(cfg)
	e.backoff = backoff{base: time.Millisecond, cap: 5 * time.Millisecond, maxWait: time.Minute}
	return e
}

func testdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// streamed replays content as server-sent events the way OpenAI streams: a role chunk,
// content in small pieces, a finish chunk, then [DONE].
func streamed(content string) reply { return streamedUntil(content, "stop") }

// streamedUntil ends the stream with the given finish reason ("length": cut off).
func streamedUntil(content, finish string) reply {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		chunk := func(delta map[string]any, finish any) {
			b, _ := json.Marshal(map[string]any{
				"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 1763700000, "model": "test-model",
				"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
			})
			fmt.Fprintf(w, "data: %s\n\n", b)
			w.(http.Flusher).Flush()
		}
		chunk(map[string]any{"role": "assistant", "content": ""}, nil)
		runes := []rune(content)
		for i := 0; i < len(runes); i += 11 {
			chunk(map[string]any{"content": string(runes[i:min(i+11, len(runes))])}, nil)
		}
		chunk(map[string]any{}, finish)
		fmt.Fprint(w, "data: [DONE]\n\n")
	}
}

// recordedStream replays a captured event stream byte for byte.
func recordedStream(sse string) reply {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sse)
	}
}

// completed answers without streaming, as a chat.completion object.
func completed(content string) reply {
	return func(w http.ResponseWriter, r *http.Request) {
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "created": 1763700000, "model": "test-model",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
			"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
		})
		writeJSON(w, http.StatusOK, string(b))
	}
}

func raw(body string) reply {
	return func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, body) }
}

// failing answers with an HTTP error status and an OpenAI-style error body.
func failing(status int, message string, headers ...string) reply {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": "server_error", "code": nil}})
		writeJSON(w, status, string(b))
	}
}

// hanging starts a stream, sends one line, then never finishes; closed is closed when the
// client drops the connection.
func hanging(closed chan<- struct{}) reply {
	var once sync.Once
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\\begin{questions}\n"}}]}`+"\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		once.Do(func() { close(closed) })
	}
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// progressLog collects progress messages; safe for the engine's goroutine.
type progressLog struct {
	mu   sync.Mutex
	msgs []string
}

func (p *progressLog) add(m string) { p.mu.Lock(); p.msgs = append(p.msgs, m); p.mu.Unlock() }

func (p *progressLog) contains(sub string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range p.msgs {
		if strings.Contains(m, sub) {
			return true
		}
	}
	return false
}
