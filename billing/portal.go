package billing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"sheetsmith/config"
)

// PortalURL opens a Stripe billing portal session for customerID that returns to returnURL.
// A provider failure comes back as ErrProvider wrapping a description that names no key.
func PortalURL(ctx context.Context, cfg config.Config, customerID, returnURL string) (string, error) {
	if cfg.StripeSecretKey == "" {
		return "", ErrNotConfigured
	}
	if customerID == "" {
		return "", ErrNoCustomer
	}
	sc := newClient(cfg)
	s, err := sc.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer:  stripe.String(customerID),
		ReturnURL: stripe.String(returnURL),
	})
	if err != nil {
		return "", fmt.Errorf("%w (%s)", ErrProvider, describe(err, cfg.StripeSecretKey))
	}
	if s.URL == "" {
		return "", fmt.Errorf("%w (no portal address in the answer)", ErrProvider)
	}
	return s.URL, nil
}

// newClient is a Stripe client for cfg; STRIPE_API_BASE points it elsewhere (stripe-mock).
func newClient(cfg config.Config) *stripe.Client {
	retries := int64(1)
	bc := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: 20 * time.Second},
		MaxNetworkRetries: &retries,
		// stripe-go's own logger would print request failures outside our control.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if base := strings.TrimRight(cfg.StripeAPIBase, "/"); base != "" {
		bc.URL = stripe.String(base)
	}
	return stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))
}

// describe summarises a provider error for the server log: Stripe's classification, never its
// message text (which can quote part of the key), and with the key scrubbed from anything else.
func describe(err error, key string) string {
	var se *stripe.Error
	if errors.As(err, &se) {
		return fmt.Sprintf("stripe status %d, type %s, code %s, request %s", se.HTTPStatusCode, se.Type, se.Code, se.RequestID)
	}
	msg := err.Error()
	if key != "" {
		msg = strings.ReplaceAll(msg, key, "[redacted]")
	}
	return msg
}
