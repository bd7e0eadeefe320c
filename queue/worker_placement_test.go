package queue

import (
	"testing"
	"time"
)

// Through one worker with two slots (the default: one of them may take free work): under a
// paid flood a free newcomer's job, dispatched by the scheduler when the paid-only slot frees,
// waits in the stream until the other slot's job ends, and then that slot prefers a flooder's
// paid job. Fails today with "no job started"; passes once every worker slot takes either lane
// (the hub's scheduler already caps free work and dispatches only as many jobs as slots).
func TestFreeNewcomerStartsNextOnATwoSlotWorker(t *testing.T) {
	h := newTestHub(t, 5*time.Second, Config{})
	g := newGated()
	h.startWorker(t, gatedTeX{g}, WorkerConfig{ID: "w1", Slots: 2})
	until(t, "the worker is counted", func() bool { return h.sched.Status().Slots == 2 })
	newcomerGoesNext(t, h.sched, g, 2, Free)
}
