package queue

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
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
// a worker's answer. A worker that pulls a job claims it from the hub with the job's token and
// its delivery; the hub answers, extends and hands back that delivery for it (workers may not
// acknowledge anything themselves) and accepts the answer only from its holder. A worker's PDF
// is checked and stored under a key the hub computes from the user and the source, so no
// worker chooses what an address serves and no worker's PDF reaches a second user.
type JetStream struct {
	nc         *nats.Conn
	js         jetstream.JetStream
	stream     jetstream.Stream
	store      *pdfStore
	checker    Checker
	id         string
	jobTimeout time.Duration
	stale      time.Duration           // a worker not heard from for this long is gone
	ackWait    [numLanes]time.Duration // the lane consumers' ack wait, read from the server
	maxSlots   int                     // slots one remote identity counts for at most
	logger     *slog.Logger
	local      *latex.Compiler // the hub's own compiler, if it has local workers: its cache answers first
	onClose    []func()

	mu       sync.Mutex
	waiting  map[string]*awaited
	workers  map[string]workerSeen // identity + "/" + instance
	onSlots  func(int)
	lastSlot int
	clamped  map[string]bool // identities whose claimed slots are over maxSlots (logged once)
	subs     []*nats.Subscription
}

// Heartbeats are believed only so far: a remote worker identity counts for at most the
// operator's slots per identity (DefaultMaxSlots unless serve --worker-max-slots), over at
// most maxInstances processes, whatever it claims. The hub's own worker counts its
// --local-workers.
const (
	DefaultMaxSlots = 8
	maxInstances    = 16
)

type workerSeen struct {
	heartbeat
	identity string
	seen     time.Time
}

// awaited is a published job: its token, the delivery the hub gave it to (the holder's
// identity, delivery count and ack subject) and the PDF arriving in chunks from that holder.
type awaited struct {
	token   string
	lane    Lane
	ackWait time.Duration
	seq     uint64 // its stream sequence, once the publish is acknowledged
	ch      chan answer

	holder   string          // the identity that claimed the current delivery
	delivery uint64          // that delivery's number (1 for the first)
	ack      string          // its ack subject, which only the hub publishes to
	ackSeq   uint64          // the stream sequence the ack subject names
	beat     time.Time       // the holder's last claim or beat
	handed   bool            // the holder gave it back (the hub NAKed it)
	refused  map[string]bool // identity and kind of message refused (and logged) already
	pdf      []byte
	tooBig   bool
}

// released says whether the holder's delivery has ended: given back, or not extended for an
// ack wait, after which the server delivers the job again.
func (a *awaited) released(now time.Time) bool {
	return a.handed || now.Sub(a.beat) > a.ackWait
}

type answer struct {
	res    wireResult
	pdf    []byte
	tooBig bool
	worker string // the authenticated identity that answered
	ack    string // the holder's ack subject, when it names the job's sequence
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
	// MaxSlots is the most slots one remote worker identity counts for, over all its
	// processes (serve --worker-max-slots); default DefaultMaxSlots.
	MaxSlots int
	Replicas int
	Logger   *slog.Logger
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
	if cfg.MaxSlots <= 0 {
		cfg.MaxSlots = DefaultMaxSlots
	}
	cfg.StoreBytes, cfg.StoreUserBytes = storeLimits(cfg.StoreBytes, cfg.StoreUserBytes)
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	h := &JetStream{nc: nc, js: js, id: nuid.Next(), jobTimeout: cfg.JobTimeout, stale: 3 * cfg.Heartbeat, maxSlots: cfg.MaxSlots,
		logger: cfg.Logger, local: cfg.Local, checker: cfg.Checker, waiting: map[string]*awaited{}, workers: map[string]workerSeen{},
		clamped: map[string]bool{}}
	if h.stream, err = js.Stream(ctx, jobStream); err != nil {
		return nil, err
	}
	// A delivery not extended for this long goes to another worker: only then may another
	// worker claim the job.
	for l := range numLanes {
		c, err := h.stream.Consumer(ctx, l.String())
		if err != nil {
			return nil, fmt.Errorf("queue: %s lane consumer: %w", l, err)
		}
		h.ackWait[l] = c.CachedInfo().Config.AckWait
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

// onResult takes one message of a worker about a job: its claim of a delivery, a beat that
// keeps it, its handing back, a chunk of the PDF or the end. Each needs the job's token; all
// but the claim need the identity and delivery the hub gave the job to. Refusals are logged
// (once per job, identity and kind) by identity and job id, never with the token.
func (h *JetStream) onResult(m *nats.Msg) {
	parts := strings.Split(m.Subject, ".") // sheetsmith.results.<identity>.<hub>.<job>
	if len(parts) != 5 {
		return
	}
	identity, jobID, part := parts[2], parts[4], m.Header.Get(hdrPart)
	delivery, _ := strconv.ParseUint(m.Header.Get(hdrDelivery), 10, 64)
	now := time.Now()
	h.mu.Lock()
	a := h.waiting[jobID]
	if a == nil { // answered already, withdrawn or timed out: a late or duplicate answer
		h.mu.Unlock()
		_ = m.Respond([]byte("no"))
		return
	}
	switch part {
	case "claim", "beat", "nak", "pdf", "end":
	default:
		part = "message"
	}
	refuse := func(why string) {
		first := !a.refused[identity+" "+part]
		if a.refused == nil {
			a.refused = map[string]bool{}
		}
		a.refused[identity+" "+part] = true
		h.mu.Unlock()
		if first {
			h.logger.Warn("queue: refused a "+part+" for a job the worker does not hold", "worker", identity, "job", jobID, "why", why)
		}
		_ = m.Respond([]byte("no"))
	}
	if subtle.ConstantTimeCompare([]byte(m.Header.Get(hdrToken)), []byte(a.token)) != 1 {
		refuse("without the job's token")
		return
	}
	if part == "claim" {
		if why := h.claim(a, identity, string(m.Data), now); why != "" {
			refuse(why)
			return
		}
		h.mu.Unlock()
		_ = m.Respond([]byte("ok"))
		return
	}
	if identity != a.holder || delivery != a.delivery {
		refuse("not its current delivery")
		return
	}
	ack := ""
	if a.seq != 0 { // the ack subject names this job's sequence (checked when it was learnt)
		ack = a.ack
	}
	switch part {
	case "beat":
		a.beat = now
		h.mu.Unlock()
		if ack != "" {
			_ = h.nc.Publish(ack, []byte("+WPI"))
		}
		_ = m.Respond([]byte("ok"))
		return
	case "nak": // the worker is stopping: the job goes to another at once
		a.handed = true
		h.mu.Unlock()
		if ack != "" {
			_ = h.nc.Publish(ack, []byte("-NAK"))
		}
		_ = m.Respond([]byte("ok"))
		return
	case "pdf":
		if len(a.pdf)+len(m.Data) > latex.MaxPDF {
			a.tooBig = true
		} else if !a.tooBig {
			a.pdf = append(a.pdf, m.Data...)
		}
		h.mu.Unlock()
		_ = m.Respond([]byte("ok"))
		return
	case "message":
		refuse("an unknown part")
		return
	}
	var r wireResult
	if err := json.Unmarshal(m.Data, &r); err != nil {
		r = wireResult{Kind: "failed", Problem: "an unreadable result"}
	}
	delete(h.waiting, jobID) // a second delivery's answer finds no one: harmless
	h.mu.Unlock()
	a.ch <- answer{res: r, pdf: a.pdf, tooBig: a.tooBig, worker: identity, ack: ack}
	_ = m.Respond([]byte("ok"))
}

// claim gives a's current delivery to identity if ackSubject is a delivery of this job and
// no other worker holds one that is still live; it returns why not otherwise. A delivery can
// only end by the hub (its holder handed it back, or stopped beating for an ack wait), since
// no worker may acknowledge or NAK anything, so nobody takes a job from a worker that keeps it.
// h.mu is held.
func (h *JetStream) claim(a *awaited, identity, ackSubject string, now time.Time) string {
	seq, delivery, ok := ackReply(ackSubject, a.lane)
	switch {
	case !ok || a.seq != 0 && seq != a.seq:
		return "a delivery of another job"
	case identity == a.holder && delivery == a.delivery:
		return "" // the same claim again
	case a.holder != "" && (delivery <= a.delivery || !a.released(now)):
		return "another worker holds it"
	}
	a.holder, a.delivery, a.ack, a.ackSeq, a.beat, a.handed = identity, delivery, ackSubject, seq, now, false
	a.pdf, a.tooBig = nil, false
	return ""
}

// ackReply reads the stream sequence and delivery count of a JetStream ack subject of a
// lane's consumer ($JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<time>.<pending>,
// or with a domain and account hash after ACK and a token at the end).
func ackReply(subject string, l Lane) (seq, delivery uint64, ok bool) {
	t := strings.Split(subject, ".")
	off := 2
	switch {
	case len(t) == 9:
	case len(t) == 11 || len(t) == 12:
		off = 4
	default:
		return 0, 0, false
	}
	if t[0] != "$JS" || t[1] != "ACK" || t[off] != jobStream || t[off+1] != l.String() {
		return 0, 0, false
	}
	for _, n := range t[off+2 : off+7] {
		if n == "" || strings.Trim(n, "0123456789") != "" {
			return 0, 0, false
		}
	}
	delivery, err1 := strconv.ParseUint(t[off+2], 10, 64)
	seq, err2 := strconv.ParseUint(t[off+3], 10, 64)
	if err1 != nil || err2 != nil || delivery == 0 || seq == 0 {
		return 0, 0, false
	}
	return seq, delivery, true
}

// onHeartbeat counts a worker under the identity its subject names: only that identity may
// publish there, so no worker beats (or leaves) in another's name.
func (h *JetStream) onHeartbeat(m *nats.Msg) {
	identity := identityOf(m.Subject, heartbeatPrefix)
	var hb heartbeat
	if identity == "" || json.Unmarshal(m.Data, &hb) != nil || hb.ID == "" || len(hb.ID) > 100 || len(hb.Version) > 200 {
		return
	}
	hb.Slots = min(max(hb.Slots, 1), 1<<16) // the identity's sum is capped in resize
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
// maxSlots per remote identity (an identity claiming more is logged once).
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
	type claimed struct {
		identity string
		slots    int
	}
	var over []claimed
	for id, n := range perIdentity {
		if id != localIdentity && n > h.maxSlots {
			if !h.clamped[id] {
				over = append(over, claimed{id, n})
			}
			h.clamped[id] = true
			n = h.maxSlots
		} else {
			delete(h.clamped, id)
		}
		slots += n
	}
	for id := range h.clamped {
		if _, there := perIdentity[id]; !there {
			delete(h.clamped, id)
		}
	}
	f := h.onSlots
	changed := slots != h.lastSlot
	h.lastSlot = slots
	h.mu.Unlock()
	for _, o := range over {
		h.logger.Warn("queue: a worker identity claims more slots than allowed; it counts for the cap (serve --worker-max-slots)",
			"identity", o.identity, "claimed", o.slots, "cap", h.maxSlots)
	}
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
// and stored under the key of the job's own source for the job's own user.
func (h *JetStream) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	// The hub's own PDF of the source (anyone's), else one a worker made for this user.
	for _, key := range []string{latex.Key(job.Source), userKey(job.UserID, job.Source)} {
		if h.store.has(ctx, key) {
			return &latex.Result{Key: key, Cached: true}, nil
		}
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
	a := &awaited{token: msg.Header.Get(hdrToken), lane: job.Lane, ackWait: h.ackWait[job.Lane], ch: ch}
	h.mu.Lock()
	h.waiting[id] = a
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
	h.mu.Lock()
	a.seq = ack.Sequence
	if a.holder != "" && a.ackSeq != a.seq { // claimed before the sequence was known, with another job's
		h.logger.Warn("queue: refused a claim for a job the worker does not hold", "worker", a.holder, "job", id, "why", "a delivery of another job")
		a.holder, a.delivery, a.ack = "", 0, ""
	}
	h.mu.Unlock()
	_ = h.nc.Publish(bellSubject, nil)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case ans := <-ch:
		h.settle(ans.ack, ack.Sequence)
		return h.finish(ctx, job, ans)
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

// userKey is where a worker's PDF of src is stored for one user: a worker made it, so it is
// that user's alone (a rogue worker's page must not reach the next user of the same source).
// Only the hub's own compiles, keyed latex.Key(src) in its compiler's cache, are shared.
func userKey(userID, src string) string {
	sum := sha256.Sum256([]byte("sheetsmith worker pdf\x00" + userID + "\x00" + latex.Key(src)))
	return hex.EncodeToString(sum[:])
}

// settle takes an answered job out of the stream: acknowledged through its holder's delivery,
// or deleted by sequence.
func (h *JetStream) settle(ack string, seq uint64) {
	if ack != "" {
		_ = h.nc.Publish(ack, []byte("+ACK"))
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = h.stream.DeleteMsg(ctx, seq)
}

// finish turns a worker's answer into the user's result: a failure in words the hub vouches
// for, the hub's own cached PDF, or a PDF the checker passed, stored for the job's user.
func (h *JetStream) finish(ctx context.Context, job Job, a answer) (*latex.Result, error) {
	key := userKey(job.UserID, job.Source)
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
	case r.Local && a.worker == localIdentity:
		// The hub's own compile, in its compiler's cache: shared under the source's key.
		key = latex.Key(job.Source)
		var ok bool
		if h.local != nil {
			pdf, ok = h.local.PDF(key)
		}
		if !ok {
			h.logger.Warn("queue: the hub's worker said the PDF is in the hub's cache, and it is not")
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
