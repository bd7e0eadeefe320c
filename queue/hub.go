package queue

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"sheetsmith/latex"
)

// Checker checks a PDF a worker made before it is stored or served: latex.PDFChecker.
type Checker interface {
	Check(ctx context.Context, pdf []byte) ([]byte, error)
}

// JetStream is the backend that sends every job through the work-queue stream and waits for
// a worker's answer. The answer must carry the job's token; its PDF is checked and stored by
// the hub under the key the hub computes from the source, so a PDF address works whichever
// worker compiled it and no worker chooses what an address serves.
type JetStream struct {
	nc         *nats.Conn
	js         jetstream.JetStream
	stream     jetstream.Stream
	store      *pdfStore
	checker    Checker
	id         string
	jobTimeout time.Duration
	stale      time.Duration // a worker not heard from for this long is gone
	logger     *slog.Logger
	local      *latex.Compiler // the hub's own compiler, if it has local workers: its cache answers first
	onClose    []func()

	mu       sync.Mutex
	waiting  map[string]*awaited
	workers  map[string]workerSeen // identity + "/" + instance
	onSlots  func(int)
	lastSlot int
	subs     []*nats.Subscription
}

// Heartbeats are believed only so far: a worker identity counts for at most maxWorkerSlots
// slots, over at most maxInstances processes, whatever it claims.
const (
	maxWorkerSlots = 64
	maxInstances   = 16
)

type workerSeen struct {
	heartbeat
	identity string
	seen     time.Time
}

// awaited is a published job: its token, and the PDF arriving in chunks from the one worker
// identity that answered first with the token.
type awaited struct {
	token  string
	ch     chan answer
	worker string
	pdf    []byte
	tooBig bool
}

type answer struct {
	res    wireResult
	pdf    []byte
	tooBig bool
	worker string // the authenticated identity that answered
}

// HubConfig configures the hub side of the queue.
type HubConfig struct {
	JobTimeout time.Duration   // from publishing a job to its answer; default 3 minutes
	Heartbeat  time.Duration   // the workers' heartbeat interval; default 2s
	Local      *latex.Compiler // optional: answers cached sources and PDFs without a round trip
	// Checker checks workers' PDFs; default a latex.PDFChecker of this process.
	Checker Checker
	// StoreBytes caps the PDF store (default DefaultStoreBytes); StoreUserBytes is one user's
	// share of it (default an eighth).
	StoreBytes, StoreUserBytes int64
	Replicas                   int
	Logger                     *slog.Logger
}

// NewJetStream binds the hub to a connection whose stream Setup has created; it creates the
// PDF store.
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
	cfg.StoreBytes, cfg.StoreUserBytes = storeLimits(cfg.StoreBytes, cfg.StoreUserBytes)
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	h := &JetStream{nc: nc, js: js, id: nuid.Next(), jobTimeout: cfg.JobTimeout, stale: 3 * cfg.Heartbeat,
		logger: cfg.Logger, local: cfg.Local, checker: cfg.Checker, waiting: map[string]*awaited{}, workers: map[string]workerSeen{}}
	if h.stream, err = js.Stream(ctx, jobStream); err != nil {
		return nil, err
	}
	if h.store, err = openPDFStore(ctx, js, cfg.StoreBytes, cfg.StoreUserBytes, cfg.Replicas, cfg.Logger); err != nil {
		return nil, fmt.Errorf("queue: PDF store: %w", err)
	}
	if h.checker == nil {
		pc, err := latex.NewPDFChecker(2)
		if err != nil {
			return nil, fmt.Errorf("queue: PDF checker: %w", err)
		}
		h.checker = pc
		h.onClose = append(h.onClose, pc.Close)
	}
	if max := nc.MaxPayload(); max < sourceBytesMax+headerRoom {
		h.logger.Warn("queue: the NATS server's max_payload is smaller than the largest source; larger sources are refused as too large",
			"max_payload", max, "needed", sourceBytesMax+headerRoom)
	}
	results, err := nc.Subscribe(resultPrefix+"*."+h.id+".*", h.onResult)
	if err != nil {
		return nil, err
	}
	beats, err := nc.Subscribe(heartbeatPrefix+"*", h.onHeartbeat)
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

// onResult takes one message of an answer: a chunk of the PDF or the end. It is accepted only
// with the job's token, and only from the identity that answered first.
func (h *JetStream) onResult(m *nats.Msg) {
	parts := strings.Split(m.Subject, ".") // sheetsmith.results.<identity>.<hub>.<job>
	if len(parts) != 5 {
		return
	}
	identity, jobID := parts[2], parts[4]
	token := m.Header.Get(hdrToken)
	h.mu.Lock()
	a := h.waiting[jobID]
	if a == nil { // answered already, withdrawn or timed out: a late or duplicate answer
		h.mu.Unlock()
		_ = m.Respond([]byte("no"))
		return
	}
	if subtle.ConstantTimeCompare([]byte(token), []byte(a.token)) != 1 || (a.worker != "" && a.worker != identity) {
		h.mu.Unlock()
		h.logger.Warn("queue: refused an answer for a job the worker does not hold", "worker", identity)
		_ = m.Respond([]byte("no"))
		return
	}
	a.worker = identity
	if m.Header.Get(hdrPart) == "pdf" {
		if len(a.pdf)+len(m.Data) > latex.MaxPDF {
			a.tooBig = true
		} else if !a.tooBig {
			a.pdf = append(a.pdf, m.Data...)
		}
		h.mu.Unlock()
		_ = m.Respond([]byte("ok"))
		return
	}
	var r wireResult
	if err := json.Unmarshal(m.Data, &r); err != nil {
		r = wireResult{Kind: "failed", Problem: "an unreadable result"}
	}
	delete(h.waiting, jobID) // a second delivery's answer finds no one: harmless
	h.mu.Unlock()
	a.ch <- answer{res: r, pdf: a.pdf, tooBig: a.tooBig, worker: identity}
	_ = m.Respond([]byte("ok"))
}

// onHeartbeat counts a worker under the identity its subject names: only that identity may
// publish there, so no worker beats (or leaves) in another's name.
func (h *JetStream) onHeartbeat(m *nats.Msg) {
	identity := identityOf(m.Subject, heartbeatPrefix)
	var hb heartbeat
	if identity == "" || json.Unmarshal(m.Data, &hb) != nil || hb.ID == "" || len(hb.ID) > 100 || len(hb.Version) > 200 {
		return
	}
	hb.Slots = min(max(hb.Slots, 1), maxWorkerSlots)
	key := identity + "/" + hb.ID
	h.mu.Lock()
	_, known := h.workers[key]
	instances := 0
	for _, w := range h.workers {
		if w.identity == identity {
			instances++
		}
	}
	switch {
	case hb.Leaving:
		delete(h.workers, key)
	case !known && instances >= maxInstances:
		h.mu.Unlock()
		return
	default:
		h.workers[key] = workerSeen{heartbeat: hb, identity: identity, seen: time.Now()}
	}
	n := len(h.workers)
	h.mu.Unlock()
	switch {
	case hb.Leaving:
		h.logger.Info("queue: worker left", "worker", hb.ID, "identity", identity, "workers", n)
	case !known:
		h.logger.Info("queue: worker joined", "worker", hb.ID, "identity", identity, "slots", hb.Slots, "version", hb.Version, "workers", n)
	}
	h.resize()
}

// resize drops workers not heard from and gives the scheduler the slots that remain, at most
// maxWorkerSlots per identity.
func (h *JetStream) resize() {
	h.mu.Lock()
	perIdentity := map[string]int{}
	for id, w := range h.workers {
		if time.Since(w.seen) > h.stale {
			delete(h.workers, id)
			h.logger.Warn("queue: worker stopped answering", "worker", w.ID, "identity", w.identity, "workers", len(h.workers))
			continue
		}
		perIdentity[w.identity] += w.Slots
	}
	slots := 0
	for _, n := range perIdentity {
		slots += min(n, maxWorkerSlots)
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

func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Compile publishes the job to its lane and waits for a worker's answer; a PDF is checked
// and stored under the key of the job's own source.
func (h *JetStream) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	key := latex.Key(job.Source)
	if h.store.has(ctx, key) {
		return &latex.Result{Key: key, Cached: true}, nil
	}
	id := nuid.Next()
	deadline := time.Now().Add(h.jobTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	msg := jobMsg(job.Lane, id, newToken(), h.id+"."+id, deadline, job.Source)
	if limit := h.nc.MaxPayload(); int64(len(msg.Data))+headerRoom > limit {
		return nil, errQueueTooLarge(limit)
	}
	ch := make(chan answer, 1)
	h.mu.Lock()
	h.waiting[id] = &awaited{token: msg.Header.Get(hdrToken), ch: ch}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.waiting, id)
		h.mu.Unlock()
	}()
	// Published whatever happens to the request meanwhile: a job a worker may already hold
	// needs its sequence to be withdrawn.
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	ack, err := h.js.PublishMsg(pctx, msg)
	cancel()
	if err != nil {
		_ = h.nc.Publish(cancelSubject, []byte(id))
		if errors.Is(err, nats.ErrMaxPayload) {
			return nil, errQueueTooLarge(h.nc.MaxPayload())
		}
		return nil, err
	}
	_ = h.nc.Publish(bellSubject, nil)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case a := <-ch:
		return h.finish(ctx, job, key, a)
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

// finish turns a worker's answer into the user's result: a failure in words the hub vouches
// for, or a PDF the checker passed, stored under key.
func (h *JetStream) finish(ctx context.Context, job Job, key string, a answer) (*latex.Result, error) {
	r := a.res
	if r.Kind != "" {
		err := r.failure(job.Source)
		var texErr *latex.Error
		if !errors.As(err, &texErr) || texErr.Problem != r.Problem {
			h.logger.Warn("queue: a worker's failure (not shown to the user)", "worker", a.worker, "kind", r.Kind, "problem", r.Problem)
		}
		return nil, err
	}
	var pdf []byte
	switch {
	case r.Local:
		var ok bool
		if h.local != nil {
			pdf, ok = h.local.PDF(key) // only the hub's own compiles are in its cache
		}
		if !ok {
			h.logger.Warn("queue: a worker said the PDF is in the hub's cache, and it is not", "worker", a.worker)
			return nil, errWorkerFailed
		}
	case a.tooBig:
		return nil, &latex.Error{Problem: fmt.Sprintf("the document is too large: its PDF is over %d MB", latex.MaxPDF>>20)}
	case len(a.pdf) == 0 || len(a.pdf) != r.Size:
		h.logger.Warn("queue: a worker's PDF arrived incomplete", "worker", a.worker, "got", len(a.pdf), "announced", r.Size)
		return nil, errWorkerFailed
	default:
		checked, err := h.checker.Check(ctx, a.pdf)
		switch {
		case errors.Is(err, latex.ErrActiveContent):
			h.logger.Warn("queue: refused a worker's PDF with active content", "worker", a.worker, "error", err)
			return nil, errActive
		case err != nil && ctx.Err() != nil:
			return nil, errCancelled
		case err != nil:
			h.logger.Warn("queue: a worker's PDF could not be checked", "worker", a.worker, "error", err)
			return nil, errUnchecked
		}
		pdf = checked
	}
	if err := h.store.put(ctx, key, job.UserID, pdf); err != nil {
		return nil, fmt.Errorf("queue: storing a PDF: %w", err)
	}
	return &latex.Result{Key: key, PDF: pdf, Passes: r.Passes}, nil
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

// PDF finds a compiled PDF: in the hub's own cache, else in the PDF store.
func (h *JetStream) PDF(ctx context.Context, key string) ([]byte, bool) {
	if h.local != nil {
		if pdf, ok := h.local.PDF(key); ok {
			return pdf, true
		}
	}
	pdf, err := h.store.get(ctx, key)
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
	Identity string  `json:"identity"` // the credential it authenticated with (NKey or token user)
	Slots    int     `json:"slots"`
	Running  int     `json:"running"`
	Version  string  `json:"version"`
	SeenSecs float64 `json:"lastSeenSeconds"`
}

// BackendStatus is the JetStream side of the status: workers, what waits in the stream, and
// the PDF store.
type BackendStatus struct {
	Workers    []WorkerStatus    `json:"workers"`
	Stream     map[string]uint64 `json:"streamPending"`    // jobs not yet taken, by lane
	AckPending map[string]int    `json:"streamAckPending"` // jobs taken and not yet done, by lane
	StoreBytes int64             `json:"pdfStoreBytes"`
	StoreCap   int64             `json:"pdfStoreCapBytes"`
	StorePDFs  int               `json:"pdfStoreCount"`
}

func (h *JetStream) Status() any {
	st := BackendStatus{Stream: map[string]uint64{}, AckPending: map[string]int{}}
	h.mu.Lock()
	for _, w := range h.workers {
		st.Workers = append(st.Workers, WorkerStatus{ID: w.ID, Identity: w.identity, Slots: w.Slots, Running: w.Running, Version: w.Version,
			SeenSecs: time.Since(w.seen).Round(time.Millisecond).Seconds()})
	}
	h.mu.Unlock()
	st.StoreBytes, st.StoreCap, st.StorePDFs = h.store.usage()
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
