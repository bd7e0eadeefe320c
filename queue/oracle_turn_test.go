package queue

import (
	"context"
	"testing"
	"time"

	"sheetsmith/latex"
)

// gatedBackend is cachingBackend, except that the source "slow" runs until release is closed.
type gatedBackend struct {
	*cachingBackend
	started, release chan struct{}
}

func (b *gatedBackend) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	if job.Source == "slow" {
		b.started <- struct{}{}
		<-b.release
	}
	return b.cachingBackend.Compile(ctx, job)
}

// TestOthersCacheHitWaitsItsTurn: another user's cache hit behaves like a compile for the
// user asking. It waits behind their own running compile (an uncached source would), and it
// holds their turn while it is padded (their next job would wait for a compile too). Either
// difference would tell them the source was in the cache.
func TestOthersCacheHitWaitsItsTurn(t *testing.T) {
	b := &gatedBackend{cachingBackend: &cachingBackend{cache: map[string]bool{}}, started: make(chan struct{}, 1), release: make(chan struct{})}
	s := New(b, Config{Slots: 4})
	ctx := context.Background()
	secret := `\documentclass{article}\begin{document}Alice's private test answers\end{document}`
	if _, err := s.Compile(ctx, Job{Source: secret, UserID: "alice", Lane: Paid}); err != nil {
		t.Fatal(err)
	}
	heldTurn := true
	s.oracle.sleep = func(_ context.Context, d time.Duration) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if u := s.users["mallory"]; u == nil || !u.running {
			heldTurn = false
		}
	}

	slowDone := make(chan error, 1)
	go func() {
		_, err := s.Compile(ctx, Job{Source: "slow", UserID: "mallory", Lane: Free})
		slowDone <- err
	}()
	<-b.started
	probe := make(chan error, 1)
	go func() {
		_, err := s.Compile(ctx, Job{Source: secret, UserID: "mallory", Lane: Free})
		probe <- err
	}()
	select {
	case err := <-probe:
		t.Fatalf("alice's cached source answered mallory (%v) while mallory's own compile still ran: a compile would have waited", err)
	case <-time.After(200 * time.Millisecond):
	}
	close(b.release)
	if err := <-slowDone; err != nil {
		t.Fatal(err)
	}
	if err := <-probe; err != nil {
		t.Fatal(err)
	}
	if !heldTurn {
		t.Fatal("mallory's turn was given back before the padding ended: her next job would start early")
	}
}
