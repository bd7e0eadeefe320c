package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"sheetsmith/latex"
)

// Compiler is what a worker runs jobs on: the sandboxed latex.Compiler (see TeX), or a
// stand-in in tests.
type Compiler interface {
	Compile(ctx context.Context, src string) (*latex.Result, error)
	Version() string
}

// TeX adapts a latex.Compiler to a worker.
type TeX struct{ C *latex.Compiler }

func (t TeX) Compile(ctx context.Context, src string) (*latex.Result, error) {
	return t.C.Compile(ctx, src)
}
func (TeX) Version() string { return latex.Version() }

// WorkerConfig sizes one worker process (or the hub's local workers).
type WorkerConfig struct {
	ID string // this process's name in the status; default host name plus a unique suffix
	// Identity is the credential the connection authenticated with (Client.Identity): the
	// only name the worker may beat and answer under. Default the hub's own local worker.
	Identity  string
	Slots     int           // jobs at once; default 1 (the hub's scheduler caps the free lane's share)
	AckWait   time.Duration // the consumers' ack wait, to keep long compiles claimed; default 10s
	Heartbeat time.Duration // how often the worker tells the hub it is there; default 2s
	// Local is the hub's own worker: its PDFs stay in the hub's compiler cache, and the hub
	// reads them there instead of receiving them.
	Local  bool
	Logger *slog.Logger
}

// heartbeat is what a worker announces on its identity's heartbeat subject.
type heartbeat struct {
	ID      string `json:"id"`
	Slots   int    `json:"slots"`
	Running int    `json:"running"`
	Version string `json:"version"`
	Leaving bool   `json:"leaving,omitempty"`
}

// Worker pulls jobs from the lanes, claims each from the hub, compiles it and answers the hub
// with the PDF; the hub acknowledges the job once it has the answer. It needs no rights beyond
// workerPermissions.
type Worker struct {
	cfg  WorkerConfig
	nc   *nats.Conn
	js   jetstream.JetStream
	comp Compiler
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
	if cfg.AckWait <= 0 {
		cfg.AckWait = defaultAckWait
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 2 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Identity == "" {
		cfg.Identity = localIdentity
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
	w.cfg.Logger.Info("queue worker: ready", "id", w.cfg.ID, "identity", w.cfg.Identity, "slots", w.cfg.Slots, "version", w.comp.Version())
	var wg sync.WaitGroup
	for range w.cfg.Slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.slot(ctx)
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
	hb := heartbeat{ID: w.cfg.ID, Slots: w.cfg.Slots, Running: len(w.running), Version: w.comp.Version(), Leaving: leaving}
	w.mu.Unlock()
	b, _ := json.Marshal(hb)
	_ = w.nc.Publish(heartbeatSubject(w.cfg.Identity), b)
	if leaving {
		_ = w.nc.Flush()
	}
}

// idlePoll is how often an idle slot looks at the lanes without being rung: for jobs
// redelivered after a worker died, and for a bell lost on the way.
const idlePoll = 500 * time.Millisecond

// slot is one compile at a time. The hub's scheduler orders the work, caps the free lane's
// share and sends no more jobs than there are slots, so a slot takes whatever waits (paid
// first): a job no slot would take waits behind every other, and its user with it.
// An idle slot sleeps until the hub rings the bell for a new job.
func (w *Worker) slot(ctx context.Context) {
	t := time.NewTicker(idlePoll)
	defer t.Stop()
	for ctx.Err() == nil {
		rung := w.bellChan()
		if m := w.nextOf(ctx, Paid, Free); m != nil {
			w.handle(ctx, m)
			continue
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

// nextOf pulls one job of the first of lanes that has one.
func (w *Worker) nextOf(ctx context.Context, lanes ...Lane) jetstream.Msg {
	for _, l := range lanes {
		if m := w.next(ctx, l); m != nil {
			return m
		}
	}
	return nil
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

// heldJob is a delivery this worker claimed: every message about it goes to the hub under
// the worker's identity, with the job's token and the delivery's number.
type heldJob struct {
	subject, token string
	delivery       uint64
}

// tell sends the hub one message about the job; false when the hub refused it (the job is not,
// or no longer, this delivery's) or did not answer.
func (w *Worker) tell(j heldJob, part string, data []byte) (bool, error) {
	m := nats.NewMsg(j.subject)
	m.Header.Set(hdrToken, j.token)
	m.Header.Set(hdrPart, part)
	m.Header.Set(hdrDelivery, strconv.FormatUint(j.delivery, 10))
	m.Data = data
	reply, err := w.nc.RequestMsg(m, 10*time.Second)
	if err != nil {
		return false, err
	}
	return string(reply.Data) == "ok", nil
}

// handle runs one delivered job: claimed from the hub, kept by beats while it compiles, and
// answered (the hub then acknowledges it) or handed back. A worker acknowledges nothing itself.
func (w *Worker) handle(ctx context.Context, m jetstream.Msg) {
	h := m.Headers()
	id, token, reply := h.Get(hdrJob), h.Get(hdrToken), h.Get(hdrReply)
	ms, err := strconv.ParseInt(h.Get(hdrDeadline), 10, 64)
	meta, merr := m.Metadata()
	if id == "" || token == "" || reply == "" || err != nil || merr != nil {
		w.cfg.Logger.Warn("queue worker: dropped a malformed job") // the consumer's MaxDeliver ends it
		return
	}
	deadline := time.UnixMilli(ms)
	if time.Now().After(deadline) || w.wasCancelled(id) {
		return // nobody waits for it: the hub has taken it out of the stream
	}
	j := heldJob{subject: resultSubjectPrefix(w.cfg.Identity) + reply, token: token, delivery: meta.NumDelivered}
	if ok, err := w.tell(j, "claim", []byte(m.Reply())); err != nil {
		w.cfg.Logger.Warn("queue worker: claiming a job", "job", id, "error", err) // it comes back after the ack wait
		return
	} else if !ok {
		w.cfg.Logger.Info("queue worker: the hub did not give this job to this worker (another holds it, or nobody waits for it)", "job", id)
		return
	}
	jctx, stop := context.WithDeadline(ctx, deadline)
	defer stop()
	w.mu.Lock()
	w.running[id] = stop
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.running, id)
		w.mu.Unlock()
	}()

	// Keep the job claimed while it compiles; a worker that dies stops doing this, and the
	// job goes to another worker after the ack wait. A refused beat means the job is no
	// longer this worker's: stop.
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
				if ok, err := w.tell(j, "beat", nil); !ok && err == nil {
					stop()
				}
			}
		}
	}()

	res, err := w.comp.Compile(jctx, string(m.Data()))
	switch {
	case ctx.Err() != nil: // this worker is stopping: hand the job on at once
		_, _ = w.tell(j, "nak", nil)
		return
	case jctx.Err() != nil && err != nil: // cancelled, past its deadline or taken away: nobody waits
		return
	}
	// No answer from the hub means it went away, and nothing is left to do.
	_ = w.answer(j, res, err)
}

// chunkBytes is the most PDF sent in one message (NATS's default limit is 1 MB).
const chunkBytes = 512 << 10

// answer sends the hub the job's result: the PDF in chunks, then the result.
func (w *Worker) answer(j heldJob, res *latex.Result, err error) error {
	send := func(part string, data []byte) error {
		ok, err := w.tell(j, part, data)
		if err != nil {
			return err
		}
		if !ok {
			return errors.New("queue worker: the hub refused the answer")
		}
		return nil
	}
	var r wireResult
	if err != nil {
		r = resultFromError(err)
	} else {
		r = wireResult{Passes: res.Passes, Local: w.cfg.Local}
		if !w.cfg.Local {
			r.Size = len(res.PDF)
			size := min(chunkBytes, int(w.nc.MaxPayload())-headerRoom)
			for off := 0; off < len(res.PDF); off += size {
				if err := send("pdf", res.PDF[off:min(off+size, len(res.PDF))]); err != nil {
					w.cfg.Logger.Warn("queue worker: sending a PDF", "error", err)
					return err
				}
			}
		}
	}
	r.Worker, r.Version = w.cfg.ID, w.comp.Version()
	b, _ := json.Marshal(r)
	return send("end", b)
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
