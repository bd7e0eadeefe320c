package library

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Quota is how much one user may keep saved: worksheets and bytes (sources, answer keys, their
// checks and titles). 0 means no limit.
type Quota struct {
	Worksheets int
	Bytes      int64
}

// Account is which quota a user's saves count against.
type Account int

const (
	Paid       Account = iota // an active subscription
	Free                      // no active subscription, but a verified address or a past payment
	Unverified                // neither: what any sign-up gets
)

// Room is what a save of one user is checked against.
type Room struct {
	Quota   Quota
	Account Account
	// FreeTotal caps the bytes all accounts without an active subscription keep together
	// (0: no cap); a paid account's saves do not count it.
	FreeTotal int64
}

// QuotaError is a save refused because the user's dashboard (or the server's room for free
// accounts) is full. Its text says what to do.
type QuotaError struct {
	Room   Room
	Bytes  bool // the bytes ran out, not the count
	Server bool // the free accounts' shared room ran out, not this user's
}

func (e *QuotaError) Error() string {
	q := e.Room.Quota
	var full string
	switch {
	case e.Server:
		return fmt.Sprintf("This server's storage for accounts without a subscription (%s) is full. Subscribe to save more, or delete worksheets you no longer need, then save again.", megabytes(e.Room.FreeTotal))
	case e.Room.Account == Unverified && e.Bytes:
		full = fmt.Sprintf("Until its e-mail address is verified, your account can keep %s of worksheets, and they use all of it", megabytes(q.Bytes))
	case e.Room.Account == Unverified:
		full = fmt.Sprintf("Until its e-mail address is verified, your account can keep %d worksheets", q.Worksheets)
	case e.Bytes:
		full = fmt.Sprintf("Your saved worksheets use all of your %s of storage", megabytes(q.Bytes))
	default:
		full = fmt.Sprintf("You have saved the most worksheets your account can keep (%d)", q.Worksheets)
	}
	if e.Room.Account == Paid {
		return full + ". Delete worksheets you no longer need, then save again."
	}
	return full + ". Delete worksheets you no longer need, or subscribe for more room, then save again."
}

func megabytes(b int64) string {
	if b%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", b>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
}

// Usage is what a user keeps saved now: one indexed count and sum, no source read.
func Usage(app core.App, userID string) (worksheets int, bytes int64, err error) {
	err = app.DB().Select("count(*)", "coalesce(sum(size), 0)").From("worksheets").
		Where(dbx.HashExp{"owner": userID}).Row(&worksheets, &bytes)
	return worksheets, bytes, err
}

// FreeUsage is the bytes all accounts without an active subscription keep together (the same
// test as the hooks' isActive: subscription_status is "active"). All bytes less the
// subscribers': both sums read only the (owner, size) index, never a source (25-30 ms
// for 100,000 worksheets, BenchmarkFreeUsage), where a join of every worksheet to its owner
// took 200.
func FreeUsage(app core.App) (bytes int64, err error) {
	err = app.DB().NewQuery(`SELECT (SELECT coalesce(sum(size), 0) FROM worksheets) -
		(SELECT coalesce(sum(w.size), 0) FROM users u JOIN worksheets w ON w.owner = u.id
		WHERE u.subscription_status = 'active')`).Row(&bytes)
	return bytes, err
}

// CheckRoom answers a *QuotaError when one more worksheet of add bytes would not fit userID's
// room r. Call it in the transaction that saves, so two saves cannot both take the last room.
func CheckRoom(app core.App, userID string, r Room, add int64) error {
	q := r.Quota
	if q.Worksheets > 0 || q.Bytes > 0 {
		n, used, err := Usage(app, userID)
		if err != nil {
			return err
		}
		switch {
		case q.Worksheets > 0 && n+1 > q.Worksheets:
			return &QuotaError{Room: r}
		case q.Bytes > 0 && used+add > q.Bytes:
			return &QuotaError{Room: r, Bytes: true}
		}
	}
	if r.Account != Paid && r.FreeTotal > 0 {
		used, err := FreeUsage(app)
		if err != nil {
			return err
		}
		if used+add > r.FreeTotal {
			return &QuotaError{Room: r, Bytes: true, Server: true}
		}
	}
	return nil
}

// SaveNew saves a new worksheet w if it fits its owner's room r, in one transaction; a
// *QuotaError saves nothing. before, if set, runs first in the same transaction (provenance
// records of a copy, for example).
func SaveNew(app core.App, w *core.Record, r Room, before func(tx core.App) error) error {
	return app.RunInTransaction(func(tx core.App) error {
		if err := CheckRoom(tx, w.GetString("owner"), r, Size(w)); err != nil {
			return err
		}
		if before != nil {
			if err := before(tx); err != nil {
				return err
			}
		}
		return tx.Save(w)
	})
}
