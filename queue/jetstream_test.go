package queue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// fakeTeX is a worker's compiler without TeX: sources starting with "hold" run until
// released or cancelled, everything else compiles at once. The PDF (a valid one, which the
// hub's checker passes) shows the version and the source.
type fakeTeX struct {
	version string
	started chan string
	release chan struct{}

	mu        sync.Mutex
	compiled  []string
	cancelled []string
}

func newFakeTeX(version string) *fakeTeX {
	return &fakeTeX{version: version, started: make(chan string, 100), release: make(chan struct{})}
}

func (f *fakeTeX) Version() string { return f.version }
func (f *fakeTeX) Compile(ctx context.Context, src string) (*latex.Result, error) {
	f.started <- src
	if strings.HasPrefix(src, "hold") {
		select {
		case <-f.release:
		case <-ctx.Done():
			f.mu.Lock()
			f.cancelled = append(f.cancelled, src)
			f.mu.Unlock()
			return nil, errCancelled
		}
	}
	f.mu.Lock()
	f.compiled = append(f.compiled, src)
	f.mu.Unlock()
	return &latex.Result{PDF: testPDF(f.version + " " + src), Key: latex.Key(src), Passes: 1}, nil
}

func (f *fakeTeX) compiledCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.compiled)
}

func (f *fakeTeX) waitStart(t *testing.T) string {
	t.Helper()
	select {
	case s := <-f.started:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("the worker started nothing")
		return ""
	}
}

// testHub is an in-process NATS server with the stream, the hub backend and a scheduler.
type testHub struct {
	ns    *server.Server
	js    *JetStream
	sched *Scheduler
}

func newTestHub(t *testing.T, ackWait time.Duration, cfg Config) *testHub {
	t.Helper()
	ns, err := StartServer(t.TempDir(), Listen{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	nc := connectTo(t, ns)
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if err := Setup(ctx, js, ackWait, 1); err != nil {
		t.Fatal(err)
	}
	hub, err := NewJetStream(ctx, nc, HubConfig{Heartbeat: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Logger = quiet
	s := New(hub, cfg)
	hub.bindScheduler(s)
	wctx, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go hub.watch(wctx)
	return &testHub{ns: ns, js: hub, sched: s}
}

func connectTo(t *testing.T, ns *server.Server) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect("", nats.InProcessServer(ns))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorker runs a worker on its own connection until the returned stop is called.
func (h *testHub) startWorker(t *testing.T, comp Compiler, cfg WorkerConfig) (*nats.Conn, func()) {
	t.Helper()
	nc := connectTo(t, h.ns)
	cfg.Logger, cfg.Heartbeat = quiet, 100*time.Millisecond
	if cfg.ID == "" {
		cfg.ID = comp.Version()
	}
	w, err := NewWorker(context.Background(), nc, comp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = w.Run(ctx); close(done) }()
	var once sync.Once
	stopped := func() { once.Do(func() { stop(); <-done }) }
	t.Cleanup(stopped)
	return nc, stopped
}

func compileAs(s *Scheduler, ctx context.Context, src, userID string, l Lane) (*latex.Result, error) {
	return s.Compile(ctx, Job{Source: src, UserID: userID, Lane: l})
}

// A job goes through the stream to a worker, its PDF to the object store, and the hub reads
// it back by key; the same source again is answered from the store for the same user, and
// compiled again for another (a worker's PDF is its user's alone).
func TestJetStreamRoundTrip(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	tex := newFakeTeX("TeX A")
	h.startWorker(t, tex, WorkerConfig{Slots: 2})
	res, err := compileAs(h.sched, context.Background(), "hello", "alice", Paid)
	if err != nil {
		t.Fatal(err)
	}
	if res.Key != userKey("alice", "hello") || res.Cached {
		t.Fatalf("%+v", res)
	}
	pdf, ok := h.sched.PDF(context.Background(), res.Key)
	if !ok || !strings.Contains(string(pdf), "(TeX A hello)") {
		t.Fatalf("%q %v", pdf, ok)
	}
	again, err := compileAs(h.sched, context.Background(), "hello", "alice", Free)
	if err != nil || !again.Cached || again.Key != res.Key || tex.compiledCount() != 1 {
		t.Fatalf("%+v %v, compiled %d times", again.Key, err, tex.compiledCount())
	}
	bobs, err := compileAs(h.sched, context.Background(), "hello", "bob", Free)
	if err != nil || bobs.Cached || bobs.Key == res.Key || tex.compiledCount() != 2 {
		t.Fatalf("%+v %v, compiled %d times", bobs.Key, err, tex.compiledCount())
	}
	// A compile error comes back in words.
	bad := &failingTeX{fakeTeX: tex}
	h2 := newTestHub(t, 5*time.Second, Config{})
	h2.startWorker(t, bad, WorkerConfig{})
	_, err = compileAs(h2.sched, context.Background(), "a\nb\n\\foo", "alice", Paid)
	var texErr *latex.Error
	if !errors.As(err, &texErr) || texErr.Line != 3 || texErr.Problem != undefinedFoo {
		t.Fatalf("%v", err)
	}
}

const undefinedFoo = `the command \foo is not defined (check its spelling, or whether it needs a package)`

type failingTeX struct{ *fakeTeX }

func (f *failingTeX) Compile(context.Context, string) (*latex.Result, error) {
	return nil, &latex.Error{Line: 3, Problem: undefinedFoo}
}

// A worker that dies mid-job (its connection closed, so it never acknowledges) loses no job:
// after the ack wait another worker compiles it and the request gets its PDF.
func TestJobOfAKilledWorkerIsFinishedByAnother(t *testing.T) {
	h := newTestHub(t, time.Second, Config{})
	hung := newFakeTeX("TeX A")
	defer close(hung.release)
	hungConn, _ := h.startWorker(t, hung, WorkerConfig{ID: "doomed"})

	type answer struct {
		res *latex.Result
		err error
	}
	out := make(chan answer, 1)
	go func() {
		res, err := compileAs(h.sched, context.Background(), "hold me", "alice", Paid)
		out <- answer{res, err}
	}()
	if got := hung.waitStart(t); got != "hold me" {
		t.Fatal(got)
	}
	hungConn.Close() // the worker is gone: no progress, no ack

	healthy := newFakeTeX("TeX A")
	close(healthy.release)
	h.startWorker(t, healthy, WorkerConfig{ID: "healthy"})
	a := <-out
	if a.err != nil {
		t.Fatal(a.err)
	}
	if healthy.compiledCount() != 1 || hung.compiledCount() != 0 {
		t.Fatalf("healthy compiled %d, hung %d", healthy.compiledCount(), hung.compiledCount())
	}
	if pdf, ok := h.sched.PDF(context.Background(), a.res.Key); !ok || !strings.HasPrefix(string(pdf), "%PDF") {
		t.Fatalf("%q", pdf)
	}
}

// A flood of free work from many accounts holds at most the free lane's share of the
// workers' slots (the scheduler's cap); paid jobs keep flowing through the rest.
func TestFreeFloodLeavesPaidLaneFlowing(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	tex := newFakeTeX("TeX A")
	h.startWorker(t, tex, WorkerConfig{Slots: 2})
	until(t, "the worker is counted", func() bool { return h.sched.Status().Slots == 2 })
	flood := make(chan error, 10)
	for i := range 5 {
		go func() {
			_, err := compileAs(h.sched, context.Background(), fmt.Sprintf("hold free %d", i), fmt.Sprint("f", i), Free)
			flood <- err
		}()
	}
	tex.waitStart(t) // one free job runs, the rest wait in the scheduler
	for i := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		res, err := compileAs(h.sched, ctx, fmt.Sprint("paid ", i), "payer", Paid)
		cancel()
		if err != nil || res.Key == "" {
			t.Fatalf("a paid job behind the free flood: %v", err)
		}
	}
	if n := tex.compiledCount(); n != 3 {
		t.Fatalf("%d compiles finished, want the 3 paid ones", n)
	}
	close(tex.release)
	for range 5 {
		if err := <-flood; err != nil && !errors.Is(err, latex.ErrBusy) {
			t.Fatal(err)
		}
	}
}

// A cancelled request takes its job out of the stream before any worker sees it, and stops a
// job a worker is running.
func TestCancelledJobIsWithdrawn(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := compileAs(h.sched, ctx, "nobody compiles this", "alice", Paid); done <- err }()
	info := func() *jetstream.ConsumerInfo {
		c, err := h.js.stream.Consumer(context.Background(), "paid")
		if err != nil {
			t.Fatal(err)
		}
		i, err := c.Info(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	for info().NumPending == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, latex.ErrCancelled) {
		t.Fatal(err)
	}
	if n := info().NumPending; n != 0 {
		t.Fatalf("%d jobs still in the stream", n)
	}

	// Running: the worker's compile is stopped.
	tex := newFakeTeX("TeX A")
	h.startWorker(t, tex, WorkerConfig{})
	ctx, cancel = context.WithCancel(context.Background())
	go func() { _, err := compileAs(h.sched, ctx, "hold on", "alice", Paid); done <- err }()
	if got := tex.waitStart(t); got != "hold on" {
		t.Fatalf("the worker ran %q", got)
	}
	cancel()
	<-done
	for i := 0; ; i++ {
		tex.mu.Lock()
		n := len(tex.cancelled)
		tex.mu.Unlock()
		if n == 1 {
			break
		}
		if i > 500 {
			t.Fatal("the running compile was not stopped")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if tex.compiledCount() != 0 {
		t.Fatal("a withdrawn job was compiled")
	}
}

// The hub stores a PDF under the key it computes from the user and the source itself: a
// worker, whatever TeX version it reports, neither chooses nor overwrites what an address
// serves; the same source again is answered from the store for its user.
func TestHubKeysPDFsBySourceNotByWorker(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	old := newFakeTeX("pdfTeX 3.141592653-2.6-1.40.25 (TeX Live 2023)")
	_, stopOld := h.startWorker(t, old, WorkerConfig{})
	first, err := compileAs(h.sched, context.Background(), "same source", "alice", Paid)
	if err != nil {
		t.Fatal(err)
	}
	stopOld()
	newer := newFakeTeX("pdfTeX 3.141592653-2.6-1.40.26 (TeX Live 2024)")
	h.startWorker(t, newer, WorkerConfig{})
	second, err := compileAs(h.sched, context.Background(), "same source", "alice", Paid)
	if err != nil {
		t.Fatal(err)
	}
	if first.Key != userKey("alice", "same source") || second.Key != first.Key || !second.Cached || newer.compiledCount() != 0 {
		t.Fatalf("first %s second %s cached %v", first.Key, second.Key, second.Cached)
	}
	a, _ := h.sched.PDF(context.Background(), first.Key)
	if !strings.Contains(string(a), "2023") {
		t.Fatalf("%q", a)
	}
}

// Workers joining and leaving resize the hub's scheduler; the status shows them.
func TestWorkersResizeTheScheduler(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	_, stop := h.startWorker(t, newFakeTeX("A"), WorkerConfig{ID: "w1", Slots: 3})
	h.startWorker(t, newFakeTeX("A"), WorkerConfig{ID: "w2", Slots: 2})
	waitFor(t, func() bool { return h.sched.Status().Slots == 5 })
	st := h.sched.Status().Backend.(BackendStatus)
	if len(st.Workers) != 2 || st.Workers[0].ID != "w1" {
		t.Fatalf("%+v", st)
	}
	stop()
	waitFor(t, func() bool { return h.sched.Status().Slots == 2 })
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("condition never held")
}

// The whole hub as `serve` starts it, with a local worker on the real compiler.
func TestStartHubCompilesWithLocalWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pdflatex in bubblewrap")
	}
	dir := t.TempDir()
	s, err := StartHub(context.Background(), HubOptions{DataDir: dir, LocalWorkers: 1, Logger: quiet,
		NewCompiler: func(n int) (*latex.Compiler, error) {
			return latex.New(latex.Config{Workers: n, FormatDir: t.TempDir(), Logger: quiet})
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := compileAs(s, context.Background(), "\\documentclass{article}\\begin{document}Hub\\end{document}\n", "alice", Paid)
	if err != nil {
		t.Fatal(err)
	}
	pdf, ok := s.PDF(context.Background(), res.Key)
	if !ok || !strings.HasPrefix(string(pdf), "%PDF") {
		t.Fatalf("%v %d", ok, len(pdf))
	}
	if res.Key != latex.Key("\\documentclass{article}\\begin{document}Hub\\end{document}\n") {
		t.Fatal("the hub's own PDF is not under the source's shared key")
	}
	if _, err := StartHub(context.Background(), HubOptions{DataDir: t.TempDir(), Listen: "127.0.0.1:0"}); !errors.Is(err, ErrNoToken) {
		t.Fatalf("listened without a token: %v", err)
	}
}
