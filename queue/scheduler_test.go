package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"sheetsmith/latex"
)

// gated is a backend whose compiles run until the test releases them, so ordering is
// observable without timing.
type gated struct {
	started chan string
	mu      sync.Mutex
	gates   map[string]chan struct{}
}

func newGated() *gated {
	return &gated{started: make(chan string, 1000), gates: map[string]chan struct{}{}}
}

func (g *gated) gate(src string) chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gates[src] == nil {
		g.gates[src] = make(chan struct{})
	}
	return g.gates[src]
}

func (g *gated) release(src string) { close(g.gate(src)) }

func (g *gated) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	src := job.Source
	select {
	case g.started <- src:
	case <-ctx.Done():
		return nil, errCancelled
	}
	select {
	case <-g.gate(src):
		return &latex.Result{Key: "k-" + src}, nil
	case <-ctx.Done():
		return nil, errCancelled
	}
}
func (g *gated) PDF(context.Context, string) ([]byte, bool) { return nil, false }
func (g *gated) Close() error                               { return nil }

func (g *gated) next(t *testing.T) string {
	t.Helper()
	select {
	case s := <-g.started:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("no job started")
		return ""
	}
}

func (g *gated) idle(t *testing.T) {
	t.Helper()
	select {
	case s := <-g.started:
		t.Fatalf("%s started, but no slot should be free", s)
	case <-time.After(50 * time.Millisecond):
	}
}

type outcome struct {
	src string
	err error
}

func submit(s *Scheduler, ctx context.Context, out chan<- outcome, src, userID string, l Lane) {
	go func() {
		_, err := s.Compile(ctx, Job{Source: src, UserID: userID, Lane: l})
		out <- outcome{src, err}
	}()
}

// waitQueued waits until the scheduler holds n waiting jobs in a lane.
func waitQueued(t *testing.T, s *Scheduler, l Lane, n int) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if s.Status().Lanes[l].Waiting == n {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("lane %s: want %d waiting, have %+v", l, n, s.Status().Lanes[l])
}

// One user's flood delays another user's compile by at most one job: when the flooder's
// running job ends, the other user's job goes next, before the flooder's own backlog.
func TestFloodDelaysAnotherUserByOneJob(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 1, PerUser: 3})
	out := make(chan outcome, 10)
	ctx := context.Background()
	submit(s, ctx, out, "a1", "alice", Paid)
	if got := g.next(t); got != "a1" {
		t.Fatal(got)
	}
	submit(s, ctx, out, "a2", "alice", Paid)
	waitQueued(t, s, Paid, 1)
	submit(s, ctx, out, "a3", "alice", Paid)
	waitQueued(t, s, Paid, 2)
	submit(s, ctx, out, "b1", "bob", Paid)
	waitQueued(t, s, Paid, 3)
	g.idle(t)
	if !s.Waiting("bob") || s.Waiting("carol") {
		t.Fatal("Waiting does not say who waits")
	}

	g.release("a1")
	if got := g.next(t); got != "b1" {
		t.Fatalf("after alice's running job, %s started; bob's job should go next", got)
	}
	g.release("b1")
	for _, want := range []string{"a2", "a3"} {
		if got := g.next(t); got != want {
			t.Fatalf("got %s, want %s", got, want)
		}
		g.release(want)
	}
	for range 4 {
		if o := <-out; o.err != nil {
			t.Fatal(o)
		}
	}
}

// At most one running compile per user, even with free slots.
func TestOneRunningCompilePerUser(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 4})
	out := make(chan outcome, 10)
	submit(s, context.Background(), out, "a1", "alice", Paid)
	g.next(t)
	submit(s, context.Background(), out, "a2", "alice", Paid)
	waitQueued(t, s, Paid, 1)
	g.idle(t)
	g.release("a1")
	if got := g.next(t); got != "a2" {
		t.Fatal(got)
	}
	g.release("a2")
	<-out
	<-out
}

// A flood of free users leaves a paid compile starting at once: free work never holds every
// slot.
func TestPaidStartsDuringFreeFlood(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 2, FreeDepth: 20})
	out := make(chan outcome, 20)
	for i := range 6 {
		submit(s, context.Background(), out, fmt.Sprintf("f%d", i), fmt.Sprintf("free%d", i), Free)
	}
	first := g.next(t)
	waitQueued(t, s, Free, 5)
	g.idle(t) // one slot is held back from free work
	submit(s, context.Background(), out, "p1", "payer", Paid)
	if got := g.next(t); got != "p1" {
		t.Fatalf("%s started instead of the paid job", got)
	}
	// When a slot frees, waiting paid work goes before waiting free work.
	submit(s, context.Background(), out, "p2", "payer2", Paid)
	waitQueued(t, s, Paid, 1)
	g.release(first)
	if got := g.next(t); got != "p2" {
		t.Fatalf("%s started before the waiting paid job", got)
	}
	if st := s.Status().Lanes[Free]; st.Running != 0 || st.Waiting != 5 {
		t.Fatalf("%+v", st)
	}
}

// Past a lane's depth, or a user's own short queue, jobs are refused with an error that
// matches latex.ErrBusy (429 with Retry-After at the routes).
func TestFullLaneAndFullUserQueueAreBusy(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 1, FreeDepth: 2, PerUser: 1})
	out := make(chan outcome, 10)
	ctx := context.Background()
	submit(s, ctx, out, "x", "u0", Free)
	g.next(t)
	submit(s, ctx, out, "y1", "u1", Free)
	submit(s, ctx, out, "y2", "u2", Free)
	waitQueued(t, s, Free, 2)

	_, err := s.Compile(ctx, Job{Source: "z", UserID: "u3", Lane: Free})
	var busy *BusyError
	if !errors.Is(err, latex.ErrBusy) || !errors.As(err, &busy) || busy.RetryAfter <= 0 {
		t.Fatalf("full lane: %v", err)
	}
	// The paid lane is unaffected.
	submit(s, ctx, out, "p", "payer", Paid)
	waitQueued(t, s, Paid, 1)

	// u1 already has a job waiting: a second is refused, whatever the lane holds.
	_, err = s.Compile(ctx, Job{Source: "y1b", UserID: "u1", Lane: Paid})
	if !errors.Is(err, latex.ErrBusy) || err.Error() == latex.ErrBusy.Error() {
		t.Fatalf("full user queue: %v", err)
	}
	if st := s.Status(); st.Lanes[Free].Rejected != 1 || st.Lanes[Paid].Rejected != 1 {
		t.Fatalf("%+v", st.Lanes)
	}
}

// A cancelled request removes its waiting job: it never runs, and the next user's job takes
// its place.
func TestCancelledWaitingJobNeverRuns(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 1})
	out := make(chan outcome, 10)
	submit(s, context.Background(), out, "a", "alice", Paid)
	g.next(t)
	ctx, cancel := context.WithCancel(context.Background())
	submit(s, ctx, out, "gone", "bob", Paid)
	waitQueued(t, s, Paid, 1)
	submit(s, context.Background(), out, "c", "carol", Paid)
	waitQueued(t, s, Paid, 2)
	cancel()
	o := <-out
	if o.src != "gone" || !errors.Is(o.err, latex.ErrCancelled) {
		t.Fatalf("%+v", o)
	}
	waitQueued(t, s, Paid, 1)
	g.release("a")
	if got := g.next(t); got != "c" {
		t.Fatalf("%s started", got)
	}
	g.release("c")
	<-out
	<-out
	if st := s.Status(); st.Users != 0 || st.Running != 0 || st.Lanes[Paid].Cancelled != 1 {
		t.Fatalf("%+v", st)
	}
}

// A running job whose request is cancelled stops and frees its slot.
func TestCancelledRunningJobFreesItsSlot(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 1})
	out := make(chan outcome, 10)
	ctx, cancel := context.WithCancel(context.Background())
	submit(s, ctx, out, "a", "alice", Paid)
	g.next(t)
	submit(s, context.Background(), out, "b", "bob", Paid)
	waitQueued(t, s, Paid, 1)
	cancel()
	if got := g.next(t); got != "b" {
		t.Fatal(got)
	}
	g.release("b")
	<-out
	<-out
}

// Identity is required: the scheduler cannot be fair to a job without a user.
func TestJobNeedsUser(t *testing.T) {
	s := New(newGated(), Config{})
	if _, err := s.Compile(context.Background(), Job{Source: "x"}); err == nil {
		t.Fatal("accepted a job without a user")
	}
}

// A user who was not compiling gets into a lane that others keep full: the newest waiting job
// of the user served most recently gives way (refused as busy, 429 at the routes), and the
// newcomer starts at the next free slot.
func TestNewcomerTakesThePlaceOfTheLastServedUsersNewestJob(t *testing.T) {
	g := newGated()
	s := New(g, Config{Slots: 1, PaidDepth: 2, PerUser: 2})
	out := make(chan outcome, 10)
	ctx := context.Background()
	submit(s, ctx, out, "a1", "alice", Paid)
	g.next(t)
	submit(s, ctx, out, "a2", "alice", Paid)
	waitQueued(t, s, Paid, 1)
	submit(s, ctx, out, "a3", "alice", Paid)
	waitQueued(t, s, Paid, 2)

	submit(s, ctx, out, "b1", "bob", Paid)
	o := <-out
	if o.src != "a3" || !errors.Is(o.err, latex.ErrBusy) {
		t.Fatalf("%s: %v; alice's newest job should have given way", o.src, o.err)
	}
	waitQueued(t, s, Paid, 2)
	// alice has a job waiting: she cannot push anyone out in turn.
	if _, err := s.Compile(ctx, Job{Source: "a4", UserID: "alice", Lane: Paid}); !errors.Is(err, latex.ErrBusy) {
		t.Fatal(err)
	}
	g.release("a1")
	if got := g.next(t); got != "b1" {
		t.Fatalf("%s started before the newcomer's job", got)
	}
	g.release("b1")
	if got := g.next(t); got != "a2" {
		t.Fatal(got)
	}
	g.release("a2")
	for range 3 {
		if o := <-out; o.err != nil {
			t.Fatal(o)
		}
	}
	if st := s.Status(); st.Users != 0 || st.Lanes[Paid].Waiting != 0 || st.Lanes[Paid].Rejected != 2 {
		t.Fatalf("%+v", st)
	}
}
