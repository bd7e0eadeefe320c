package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"sheetsmith/latex"
)

// Compiler is what a worker runs jobs on: the sandboxed latex.Compiler (see TeX), or a
// stand-in in tests. Key must include the compiler's version, so a worker with another TeX
// version stores and finds its PDFs under other names.
type Compiler interface {
	Compile(ctx context.Context, src string) (*latex.Result, error)
	Key(src string) string
	Version() string
}

// TeX adapts a latex.Compiler to a worker.
type TeX struct{ C *latex.Compiler }

func (t TeX) Compile(ctx context.Context, src string) (*latex.Result, error) {
	return t.C.Compile(ctx, src)
}
func (TeX) Key(src string) string { return latex.Key(src) }
func (TeX) Version() string       { return latex.Version() }

// WorkerConfig sizes one worker process (or the hub's local workers).
type WorkerConfig struct {
	ID        string        // default host name plus a unique suffix
	Slots     int           // jobs at once; default 1
	FreeSlots int           // of which free-lane jobs may hold at most; default max(1, Slots-1)
	AckWait   time.Duration // the consumers' ack wait, to keep long compiles claimed; default 10s
	Heartbeat time.Duration // how often the worker tells the hub it is there; default 2s
	Logger    *slog.Logger
}

// heartbeat is what a worker announces on workersSubject.
type heartbeat struct {
	ID        string `json:"id"`
	Slots     int    `json:"slots"`
	FreeSlots int    `json:"freeSlots"`
	Running   int    `json:"running"`
	Version   string `json:"version"`
	Leaving   bool   `json:"leaving,omitempty"`
}

// Worker pulls jobs from the lanes, compiles them, stores the PDF and answers the hub; a job
// is acknowledged only after its PDF is stored and its result sent.
type Worker struct {
	cfg  WorkerConfig
	nc   *nats.Conn
	js   jetstream.JetStream
	comp Compiler
	obj  jetstream.ObjectStore
	cons [numLanes]jetstream.Consumer

	mu        sync.Mutex
	bell      chan struct{}                 // closed when the hub rings: a new job is there
	running   map[string]context.CancelFunc // job id → stop
	cancelled map[string]time.Time          // job ids cancelled before they arrived here
}

const defaultAckWait = 10 * time.Second

// NewWorker binds a worker to a connection. It waits (until ctx ends) for the hub to have
// created the stream.
func NewWorker(ctx context.Context, nc *nats.Conn, comp Compiler, cfg WorkerConfig) (*Worker, error) {
	if cfg.ID == "" {
		host, _ := os.Hostname()
		cfg.ID = host + "-" + nuid.Next()[:8]
	}
	cfg.Slots = max(1, cfg.Slots)
	if cfg.FreeSlots <= 0 {
		cfg.FreeSlots = max(1, cfg.Slots-1)
	}
	cfg.FreeSlots = min(cfg.FreeSlots, cfg.Slots)
	if cfg.AckWait <= 0 {
		cfg.AckWait = defaultAckWait
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 2 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	w := &Worker{cfg: cfg, nc: nc, js: js, comp: comp, bell: make(chan struct{}), running: map[string]context.CancelFunc{}, cancelled: map[string]time.Time{}}
	for {
		err = w.bind(ctx)
		if err == nil {
			return w, nil
		}
		cfg.Logger.Info("queue worker: waiting for the hub's job stream", "error", err)
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(time.Second):
		}
	}
}

func (w *Worker) bind(ctx context.Context) error {
	var err error
	if w.obj, err = w.js.ObjectStore(ctx, pdfBucket); err != nil {
		return err
	}
	for l := range numLanes {
		if w.cons[l], err = w.js.Consumer(ctx, jobStream, l.String()); err != nil {
			return err
		}
	}
	return nil
}

// Run pulls and compiles until ctx ends. A job still compiling then goes back to the stream
// for another worker.
func (w *Worker) Run(ctx context.Context) error {
	sub, err := w.nc.Subscribe(cancelSubject, func(m *nats.Msg) { w.cancel(string(m.Data)) })
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	bell, err := w.nc.Subscribe(bellSubject, func(*nats.Msg) { w.ring() })
	if err != nil {
		return err
	}
	defer bell.Unsubscribe()
	w.cfg.Logger.Info("queue worker: ready", "id", w.cfg.ID, "slots", w.cfg.Slots, "version", w.comp.Version())
	var wg sync.WaitGroup
	for i := range w.cfg.Slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.slot(ctx, i < w.cfg.FreeSlots)
		}()
	}
	w.beat(false)
	tick := time.NewTicker(w.cfg.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			w.beat(true)
			return nil
		case <-tick.C:
			w.beat(false)
			w.pruneCancelled()
		}
	}
}

func (w *Worker) beat(leaving bool) {
	w.mu.Lock()
	hb := heartbeat{ID: w.cfg.ID, Slots: w.cfg.Slots, FreeSlots: w.cfg.FreeSlots, Running: len(w.running), Version: w.comp.Version(), Leaving: leaving}
	w.mu.Unlock()
	b, _ := json.Marshal(hb)
	_ = w.nc.Publish(workersSubject, b)
	if leaving {
		_ = w.nc.Flush()
	}
}

// idlePoll is how often an idle slot looks at the lanes without being rung: for jobs
// redelivered after a worker died, and for a bell lost on the way.
const idlePoll = 500 * time.Millisecond

// slot is one compile at a time: paid work first, free work only on slots that may take it.
// An idle slot sleeps until the hub rings the bell for a new job.
func (w *Worker) slot(ctx context.Context, takesFree bool) {
	t := time.NewTicker(idlePoll)
	defer t.Stop()
	for ctx.Err() == nil {
		rung := w.bellChan()
		if m := w.next(ctx, Paid); m != nil {
			w.handle(ctx, m)
			continue
		}
		if takesFree {
			if m := w.next(ctx, Free); m != nil {
				w.handle(ctx, m)
				continue
			}
		}
		select {
		case <-rung:
		case <-t.C:
		case <-ctx.Done():
		}
	}
}

func (w *Worker) bellChan() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.bell
}

// ring wakes every idle slot.
func (w *Worker) ring() {
	w.mu.Lock()
	close(w.bell)
	w.bell = make(chan struct{})
	w.mu.Unlock()
}

// next pulls one job of a lane if there is one.
func (w *Worker) next(ctx context.Context, l Lane) jetstream.Msg {
	batch, err := w.cons[l].FetchNoWait(1)
	if err != nil {
		if ctx.Err() == nil && !errors.Is(err, nats.ErrConnectionClosed) {
			w.cfg.Logger.Warn("queue worker: pull", "lane", l, "error", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
		return nil
	}
	for m := range batch.Messages() {
		return m
	}
	return nil
}

// handle runs one delivered job to its acknowledgement.
func (w *Worker) handle(ctx context.Context, m jetstream.Msg) {
	var j wireJob
	if err := json.Unmarshal(m.Data(), &j); err != nil || j.ID == "" {
		w.cfg.Logger.Warn("queue worker: dropped a malformed job")
		_ = m.Term()
		return
	}
	deadline := time.UnixMilli(j.Deadline)
	if time.Now().After(deadline) || w.wasCancelled(j.ID) {
		_ = m.Ack() // nobody waits for it any more
		return
	}
	jctx, stop := context.WithDeadline(ctx, deadline)
	defer stop()
	w.mu.Lock()
	w.running[j.ID] = stop
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.running, j.ID)
		w.mu.Unlock()
	}()

	// Keep the job claimed while it compiles; a worker that dies stops doing this, and the
	// job goes to another worker after the ack wait.
	keep := make(chan struct{})
	defer close(keep)
	go func() {
		t := time.NewTicker(w.cfg.AckWait / 3)
		defer t.Stop()
		for {
			select {
			case <-keep:
				return
			case <-t.C:
				_ = m.InProgress()
			}
		}
	}()

	res := w.compile(jctx, j.Source)
	switch {
	case ctx.Err() != nil: // this worker is stopping: hand the job on at once
		_ = m.Nak()
		return
	case jctx.Err() != nil && res.Kind != "": // cancelled or past its deadline: nobody waits
		_ = m.Ack()
		return
	case res.Kind == "store":
		w.cfg.Logger.Warn("queue worker: storing a PDF failed; the job goes back to the queue", "error", res.Problem)
		_ = m.NakWithDelay(time.Second)
		return
	}
	res.ID, res.Worker, res.Version = j.ID, w.cfg.ID, w.comp.Version()
	b, _ := json.Marshal(res)
	if j.Reply != "" {
		// The hub answers; no answer means it went away, and nothing is left to do.
		_, _ = w.nc.Request(j.Reply, b, 5*time.Second)
	}
	_ = m.Ack()
}

// compile answers from the PDF store when any worker of the same compiler version already
// compiled the source, else compiles and stores the PDF.
func (w *Worker) compile(ctx context.Context, src string) wireResult {
	key := w.comp.Key(src)
	if _, err := w.obj.GetInfo(ctx, key); err == nil {
		return wireResult{Key: key, Cached: true}
	}
	res, err := w.comp.Compile(ctx, src)
	if err != nil {
		return resultFromError(err)
	}
	if _, err := w.obj.PutBytes(ctx, key, res.PDF); err != nil {
		return wireResult{Kind: "store", Problem: err.Error()}
	}
	return wireResult{Key: key, Passes: res.Passes, Cached: res.Cached}
}

func (w *Worker) cancel(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if stop, ok := w.running[id]; ok {
		stop()
		return
	}
	w.cancelled[id] = time.Now()
}

func (w *Worker) wasCancelled(id string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.cancelled[id]
	return ok
}

func (w *Worker) pruneCancelled() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for id, at := range w.cancelled {
		if time.Since(at) > time.Hour {
			delete(w.cancelled, id)
		}
	}
}
