package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// Hostile model replies (issue 32): each must end in a sheet or a clear error within the
// request's ordinary deadline, never keep the server reading for minutes.
func hostileReplies() []struct{ name, content string } {
	var lists strings.Builder
	lists.WriteString("\\begin{questions}\n\\question Name each one.\n")
	for lists.Len() < 800<<10 {
		lists.WriteString("\\begin{itemize}\\item Why is the sky blue when the sun is high and red when it sets in the west?\n")
	}
	lists.WriteString("\\end{questions}\n")
	return []struct{ name, content string }{
		{"800 KB of nested lists", lists.String()},
		{"10,000 nested braces", "\\begin{questions}\n\\question What is " + strings.Repeat("{", 10000) + "2 + 2" + strings.Repeat("}", 10000) + "?\n\\begin{solution}4\\end{solution}\n\\end{questions}\n"},
		{"JSON nested 100,000 deep", `{"title": "Deep", "items": [{"kind": "short", "text": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}]}`},
		{"one 800 KB line", "\\begin{questions}" + strings.Repeat(" \\question What is 2 + 2? \\begin{solution}4\\end{solution}", (800<<10)/52) + " \\end{questions}"},
	}
}

func TestHostileRepliesEndInASheetOrAClearError(t *testing.T) {
	for _, c := range hostileReplies() {
		for _, structured := range []string{"auto", "off"} {
			t.Run(c.name+"/structured "+structured, func(t *testing.T) {
				model := newFakeModel(t, streamed(c.content))
				e := model.engine(Config{StructuredOutput: structured})
				ctx, cancel := context.WithTimeout(context.Background(), defaultTimeout)
				defer cancel()
				d, err := e.Write(ctx, generate.Request{Prompt: "a worksheet"}, nil)
				t.Logf("sheet: %v, error: %v", d.Body != "" || d.Document != nil, err)
				if ctx.Err() != nil {
					t.Fatalf("the reply was still being read at the request's deadline: %v", ctx.Err())
				}
				var me *Error
				switch {
				case err == nil && d.Body == "" && d.Document == nil:
					t.Fatal("no error and no sheet")
				case err == nil && d.Body != "":
					// what the pipeline does next with a body: read it as a document
					if _, problems := worksheet.Parse(d.Body); len(problems) > 0 {
						t.Logf("the body is compiled as written: %s", problems[0])
					}
				case err != nil && (!errors.As(err, &me) || me.Details == ""):
					t.Fatalf("error without a message a teacher can read: %v", err)
				}
				for i, r := range model.received() {
					if r.MaxTokens != defaultMaxTokens {
						t.Errorf("request %d: max_tokens = %d, want %d", i+1, r.MaxTokens, defaultMaxTokens)
					}
				}
			})
		}
	}
}

// Every request the engine sends (a sheet, a repair, solutions) bounds the reply: max_tokens,
// or max_completion_tokens for the models that refuse max_tokens; a configured bound is sent.
func TestEveryRequestCarriesMaxTokens(t *testing.T) {
	sheet := "\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}"
	for _, c := range []struct {
		model      string
		configured int
		tokens     int
		completion bool
	}{
		{"test-model", 0, defaultMaxTokens, false},
		{"test-model", 4000, 4000, false},
		{"gpt-5-mini", 0, defaultMaxTokens, true},
		{"o3-mini", 0, defaultMaxTokens, true},
	} {
		t.Run(fmt.Sprintf("%s %d", c.model, c.configured), func(t *testing.T) {
			model := newFakeModel(t, streamed(sheet), streamed(sheet), completed(sheet))
			e := model.engine(Config{StructuredOutput: "off", MaxTokens: c.configured})
			e.model = c.model
			e.completionTokens = completionTokensOnly(c.model)
			ctx := context.Background()
			if _, err := e.Write(ctx, generate.Request{Prompt: "one sum"}, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Repair(ctx, generate.Request{Prompt: "one sum"}, generate.Draft{Body: sheet}, "Compilation failed: line 1: x"); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Solve(ctx, sheet); err != nil {
				t.Fatal(err)
			}
			reqs := model.received()
			if len(reqs) != 3 {
				t.Fatalf("%d requests, want 3", len(reqs))
			}
			for i, r := range reqs {
				got, other := r.MaxTokens, r.MaxCompletionTokens
				if c.completion {
					got, other = other, got
				}
				if got != c.tokens || other != 0 {
					t.Errorf("request %d: max_tokens %d, max_completion_tokens %d; want %d in the one %s takes", i+1, r.MaxTokens, r.MaxCompletionTokens, c.tokens, c.model)
				}
			}
		})
	}
}

// A reply longer than any sheet is cut where the limit falls and read as cut off: the teacher
// gets the questions before the cut and is told the answer was cut short.
func TestOversizedReplyIsCutAndNamed(t *testing.T) {
	var b strings.Builder
	b.WriteString("\\begin{questions}\n")
	for i := 0; b.Len() < 2*maxReplyBytes; i++ {
		fmt.Fprintf(&b, "\\question What is %d + %d?\n\\begin{solution}%d\\end{solution}\n", i, i, 2*i)
	}
	b.WriteString("\\end{questions}\n")
	model := newFakeModel(t, streamed(b.String()))
	d, err := model.engine(Config{StructuredOutput: "off"}).Write(context.Background(), generate.Request{Prompt: "many sums"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Message, "cut short") {
		t.Errorf("reply = %q, want it to say the answer was cut short", d.Message)
	}
	if n := strings.Count(d.Body, `\question`); n == 0 || len(d.Body) > maxReplyBytes+1000 {
		t.Errorf("body of %d bytes, %d questions: want the questions before the cut, no more", len(d.Body), n)
	}
}

// An HTTP answer past the wire limit: a stream is cut off there (its sheet kept, said cut
// short); a whole answer cannot be read in part, so it is the named error.
func TestAnswerPastTheWireLimit(t *testing.T) {
	sheet := "\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}"
	padded := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":%q}}]}\n\n", sheet)
		empty := "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{}}]}\n\n"
		chunk := strings.Repeat(empty, 4096)
		for sent := 0; sent <= maxWireBytes; sent += len(chunk) {
			if _, err := fmt.Fprint(w, chunk); err != nil {
				return // the engine stopped reading
			}
		}
	}
	model := newFakeModel(t, padded)
	d, err := model.engine(Config{StructuredOutput: "off"}).Write(context.Background(), generate.Request{Prompt: "one sum"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Body, `\question $1+1$`) || !strings.Contains(d.Message, "cut short") {
		t.Errorf("body %q, message %q: want the sheet read before the limit, said cut short", d.Body, d.Message)
	}

	huge := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"c","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`)
		line := strings.Repeat("x", 1<<16)
		for sent := 0; sent <= maxWireBytes; sent += len(line) {
			if _, err := fmt.Fprint(w, line); err != nil {
				return
			}
		}
		fmt.Fprint(w, `"}}]}`)
	}
	model = newFakeModel(t, huge)
	_, err = model.engine(Config{}).Solve(context.Background(), sheet)
	assertModelError(t, err, generate.FailureNotWorksheet, MsgTooLong)
}

// What a hostile reply costs, end to end through the engine (the fake server's share included).
func BenchmarkHostileReplies(b *testing.B) {
	for _, c := range hostileReplies() {
		b.Run(c.name, func(b *testing.B) {
			model := newFakeModel(b, streamed(c.content))
			e := model.engine(Config{StructuredOutput: "off"})
			for b.Loop() {
				start := time.Now()
				d, _ := e.Write(context.Background(), generate.Request{Prompt: "a worksheet"}, nil)
				if d.Body != "" {
					worksheet.Parse(d.Body)
				}
				b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms/reply")
			}
		})
	}
}
