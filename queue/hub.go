package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"sheetsmith/latex"
)

// JetStream is the backend that sends every job through the work-queue stream and waits for
// a worker's answer; PDFs are read back from the object store, so a PDF address works
// whichever worker compiled it.
type JetStream struct {
	nc         *nats.Conn
	js         jetstream.JetStream
	stream     jetstream.Stream
	obj        jetstream.ObjectStore
	id         string
	jobTimeout time.Duration
	stale      time.Duration // a worker not heard from for this long is gone
	logger     *slog.Logger
	local      *latex.Compiler // the hub's own compiler, if it has local workers: its cache answers first
	onClose    []func()

	mu       sync.Mutex
	waiting  map[string]chan wireResult
	workers  map[string]workerSeen
	onSlots  func(int)
	lastSlot int
	subs     []*nats.Subscription
}

type workerSeen struct {
	heartbeat
	seen time.Time
}

// HubConfig configures the hub side of the queue.
type HubConfig struct {
	JobTimeout time.Duration   // from publishing a job to its answer; default 3 minutes
	Heartbeat  time.Duration   // the workers' heartbeat interval; default 2s
	Local      *latex.Compiler // optional: answers cached sources and PDFs without a round trip
	Logger     *slog.Logger
}

// NewJetStream binds the hub to a connection whose stream Setup has created.
func NewJetStream(ctx context.Context, nc *nats.Conn, cfg HubConfig) (*JetStream, error) {
	if cfg.JobTimeout <= 0 {
		cfg.JobTimeout = 3 * time.Minute
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
	h := &JetStream{nc: nc, js: js, id: nuid.Next(), jobTimeout: cfg.JobTimeout, stale: 3 * cfg.Heartbeat,
		logger: cfg.Logger, local: cfg.Local, waiting: map[string]chan wireResult{}, workers: map[string]workerSeen{}}
	if h.stream, err = js.Stream(ctx, jobStream); err != nil {
		return nil, err
	}
	if h.obj, err = js.ObjectStore(ctx, pdfBucket); err != nil {
		return nil, err
	}
	results, err := nc.Subscribe(resultPrefix+h.id+".*", h.onResult)
	if err != nil {
		return nil, err
	}
	beats, err := nc.Subscribe(workersSubject, h.onHeartbeat)
	if err != nil {
		return nil, err
	}
	h.subs = []*nats.Subscription{results, beats}
	return h, nil
}

// bindScheduler lets worker arrivals and departures resize the scheduler.
func (h *JetStream) bindScheduler(s *Scheduler) {
	h.mu.Lock()
	h.onSlots = s.SetSlots
	h.lastSlot = -1 // tell it what is known now
	h.mu.Unlock()
	h.resize()
}

func (h *JetStream) onResult(m *nats.Msg) {
	var r wireResult
	if json.Unmarshal(m.Data, &r) == nil {
		h.mu.Lock()
		ch := h.waiting[r.ID]
		delete(h.waiting, r.ID) // a second delivery's answer finds no one: harmless
		h.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
	_ = m.Respond([]byte("ok"))
}

func (h *JetStream) onHeartbeat(m *nats.Msg) {
	var hb heartbeat
	if json.Unmarshal(m.Data, &hb) != nil || hb.ID == "" {
		return
	}
	h.mu.Lock()
	_, known := h.workers[hb.ID]
	if hb.Leaving {
		delete(h.workers, hb.ID)
	} else {
		h.workers[hb.ID] = workerSeen{heartbeat: hb, seen: time.Now()}
	}
	n := len(h.workers)
	h.mu.Unlock()
	switch {
	case hb.Leaving:
		h.logger.Info("queue: worker left", "worker", hb.ID, "workers", n)
	case !known:
		h.logger.Info("queue: worker joined", "worker", hb.ID, "slots", hb.Slots, "version", hb.Version, "workers", n)
	}
	h.resize()
}

// resize drops workers not heard from and gives the scheduler the slots that remain.
func (h *JetStream) resize() {
	h.mu.Lock()
	slots := 0
	for id, w := range h.workers {
		if time.Since(w.seen) > h.stale {
			delete(h.workers, id)
			h.logger.Warn("queue: worker stopped answering", "worker", id, "workers", len(h.workers))
			continue
		}
		slots += w.Slots
	}
	f := h.onSlots
	changed := slots != h.lastSlot
	h.lastSlot = slots
	h.mu.Unlock()
	if f != nil && changed {
		f(slots)
	}
}

// watch notices workers that went silent (killed) even when no other heartbeat arrives.
func (h *JetStream) watch(ctx context.Context) {
	t := time.NewTicker(h.stale / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			h.resize()
		}
	}
}

// Compile publishes the job to its lane and waits for a worker's answer.
func (h *JetStream) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	id := nuid.Next()
	deadline := time.Now().Add(h.jobTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	ch := make(chan wireResult, 1)
	h.mu.Lock()
	h.waiting[id] = ch
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.waiting, id)
		h.mu.Unlock()
	}()
	data, _ := json.Marshal(wireJob{ID: id, Source: job.Source, Deadline: deadline.UnixMilli(), Reply: resultPrefix + h.id + "." + id})
	ack, err := h.js.Publish(ctx, laneSubject(job.Lane), data, jetstream.WithMsgID(id))
	if err != nil {
		if ctx.Err() != nil {
			return nil, errCancelled
		}
		return nil, err
	}
	_ = h.nc.Publish(bellSubject, nil)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case r := <-ch:
		return r.result()
	case <-ctx.Done():
		h.withdraw(id, ack.Sequence)
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errNoCompiler
		}
		return nil, errCancelled
	case <-timer.C:
		h.withdraw(id, ack.Sequence)
		return nil, errNoCompiler
	}
}

// withdraw removes a job nobody waits for: from the stream if no worker has it yet, and from
// the worker that has it otherwise.
func (h *JetStream) withdraw(id string, seq uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = h.stream.DeleteMsg(ctx, seq)
	_ = h.nc.Publish(cancelSubject, []byte(id))
}

// Cached answers a source the hub's own compiler has in its cache.
func (h *JetStream) Cached(src string) (*latex.Result, bool) {
	if h.local == nil {
		return nil, false
	}
	return Local{C: h.local}.Cached(src)
}

// PDF finds a compiled PDF: in the hub's own cache, else in the shared object store.
func (h *JetStream) PDF(ctx context.Context, key string) ([]byte, bool) {
	if h.local != nil {
		if pdf, ok := h.local.PDF(key); ok {
			return pdf, true
		}
	}
	pdf, err := h.obj.GetBytes(ctx, key)
	if err != nil {
		if !errors.Is(err, jetstream.ErrObjectNotFound) {
			h.logger.Warn("queue: reading a PDF from the store", "error", err)
		}
		return nil, false
	}
	return pdf, true
}

// WorkerStatus is one worker as the status endpoint shows it.
type WorkerStatus struct {
	ID       string  `json:"id"`
	Slots    int     `json:"slots"`
	Running  int     `json:"running"`
	Version  string  `json:"version"`
	SeenSecs float64 `json:"lastSeenSeconds"`
}

// BackendStatus is the JetStream side of the status: workers and what waits in the stream.
type BackendStatus struct {
	Workers    []WorkerStatus    `json:"workers"`
	Stream     map[string]uint64 `json:"streamPending"`    // jobs not yet taken, by lane
	AckPending map[string]int    `json:"streamAckPending"` // jobs taken and not yet done, by lane
}

func (h *JetStream) Status() any {
	st := BackendStatus{Stream: map[string]uint64{}, AckPending: map[string]int{}}
	h.mu.Lock()
	for _, w := range h.workers {
		st.Workers = append(st.Workers, WorkerStatus{ID: w.ID, Slots: w.Slots, Running: w.Running, Version: w.Version, SeenSecs: time.Since(w.seen).Round(time.Millisecond).Seconds()})
	}
	h.mu.Unlock()
	sort.Slice(st.Workers, func(i, j int) bool { return st.Workers[i].ID < st.Workers[j].ID })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for l := range numLanes {
		if c, err := h.stream.Consumer(ctx, l.String()); err == nil {
			if info, err := c.Info(ctx); err == nil {
				st.Stream[l.String()] = info.NumPending
				st.AckPending[l.String()] = info.NumAckPending
			}
		}
	}
	return st
}

func (h *JetStream) Close() error {
	for _, s := range h.subs {
		_ = s.Unsubscribe()
	}
	for i := len(h.onClose) - 1; i >= 0; i-- {
		h.onClose[i]()
	}
	return nil
}
