package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// A reply is bounded twice, whatever the endpoint sends: its text at maxReplyBytes (the
// largest source the server compiles or stores; a longer one could never become a sheet) and
// the HTTP answer carrying it at maxWireBytes (a stream spends a few hundred bytes of JSON on
// each token: 16,384 tokens are about 5 MB).
const (
	maxReplyBytes = latex.MaxSource
	maxWireBytes  = 16 << 20
)

// MsgTooLong: the endpoint's answer passed maxWireBytes before it was whole.
const MsgTooLong = "The model's answer was too long. Please ask for fewer questions."

// errReplyTooLarge is what reading an answer past maxWireBytes returns. A stream cut by it is
// a cut-off reply (truncated), like one that hit max_tokens; a whole answer cut is this error.
var errReplyTooLarge = &Error{Failure: generate.FailureNotWorksheet, Details: MsgTooLong}

// limitedBody is an HTTP answer's body read through a size limit: past it, errReplyTooLarge,
// never an io.EOF that would pass for a whole answer.
type limitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (l *limitedBody) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, errReplyTooLarge
	}
	n, err := l.rc.Read(p[:min(int64(len(p)), l.left)])
	l.left -= int64(n)
	return n, err
}

func (l *limitedBody) Close() error { return l.rc.Close() }

// request is a chat completion of msgs bounded at the engine's max tokens: max_tokens, which
// every OpenAI-compatible server reads (Ollama and llama.cpp read only it), or
// max_completion_tokens for the models that refuse max_tokens (OpenAI's reasoning models).
func (e *Engine) request(msgs []openai.ChatCompletionMessage, format *openai.ChatCompletionResponseFormat) openai.ChatCompletionRequest {
	r := openai.ChatCompletionRequest{Model: e.model, Messages: msgs, ResponseFormat: format}
	if e.completionTokens {
		r.MaxCompletionTokens = e.maxTokens
	} else {
		r.MaxTokens = e.maxTokens
	}
	return r
}

// completionTokensOnly: the model takes max_completion_tokens, not max_tokens, as the client
// library knows (it refuses to send max_tokens to these).
func completionTokensOnly(model string) bool {
	return openai.NewReasoningValidator().Validate(openai.ChatCompletionRequest{Model: model, MaxTokens: 1}) != nil
}

// cutText is s cut to at most n bytes; a character cut in two is dropped whole.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// stream runs a streamed chat completion and returns the whole answer, reporting the number
// of lines written so far. truncated is true when the model hit its length limit. Cancelling
// ctx closes the upstream connection.
func (e *Engine) stream(ctx context.Context, msgs []openai.ChatCompletionMessage, progress func(string)) (text string, truncated bool, err error) {
	return e.streamFormat(ctx, msgs, nil, progress)
}

// streamFormat is stream with a response format (structured output); its progress counts the
// items written, since JSON has no lines to count.
func (e *Engine) streamFormat(ctx context.Context, msgs []openai.ChatCompletionMessage, format *openai.ChatCompletionResponseFormat, progress func(string)) (text string, truncated bool, err error) {
	err = e.withRetry(ctx, progress, func(actx context.Context) error {
		truncated = false
		st, err := e.client.CreateChatCompletionStream(actx, e.request(msgs, format))
		if err != nil {
			return err
		}
		defer st.Close()
		var b strings.Builder
		lines := 0
	read:
		for {
			resp, err := st.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if errors.Is(err, errReplyTooLarge) {
				e.log.Warn("the model's answer passed the size limit; cut there", "bytes", maxWireBytes)
				truncated = true
				break
			}
			if err != nil {
				return err
			}
			for _, c := range resp.Choices {
				if c.FinishReason == openai.FinishReasonContentFilter {
					return errContentFilter
				}
				truncated = truncated || c.FinishReason == openai.FinishReasonLength
				first := b.Len() == 0
				if b.Len()+len(c.Delta.Content) > maxReplyBytes {
					// past the longest source a sheet can have: the rest is never read
					b.WriteString(cutText(c.Delta.Content, maxReplyBytes-b.Len()))
					e.log.Warn("the model's answer passed the size limit; cut there", "chars", maxReplyBytes)
					truncated = true
					break read
				}
				b.WriteString(c.Delta.Content)
				if format != nil && c.Delta.Content != "" {
					// items so far: "kind" keys in this chunk and across its join with the last
					tail := b.String()[max(0, b.Len()-len(c.Delta.Content)-len(`"kind"`)+1):]
					if n := strings.Count(tail, `"kind"`); n > 0 || first {
						lines += n
						progress(fmt.Sprintf("Writing… %d items", lines))
					}
				} else if n := strings.Count(c.Delta.Content, "\n"); n > 0 {
					lines += n
					progress(fmt.Sprintf("Writing… %d lines", lines))
				}
			}
		}
		text = b.String()
		return nil
	})
	return text, truncated, mapError(ctx, err)
}

// complete runs a chat completion without streaming (for work with no one watching progress).
func (e *Engine) complete(ctx context.Context, msgs []openai.ChatCompletionMessage) (string, error) {
	var text string
	err := e.withRetry(ctx, func(string) {}, func(actx context.Context) error {
		resp, err := e.client.CreateChatCompletion(actx, e.request(msgs, nil))
		if err != nil {
			return err
		}
		if len(resp.Choices) == 0 {
			return nil
		}
		if resp.Choices[0].FinishReason == openai.FinishReasonContentFilter {
			return errContentFilter
		}
		text = resp.Choices[0].Message.Content
		if len(text) > maxReplyBytes {
			e.log.Warn("the model's answer passed the size limit; cut there", "chars", maxReplyBytes)
			text = cutText(text, maxReplyBytes)
		}
		return nil
	})
	return text, mapError(ctx, err)
}

// errContentFilter: the provider refused the request; the teacher should rephrase it.
var errContentFilter = &Error{Failure: generate.FailureRefused}
