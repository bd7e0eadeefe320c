package queue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sheetsmith/latex"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func realCompiler(t *testing.T, workers int, timeout time.Duration) *latex.Compiler {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pdflatex in bubblewrap")
	}
	c, err := latex.New(latex.Config{Workers: workers, Timeout: timeout, FormatDir: t.TempDir(), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

const endless = "\\documentclass{article}\\begin{document}\\loop\\iftrue\\repeat %% %d\n\\end{document}\n"

// Three accounts flood the only compiler with endless documents, each keeping its own queue
// full; another user's one-line sheet still compiles after at most one of their jobs (each of
// which runs into the compile timeout), however long the flooders have been at it.
func TestEndlessFloodDelaysOtherUserByOneJob(t *testing.T) {
	c := realCompiler(t, 1, time.Second)
	s := New(Local{c}, Config{Slots: 1, PerUser: 2, Logger: quiet})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()

	flooders := accounts("flooder", 3)
	done := make([]atomic.Int32, len(flooders))
	var total atomic.Int32
	for i, a := range flooders {
		for w := range 3 { // three requests at a time, the most an account's queue holds
			go func() {
				for n := w; ctx.Err() == nil; n += 3 {
					_, err := s.Compile(ctx, Job{Source: fmt.Sprintf(endless, 1000*i+n), UserID: a, Lane: Paid})
					switch {
					case err == nil:
						t.Error("an endless document compiled")
					case errors.Is(err, latex.ErrBusy): // the account's queue is full: keep trying
						time.Sleep(10 * time.Millisecond)
					case ctx.Err() == nil:
						done[i].Add(1)
						total.Add(1)
					}
				}
			}()
		}
	}
	for i := 0; ; i++ { // every flooder has had its turn: none is new any more
		served := 0
		for j := range done {
			served += min(1, int(done[j].Load()))
		}
		if served == len(flooders) {
			break
		}
		if i > 6000 {
			t.Fatal("the flooders' jobs do not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	before := total.Load()
	res, err := s.Compile(context.Background(), Job{
		Source: "\\documentclass{article}\\begin{document}Bob's sums\\end{document}\n", UserID: "bob", Lane: Paid})
	if err != nil {
		t.Fatal(err)
	}
	if n := total.Load() - before; n > 1 {
		t.Fatalf("bob's compile waited for %d of the flooders' jobs", n)
	}
	if len(res.PDF) == 0 || res.Key == "" {
		t.Fatalf("%+v", res)
	}
}

// flood compiles as a script on each account would: one compile running and the account's own
// queue full, the next sent as soon as one ends or is refused as busy.
func flood(ctx context.Context, s *Scheduler, l Lane, accounts ...string) {
	var seq atomic.Int64
	for _, a := range accounts {
		for range s.cfg.PerUser + 1 {
			go func() {
				for ctx.Err() == nil {
					_, err := s.Compile(ctx, Job{Source: fmt.Sprintf("%s/%d", a, seq.Add(1)), UserID: a, Lane: l})
					if errors.Is(err, latex.ErrBusy) {
						time.Sleep(time.Millisecond)
					}
				}
			}()
		}
	}
}

func accounts(prefix string, n int) []string {
	var names []string
	for i := range n {
		names = append(names, fmt.Sprint(prefix, i))
	}
	return names
}

// until polls cond; it fails the test if cond never holds.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 2500 {
		if cond() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("never: %s", what)
}

// newcomerGoesNext floods s from paid accounts until every flooder has been served and the
// paid lane is as full as they can make it, then sends one compile from an account that has not compiled: when the
// next slot frees, that compile must be the one that starts, before any flooder's next job.
// g sees every job that starts, in order.
func newcomerGoesNext(t *testing.T, s *Scheduler, g *gated, flooders int, newcomerLane Lane) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	flood(ctx, s, Paid, accounts("flooder", flooders)...)
	slots := s.Status().Slots
	var running []string
	served := map[string]bool{}
	for len(served) < flooders { // a while of flooding: every account has had compiles
		for len(running) < slots {
			running = append(running, g.next(t))
		}
		src := running[0]
		running = running[1:]
		served[src[:strings.Index(src, "/")]] = true
		g.release(src)
	}
	for len(running) < slots {
		running = append(running, g.next(t))
	}
	full := min(s.Status().Lanes[Paid].Depth, flooders*s.cfg.PerUser)
	until(t, "the flood fills the paid lane", func() bool { return s.Status().Lanes[Paid].Waiting == full })

	out := make(chan outcome, 1)
	submit(s, context.Background(), out, "newcomer's sheet", "newcomer", newcomerLane)
	until(t, "the newcomer's compile waits for a slot", func() bool {
		select {
		case o := <-out:
			t.Fatalf("the newcomer was answered before any slot freed: %v", o.err)
		default:
		}
		return s.Waiting("newcomer")
	})
	if b, ok := s.Status().Backend.(BackendStatus); ok && b.Stream["paid"]+b.Stream["free"] != 0 {
		t.Fatalf("jobs wait in the stream, where a newcomer's job would queue behind them: %v", b.Stream)
	}
	g.release(running[0])
	if got := g.next(t); got != "newcomer's sheet" {
		t.Fatalf("a slot freed and %s started; the newcomer still waits behind the flooders", got)
	}
	g.release("newcomer's sheet")
	if o := <-out; o.err != nil {
		t.Fatal(o.err)
	}
}

// Many paid accounts keep every slot busy and the paid lane full; a paid user who was not
// compiling is admitted (not refused as busy) and starts in the next slot that frees, ahead
// of every flooder's next job, so they wait at most one job's time limit.
func TestNewcomerStartsNextDuringManyAccountFlood(t *testing.T) {
	for _, flooders := range []int{2, 3, 6} {
		t.Run(fmt.Sprint(flooders, " accounts"), func(t *testing.T) {
			g := newGated()
			newcomerGoesNext(t, New(g, Config{Slots: 2, Logger: quiet}), g, flooders, Paid)
		})
	}
}

// A paid flood does not starve a free user: the free lane has room, and the free user, not
// served for longer than any flooder, takes the next free slot.
func TestFreeNewcomerStartsNextDuringPaidFlood(t *testing.T) {
	g := newGated()
	newcomerGoesNext(t, New(g, Config{Slots: 2, Logger: quiet}), g, 2, Free)
}

// The same through the real queue: the embedded NATS server, the job stream and two workers.
// The scheduler hands the stream only as many jobs as the workers have slots, so the
// newcomer's job finds no backlog of flooders' jobs ahead of it in the stream.
func TestNewcomerStartsNextThroughJetStream(t *testing.T) {
	for _, lane := range []Lane{Paid, Free} {
		t.Run(lane.String(), func(t *testing.T) {
			h := newTestHub(t, 5*time.Second, Config{})
			g := newGated()
			h.startWorker(t, gatedTeX{g}, WorkerConfig{ID: "w1", Slots: 1})
			h.startWorker(t, gatedTeX{g}, WorkerConfig{ID: "w2", Slots: 1})
			until(t, "both workers are counted", func() bool { return h.sched.Status().Slots == 2 })
			newcomerGoesNext(t, h.sched, g, 4, lane)
		})
	}
}

// gatedTeX is a worker's compiler whose compiles run until the test releases them.
type gatedTeX struct{ g *gated }

func (x gatedTeX) Compile(ctx context.Context, src string) (*latex.Result, error) {
	if _, err := x.g.Compile(ctx, Job{Source: src}); err != nil {
		return nil, err
	}
	return &latex.Result{PDF: testPDF(src), Key: x.Key(src), Passes: 1}, nil
}
func (gatedTeX) Key(src string) string { return latex.Key(src) }
func (gatedTeX) Version() string       { return "gated" }
