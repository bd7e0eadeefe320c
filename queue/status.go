package queue

import "time"

// laneStats are a lane's counters since start; guarded by the scheduler's lock.
type laneStats struct {
	dispatched int64
	rejected   int64
	cancelled  int64
	lastWait   time.Duration
	avgWait    time.Duration // exponentially weighted, recent jobs count most
	maxWait    time.Duration
}

func (st *laneStats) observe(wait time.Duration) {
	st.dispatched++
	st.lastWait = wait
	st.maxWait = max(st.maxWait, wait)
	if st.dispatched == 1 {
		st.avgWait = wait
	} else {
		st.avgWait += (wait - st.avgWait) / 8
	}
}

// LaneStatus is one lane as the status endpoint and the log show it.
type LaneStatus struct {
	Lane       string  `json:"lane"`
	Waiting    int     `json:"waiting"`
	Running    int     `json:"running"`
	Limit      int     `json:"limit"`
	Depth      int     `json:"depth"`
	Dispatched int64   `json:"dispatched"`
	Rejected   int64   `json:"rejected"`
	Cancelled  int64   `json:"cancelled"`
	LastWaitMS float64 `json:"lastWaitMs"`
	AvgWaitMS  float64 `json:"avgWaitMs"`
	MaxWaitMS  float64 `json:"maxWaitMs"`
}

// Status is the whole queue: lanes, users with work, and what the backend reports
// (workers, stream depth).
type Status struct {
	Lanes   []LaneStatus `json:"lanes"`
	Users   int          `json:"users"`
	Running int          `json:"running"`
	Slots   int          `json:"slots"`
	Backend any          `json:"backend,omitempty"`
}

// statuser is a backend with something to report.
type statuser interface {
	Status() any
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Status reports the queue now.
func (s *Scheduler) Status() Status {
	s.mu.Lock()
	st := Status{Users: len(s.users), Running: s.running, Slots: s.cfg.Slots}
	for i, l := range s.lanes {
		st.Lanes = append(st.Lanes, LaneStatus{
			Lane: Lane(i).String(), Waiting: l.waiting, Running: l.running, Limit: l.limit, Depth: l.depth,
			Dispatched: l.stats.dispatched, Rejected: l.stats.rejected, Cancelled: l.stats.cancelled,
			LastWaitMS: ms(l.stats.lastWait), AvgWaitMS: ms(l.stats.avgWait), MaxWaitMS: ms(l.stats.maxWait),
		})
	}
	s.mu.Unlock()
	if b, ok := s.backend.(statuser); ok {
		st.Backend = b.Status()
	}
	return st
}

// Waiting reports whether a user has a job waiting for its turn (for a "waiting for a free
// compiler" message).
func (s *Scheduler) Waiting(userID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[userID]
	return u != nil && len(u.jobs) > 0
}
