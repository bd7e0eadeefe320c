package hooks

import (
	"context"
	"runtime"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// drawSlots is how many pictures (thumbnails, page images) the server draws at once: one per
// core and one more, since a drawing also waits on its sandbox's start.
var drawSlots = max(3, runtime.NumCPU()+1)

// drawing is the server's one gate for pictures.
var drawing = newDrawGate(drawSlots)

// drawGate shares the drawing slots between users. A user alone may draw in every slot but
// one, so a dashboard of cold pictures fills in parallel while another user's picture still
// starts at once; when users wait, a freed slot goes to the one drawing least (then the one
// who asked first), so nobody's pictures starve behind another's.
type drawGate struct {
	mu      sync.Mutex
	slots   int
	busy    int
	held    map[string]int
	waiting []*drawWaiter // in arrival order
	most    int           // the most drawings at once since start
	started uint64        // drawings started since start
}

type drawWaiter struct {
	user  string
	ready chan struct{}
}

func newDrawGate(slots int) *drawGate {
	return &drawGate{slots: max(1, slots), held: map[string]int{}}
}

// perUser is the most slots one user may hold: every slot but one.
func (g *drawGate) perUser() int {
	return max(1, g.slots-1)
}

// acquire waits for a slot for user; release gives it back.
func (g *drawGate) acquire(ctx context.Context, user string) (release func(), err error) {
	w := &drawWaiter{user: user, ready: make(chan struct{})}
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	g.grant()
	g.mu.Unlock()
	release = func() {
		g.mu.Lock()
		g.busy--
		if g.held[user]--; g.held[user] <= 0 {
			delete(g.held, user)
		}
		g.grant()
		g.mu.Unlock()
	}
	select {
	case <-w.ready:
		return release, nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	for i, o := range g.waiting {
		if o == w {
			g.waiting = append(g.waiting[:i], g.waiting[i+1:]...)
			g.mu.Unlock()
			return nil, ctx.Err()
		}
	}
	g.mu.Unlock()
	release() // granted at the same moment: give the slot back
	return nil, ctx.Err()
}

// grant hands free slots to waiters: the one holding fewest slots first, then the earliest.
func (g *drawGate) grant() {
	for g.busy < g.slots {
		best := -1
		for i, w := range g.waiting {
			if g.held[w.user] >= g.perUser() {
				continue
			}
			if best < 0 || g.held[w.user] < g.held[g.waiting[best].user] {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := g.waiting[best]
		g.waiting = append(g.waiting[:best], g.waiting[best+1:]...)
		g.busy++
		g.held[w.user]++
		g.started++
		g.most = max(g.most, g.busy)
		close(w.ready)
	}
}

// drawStatus is what the superusers' status route tells about drawing.
type drawStatus struct {
	Slots   int    `json:"slots"`
	PerUser int    `json:"perUser"`
	Drawing int    `json:"drawing"`
	Waiting int    `json:"waiting"`
	Most    int    `json:"mostAtOnce"`
	Started uint64 `json:"started"`
}

func (g *drawGate) status() drawStatus {
	g.mu.Lock()
	defer g.mu.Unlock()
	return drawStatus{Slots: g.slots, PerUser: g.perUser(), Drawing: g.busy, Waiting: len(g.waiting), Most: g.most, Started: g.started}
}

// pictureStatus answers GET /api/sheetsmith/pictures for superusers: the drawing slots, how
// many are in use and the most used at once since the server started.
func pictureStatus(e *core.RequestEvent) error {
	return e.JSON(200, drawing.status())
}
