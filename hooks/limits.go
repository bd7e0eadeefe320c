package hooks

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
	"sheetsmith/library"
)

// limits are one server's per-user quotas and rate limits (library/ keeps the rules; this
// file maps them to statuses: 403 for a full dashboard, 429 with Retry-After for too many).
type limits struct {
	free, paid library.Quota
	save       *library.Limiter // saves and duplicates
	generate   *library.Limiter // worksheets and answer keys: model calls
	compile    *library.Limiter
	writing    *library.Turns // one /generate-latex at a time per user
}

func newLimits(c config.Limits) *limits {
	return &limits{
		free:     library.Quota{Worksheets: c.FreeWorksheets, Bytes: int64(c.FreeStorageMB) << 20},
		paid:     library.Quota{Worksheets: c.PaidWorksheets, Bytes: int64(c.PaidStorageMB) << 20},
		save:     library.NewLimiter(c.SavesPerMinute),
		generate: library.NewLimiter(c.GeneratesPerMinute),
		compile:  library.NewLimiter(c.CompilesPerMinute),
		writing:  library.NewTurns(5 * time.Second),
	}
}

// quota is the signed-in user's storage quota, from the server's record of their subscription.
func (l *limits) quota(user *core.Record) (library.Quota, bool) {
	if isActive(user) {
		return l.paid, true
	}
	return l.free, false
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
