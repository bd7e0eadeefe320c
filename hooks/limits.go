package hooks

import (
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
	"sheetsmith/library"
	"sheetsmith/queue"
)

// limits are one server's per-user quotas and rate limits (library/ keeps the rules; this
// file maps them to statuses: 403 for a full dashboard, 429 with Retry-After for too many).
type limits struct {
	free, paid, unverified library.Quota
	freeTotal              int64            // bytes all accounts without a subscription keep together
	save                   *library.Limiter // saves and duplicates
	generate               *library.Limiter // worksheets and answer keys: model calls
	compile                *library.Limiter
	writing                *library.Turns // one /generate-latex at a time per user

	minFreeDisk int64 // bytes; the floor is made at first use, when the app's logger exists
	floorOnce   sync.Once
	floor       *queue.DiskFloor
}

func newLimits(c config.Limits) *limits {
	return &limits{
		free:        library.Quota{Worksheets: c.FreeWorksheets, Bytes: int64(c.FreeStorageMB) << 20},
		paid:        library.Quota{Worksheets: c.PaidWorksheets, Bytes: int64(c.PaidStorageMB) << 20},
		unverified:  library.Quota{Worksheets: c.UnverifiedWorksheets, Bytes: int64(c.UnverifiedStorageMB) << 20},
		freeTotal:   int64(c.FreeTotalStorageMB) << 20,
		save:        library.NewLimiter(c.SavesPerMinute),
		generate:    library.NewLimiter(c.GeneratesPerMinute),
		compile:     library.NewLimiter(c.CompilesPerMinute),
		writing:     library.NewTurns(5 * time.Second),
		minFreeDisk: int64(c.MinFreeDiskMB) << 20,
	}
}

// room is what the signed-in user's saves are checked against, from the server's record of
// them: a subscriber's quota; the free quota for a verified address or a customer who once
// paid; the small one for any other sign-up. Both free kinds share the server's free total.
func (l *limits) room(user *core.Record) library.Room {
	switch {
	case isActive(user):
		return library.Room{Quota: l.paid, Account: library.Paid}
	case user.Verified() || user.GetString("stripe_customer_id") != "":
		return library.Room{Quota: l.free, Account: library.Free, FreeTotal: l.freeTotal}
	}
	return library.Room{Quota: l.unverified, Account: library.Unverified, FreeTotal: l.freeTotal}
}

// lowDisk answers queue.ErrLowDisk while the data directory's free space is below the floor
// (the compile queue's check, for saves and sign-ups).
func (l *limits) lowDisk(app core.App) error {
	l.floorOnce.Do(func() {
		l.floor = queue.NewDiskFloor(app.DataDir(), l.minFreeDisk, app.Logger(), "saves and sign-ups")
	})
	return l.floor.Check()
}

const (
	msgLowDiskSave   = "The server is low on disk space, so saving is paused. Your worksheet was not saved; please try again later."
	msgLowDiskSignUp = "The server is low on disk space, so new accounts cannot be created right now. Please try again later."
)

// aboveDiskFloor is a route middleware that turns a write away below the free-disk floor.
func aboveDiskFloor(l *limits) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if err := l.lowDisk(e.App); err != nil {
			e.Response.Header().Set("Retry-After", "60")
			return fail(e, http.StatusServiceUnavailable, msgLowDiskSave)
		}
		return e.Next()
	}
}

// rateLimited is a route middleware (after requireUser) taking one request from the user's
// bucket of lim.
func rateLimited(lim *library.Limiter) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if err := lim.Allow(e.Auth.Id); err != nil {
			return limitFailure(e, err)
		}
		return e.Next()
	}
}

// oneAtATime is a route middleware (after requireUser) that turns away a user's second request
// while their first runs.
func oneAtATime(t *library.Turns) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		release, err := t.Take(e.Auth.Id)
		if err != nil {
			return limitFailure(e, err)
		}
		defer release()
		return e.Next()
	}
}

// limitFailure answers a quota or rate refusal, and any other error as a logged 500.
func limitFailure(e *core.RequestEvent, err error) error {
	var many *library.TooMany
	var full *library.QuotaError
	switch {
	case errors.As(err, &many):
		e.Response.Header().Set("Retry-After", strconv.Itoa(many.RetrySeconds()))
		return fail(e, http.StatusTooManyRequests, many.Error())
	case errors.As(err, &full):
		return fail(e, http.StatusForbidden, full.Error())
	}
	e.App.Logger().Error("request failed", "route", e.Request.Method+" "+e.Request.URL.Path, "error", err)
	return fail(e, http.StatusInternalServerError, msgInternalFailed)
}
