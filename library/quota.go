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

// QuotaError is a save refused because the user's dashboard is full. Its text says what to do.
type QuotaError struct {
	Quota Quota
	Paid  bool // the user has an active subscription (so upgrading is no way out)
	Bytes bool // the bytes ran out, not the count
}

func (e *QuotaError) Error() string {
	var full string
	if e.Bytes {
		full = fmt.Sprintf("Your saved worksheets use all of your %s of storage", megabytes(e.Quota.Bytes))
	} else {
		full = fmt.Sprintf("You have saved the most worksheets your account can keep (%d)", e.Quota.Worksheets)
	}
	if e.Paid {
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

// CheckRoom answers a *QuotaError when one more worksheet of add bytes would not fit userID's
// quota q. Call it in the transaction that saves, so two saves cannot both take the last room.
func CheckRoom(app core.App, userID string, q Quota, paid bool, add int64) error {
	if q.Worksheets == 0 && q.Bytes == 0 {
		return nil
	}
	n, used, err := Usage(app, userID)
	if err != nil {
		return err
	}
	switch {
	case q.Worksheets > 0 && n+1 > q.Worksheets:
		return &QuotaError{Quota: q, Paid: paid}
	case q.Bytes > 0 && used+add > q.Bytes:
		return &QuotaError{Quota: q, Paid: paid, Bytes: true}
	}
	return nil
}

// SaveNew saves a new worksheet w of userID if it fits the quota, in one transaction; a
// *QuotaError saves nothing. before, if set, runs first in the same transaction (provenance
// records of a copy, for example).
func SaveNew(app core.App, w *core.Record, q Quota, paid bool, before func(tx core.App) error) error {
	return app.RunInTransaction(func(tx core.App) error {
		if err := CheckRoom(tx, w.GetString("owner"), q, paid, Size(w)); err != nil {
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
