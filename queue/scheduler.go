// Package queue schedules compile jobs between the product routes and the compilers: per-user
// fairness (one running compile per user and a short per-user queue), a paid and a free lane
// with their own limits, bounded waiting, and underneath either the in-process compiler or a
// NATS JetStream work queue served by local and remote workers.
//
// It knows nothing of HTTP: a full lane is a *BusyError (errors.Is(err, latex.ErrBusy)), a
// cancelled wait latex.ErrCancelled, and the caller maps them to statuses.
package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
	"unicode/utf8"

	"sheetsmith/latex"
)

// Lane separates paying users from free ones: each has its own limits, free work never holds
// every slot, and between users equally owed a turn paid work goes first.
type Lane int

const (
	Paid Lane = iota
	Free
	numLanes
)

func (l Lane) String() string {
	if l == Paid {
		return "paid"
	}
	return "free"
}

// Job is one compile. UserID and Lane come from the server's own record of the user (the
// authenticated record and its subscription status), never from the request body.
type Job struct {
	Source string
	UserID string
	Lane   Lane
}

// Backend runs a job that the scheduler has let through.
type Backend interface {
	Compile(ctx context.Context, job Job) (*latex.Result, error)
	// PDF finds a stored PDF by its Result.Key.
	PDF(ctx context.Context, key string) ([]byte, bool)
	Close() error
}

// cacher is a backend that can answer a source it has already compiled without a slot.
type cacher interface {
	Cached(src string) (*latex.Result, bool)
}

// BusyError is a refusal to queue: the lane or the user's own queue is full. It matches
// latex.ErrBusy, which the routes answer with 429 and Retry-After; its message is for users.
type BusyError struct {
	Message    string
	RetryAfter time.Duration
}

func (e *BusyError) Error() string        { return e.Message }
func (e *BusyError) Is(target error) bool { return target == latex.ErrBusy }

var errCancelled = latex.ErrCancelled

// Config sizes the scheduler. Zero sizes take the defaults; a zero MinFreeDisk has no floor.
type Config struct {
	Slots     int // compiles dispatched at once, both lanes together; default 2
	FreeSlots int // of which free work may hold at most; default max(1, Slots-1)
	PaidDepth int // paid jobs allowed to wait; default 4*Slots
	FreeDepth int // free jobs allowed to wait; default 2*Slots
	PerUser   int // jobs one user may have waiting behind their running one; default 2
	// DataDir's filesystem must keep MinFreeDisk bytes free for a new compile to be admitted
	// (ErrLowDisk otherwise): PDFs, the queue's store and the database are written there.
	DataDir     string
	MinFreeDisk int64
	Logger      *slog.Logger
}

func (c *Config) defaults() {
	if c.Slots <= 0 {
		c.Slots = 2
	}
	if c.FreeSlots <= 0 {
		c.FreeSlots = max(1, c.Slots-1)
	}
	c.FreeSlots = min(c.FreeSlots, c.Slots)
	if c.PaidDepth <= 0 {
		c.PaidDepth = 4 * c.Slots
	}
	if c.FreeDepth <= 0 {
		c.FreeDepth = 2 * c.Slots
	}
	if c.PerUser <= 0 {
		c.PerUser = 2
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

// Scheduler admits, orders and dispatches jobs. Each user has at most one job running, and a
// free slot goes to the waiting user served least recently (see next), so a user who has not
// compiled for a while starts at the next free slot however many accounts keep it busy. Jobs
// wait here, not in the backend: it is handed only as many jobs as it has slots.
type Scheduler struct {
	cfg     Config
	base    Config // as given, before defaults: SetSlots derives the rest again
	backend Backend
	oracle  *oracleGuard
	floor   *DiskFloor // nil: no free-disk floor

	mu       sync.Mutex
	users    map[string]*user
	queue    []*user // users with a job waiting and none running
	lanes    [numLanes]*lane
	running  int
	served   map[string]uint64 // user → the dispatch that last started one of their jobs
	tick     uint64            // dispatches so far
	arrivals uint64            // users queued so far: equals go in arrival order
	closed   bool
	mirror   *mirror // optional second home for PDFs (SetStore)
}

type lane struct {
	waiting int
	running int
	limit   int // running at most
	depth   int // waiting at most
	stats   laneStats
}

type user struct {
	id      string
	jobs    []*pending // waiting, oldest first
	running bool
	queued  bool   // in Scheduler.queue
	arrived uint64 // when queued, from Scheduler.arrivals
}

type pending struct {
	job      Job
	ready    chan struct{} // closed when dispatched, or refused
	refused  error         // set before ready closes: a newcomer took this job's place
	enqueued time.Time
}

// servedRemembered bounds the served map. Forgetting a user who was served longest ago ranks
// them as never served: still behind nobody who was served after them.
const servedRemembered = 10_000

// New starts a scheduler in front of a backend.
func New(b Backend, cfg Config) *Scheduler {
	s := &Scheduler{base: cfg, backend: b, users: map[string]*user{}, served: map[string]uint64{}, oracle: newOracleGuard()}
	s.lanes[Paid], s.lanes[Free] = &lane{}, &lane{}
	s.configure(cfg)
	s.floor = NewDiskFloor(s.cfg.DataDir, s.cfg.MinFreeDisk, s.cfg.Logger, "new compiles")
	return s
}

func (s *Scheduler) configure(cfg Config) {
	cfg.defaults()
	s.cfg = cfg
	s.lanes[Paid].limit, s.lanes[Paid].depth = cfg.Slots, cfg.PaidDepth
	s.lanes[Free].limit, s.lanes[Free].depth = cfg.FreeSlots, cfg.FreeDepth
}

// SetSlots resizes the scheduler to the compilers that are there now (workers joining or
// leaving); lane limits and depths not fixed in the Config follow.
func (s *Scheduler) SetSlots(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg := s.base
	cfg.Slots = max(1, n)
	if s.cfg.Slots == cfg.Slots {
		return
	}
	s.configure(cfg)
	s.dispatch()
}

// Compile runs a job when its turn comes and returns the compiler's result: its Key always,
// its PDF bytes only when the compiler ran in this process (read them with PDF by key). The
// context's cancellation removes a waiting job and stops a running one.
func (s *Scheduler) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	if job.UserID == "" {
		return nil, errors.New("queue: a job needs the user it is for")
	}
	if job.Lane < 0 || job.Lane >= numLanes {
		return nil, fmt.Errorf("queue: unknown lane %d", job.Lane)
	}
	if utf8.RuneCountInString(job.Source) > latex.MaxSource {
		return nil, latex.ErrTooLarge
	}
	// A source this user was answered before costs nothing: it needs no turn. Anyone else's
	// cache hit takes a turn like a compile (see oracle.go): answered at once, it would tell a
	// user with a compile running that the source was in the cache.
	c, canCache := s.backend.(cacher)
	if canCache {
		if res, hit := c.Cached(job.Source); hit && s.oracle.hasSeen(job.UserID, res.Key) {
			s.oracle.answered(job.UserID, res.Key, 0)
			return res, nil
		}
	}
	// A new compile writes a PDF; below the floor nothing new is written (cache hits above
	// write nothing and still answer).
	if err := s.floor.Check(); err != nil {
		return nil, err
	}
	p, err := s.enqueue(job)
	if err != nil {
		return nil, err
	}
	select {
	case <-p.ready:
		if p.refused != nil {
			return nil, p.refused
		}
	case <-ctx.Done():
		if s.withdraw(p) {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, &BusyError{Message: latex.ErrBusy.Error(), RetryAfter: 5 * time.Second}
			}
			return nil, errCancelled
		}
		if p.refused != nil { // withdraw held the lock after the refusal was written
			return nil, p.refused
		}
		// Dispatched at the same moment: give the turn back.
		s.done(job)
		return nil, errCancelled
	}
	began := time.Now()
	var res *latex.Result
	var hit bool
	if canCache {
		res, hit = c.Cached(job.Source) // in its turn, a cached PDF needs no worker
	}
	if !hit {
		res, err = s.backend.Compile(ctx, job)
	}
	if err == nil && res.Cached && !s.oracle.hasSeen(job.UserID, res.Key) {
		// Someone else's PDF: it lasts as long as the compile behind it did, holding this
		// user's turn as that compile would have.
		s.oracle.pad(ctx, res.Key, time.Since(began))
	}
	s.done(job)
	if err != nil {
		return nil, err
	}
	if res.Cached && ctx.Err() != nil && !s.oracle.hasSeen(job.UserID, res.Key) {
		return nil, errCancelled
	}
	took := time.Duration(0)
	if !res.Cached {
		took = time.Since(began)
	}
	s.oracle.answered(job.UserID, res.Key, took)
	return res, nil
}

func (s *Scheduler) enqueue(job Job) (*pending, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("queue: closed")
	}
	l := s.lanes[job.Lane]
	u := s.users[job.UserID]
	if u == nil {
		u = &user{id: job.UserID}
		s.users[job.UserID] = u
	}
	if len(u.jobs) >= s.cfg.PerUser {
		l.stats.rejected++
		s.forget(u)
		return nil, &BusyError{Message: "You already have compiles waiting. Please wait for them to finish and try again.", RetryAfter: 5 * time.Second}
	}
	if l.waiting >= l.depth && !s.makeRoom(u, job.Lane) {
		l.stats.rejected++
		s.forget(u)
		return nil, &BusyError{Message: latex.ErrBusy.Error(), RetryAfter: 5 * time.Second}
	}
	p := &pending{job: job, ready: make(chan struct{}), enqueued: time.Now()}
	u.jobs = append(u.jobs, p)
	l.waiting++
	s.enqueueUser(u)
	s.dispatch()
	return p, nil
}

// makeRoom lets a user with nothing waiting or running into a full lane: the newest waiting
// job of the user served most recently gives way (it is refused as busy), if that user was
// served after this one. Accounts that keep the lane full cannot keep a newcomer out.
func (s *Scheduler) makeRoom(u *user, l Lane) bool {
	if u.running || len(u.jobs) > 0 {
		return false
	}
	var victim *user
	for _, v := range s.users {
		if !v.hasWaiting(l) {
			continue
		}
		if victim == nil || s.served[v.id] > s.served[victim.id] ||
			s.served[v.id] == s.served[victim.id] && len(v.jobs) > len(victim.jobs) {
			victim = v
		}
	}
	if victim == nil || s.served[victim.id] <= s.served[u.id] {
		return false
	}
	for i := len(victim.jobs) - 1; i >= 0; i-- {
		p := victim.jobs[i]
		if p.job.Lane != l {
			continue
		}
		victim.jobs = append(victim.jobs[:i], victim.jobs[i+1:]...)
		s.lanes[l].waiting--
		s.lanes[l].stats.rejected++
		p.refused = &BusyError{Message: latex.ErrBusy.Error(), RetryAfter: 5 * time.Second}
		close(p.ready)
		break
	}
	if len(victim.jobs) == 0 {
		s.dequeueUser(victim)
		s.forget(victim)
	}
	return true
}

func (u *user) hasWaiting(l Lane) bool {
	for _, p := range u.jobs {
		if p.job.Lane == l {
			return true
		}
	}
	return false
}

// enqueueUser puts a user with waiting work and nothing running in the queue.
func (s *Scheduler) enqueueUser(u *user) {
	if u.running || u.queued || len(u.jobs) == 0 {
		return
	}
	s.arrivals++
	u.queued, u.arrived = true, s.arrivals
	s.queue = append(s.queue, u)
}

func (s *Scheduler) dequeueUser(u *user) {
	if !u.queued {
		return
	}
	for i, q := range s.queue {
		if q == u {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			break
		}
	}
	u.queued = false
}

// next picks the queued user whose job starts in the next free slot: of those whose lane has
// room, the one served least recently (never served counts as longest ago), then paid before
// free, then the one queued first. -1 when nobody can start.
func (s *Scheduler) next() int {
	best := -1
	var bestServed uint64
	var bestLane Lane
	for i, u := range s.queue {
		ln := u.jobs[0].job.Lane
		if s.lanes[ln].running >= s.lanes[ln].limit {
			continue
		}
		sv := s.served[u.id]
		if best < 0 || sv < bestServed || sv == bestServed && (ln < bestLane ||
			ln == bestLane && u.arrived < s.queue[best].arrived) {
			best, bestServed, bestLane = i, sv, ln
		}
	}
	return best
}

// dispatch starts as many waiting jobs as there are free slots.
func (s *Scheduler) dispatch() {
	for s.running < s.cfg.Slots {
		i := s.next()
		if i < 0 {
			return
		}
		u := s.queue[i]
		s.dequeueUser(u)
		p := u.jobs[0]
		u.jobs = u.jobs[1:]
		u.running = true
		l := s.lanes[p.job.Lane]
		l.waiting--
		l.running++
		s.running++
		s.serve(u.id)
		l.stats.observe(time.Since(p.enqueued))
		close(p.ready)
	}
}

// serve records that a user's job started now.
func (s *Scheduler) serve(id string) {
	s.tick++
	s.served[id] = s.tick
	if len(s.served) > servedRemembered {
		for k, t := range s.served {
			if t+servedRemembered/2 < s.tick {
				delete(s.served, k)
			}
		}
	}
}

// withdraw removes a job that has not started; false when it already has (or was refused).
func (s *Scheduler) withdraw(p *pending) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[p.job.UserID]
	if u == nil {
		return false
	}
	for i, q := range u.jobs {
		if q != p {
			continue
		}
		u.jobs = append(u.jobs[:i], u.jobs[i+1:]...)
		l := s.lanes[p.job.Lane]
		l.waiting--
		l.stats.cancelled++
		if len(u.jobs) == 0 {
			s.dequeueUser(u)
		}
		s.forget(u)
		s.dispatch() // the head job's lane may have changed
		return true
	}
	return false
}

// done ends a running job and passes its slot on.
func (s *Scheduler) done(job Job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.lanes[job.Lane]
	l.running--
	s.running--
	if u := s.users[job.UserID]; u != nil {
		u.running = false
		s.enqueueUser(u)
		s.forget(u)
	}
	s.dispatch()
}

// forget drops a user with nothing waiting or running (their last service stays in served).
func (s *Scheduler) forget(u *user) {
	if !u.running && len(u.jobs) == 0 && !u.queued {
		delete(s.users, u.id)
	}
}

// PDF finds a compiled PDF by its key, whichever worker compiled it: in the queue, else in
// the PDFStore (SetStore), into which a PDF found in the queue is copied.
func (s *Scheduler) PDF(ctx context.Context, key string) ([]byte, bool) {
	s.mu.Lock()
	m := s.mirror
	s.mu.Unlock()
	pdf, ok := s.backend.PDF(ctx, key)
	switch {
	case m == nil:
		return pdf, ok
	case ok:
		m.copy(key, pdf)
		return pdf, true
	default:
		return m.get(ctx, key)
	}
}

// Close refuses new jobs, lets PDF copies in flight finish and stops the backend.
func (s *Scheduler) Close() error {
	s.mu.Lock()
	s.closed = true
	m := s.mirror
	s.mu.Unlock()
	if m != nil {
		m.wait(10 * time.Second)
	}
	return s.backend.Close()
}

// For binds a scheduler to one user and lane: the shape of compiler the generation pipeline
// takes.
func (s *Scheduler) For(userID string, l Lane) *UserCompiler {
	return &UserCompiler{s: s, user: userID, lane: l}
}

// UserCompiler compiles on behalf of one user.
type UserCompiler struct {
	s    *Scheduler
	user string
	lane Lane
}

func (u *UserCompiler) Compile(ctx context.Context, src string) (*latex.Result, error) {
	return u.s.Compile(ctx, Job{Source: src, UserID: u.user, Lane: u.lane})
}
