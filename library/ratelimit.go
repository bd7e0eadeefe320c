package library

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// TooMany is a request turned away by a per-user limit. RetryAfter is when trying again can
// succeed. Its text is the spec's words for status 429, then the reason if there is one.
type TooMany struct {
	RetryAfter time.Duration
	Reason     string
}

func (e *TooMany) Error() string {
	if e.Reason != "" {
		return "Too many requests. Please try again later. " + e.Reason
	}
	return "Too many requests. Please try again later."
}

// RetrySeconds is RetryAfter in whole seconds, at least 1 (the Retry-After header's unit).
func (e *TooMany) RetrySeconds() int {
	return max(1, int(math.Ceil(e.RetryAfter.Seconds())))
}

// Limiter allows each user perMinute requests a minute, as many as perMinute at once: a
// token bucket per user (golang.org/x/time/rate). A bucket idle long enough to be full again is
// the same as a new one, so it is dropped: memory holds only users seen in the last minutes.
type Limiter struct {
	every  rate.Limit
	burst  int
	refill time.Duration // an idle bucket is full again after this long

	mu        sync.Mutex
	users     map[string]*bucket
	lastSweep time.Time
	now       func() time.Time // tests move the clock
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewLimiter makes a limiter of perMinute requests a minute per user; 0 allows everything.
func NewLimiter(perMinute int) *Limiter {
	if perMinute <= 0 {
		return nil
	}
	return &Limiter{
		every:  rate.Limit(float64(perMinute) / 60),
		burst:  perMinute,
		refill: time.Minute,
		users:  map[string]*bucket{},
		now:    time.Now,
	}
}

// Allow takes one request of user from its bucket, or answers *TooMany when it is empty.
func (l *Limiter) Allow(user string) error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.lastSweep) >= l.refill {
		l.sweep(now)
	}
	b := l.users[user]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(l.every, l.burst)}
		l.users[user] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if wait := r.DelayFrom(now); wait > 0 {
		r.CancelAt(now)
		return &TooMany{RetryAfter: wait}
	}
	return nil
}

// sweep drops the buckets idle long enough to be full again.
func (l *Limiter) sweep(now time.Time) {
	for user, b := range l.users {
		if now.Sub(b.seen) >= l.refill {
			delete(l.users, user)
		}
	}
	l.lastSweep = now
}

// tracked is how many users' buckets are held (tests).
func (l *Limiter) tracked() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}
