package queue

import (
	"context"
	"sync"
	"testing"
	"time"

	"sheetsmith/latex"
)

// cachingBackend caches by source, like the real compiler; a miss takes a few milliseconds, so
// that the recorded compile time is longer than the bookkeeping around a cache hit.
type cachingBackend struct {
	mu    sync.Mutex
	cache map[string]bool
}

func (b *cachingBackend) Compile(_ context.Context, job Job) (*latex.Result, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	hit := b.cache[job.Source]
	if !hit {
		time.Sleep(20 * time.Millisecond)
	}
	b.cache[job.Source] = true
	return &latex.Result{Key: "k-" + job.Source, Cached: hit}, nil
}

func (b *cachingBackend) Cached(src string) (*latex.Result, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.cache[src] {
		return nil, false
	}
	return &latex.Result{Key: "k-" + src, Cached: true}, true
}

func (b *cachingBackend) PDF(context.Context, string) ([]byte, bool) { return nil, false }
func (b *cachingBackend) Close() error                               { return nil }

// TestCacheHitsTellNothingAboutOtherUsers: a cache hit is instant only for the user who
// compiled that source; for anyone else it lasts as long as a compile.
func TestCacheHitsTellNothingAboutOtherUsers(t *testing.T) {
	s := New(&cachingBackend{cache: map[string]bool{}}, Config{Slots: 1})
	var mu sync.Mutex
	var slept []time.Duration
	s.oracle.sleep = func(_ context.Context, d time.Duration) {
		mu.Lock()
		slept = append(slept, d)
		mu.Unlock()
	}
	ctx := context.Background()
	secret := `\documentclass{article}\begin{document}Alice's private test answers\end{document}`
	if _, err := s.Compile(ctx, Job{Source: secret, UserID: "alice", Lane: Paid}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Compile(ctx, Job{Source: secret, UserID: "alice", Lane: Paid}); err != nil {
		t.Fatal(err)
	}
	if len(slept) != 0 {
		t.Fatalf("alice's own cache hit was delayed: %v", slept)
	}
	res, err := s.Compile(ctx, Job{Source: secret, UserID: "mallory", Lane: Free})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cached {
		t.Fatal("the test expects mallory's compile to be a cache hit")
	}
	if len(slept) != 1 || slept[0] <= 0 {
		t.Fatalf("another user's cache hit answered at once (waits %v): its timing tells them alice compiled it", slept)
	}
	// Once answered, it is mallory's own: no second delay.
	if _, err := s.Compile(ctx, Job{Source: secret, UserID: "mallory", Lane: Free}); err != nil {
		t.Fatal(err)
	}
	if len(slept) != 1 {
		t.Fatalf("mallory's repeat was delayed again: %v", slept)
	}
}

// TestPaddingLastsAsLongAsTheCompile: the delay is the recorded compile time.
func TestPaddingLastsAsLongAsTheCompile(t *testing.T) {
	g := newOracleGuard()
	var got time.Duration
	g.sleep = func(_ context.Context, d time.Duration) { got = d }
	g.answered("alice", "k", 800*time.Millisecond)
	g.pad(context.Background(), "k", 100*time.Millisecond)
	if got != 700*time.Millisecond {
		t.Fatalf("padded %v, want the rest of the 800 ms compile (700 ms)", got)
	}
	got = 0
	g.pad(context.Background(), "unknown", 0)
	if got != defaultTook {
		t.Fatalf("a compile this node did not see pads %v, want %v", got, defaultTook)
	}
}
