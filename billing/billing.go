// Package billing keeps Sheetsmith's subscription state in step with Stripe: verified webhook
// events become user status changes, and billing portal sessions are opened for customers.
// It knows nothing of HTTP; hooks/billing.go turns its errors into answers.
package billing

import "errors"

// Errors whose messages are safe to show: none carries a key, a secret or a provider's text.
var (
	ErrNotConfigured    = errors.New("Billing is not configured on this server.")
	ErrMissingSignature = errors.New("Missing Stripe-Signature header.")
	ErrBadSignature     = errors.New("Invalid Stripe signature.")
	ErrBadPayload       = errors.New("The webhook body is not a valid Stripe event.")
	ErrNoCustomer       = errors.New("No billing account yet. Choose a plan first.")
	ErrProvider         = errors.New("The billing provider could not be reached. Please try again later.")
)

// Subscription statuses the product itself names (spec §4); Stripe's others are stored as they are.
const (
	StatusActive   = "active"
	StatusPastDue  = "past_due"
	StatusCanceled = "canceled"
)
