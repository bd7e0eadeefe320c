package hooks

import (
	"errors"
	"math"
	"runtime"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sheetsmith/generate"
	"sheetsmith/queue"
)

// laneOf puts a user in the paid or free lane from the server's own record of them.
func laneOf(user *core.Record) queue.Lane {
	if isActive(user) {
		return queue.Paid
	}
	return queue.Free
}

// compilerFor is the compiler as one signed-in user sees it: their jobs wait their turn in
// their lane, behind at most one job of any other user.
func compilerFor(e *core.RequestEvent, q *queue.Scheduler) generate.Compiler {
	return q.For(e.Auth.Id, laneOf(e.Auth))
}

// localQueue schedules compiles on an in-process compiler (tests, and servers started with a
// compiler rather than a queue).
func localQueue(d Deps) *queue.Scheduler {
	return queue.New(queue.Local{C: d.Compiler}, queue.Config{Slots: runtime.NumCPU()})
}

// setRetryAfter tells a client turned away when to try again: the queue's own advice.
func setRetryAfter(e *core.RequestEvent, err error) {
	after := 5 * time.Second
	var busy *queue.BusyError
	if errors.As(err, &busy) && busy.RetryAfter > 0 {
		after = busy.RetryAfter
	}
	e.Response.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(after.Seconds()))))
}

// queueStatus answers GET /api/sheetsmith/queue for superusers: lanes, waits and workers.
func queueStatus(q *queue.Scheduler) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		return e.JSON(200, q.Status())
	}
}

// bindQueue adds the superuser-only status route and the signed-in user's own view.
func bindQueue(r *router.Router[*core.RequestEvent], user *router.RouterGroup[*core.RequestEvent], q *queue.Scheduler) {
	r.GET("/api/sheetsmith/queue", queueStatus(q)).Bind(apis.RequireSuperuserAuth())
	user.GET("/api/sheetsmith/queue/me", func(e *core.RequestEvent) error {
		// What the page needs to say "Waiting for a free compiler…" while a compile waits.
		return ok(e, map[string]any{"waiting": q.Waiting(e.Auth.Id)})
	})
}
