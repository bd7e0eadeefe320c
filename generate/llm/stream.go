package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
)

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
		st, err := e.client.CreateChatCompletionStream(actx, openai.ChatCompletionRequest{Model: e.model, Messages: msgs, ResponseFormat: format})
		if err != nil {
			return err
		}
		defer st.Close()
		var b strings.Builder
		lines := 0
		for {
			resp, err := st.Recv()
			if errors.Is(err, io.EOF) {
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
		resp, err := e.client.CreateChatCompletion(actx, openai.ChatCompletionRequest{Model: e.model, Messages: msgs})
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
		return nil
	})
	return text, mapError(ctx, err)
}

// errContentFilter: the provider refused the request; the teacher should rephrase it.
var errContentFilter = &Error{Failure: generate.FailureRefused}
