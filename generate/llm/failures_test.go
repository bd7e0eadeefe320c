package llm

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"sheetsmith/generate"
)

// assertModelError checks what the teacher would see: the kind of failure (which the HTTP
// layer maps to a status, and the browser to a message), and the detail text (never a provider message or key).
func assertModelError(t *testing.T, err error, failure generate.Failure, details string) {
	t.Helper()
	var me *Error
	if !errors.As(err, &me) {
		t.Fatalf("error = %v (%T), want *llm.Error", err, err)
	}
	if me.Failure != failure || me.Details != details {
		t.Errorf("got failure %d Details %q, want %d %q", me.Failure, me.Details, failure, details)
	}
	for _, leak := range []string{"sk-", "Incorrect API key", "platform.example", "overloaded", "maximum context"} {
		if strings.Contains(me.Details, leak) || strings.Contains(err.Error(), leak) {
			t.Errorf("error leaks %q: %q / %q", leak, me.Details, err.Error())
		}
	}
}

func write(t *testing.T, e *Engine) error {
	t.Helper()
	_, err := e.Write(context.Background(), generate.Request{Prompt: "20 addition problems"}, nil)
	return err
}

func TestBadKeyIsAnAdministratorProblem(t *testing.T) {
	model := newFakeModel(t, streamed("unused"))
	err := write(t, model.engine(Config{APIKey: "sk-wrong-key-123"}))
	assertModelError(t, err, generate.FailureConfig, MsgAPIKey)
	if !strings.Contains(err.(*Error).Details, "API key") {
		t.Error("details must mention the API key so the browser shows the configuration message")
	}
	if n := len(model.received()); n != 1 {
		t.Errorf("a rejected key was retried: %d requests", n)
	}
}

func TestForbiddenIsAnAdministratorProblem(t *testing.T) {
	model := newFakeModel(t, failing(403, "Project sk-proj-abc does not have access to model test-model"))
	assertModelError(t, write(t, model.engine(Config{})), generate.FailureConfig, MsgAPIKey)
}

func TestRateLimitThenSuccessRetries(t *testing.T) {
	model := newFakeModel(t,
		failing(429, "Rate limit reached for requests", "Retry-After", "0"),
		failing(503, "The server is overloaded"),
		streamed(testdata(t, "fenced_fractions.txt")))
	var progress progressLog
	_, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "fractions"}, progress.add)
	if err != nil {
		t.Fatalf("Write after a 429 and a 503: %v", err)
	}
	if n := len(model.received()); n != 3 {
		t.Errorf("requests = %d, want 3", n)
	}
	if !progress.contains("busy") {
		t.Errorf("the teacher was not told the model is busy: %q", progress.msgs)
	}
}

func TestRateLimitForeverIs429(t *testing.T) {
	model := newFakeModel(t, failing(429, "Rate limit reached", "Retry-After", "0"))
	assertModelError(t, write(t, model.engine(Config{MaxRetries: 2})), generate.FailureBusy, "")
	if n := len(model.received()); n != 3 {
		t.Errorf("requests = %d, want 1 + 2 retries", n)
	}
}

func TestLongRetryAfterIsNotWaitedFor(t *testing.T) {
	model := newFakeModel(t, failing(429, "Rate limit reached", "Retry-After", "3600"))
	assertModelError(t, write(t, model.engine(Config{})), generate.FailureBusy, "")
	if n := len(model.received()); n != 1 {
		t.Errorf("requests = %d, want 1 (an hour's Retry-After is beyond the bound)", n)
	}
}

func TestServerErrorIs500WithoutDetails(t *testing.T) {
	model := newFakeModel(t, failing(500, "The server had an error while processing your request"))
	assertModelError(t, write(t, model.engine(Config{MaxRetries: 1})), generate.FailureProvider, "")
	if n := len(model.received()); n != 2 {
		t.Errorf("requests = %d, want a 5xx retried once", n)
	}
}

func TestErrorEventInsideTheStreamIs500(t *testing.T) {
	model := newFakeModel(t, recordedStream("data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\\\begin{questions}\"}}]}\n\n"+
		"data: {\"error\":{\"message\":\"The server is overloaded\",\"type\":\"server_error\"}}\n\n"))
	assertModelError(t, write(t, model.engine(Config{})), generate.FailureProvider, "")
}

func TestBadRequestIs400AndNotRetried(t *testing.T) {
	model := newFakeModel(t, failing(400, "This model's maximum context length is 128000 tokens"))
	assertModelError(t, write(t, model.engine(Config{})), generate.FailureRefused, "")
	if n := len(model.received()); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestContentFilterIs400(t *testing.T) {
	model := newFakeModel(t, raw(`{"id":"c","object":"chat.completion","choices":[{"index":0,"finish_reason":"content_filter","message":{"role":"assistant","content":""}}]}`))
	_, err := model.engine(Config{}).Solve(context.Background(), `\question x`)
	assertModelError(t, err, generate.FailureRefused, "")
}

func TestNoAnswerInTimeIs504(t *testing.T) {
	closed := make(chan struct{})
	model := newFakeModel(t, hanging(closed))
	err := write(t, model.engine(Config{Timeout: 200 * time.Millisecond, MaxRetries: -1}))
	assertModelError(t, err, generate.FailureNoAnswer, MsgNoAnswer)
}

func TestCallerDeadlineIs504(t *testing.T) {
	closed := make(chan struct{})
	model := newFakeModel(t, hanging(closed))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := model.engine(Config{}).Write(ctx, generate.Request{Prompt: "x"}, nil)
	assertModelError(t, err, generate.FailureNoAnswer, MsgNoAnswer)
}

func TestConnectionRefusedIs504(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there any more
	e := New(Config{BaseURL: "http://" + addr + "/v1", APIKey: testKey})
	assertModelError(t, write(t, e), generate.FailureNoAnswer, MsgNoAnswer)
}

// A teacher who leaves the page cancels the request: the model server sees its connection
// close, and Write reports the cancellation rather than a model failure.
func TestCancellingStopsTheUpstreamRequest(t *testing.T) {
	closed := make(chan struct{})
	model := newFakeModel(t, hanging(closed))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(m string) {
		if strings.HasPrefix(m, "Writing") {
			cancel() // the first streamed line arrived; now the teacher leaves
		}
	}
	_, err := model.engine(Config{}).Write(ctx, generate.Request{Prompt: "x"}, progress)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	var me *Error
	if errors.As(err, &me) {
		t.Errorf("a cancelled request was reported as a model failure: %v", me)
	}
	select {
	case <-closed:
	case <-time.After(10 * time.Second): // a hang guard, not a timing assertion
		t.Fatal("the model server never saw the connection close")
	}
	if n := len(model.received()); n != 1 {
		t.Errorf("requests = %d, want 1 (a cancelled request is not retried)", n)
	}
}
