package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
)

// Error is a model failure: what kind of failure it is (the HTTP layer picks the status) and
// Details a teacher may read. Provider messages and keys never appear in it.
type Error struct {
	Failure generate.Failure
	Details string
	// upstream is the provider's HTTP status (0 when there was no answer), for the server log.
	upstream int
	cause    error
}

func (e *Error) Error() string {
	if e.upstream != 0 {
		return fmt.Sprintf("model request failed: upstream status %d (failure %d)", e.upstream, e.Failure)
	}
	return fmt.Sprintf("model request failed (failure %d): %s", e.Failure, e.Details)
}

// Unwrap lets errors.Is see a timeout; Error() itself never prints the provider's text.
func (e *Error) Unwrap() error { return e.cause }

// The messages a teacher may see.
const (
	MsgAPIKey       = "The server's model API key was rejected. Please contact the administrator."
	MsgNoAnswer     = "The model did not answer in time. Please try again."
	MsgNotWorksheet = "The model's answer was not a worksheet. Please try rephrasing your request."
)

// upstreamStatus is the provider's HTTP status in a go-openai error, 0 if it never answered.
func upstreamStatus(err error) int {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		return apiErr.HTTPStatusCode
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) {
		return reqErr.HTTPStatusCode
	}
	return 0
}

// mapError turns what the client library returned into an *Error. A request the caller
// abandoned (parent ctx cancelled) is returned as the context's error, not as a model failure.
func mapError(parent context.Context, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(parent.Err(), context.Canceled) {
		return parent.Err()
	}
	var already *Error
	if errors.As(err, &already) {
		return already
	}
	status := upstreamStatus(err)
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return &Error{Failure: generate.FailureConfig, Details: MsgAPIKey, upstream: status, cause: err}
	case status == http.StatusTooManyRequests:
		return &Error{Failure: generate.FailureBusy, upstream: status, cause: err}
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		return &Error{Failure: generate.FailureNoAnswer, Details: MsgNoAnswer, upstream: status, cause: err}
	case status >= 500:
		return &Error{Failure: generate.FailureProvider, upstream: status, cause: err}
	case status == http.StatusNotFound:
		// the configured model or address does not exist: the administrator's problem
		return &Error{Failure: generate.FailureConfig, upstream: status, cause: err}
	case status >= 400:
		// content policy, context too long, malformed request
		return &Error{Failure: generate.FailureRefused, upstream: status, cause: err}
	}
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		// an error event inside a stream that had started fine: the provider failed mid-answer
		return &Error{Failure: generate.FailureProvider, cause: err}
	}
	if noAnswer(err) {
		return &Error{Failure: generate.FailureNoAnswer, Details: MsgNoAnswer, cause: err}
	}
	return &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet, cause: err}
}

// noAnswer: a timeout, a refused or dropped connection, a stream cut off.
func noAnswer(err error) bool {
	var netErr net.Error
	var opErr *net.OpError
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &netErr) || errors.As(err, &opErr) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}
