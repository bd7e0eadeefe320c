package hooks

import (
	"errors"
	"io"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sheetsmith/billing"
	"sheetsmith/config"
)

// maxWebhookBody bounds a Stripe event; real ones are a few kilobytes.
const maxWebhookBody = 1 << 20

// bindBilling binds the Stripe webhook (no user: Stripe's signature is its authentication) and
// the billing portal route for signed-in users.
func bindBilling(r *router.Router[*core.RequestEvent], user *router.RouterGroup[*core.RequestEvent], d Deps) {
	r.POST("/api/stripe-webhook", stripeWebhook(d.Config.StripeWebhookSecret))
	user.POST("/api/create-portal-session", createPortalSession(d.Config))
}

// stripeWebhook answers POST /api/stripe-webhook. A verified event is always acknowledged
// (200), whether or not it changed anything; an unverified one is a 400 and changes nothing.
func stripeWebhook(secret string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		// The signature covers the exact bytes, so the body is read raw, never re-encoded.
		raw, err := io.ReadAll(io.LimitReader(e.Request.Body, maxWebhookBody+1))
		if err != nil {
			return fail(e, http.StatusBadRequest, billing.ErrBadPayload.Error())
		}
		if len(raw) > maxWebhookBody {
			return fail(e, http.StatusBadRequest, msgBodyTooLarge)
		}
		out, err := billing.HandleEvent(e.App, raw, e.Request.Header.Get("Stripe-Signature"), secret)
		switch {
		case err == nil:
			return ok(e, map[string]any{"received": true, "outcome": string(out)})
		case errors.Is(err, billing.ErrNotConfigured):
			return fail(e, http.StatusServiceUnavailable, err.Error())
		case errors.Is(err, billing.ErrMissingSignature), errors.Is(err, billing.ErrBadSignature), errors.Is(err, billing.ErrBadPayload):
			return fail(e, http.StatusBadRequest, err.Error())
		default:
			// Storage failed: a 500 makes Stripe deliver the event again later.
			e.App.Logger().Error("Stripe webhook: could not store the event", "error", err.Error())
			return fail(e, http.StatusInternalServerError, msgInternalFailed)
		}
	}
}

// createPortalSession answers POST /api/create-portal-session with the Stripe billing portal
// address for the caller's customer; the portal returns to the Account page.
func createPortalSession(cfg config.Config) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		url, err := billing.PortalURL(e.Request.Context(), cfg, e.Auth.GetString("stripe_customer_id"), cfg.AppURL+"/account")
		switch {
		case err == nil:
			return ok(e, map[string]any{"portalUrl": url})
		case errors.Is(err, billing.ErrNoCustomer):
			return fail(e, http.StatusBadRequest, err.Error())
		case errors.Is(err, billing.ErrNotConfigured):
			return fail(e, http.StatusServiceUnavailable, err.Error())
		default:
			// The detail (already free of the key) goes to the log; the user gets the plain message.
			e.App.Logger().Error("Stripe billing portal failed", "user", e.Auth.Id, "error", err.Error())
			return fail(e, http.StatusBadGateway, billing.ErrProvider.Error())
		}
	}
}
