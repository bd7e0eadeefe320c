package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"3", 3 * time.Second, true},
		{"0", 0, true},
		{now.Add(20 * time.Second).Format(http.TimeFormat), 20 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"soon", 0, false},
	} {
		got, ok := parseRetryAfter(c.in, now)
		if got != c.want || ok != c.ok {
			t.Errorf("parseRetryAfter(%q) = %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// Waits grow but stay bounded, and a provider's Retry-After beyond the bound is refused.
func TestBackoffIsBounded(t *testing.T) {
	b := defaultBackoff
	for attempt := range 40 {
		d, ok := b.delay(attempt, &retryHint{})
		if !ok || d <= 0 || d > b.cap+b.cap/5 {
			t.Errorf("attempt %d: delay %v ok=%v, want within (0, %v]", attempt, d, ok, b.cap+b.cap/5)
		}
	}
	if d, ok := b.delay(0, &retryHint{after: 5 * time.Second, set: true}); !ok || d != 5*time.Second {
		t.Errorf("Retry-After 5s: got %v %v", d, ok)
	}
	if _, ok := b.delay(0, &retryHint{after: time.Hour, set: true}); ok {
		t.Error("an hour's Retry-After should not be waited for")
	}
}
