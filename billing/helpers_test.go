package billing

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/stripe/stripe-go/v85/webhook"

	_ "sheetsmith/pb_migrations"
)

const testSecret = "whsec_test_billing_secret"

// newApp is a fresh app (all migrations) with one free user, alice.
func newApp(t *testing.T) (*tests.TestApp, *core.Record) {
	t.Helper()
	dir, err := os.MkdirTemp("", "sheetsmith-billing-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir) // the test app works on its own clone
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	return app, newUser(t, app, "alice@example.com")
}

// newUser adds a free user.
func newUser(t *testing.T, app core.App, email string) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	u := core.NewRecord(col)
	u.SetEmail(email)
	u.SetPassword("password123")
	u.Set("subscription_status", "free")
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	return u
}

// eventJSON is a Stripe event envelope around object, created at the given Unix second.
func eventJSON(t testing.TB, id, typ string, created int64, object map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "created": created,
		"api_version": "2026-03-25.dahlia", "livemode": false,
		"data": map[string]any{"object": object},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signed is payload with a valid Stripe-Signature header made by stripe-go's test helper.
func signed(payload []byte, secret string) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret}).Header
}

// deliver sends payload as Stripe would and fails the test on an error.
func deliver(t *testing.T, app core.App, payload []byte) Outcome {
	t.Helper()
	out, err := HandleEvent(app, payload, signed(payload, testSecret), testSecret)
	if err != nil {
		t.Fatalf("HandleEvent: %v", err)
	}
	return out
}

func checkoutCompleted(userID, customer, subscription, paymentStatus string) map[string]any {
	o := map[string]any{
		"id": "cs_test_1", "object": "checkout.session", "mode": "subscription",
		"client_reference_id": userID, "customer": customer, "payment_status": paymentStatus,
	}
	if subscription != "" {
		o["subscription"] = subscription
	}
	return o
}

func subscription(customer, status string, metadata map[string]string) map[string]any {
	return map[string]any{"id": "sub_test_1", "object": "subscription", "customer": customer, "status": status, "metadata": metadata}
}

func failedInvoice(customer string) map[string]any {
	return map[string]any{"id": "in_test_1", "object": "invoice", "customer": customer, "status": "open"}
}

// state is what the user's record now says.
func state(t *testing.T, app core.App, id string) (status, customer string) {
	t.Helper()
	u, err := app.FindRecordById("users", id)
	if err != nil {
		t.Fatal(err)
	}
	return u.GetString("subscription_status"), u.GetString("stripe_customer_id")
}

func wantState(t *testing.T, app core.App, id, status, customer string) {
	t.Helper()
	s, c := state(t, app, id)
	if s != status || c != customer {
		t.Fatalf("user state = (%q, %q), want (%q, %q)", s, c, status, customer)
	}
}

var t0 = time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC).Unix()
