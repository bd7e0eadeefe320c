package billing

import (
	"encoding/json"
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Outcome says what a verified event did. Every verified event is acknowledged, whatever it did,
// so Stripe does not keep redelivering events we have chosen to skip.
type Outcome string

const (
	Applied     Outcome = "applied"      // the user was updated (or already matched)
	Duplicate   Outcome = "duplicate"    // this event id was handled before
	Stale       Outcome = "stale"        // older than the user's last status change: kept for the record only
	UnknownUser Outcome = "unknown_user" // no user matches; logged
	Ignored     Outcome = "ignored"      // an event type billing does not act on
)

// change is what one event asks of one user.
type change struct {
	// userID is the checkout's client_reference_id: the only way a new customer is linked to
	// a user. Subscription and invoice events find their user by the stored customer link
	// alone; their metadata is never trusted, or anyone who can set it could link a second
	// user to an existing customer (and its subscription).
	userID     string
	customerID string // Stripe customer to link and to find the user by
	status     string // new subscription_status; "" leaves it alone
	// keepCanceled stops a failed invoice from reopening a subscription that has ended.
	keepCanceled bool
}

// HandleEvent verifies payload against the Stripe-Signature header and applies the event to
// the user it concerns. Errors other than ErrNotConfigured and the signature/payload errors are
// storage failures (Stripe will redeliver).
func HandleEvent(app core.App, payload []byte, sigHeader, secret string) (Outcome, error) {
	if secret == "" {
		return "", ErrNotConfigured
	}
	ev, err := webhook.ConstructEventWithOptions(payload, sigHeader, secret, webhook.ConstructEventOptions{
		// Stripe-mock and endpoints pinned to an older API version send other versions; the
		// few fields read here are the same in all of them.
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		switch {
		case errors.Is(err, webhook.ErrNotSigned):
			return "", ErrMissingSignature
		case errors.Is(err, webhook.ErrInvalidHeader), errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
			return "", ErrBadSignature
		default:
			return "", ErrBadPayload
		}
	}
	if ev.ID == "" || ev.Data == nil {
		return "", ErrBadPayload
	}
	c, err := changeFor(ev)
	if err != nil {
		return "", ErrBadPayload
	}
	if c == nil {
		return Ignored, nil
	}
	out, err := apply(app, ev, c)
	if err != nil {
		return "", err
	}
	log := app.Logger().With("event", ev.ID, "type", string(ev.Type), "outcome", string(out))
	if out == UnknownUser {
		log.Warn("Stripe webhook: no user matches the event", "customer", c.customerID)
	} else {
		log.Info("Stripe webhook handled")
	}
	return out, nil
}

// changeFor reads the event's object; nil means the event type is not one billing acts on.
func changeFor(ev stripe.Event) (*change, error) {
	raw := ev.Data.Raw
	switch ev.Type {
	case "checkout.session.completed":
		var s stripe.CheckoutSession
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		c := &change{userID: s.ClientReferenceID, customerID: customerID(s.Customer)}
		// A paid subscription checkout unlocks at once, even if the subscription's own event
		// arrived before the user could be linked.
		if s.Subscription != nil && s.Subscription.ID != "" && s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid {
			c.status = StatusActive
		}
		return c, nil
	case "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted":
		var s stripe.Subscription
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		status := string(s.Status)
		if ev.Type == "customer.subscription.deleted" {
			status = StatusCanceled
		}
		if status == "" {
			return nil, errors.New("subscription without status")
		}
		return &change{customerID: customerID(s.Customer), status: status}, nil
	case "invoice.payment_failed":
		var inv stripe.Invoice
		if err := json.Unmarshal(raw, &inv); err != nil {
			return nil, err
		}
		return &change{customerID: customerID(inv.Customer), status: StatusPastDue, keepCanceled: true}, nil
	}
	return nil, nil
}

func customerID(c *stripe.Customer) string {
	if c == nil {
		return ""
	}
	return c.ID
}
