package llm

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// backoff: 429 and 5xx answers are retried after base, 2·base, 4·base … (capped, with jitter),
// or after the provider's Retry-After when it sends one. A Retry-After longer than maxWait is
// not waited for: the teacher gets "try again later" at once.
type backoff struct {
	base, cap, maxWait time.Duration
}

var defaultBackoff = backoff{base: time.Second, cap: 16 * time.Second, maxWait: 30 * time.Second}

func (b backoff) delay(attempt int, hint *retryHint) (time.Duration, bool) {
	if hint.set {
		return hint.after, hint.after <= b.maxWait
	}
	d := b.cap
	if attempt < 20 { // beyond that the shift would overflow
		d = min(b.base<<attempt, b.cap)
	}
	jitter := time.Duration(rand.Int64N(int64(d)/5 + 1))
	return d - d/10 + jitter, true
}

func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// withRetry runs call, each attempt under its own timeout, retrying 429 and 5xx answers.
func (e *Engine) withRetry(ctx context.Context, progress func(string), call func(context.Context) error) error {
	for attempt := 0; ; attempt++ {
		hint := &retryHint{}
		actx, cancel := context.WithTimeout(context.WithValue(ctx, retryHintKey{}, hint), e.timeout)
		err := call(actx)
		cancel()
		if err == nil {
			return nil
		}
		status := upstreamStatus(err)
		if ctx.Err() != nil || !retryable(status) || attempt >= e.maxRetries {
			return err
		}
		wait, ok := e.backoff.delay(attempt, hint)
		if !ok {
			return err
		}
		e.log.Info("model busy, retrying", "upstream", status, "attempt", attempt+1, "wait", wait)
		progress(busyMessage(wait))
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		}
	}
}

// retryHint carries a response's Retry-After from the HTTP client up to withRetry: go-openai's
// errors do not keep the response headers.
type retryHint struct {
	after time.Duration
	set   bool
}

type retryHintKey struct{}

// replyDoer is the engine's HTTP client: it reads every answer through a size limit (see
// limitedBody) and passes a 429 or 5xx answer's Retry-After up to withRetry.
type replyDoer struct{ client *http.Client }

func (d replyDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.client.Do(req)
	if err != nil {
		return resp, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: maxWireBytes}
	if !retryable(resp.StatusCode) {
		return resp, nil
	}
	if hint, ok := req.Context().Value(retryHintKey{}).(*retryHint); ok {
		hint.after, hint.set = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
	}
	return resp, nil
}

// parseRetryAfter reads seconds ("3") or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func busyMessage(wait time.Duration) string {
	if secs := int(wait.Round(time.Second) / time.Second); secs >= 1 {
		return fmt.Sprintf("The model is busy; trying again in %d s…", secs)
	}
	return "The model is busy; trying again…"
}
