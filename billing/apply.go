package billing

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
	"github.com/stripe/stripe-go/v85"
)

// apply records the event and updates its user in one transaction, so a redelivery (or two
// deliveries racing) changes the user at most once.
func apply(app core.App, ev stripe.Event, c *change) (Outcome, error) {
	var out Outcome
	err := app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.FindFirstRecordByData("stripe_events", "event_id", ev.ID); err == nil {
			out = Duplicate
			return nil
		}
		user := findUser(tx, c)
		if user == nil {
			// Not recorded: a redelivery after the user exists can still link them.
			out = UnknownUser
			return nil
		}
		out = update(user, time.Unix(ev.Created, 0).UTC(), c)
		if err := tx.Save(user); err != nil {
			return err
		}
		return recordEvent(tx, ev)
	})
	return out, err
}

// update applies c to user as of at and says whether it was current or stale.
func update(user *core.Record, at time.Time, c *change) Outcome {
	last := user.GetDateTime("subscription_updated").Time()
	current := user.GetString("subscription_status")
	newer := last.IsZero() || at.After(last)
	sameTime := at.Equal(last)

	// Link the customer unless a newer event already linked another one.
	if c.customerID != "" && (user.GetString("stripe_customer_id") == "" || newer || sameTime) {
		user.Set("stripe_customer_id", c.customerID)
	}
	if c.status == "" {
		return Applied
	}
	if c.keepCanceled && current == StatusCanceled {
		return Stale
	}
	// Stripe timestamps are whole seconds: within one second the state further along the
	// subscription's life wins, so the result does not depend on delivery order.
	if !newer && !(sameTime && rank(c.status) >= rank(current)) {
		return Stale
	}
	user.Set("subscription_status", c.status)
	dt, _ := types.ParseDateTime(at)
	user.Set("subscription_updated", dt)
	return Applied
}

// rank orders statuses along a subscription's life.
func rank(status string) int {
	switch status {
	case "", "free", "incomplete":
		return 0
	case "trialing":
		return 1
	case StatusActive:
		return 2
	case StatusPastDue, "unpaid", "paused":
		return 3
	case StatusCanceled, "incomplete_expired":
		return 4
	}
	return 2
}

// findUser finds the user by the id the checkout carried (client_reference_id), else by the
// customer already linked to a user.
func findUser(app core.App, c *change) *core.Record {
	if c.userID != "" {
		if u, err := app.FindRecordById("users", c.userID); err == nil {
			return u
		}
	}
	if c.customerID != "" {
		if u, err := app.FindFirstRecordByData("users", "stripe_customer_id", c.customerID); err == nil {
			return u
		}
	}
	return nil
}

func recordEvent(app core.App, ev stripe.Event) error {
	col, err := app.FindCachedCollectionByNameOrId("stripe_events")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("event_id", ev.ID)
	r.Set("type", string(ev.Type))
	return app.Save(r)
}
