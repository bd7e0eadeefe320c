package queue

import (
	"context"
	"sync"
	"time"
)

// The PDF cache is shared by every user, so an instant answer would tell anyone that somebody
// compiled that exact source before. A user gets the instant answer only for sources they
// compiled (or were answered) themselves; anyone else's cache hit takes as long as the
// compile that filled the cache did.

const (
	seenPerUser    = 512    // cache keys remembered per user
	seenUsers      = 10_000 // users remembered
	tookRemembered = 20_000 // compile times remembered
	// defaultTook stands in for a compile time this node did not see (another node, a restart).
	defaultTook = time.Second
)

type oracleGuard struct {
	mu    sync.Mutex
	seen  map[string]map[string]struct{} // user → cache keys answered to them
	took  map[string]time.Duration       // cache key → how long its compile took
	sleep func(ctx context.Context, d time.Duration)
}

func newOracleGuard() *oracleGuard {
	return &oracleGuard{seen: map[string]map[string]struct{}{}, took: map[string]time.Duration{}, sleep: sleepCtx}
}

// hasSeen reports whether key was answered to user before.
func (g *oracleGuard) hasSeen(user, key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, ok := g.seen[user][key]
	return ok
}

// answered remembers that user now knows key; took > 0 records a fresh compile's time.
func (g *oracleGuard) answered(user, key string, took time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if took > 0 {
		if len(g.took) >= tookRemembered {
			clear(g.took)
		}
		g.took[key] = took
	}
	keys := g.seen[user]
	if keys == nil {
		if len(g.seen) >= seenUsers {
			clear(g.seen)
		}
		keys = map[string]struct{}{}
		g.seen[user] = keys
	}
	if len(keys) >= seenPerUser {
		clear(keys)
	}
	keys[key] = struct{}{}
}

// pad makes another user's cache hit last as long as the compile behind it did.
func (g *oracleGuard) pad(ctx context.Context, key string, spent time.Duration) {
	g.mu.Lock()
	d, ok := g.took[key]
	g.mu.Unlock()
	if !ok {
		d = defaultTook
	}
	if d > spent {
		g.sleep(ctx, d-spent)
	}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
