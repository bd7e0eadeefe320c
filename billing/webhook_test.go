package billing

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"
)

func TestCheckoutCompletedLinksCustomerAndActivates(t *testing.T) {
	app, alice := newApp(t)
	out := deliver(t, app, eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid")))
	if out != Applied {
		t.Fatalf("outcome %s", out)
	}
	wantState(t, app, alice.Id, "active", "cus_A")
}

func TestUnpaidCheckoutOnlyLinksCustomer(t *testing.T) {
	app, alice := newApp(t)
	deliver(t, app, eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "unpaid")))
	wantState(t, app, alice.Id, "free", "cus_A")
	// The subscription event that follows decides the status.
	deliver(t, app, eventJSON(t, "evt_2", "customer.subscription.created", t0+1, subscription("cus_A", "active", nil)))
	wantState(t, app, alice.Id, "active", "cus_A")
}

func TestSubscriptionLifecycle(t *testing.T) {
	app, alice := newApp(t)
	deliver(t, app, eventJSON(t, "evt_0", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "", "unpaid")))
	steps := []struct {
		typ, status, want string
	}{
		{"customer.subscription.created", "active", "active"},
		{"customer.subscription.updated", "past_due", "past_due"},
		{"customer.subscription.updated", "active", "active"},
		{"customer.subscription.updated", "unpaid", "unpaid"}, // any other Stripe status is kept as is
		{"customer.subscription.updated", "trialing", "trialing"},
		{"customer.subscription.deleted", "canceled", "canceled"},
	}
	for i, s := range steps {
		id := "evt_step_" + string(rune('a'+i))
		if out := deliver(t, app, eventJSON(t, id, s.typ, t0+int64(i+1)*60, subscription("cus_A", s.status, nil))); out != Applied {
			t.Fatalf("%s %s: outcome %s", s.typ, s.status, out)
		}
		wantState(t, app, alice.Id, s.want, "cus_A")
	}
}

// A deleted subscription is canceled whatever status the object carries.
func TestSubscriptionDeletedIsCanceled(t *testing.T) {
	app, alice := newApp(t)
	deliver(t, app, eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid")))
	deliver(t, app, eventJSON(t, "evt_2", "customer.subscription.deleted", t0+60, subscription("cus_A", "active", nil)))
	wantState(t, app, alice.Id, "canceled", "cus_A")
}

// Subscription and invoice metadata never link a customer to a user: only the checkout's
// client_reference_id or an existing link do.
func TestMetadataNeverLinksACustomer(t *testing.T) {
	app, alice := newApp(t)
	// An unknown customer whose subscription names alice in its metadata reaches nobody.
	for _, key := range []string{"user_id", "client_reference_id"} {
		out := deliver(t, app, eventJSON(t, "evt_new_"+key, "customer.subscription.created", t0, subscription("cus_M", "active", map[string]string{key: alice.Id})))
		if out != UnknownUser {
			t.Fatalf("metadata %s: outcome %s", key, out)
		}
	}
	wantState(t, app, alice.Id, "free", "")

	// Bob paid and is linked to cus_B; metadata naming alice on bob's subscription must not
	// link alice to bob's customer or give her his subscription.
	bob := newUser(t, app, "bob@example.com")
	deliver(t, app, eventJSON(t, "evt_bob", "checkout.session.completed", t0, checkoutCompleted(bob.Id, "cus_B", "sub_B", "paid")))
	out := deliver(t, app, eventJSON(t, "evt_meta", "customer.subscription.updated", t0+60, subscription("cus_B", "active", map[string]string{"user_id": alice.Id})))
	if out != Applied {
		t.Fatalf("bob's own update: outcome %s", out)
	}
	wantState(t, app, alice.Id, "free", "")
	wantState(t, app, bob.Id, "active", "cus_B")
	inv := failedInvoice("cus_B")
	inv["metadata"] = map[string]string{"user_id": alice.Id}
	deliver(t, app, eventJSON(t, "evt_inv", "invoice.payment_failed", t0+120, inv))
	wantState(t, app, alice.Id, "free", "")
	wantState(t, app, bob.Id, "past_due", "cus_B")
}

func TestInvoicePaymentFailed(t *testing.T) {
	app, alice := newApp(t)
	deliver(t, app, eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid")))
	deliver(t, app, eventJSON(t, "evt_2", "invoice.payment_failed", t0+60, failedInvoice("cus_A")))
	wantState(t, app, alice.Id, "past_due", "cus_A")

	// A failed invoice never reopens an ended subscription.
	deliver(t, app, eventJSON(t, "evt_3", "customer.subscription.deleted", t0+120, subscription("cus_A", "canceled", nil)))
	deliver(t, app, eventJSON(t, "evt_4", "invoice.payment_failed", t0+180, failedInvoice("cus_A")))
	wantState(t, app, alice.Id, "canceled", "cus_A")
}

func TestReplayChangesNothing(t *testing.T) {
	app, alice := newApp(t)
	activate := eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid"))
	deliver(t, app, activate)
	if out := deliver(t, app, activate); out != Duplicate {
		t.Fatalf("replay outcome %s", out)
	}
	wantState(t, app, alice.Id, "active", "cus_A")

	// Replaying an old event after a newer change does not bring the old state back.
	deliver(t, app, eventJSON(t, "evt_2", "customer.subscription.deleted", t0+60, subscription("cus_A", "canceled", nil)))
	deliver(t, app, activate)
	wantState(t, app, alice.Id, "canceled", "cus_A")
	if n, _ := app.CountRecords("stripe_events"); n != 2 {
		t.Fatalf("want 2 recorded events, got %d", n)
	}
}

func TestOutOfOrderNeverMovesBack(t *testing.T) {
	app, alice := newApp(t)
	deliver(t, app, eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "", "unpaid")))
	// Canceled at t0+120 arrives before the older updates.
	deliver(t, app, eventJSON(t, "evt_4", "customer.subscription.deleted", t0+120, subscription("cus_A", "canceled", nil)))
	for _, ev := range [][]byte{
		eventJSON(t, "evt_2", "customer.subscription.created", t0+10, subscription("cus_A", "active", nil)),
		eventJSON(t, "evt_3", "invoice.payment_failed", t0+60, failedInvoice("cus_A")),
		eventJSON(t, "evt_5", "checkout.session.completed", t0+5, checkoutCompleted(alice.Id, "cus_OLD", "sub_1", "paid")),
	} {
		if out := deliver(t, app, ev); out != Stale {
			t.Fatalf("late event outcome %s", out)
		}
	}
	// The customer linked by the newer events stays linked too.
	wantState(t, app, alice.Id, "canceled", "cus_A")
}

// Within one second (Stripe's clock resolution) the result does not depend on arrival order.
func TestSameSecondEventsSettleTheSameWay(t *testing.T) {
	incomplete := func() []byte {
		return eventJSON(t, "evt_inc", "customer.subscription.created", t0, subscription("cus_A", "incomplete", nil))
	}
	active := func() []byte {
		return eventJSON(t, "evt_act", "customer.subscription.updated", t0, subscription("cus_A", "active", nil))
	}
	for _, order := range [][]func() []byte{{incomplete, active}, {active, incomplete}} {
		app, alice := newApp(t)
		deliver(t, app, eventJSON(t, "evt_co", "checkout.session.completed", t0-1, checkoutCompleted(alice.Id, "cus_A", "", "unpaid")))
		for _, ev := range order {
			deliver(t, app, ev())
		}
		wantState(t, app, alice.Id, "active", "cus_A")
	}
}

func TestUnknownUserIsAcknowledged(t *testing.T) {
	app, alice := newApp(t)
	for _, ev := range [][]byte{
		eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted("nosuchuser1234", "cus_X", "sub_1", "paid")),
		eventJSON(t, "evt_2", "customer.subscription.updated", t0, subscription("cus_X", "active", nil)),
		eventJSON(t, "evt_3", "invoice.payment_failed", t0, failedInvoice("cus_X")),
	} {
		if out := deliver(t, app, ev); out != UnknownUser {
			t.Fatalf("outcome %s", out)
		}
	}
	wantState(t, app, alice.Id, "free", "")
}

func TestOtherEventTypesAreIgnored(t *testing.T) {
	app, alice := newApp(t)
	if out := deliver(t, app, eventJSON(t, "evt_1", "customer.created", t0, map[string]any{"id": "cus_A", "object": "customer"})); out != Ignored {
		t.Fatalf("outcome %s", out)
	}
	wantState(t, app, alice.Id, "free", "")
}

func TestUnverifiedEventsChangeNothing(t *testing.T) {
	app, alice := newApp(t)
	payload := eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid"))
	old := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testSecret, Timestamp: time.Now().Add(-time.Hour)}).Header
	tampered := []byte(strings.Replace(string(payload), "cus_A", "cus_B", 1))
	cases := []struct {
		name, header string
		payload      []byte
		want         error
	}{
		{"missing signature", "", payload, ErrMissingSignature},
		{"wrong secret", signed(payload, "whsec_someone_else"), payload, ErrBadSignature},
		{"garbled header", "t=abc,v1=zz", payload, ErrBadSignature},
		{"tampered body", signed(payload, testSecret), tampered, ErrBadSignature},
		{"signature replayed after an hour", old, payload, ErrBadSignature},
		{"signed junk", signed([]byte("not json"), testSecret), []byte("not json"), ErrBadPayload},
	}
	for _, c := range cases {
		_, err := HandleEvent(app, c.payload, c.header, testSecret)
		if !errors.Is(err, c.want) {
			t.Fatalf("%s: err = %v, want %v", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), testSecret) {
			t.Fatalf("%s: error reveals the secret", c.name)
		}
		wantState(t, app, alice.Id, "free", "")
	}
	if n, _ := app.CountRecords("stripe_events"); n != 0 {
		t.Fatalf("unverified events must not be recorded, got %d", n)
	}
}

func TestWebhookWithoutSecretIsNotConfigured(t *testing.T) {
	app, alice := newApp(t)
	payload := eventJSON(t, "evt_1", "checkout.session.completed", t0, checkoutCompleted(alice.Id, "cus_A", "sub_1", "paid"))
	if _, err := HandleEvent(app, payload, signed(payload, ""), ""); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("err = %v", err)
	}
	wantState(t, app, alice.Id, "free", "")
}
