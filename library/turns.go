package library

import (
	"sync"
	"time"
)

const msgOneAtATime = "A worksheet is already being written for your account: wait for it to finish."

// Turns lets each user run one job of a kind at a time (one worksheet generation: each is a
// model call, a bill). A second job while the first runs is turned away, never queued, so
// waiting requests cannot pile up either. Only running jobs are held in memory.
type Turns struct {
	mu   sync.Mutex
	busy map[string]bool
	// RetryAfter is what a turned-away request is told.
	RetryAfter time.Duration
}

// NewTurns makes an empty set of turns.
func NewTurns(retryAfter time.Duration) *Turns {
	return &Turns{busy: map[string]bool{}, RetryAfter: retryAfter}
}

// Take gives user the turn, or answers *TooMany while their other job runs. release gives it
// back; call it exactly once.
func (t *Turns) Take(user string) (release func(), err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.busy[user] {
		return nil, &TooMany{RetryAfter: t.RetryAfter, Reason: msgOneAtATime}
	}
	t.busy[user] = true
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			delete(t.busy, user)
			t.mu.Unlock()
		})
	}, nil
}
