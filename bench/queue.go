package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
	"sheetsmith/queue"
)

var (
	skipCompile = flag.Bool("skip-compile", false, "skip the compiler comparison (run only the later sections)")
	workerBin   = flag.String("bin", "bin/sheetsmith", "the built binary, started as worker processes")
)

func init() { sections = append(sections, benchQueue) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// noopTeX answers at once with a PDF of a realistic size: what remains is the queue's own
// cost (scheduler, JetStream publish and pull, object store, result).
type noopTeX struct{ pdf []byte }

func (n noopTeX) Compile(_ context.Context, src string) (*latex.Result, error) {
	return &latex.Result{PDF: n.pdf, Key: latex.Key(src), Passes: 1}, nil
}
func (noopTeX) Key(src string) string { return latex.Key(src) }
func (noopTeX) Version() string       { return "noop" }

// passChecker stands in for the hub's PDF checker (timed in its own section).
type passChecker struct{}

func (passChecker) Check(_ context.Context, pdf []byte) ([]byte, error) { return pdf, nil }

// direct is the compiler without a queue in front of it, as the scheduler's backend.
type direct struct{ c noopTeX }

func (d direct) Compile(ctx context.Context, j queue.Job) (*latex.Result, error) {
	return d.c.Compile(ctx, j.Source)
}
func (direct) PDF(context.Context, string) ([]byte, bool) { return nil, false }
func (direct) Close() error                               { return nil }

func benchQueue() error {
	fmt.Println()
	fmt.Println("compile queue (NATS JetStream, embedded)")
	overhead, err := queueOverhead()
	if err != nil {
		return err
	}
	if err := realCompileThroughQueue(); err != nil {
		return err
	}
	if err := fairnessUnderFlood(); err != nil {
		return err
	}
	r1, r2, err := workerScaling()
	if err != nil {
		return err
	}
	fmt.Printf("targets: queue overhead ≤ 3 ms (%.2f ms %s); throughput grows with workers (2 vs 1 worker process %.2f× %s)\n",
		ms64(overhead), verdict(overhead <= 3*time.Millisecond), r2/r1, verdict(r2/r1 > 1.2))
	return nil
}

func ms64(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// queueOverhead times a compile that costs nothing, through the whole queue and straight, on
// one in-process hub with a local worker: the difference is what the queue adds per compile.
func queueOverhead() (time.Duration, error) {
	dir, err := os.MkdirTemp("", "sheetsmith-bench-queue-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	ns, err := queue.StartServer(dir, queue.Listen{})
	if err != nil {
		return 0, err
	}
	defer ns.Shutdown()
	conn := func() (*nats.Conn, error) { return nats.Connect("", nats.InProcessServer(ns)) }
	hubConn, err := conn()
	if err != nil {
		return 0, err
	}
	defer hubConn.Close()
	js, _ := jetstream.New(hubConn)
	ctx := context.Background()
	if err := queue.Setup(ctx, js, 10*time.Second, 1); err != nil {
		return 0, err
	}
	// The hub checks every PDF a remote worker returns; that check's cost is the PDF checker
	// section's. Here it passes PDFs through, so what is timed is the queue's own cost.
	hub, err := queue.NewJetStream(ctx, hubConn, queue.HubConfig{Logger: quiet, Checker: passChecker{}})
	if err != nil {
		return 0, err
	}
	s := queue.New(hub, queue.Config{Logger: quiet})
	s.SetSlots(2)
	workerConn, err := conn()
	if err != nil {
		return 0, err
	}
	defer workerConn.Close()
	tex := noopTeX{pdf: make([]byte, 40<<10)} // a one-page worksheet is 30–60 KB
	w, err := queue.NewWorker(ctx, workerConn, tex, queue.WorkerConfig{Slots: 2, Logger: quiet})
	if err != nil {
		return 0, err
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = w.Run(wctx); close(done) }()
	defer func() { stop(); <-done }()
	plain := queue.New(direct{tex}, queue.Config{Slots: 2, Logger: quiet})

	n := 40 * *runs
	timeIt := func(s *queue.Scheduler, lane queue.Lane, tag string) (time.Duration, error) {
		var times []time.Duration
		for i := range n {
			src := fmt.Sprintf("overhead %s %d %d", tag, i, time.Now().UnixNano())
			t0 := time.Now()
			if _, err := s.Compile(ctx, queue.Job{Source: src, UserID: "bench", Lane: lane}); err != nil {
				return 0, err
			}
			times = append(times, time.Since(t0))
		}
		return med(times), nil
	}
	if _, err := timeIt(s, queue.Paid, "warm"); err != nil {
		return 0, err
	}
	straight, err := timeIt(plain, queue.Paid, "direct")
	if err != nil {
		return 0, err
	}
	paid, err := timeIt(s, queue.Paid, "paid")
	if err != nil {
		return 0, err
	}
	free, err := timeIt(s, queue.Free, "free")
	if err != nil {
		return 0, err
	}
	fmt.Printf("  per compile, no-op compiler and a 40 KB PDF, median of %d: direct %.3f ms, queue paid lane %.3f ms, free lane %.3f ms\n",
		n, ms64(straight), ms64(paid), ms64(free))
	fmt.Printf("  queue overhead per compile (paid lane): %.2f ms\n", ms64(paid-straight))
	return paid - straight, nil
}

// workerScaling runs a hub with no local workers and measures throughput of fresh compiles
// with one and then two `sheetsmith worker` processes (one compile slot each) on loopback.
func workerScaling() (float64, float64, error) {
	bin, err := filepath.Abs(*workerBin)
	if err != nil {
		return 0, 0, err
	}
	if _, err := os.Stat(bin); err != nil {
		return 0, 0, fmt.Errorf("%s not built (make build): %w", *workerBin, err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, 0, err
	}
	addr := l.Addr().String()
	l.Close()
	dir, err := os.MkdirTemp("", "sheetsmith-bench-fleet-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(dir)
	const token = "bench-token-of-at-least-32-bytes-long"
	s, err := queue.StartHub(context.Background(), queue.HubOptions{DataDir: dir, Listen: addr, Token: token, Logger: quiet,
		Scheduler: queue.Config{PaidDepth: 64}})
	if err != nil {
		return 0, 0, err
	}
	defer s.Close()

	var procs []*exec.Cmd
	defer func() {
		for _, p := range procs {
			_ = p.Process.Signal(os.Interrupt)
			_ = p.Wait()
		}
	}()
	addWorker := func(id string) error {
		cmd := exec.Command(bin, "worker", "--nats", "nats://"+addr, "--insecure-plaintext", "--slots", "1", "--id", id)
		cmd.Env = append(os.Environ(), "SHEETSMITH_NATS_TOKEN="+token)
		if err := cmd.Start(); err != nil {
			return err
		}
		procs = append(procs, cmd)
		deadline := time.Now().Add(2 * time.Minute)
		for {
			if st, ok := s.Status().Backend.(queue.BackendStatus); ok && len(st.Workers) == len(procs) {
				return nil
			}
			if time.Now().After(deadline) {
				return errors.New("a worker process did not join")
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	ws := worksheets()[0]
	const jobs = 16
	rate := func(tag string) (float64, error) {
		time.Sleep(time.Second) // warm pools refill
		return throughput(jobs, jobs, func(n int) error {
			src := ws.src + fmt.Sprintf("%% fleet %s %d %d\n", tag, n, time.Now().UnixNano())
			_, err := s.Compile(context.Background(), queue.Job{Source: src, UserID: fmt.Sprint("teacher", n), Lane: queue.Paid})
			return err
		})
	}
	if err := addWorker("bench-1"); err != nil {
		return 0, 0, err
	}
	if _, err := rate("warm"); err != nil {
		return 0, 0, err
	}
	r1, err := rate("one")
	if err != nil {
		return 0, 0, err
	}
	if err := addWorker("bench-2"); err != nil {
		return 0, 0, err
	}
	r2, err := rate("two")
	if err != nil {
		return 0, 0, err
	}
	fmt.Printf("  throughput, %d fresh compiles of the %s from %d users, worker processes with one slot each:\n", jobs, ws.name, jobs)
	fmt.Printf("    1 worker process   %6.2f compiles/s\n", r1)
	fmt.Printf("    2 worker processes %6.2f compiles/s (%.2f×)\n", r2, r2/r1)
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("    load average after: %s\n", strings.Join(strings.Fields(string(load))[:3], " "))
	}
	return r1, r2, nil
}

// realCompileThroughQueue compares fresh compiles of a real sheet on the direct pool and
// through the default server's queue (embedded NATS, local workers), alternating runs.
func realCompileThroughQueue() error {
	dir, err := os.MkdirTemp("", "sheetsmith-bench-hub-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var local *latex.Compiler
	s, err := queue.StartHub(context.Background(), queue.HubOptions{DataDir: dir, LocalWorkers: 2, Logger: quiet,
		NewCompiler: func(n int) (*latex.Compiler, error) {
			local, err = latex.New(latex.Config{Workers: n, Logger: quiet})
			return local, err
		}})
	if err != nil {
		return err
	}
	defer s.Close()
	ws := worksheets()[0]
	var direct, queued []time.Duration
	for r := range 3 * *runs {
		order := []bool{false, true}
		if r%2 == 1 {
			order = []bool{true, false} // neither side always runs second
		}
		for _, viaQueue := range order {
			time.Sleep(time.Second) // the pool refills, as between requests
			src := ws.src + fmt.Sprintf("%% queue-vs-direct %d %v %d\n", r, viaQueue, time.Now().UnixNano())
			t0 := time.Now()
			if viaQueue {
				_, err = s.Compile(context.Background(), queue.Job{Source: src, UserID: "bench", Lane: queue.Paid})
			} else {
				_, err = local.Compile(context.Background(), src)
			}
			if err != nil {
				return err
			}
			if viaQueue {
				queued = append(queued, time.Since(t0))
			} else {
				direct = append(direct, time.Since(t0))
			}
		}
	}
	fmt.Printf("  fresh %s, median of %d alternating runs: direct pool %s, through the queue %s\n",
		ws.name, len(direct), ms(med(direct)), ms(med(queued)))
	return nil
}

// fairnessUnderFlood: one user keeps three endless documents queued (each stopped by a 2 s
// compile timeout) on a single compile slot; another user's sheet waits for at most one of
// them.
func fairnessUnderFlood() error {
	const limit = 2 * time.Second
	c, err := latex.New(latex.Config{Workers: 1, Timeout: limit, Logger: quiet})
	if err != nil {
		return err
	}
	s := queue.New(queue.Local{C: c}, queue.Config{Slots: 1, Logger: quiet})
	defer s.Close()
	ctx, stop := context.WithCancel(context.Background())
	var flood sync.WaitGroup
	for w := range 3 {
		flood.Add(1)
		go func() {
			defer flood.Done()
			for n := w; ctx.Err() == nil; n += 3 {
				src := fmt.Sprintf("\\documentclass{article}\\begin{document}\\loop\\iftrue\\repeat %% %d\n\\end{document}\n", n)
				if _, err := s.Compile(ctx, queue.Job{Source: src, UserID: "flooder", Lane: queue.Paid}); errors.Is(err, latex.ErrBusy) {
					time.Sleep(10 * time.Millisecond)
				}
			}
		}()
	}
	for s.Status().Lanes[queue.Paid].Waiting < 2 {
		time.Sleep(5 * time.Millisecond)
	}
	ws := worksheets()[0]
	t0 := time.Now()
	_, err = s.Compile(context.Background(), queue.Job{Source: ws.src + "% fairness\n", UserID: "teacher", Lane: queue.Paid})
	wait := time.Since(t0)
	stop()
	flood.Wait()
	if err != nil {
		return err
	}
	fmt.Printf("  another user's sheet during an endless-document flood (one slot, %s timeout): %s (target ≤ %s: %s)\n",
		limit, ms(wait), limit+time.Second, verdict(wait <= limit+time.Second))
	return nil
}
