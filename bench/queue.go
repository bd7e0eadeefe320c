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
	ns, err := queue.StartServer(dir, "", "")
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
	hub, err := queue.NewJetStream(ctx, hubConn, queue.HubConfig{Logger: quiet})
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
	const token = "bench-token"
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
		cmd := exec.Command(bin, "worker", "--nats", "nats://"+addr, "--slots", "1", "--id", id)
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
