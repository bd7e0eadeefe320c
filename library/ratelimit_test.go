package library

import (
	"errors"
	"strconv"
	"testing"
	"time"
)

// A user gets perMinute requests at once, then one every 60/perMinute seconds; the refusal
// says when to come back. Other users have their own buckets.
func TestLimiterPerUser(t *testing.T) {
	l := NewLimiter(6)
	now := time.Unix(1_800_000_000, 0)
	l.now = func() time.Time { return now }
	for i := range 6 {
		if err := l.Allow("alice"); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	var many *TooMany
	if err := l.Allow("alice"); !errors.As(err, &many) || many.RetrySeconds() != 10 || err.Error() != "Too many requests. Please try again later." {
		t.Fatalf("7th: %v", err)
	}
	if err := l.Allow("bob"); err != nil {
		t.Fatalf("bob: %v", err)
	}
	now = now.Add(10 * time.Second)
	if err := l.Allow("alice"); err != nil {
		t.Fatalf("after Retry-After: %v", err)
	}
	if err := l.Allow("alice"); err == nil {
		t.Fatal("one token came back, not two")
	}
	if NewLimiter(0).Allow("x") != nil {
		t.Fatal("0 turns the limit off")
	}
}

// Memory stays bounded: buckets idle long enough to be full again are dropped.
func TestLimiterForgetsIdleUsers(t *testing.T) {
	l := NewLimiter(10)
	now := time.Unix(1_800_000_000, 0)
	l.now = func() time.Time { return now }
	for i := range 10_000 {
		_ = l.Allow("user" + strconv.Itoa(i))
	}
	if l.tracked() != 10_000 {
		t.Fatalf("tracked %d", l.tracked())
	}
	now = now.Add(2 * time.Minute)
	_ = l.Allow("someone")
	if n := l.tracked(); n != 1 {
		t.Fatalf("idle users kept: %d", n)
	}
}

// One job a user at a time; the turn comes back when released, and releasing twice is safe.
func TestTurns(t *testing.T) {
	turns := NewTurns(5 * time.Second)
	release, err := turns.Take("alice")
	if err != nil {
		t.Fatal(err)
	}
	var many *TooMany
	if _, err := turns.Take("alice"); !errors.As(err, &many) || many.RetrySeconds() != 5 {
		t.Fatalf("second job: %v", err)
	}
	if r, err := turns.Take("bob"); err != nil {
		t.Fatal(err)
	} else {
		r()
	}
	release()
	release()
	if r, err := turns.Take("alice"); err != nil {
		t.Fatalf("after release: %v", err)
	} else {
		r()
	}
	if len(turns.busy) != 0 {
		t.Fatal("released turns are forgotten")
	}
}
