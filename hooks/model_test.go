package hooks

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sheetsmith/generate/llm"
	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// replayModel is a local OpenAI-compatible server that answers each chat completion with the
// next recorded reply (the last one repeats), streamed as the API streams, or plain JSON.
type replayModel struct {
	srv   *httptest.Server
	mu    sync.Mutex
	calls int
	reply []func(w http.ResponseWriter, stream bool)
}

const replayKey = "sk-replay-secret-123456"

func newReplayModel(t *testing.T, replies ...func(w http.ResponseWriter, stream bool)) *replayModel {
	t.Helper()
	m := &replayModel{reply: replies}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Stream bool `json:"stream"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		m.mu.Lock()
		next := m.reply[min(m.calls, len(m.reply)-1)]
		m.calls++
		m.mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer "+replayKey {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":{"message":"Incorrect API key provided: sk-r****3456.","type":"invalid_request_error","code":"invalid_api_key"}}`)
			return
		}
		next(w, req.Stream)
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *replayModel) deps(t *testing.T, key string) Deps {
	d := compilerDeps(t)
	d.Engine = llm.New(llm.Config{BaseURL: m.srv.URL + "/v1", APIKey: key, Model: "replay", MaxRetries: -1, Timeout: 20 * time.Second})
	return d
}

// answer replies with text, as a stream of small chunks or as one JSON completion.
func answer(text string) func(http.ResponseWriter, bool) {
	return func(w http.ResponseWriter, stream bool) {
		if !stream {
			w.Header().Set("Content-Type", "application/json")
			b, _ := json.Marshal(map[string]any{
				"id": "chatcmpl-replay", "object": "chat.completion", "model": "replay",
				"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant", "content": text}}},
			})
			w.Write(b)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for rest := text; len(rest) > 0; {
			n := min(40, len(rest))
			chunk, _ := json.Marshal(map[string]any{
				"id": "chatcmpl-replay", "object": "chat.completion.chunk", "model": "replay",
				"choices": []map[string]any{{"index": 0, "delta": map[string]string{"content": rest[:n]}}},
			})
			fmt.Fprintf(w, "data: %s\n\n", chunk)
			rest = rest[n:]
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
	}
}

func status(code int) func(http.ResponseWriter, bool) {
	return func(w http.ResponseWriter, _ bool) {
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"message":"upstream says %d","type":"server_error"}}`, code)
	}
}

func recorded(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "generate", "llm", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Flawed model output (fences, whole documents with foreign packages, Unicode, broken
// environments) still ends in a compiled PDF.
func TestModelOutputIsNormalisedIntoACompiledWorksheet(t *testing.T) {
	for _, name := range []string{"whole_document.txt", "fenced_fractions.txt", "unicode_times_tables.txt", "broken_environments.txt", "enumerate_with_answer_key.txt", "reasoning_model_thinking.txt"} {
		t.Run(name, func(t *testing.T) {
			m := newReplayModel(t, answer(recorded(t, name)))
			f := newFixture(t, m.deps(t, replayKey))
			code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("a worksheet", "Model sheet", ""))
			if code != 200 || out["success"] != true {
				t.Fatalf("%d %v", code, out)
			}
			src := out["latexCode"].(string)
			if strings.Contains(src, "fontspec") || strings.Contains(src, "```") || !strings.HasPrefix(src, latex.Preamble) {
				t.Fatal("the server's preamble replaces the model's, fences are gone")
			}
			if code, c := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(src)+`}`); code != 200 {
				t.Fatalf("compile: %d %v", code, c)
			}
		})
	}
}

// A body that does not compile goes back to the model; the repaired one is used.
func TestModelRepairRound(t *testing.T) {
	broken := "\\begin{questions}\n\\question $2 + 3 = $ \\answerblank\n\\begin{solution}$5$\\end{solution}\n\\question Use \\undefinedmacro here.\n\\begin{solution}yes\\end{solution}\n\\end{questions}\n"
	fixed := "\\begin{questions}\n\\question $2 + 3 = $ \\answerblank\n\\begin{solution}$5$\\end{solution}\n\\question Say yes.\n\\begin{solution}yes\\end{solution}\n\\end{questions}\n"
	m := newReplayModel(t, answer(broken), answer(fixed))
	f := newFixture(t, m.deps(t, replayKey))
	code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("two questions", "Repair", ""))
	if code != 200 || !strings.Contains(out["latexCode"].(string), "Say yes.") || m.calls != 2 {
		t.Fatalf("want the repaired body after one repair round: %d %v (calls %d)", code, out, m.calls)
	}
	// A model that never fixes it: the server mends what it can itself. The undefined command
	// costs that command, never the sheet, and the reply names it, with no raw TeX log.
	m = newReplayModel(t, answer(broken))
	f = newFixture(t, m.deps(t, replayKey))
	code, out = do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("two questions", "Repair", ""))
	msg, _ := out["message"].(string)
	src, _ := out["latexCode"].(string)
	if code != 200 || strings.Contains(src, `\undefinedmacro`) || !strings.Contains(src, "Use") || !strings.Contains(msg, `\undefinedmacro`) {
		t.Fatalf("a command the server cannot print: %d, reply %q (calls %d)", code, msg, m.calls)
	}
	if strings.Contains(msg, "l.4") || strings.Contains(msg, ".log") {
		t.Fatal("no raw TeX log for a teacher")
	}
}

// The model's failures map to what the browser turns into the spec's messages.
func TestModelFailures(t *testing.T) {
	cases := []struct {
		name    string
		key     string
		reply   func(http.ResponseWriter, bool)
		status  int
		details string
	}{
		{"bad key", "sk-wrong", answer("x"), 500, "API key"},
		{"rate limited", replayKey, status(429), 429, ""},
		{"server error", replayKey, status(500), 500, ""},
		{"bad request", replayKey, status(400), 400, ""},
		{"not a worksheet", replayKey, answer("I'm sorry, I can't help with that."), 502, "I'm sorry, I can't help with that."}, // the model's own words
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newReplayModel(t, c.reply)
			f := newFixture(t, m.deps(t, c.key))
			code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("a worksheet", "T", ""))
			details, _ := out["details"].(string)
			if code != c.status || out["success"] != false || !strings.Contains(details, c.details) {
				t.Fatalf("%d %v", code, out)
			}
			if c.details == "" && details != "" {
				t.Fatalf("no details expected: %q", details)
			}
			if strings.Contains(toJSON(out), "sk-") || strings.Contains(toJSON(out), "upstream says") {
				t.Fatal("provider text or keys must not reach the browser")
			}
		})
	}
	t.Run("no answer", func(t *testing.T) {
		d := compilerDeps(t)
		d.Engine = llm.New(llm.Config{BaseURL: "http://127.0.0.1:1/v1", APIKey: replayKey, Model: "x", MaxRetries: -1, Timeout: 5 * time.Second})
		f := newFixture(t, d)
		code, out := do(t, f, http.MethodPost, "/generate-latex", bearer(t, f.bob), genBody("a worksheet", "T", ""))
		if code != 504 || out["details"] != llm.MsgNoAnswer {
			t.Fatalf("%d %v", code, out)
		}
	})
}

// A sheet without solutions gets them from the model; wrong arithmetic is corrected, and a
// model answer that does not compile stores nothing.
func TestAnswerKeyFromModel(t *testing.T) {
	noSolutions := pdftest.Wrap(t, "\\begin{questions}\n\\question $48 + 27 = $ \\answerblank\n\\question $6 \\times 9 = $ \\answerblank\n\\end{questions}", latex.Settings{Title: "Model key"})
	wrong := "\\begin{questions}\n\\question $48 + 27 = $ \\answerblank\n\\begin{solution}$85$\\end{solution}\n\\question $6 \\times 9 = $ \\answerblank\n\\begin{solution}$54$\\end{solution}\n\\end{questions}"
	m := newReplayModel(t, answer(wrong))
	f := newFixture(t, m.deps(t, replayKey))
	sheet := f.sheet(t, f.bob, "Model key", noSolutions)
	code, out := do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 200 || out["corrections"] != float64(1) {
		t.Fatalf("%d %v", code, out)
	}
	w, _ := f.FindRecordById("worksheets", sheet.Id)
	key := w.GetString("answer_key")
	// issue 9: the solved sheet is in the vocabulary, so it is keyed as a document
	doc, found := worksheet.Extract(key)
	if !found {
		t.Fatalf("the key should carry its document: %s", key)
	}
	a1, a2 := doc.Blocks[0].Question.Answer, doc.Blocks[1].Question.Answer
	if a1.Value != "75" || !a1.Checked || a2.Value != "54" || !a2.Checked {
		t.Fatalf("48 + 27 must be corrected to 75 and both answers marked: %+v %+v", a1, a2)
	}

	broken := "\\begin{questions}\n\\question $48 + 27 = $ \\answerblank\n\\begin{solution}$75 \\brokenmacro$\\end{solution}\n\\question $6 \\times 9 = $ \\answerblank\n\\begin{solution}$54$\\end{solution}\n\\end{questions}"
	m = newReplayModel(t, answer(broken))
	f = newFixture(t, m.deps(t, replayKey))
	sheet = f.sheet(t, f.bob, "Model key", noSolutions)
	code, out = do(t, f, http.MethodPost, "/generate-answer-key/"+sheet.Id, bearer(t, f.bob), "")
	if code != 422 || !strings.Contains(out["details"].(string), "could not be compiled") {
		t.Fatalf("%d %v", code, out)
	}
	w, _ = f.FindRecordById("worksheets", sheet.Id)
	if w.GetBool("has_answer_key") || w.GetString("answer_key") != "" || w.GetString("latex_code") != noSolutions {
		t.Fatal("nothing broken may be stored")
	}
}
