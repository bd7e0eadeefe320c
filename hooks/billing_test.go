package hooks

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/stripe/stripe-go/v85/webhook"

	"sheetsmith/billing/stripemock"
)

const (
	testWebhookSecret = "whsec_hooks_test_secret"
	testStripeKey     = "sk_test_HooksKey123"
)

// billingDeps are the test deps with Stripe configured; apiBase "" leaves the API unset.
func billingDeps(secret, key, apiBase string) Deps {
	d := testDeps()
	d.Config.StripeWebhookSecret = secret
	d.Config.StripeSecretKey = key
	d.Config.StripeAPIBase = apiBase
	return d
}

// billingScenario runs s against a fresh fixture built with d.
func billingScenario(t *testing.T, d Deps, s tests.ApiScenario, setup func(*fixture, *tests.ApiScenario)) {
	t.Helper()
	f := newFixture(t, d)
	if setup != nil {
		setup(f, &s)
	}
	s.TestAppFactory = func(testing.TB) *tests.TestApp { return f.TestApp }
	s.Test(t)
}

// stripeEvent is a Stripe event envelope; created is a Unix second.
func stripeEvent(id, typ string, created int64, object map[string]any) string {
	b, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "created": created, "api_version": "2026-03-25.dahlia",
		"data": map[string]any{"object": object},
	})
	return string(b)
}

func stripeSig(payload, secret string) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: secret}).Header
}

// postEvent delivers payload signed with the test secret and returns the answer's status.
func postEvent(t *testing.T, f *fixture, payload string) int {
	t.Helper()
	rec := serve(t, f, tests.ApiScenario{
		Method: http.MethodPost, URL: "/api/stripe-webhook", Body: strings.NewReader(payload),
		Headers: map[string]string{"Stripe-Signature": stripeSig(payload, testWebhookSecret), "Content-Type": "application/json"},
	})
	return rec.Code
}

func userState(t testing.TB, app core.App, email string) (status, customer string) {
	t.Helper()
	u, err := app.FindAuthRecordByEmail("users", email)
	if err != nil {
		t.Fatal(err)
	}
	return u.GetString("subscription_status"), u.GetString("stripe_customer_id")
}

func wantUser(t testing.TB, app core.App, email, status, customer string) {
	t.Helper()
	if s, c := userState(t, app, email); s != status || c != customer {
		t.Fatalf("%s: (%q, %q), want (%q, %q)", email, s, c, status, customer)
	}
}

func checkoutSession(userID, customer string) map[string]any {
	return map[string]any{"id": "cs_1", "object": "checkout.session", "mode": "subscription", "client_reference_id": userID,
		"customer": customer, "subscription": "sub_1", "payment_status": "paid"}
}

func subscriptionObject(customer, status string) map[string]any {
	return map[string]any{"id": "sub_1", "object": "subscription", "customer": customer, "status": status}
}

var t0 = time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC).Unix()

// Each event type, delivered over HTTP in order, moves alice's Account label as Stripe says.
func TestStripeWebhookEventTypes(t *testing.T) {
	f := newFixture(t, billingDeps(testWebhookSecret, "", ""))
	steps := []struct {
		payload          string
		status, customer string
	}{
		{stripeEvent("evt_1", "checkout.session.completed", t0, checkoutSession(f.alice.Id, "cus_A")), "active", "cus_A"},
		{stripeEvent("evt_2", "customer.subscription.created", t0+1, subscriptionObject("cus_A", "active")), "active", "cus_A"},
		{stripeEvent("evt_3", "invoice.payment_failed", t0+60, map[string]any{"id": "in_1", "object": "invoice", "customer": "cus_A"}), "past_due", "cus_A"},
		{stripeEvent("evt_4", "customer.subscription.updated", t0+120, subscriptionObject("cus_A", "unpaid")), "unpaid", "cus_A"},
		{stripeEvent("evt_5", "customer.subscription.updated", t0+180, subscriptionObject("cus_A", "active")), "active", "cus_A"},
		{stripeEvent("evt_6", "customer.subscription.deleted", t0+240, subscriptionObject("cus_A", "canceled")), "canceled", "cus_A"},
	}
	for _, s := range steps {
		if code := postEvent(t, f, s.payload); code != 200 {
			t.Fatalf("status %d for %s", code, s.payload)
		}
		wantUser(t, f, "alice@example.com", s.status, s.customer)
		profile := httpJSON(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/api/user-profile", Headers: bearer(t, f.alice)})
		if !strings.Contains(profile, `"subscription_status":"`+s.status+`"`) {
			t.Fatalf("profile after %s: %s", s.status, profile)
		}
	}
	wantUser(t, f, "bob@example.com", "active", "")
}

func TestStripeWebhookRejectsUnverified(t *testing.T) {
	payload := stripeEvent("evt_1", "checkout.session.completed", t0, map[string]any{
		"id": "cs_1", "object": "checkout.session", "client_reference_id": "ALICE", "customer": "cus_A", "subscription": "sub_1", "payment_status": "paid"})
	unchanged := func(t testing.TB, app *tests.TestApp, res *http.Response) {
		wantUser(t, app, "alice@example.com", "free", "")
		if n, _ := app.CountRecords("stripe_events"); n != 0 {
			t.Fatalf("%d events recorded", n)
		}
	}
	cases := []struct {
		name, sig, secret string
		status            int
		msg               string
	}{
		{"missing signature", "", testWebhookSecret, 400, `"error":"Missing Stripe-Signature header."`},
		{"signed with another secret", "other", testWebhookSecret, 400, `"error":"Invalid Stripe signature."`},
		{"garbage signature", "t=1,v1=abc", testWebhookSecret, 400, `"error":"Invalid Stripe signature."`},
		{"webhooks not configured", "valid", "", 503, `"error":"Billing is not configured on this server."`},
	}
	for _, c := range cases {
		billingScenario(t, billingDeps(c.secret, "", ""), tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/api/stripe-webhook",
			ExpectedStatus: c.status, ExpectedContent: []string{`"success":false`, c.msg},
			NotExpectedContent: []string{testWebhookSecret, "whsec"},
			AfterTestFunc:      unchanged,
		}, func(f *fixture, s *tests.ApiScenario) {
			body := strings.Replace(payload, "ALICE", f.alice.Id, 1)
			s.Body = strings.NewReader(body)
			s.Headers = map[string]string{}
			switch c.sig {
			case "valid":
				s.Headers["Stripe-Signature"] = stripeSig(body, testWebhookSecret)
			case "other":
				s.Headers["Stripe-Signature"] = stripeSig(body, "whsec_attacker")
			case "":
			default:
				s.Headers["Stripe-Signature"] = c.sig
			}
		})
	}
}

func TestStripeWebhookReplayAndOutOfOrder(t *testing.T) {
	f := newFixture(t, billingDeps(testWebhookSecret, "", ""))
	activate := stripeEvent("evt_1", "checkout.session.completed", t0, checkoutSession(f.alice.Id, "cus_A"))
	cancel := stripeEvent("evt_3", "customer.subscription.deleted", t0+300, subscriptionObject("cus_A", "canceled"))
	lateActive := stripeEvent("evt_2", "customer.subscription.updated", t0+60, subscriptionObject("cus_A", "active"))
	for _, p := range []string{activate, activate, cancel, lateActive, activate, cancel} {
		if code := postEvent(t, f, p); code != 200 {
			t.Fatalf("status %d", code)
		}
	}
	wantUser(t, f, "alice@example.com", "canceled", "cus_A")
	if n, _ := f.CountRecords("stripe_events"); n != 3 {
		t.Fatalf("want 3 distinct events recorded, got %d", n)
	}
}

func TestStripeWebhookUnknownUserIsAcknowledged(t *testing.T) {
	billingScenario(t, billingDeps(testWebhookSecret, "", ""), tests.ApiScenario{
		Name: "unknown customer", Method: http.MethodPost, URL: "/api/stripe-webhook",
		ExpectedStatus: 200, ExpectedContent: []string{`"success":true`, `"outcome":"unknown_user"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			wantUser(t, app, "alice@example.com", "free", "")
			wantUser(t, app, "bob@example.com", "active", "")
		},
	}, func(f *fixture, s *tests.ApiScenario) {
		body := stripeEvent("evt_9", "customer.subscription.updated", t0, subscriptionObject("cus_nobody", "canceled"))
		s.Body = strings.NewReader(body)
		s.Headers = map[string]string{"Stripe-Signature": stripeSig(body, testWebhookSecret)}
	})
}

func TestCreatePortalSession(t *testing.T) {
	base := stripemock.Start(t)
	withCustomer := func(f *fixture, s *tests.ApiScenario) {
		f.bob.Set("stripe_customer_id", "cus_bob")
		if err := f.Save(f.bob); err != nil {
			t.Fatal(err)
		}
		s.Headers = bearer(t, f.bob)
	}
	billingScenario(t, billingDeps("", testStripeKey, base), tests.ApiScenario{
		Name: "customer gets a portal address", Method: http.MethodPost, URL: "/api/create-portal-session",
		ExpectedStatus: 200, ExpectedContent: []string{`"success":true`, `"portalUrl":"https://`},
		NotExpectedContent: []string{testStripeKey},
	}, withCustomer)
	billingScenario(t, billingDeps("", testStripeKey, base), tests.ApiScenario{
		Name: "no customer yet", Method: http.MethodPost, URL: "/api/create-portal-session",
		ExpectedStatus: 400, ExpectedContent: []string{`"success":false`, `"error":"No billing account yet. Choose a plan first."`},
	}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
	billingScenario(t, billingDeps("", "", ""), tests.ApiScenario{
		Name: "billing not configured", Method: http.MethodPost, URL: "/api/create-portal-session",
		ExpectedStatus: 503, ExpectedContent: []string{`"error":"Billing is not configured on this server."`},
	}, withCustomer)
	billingScenario(t, billingDeps("", testStripeKey, base), tests.ApiScenario{
		Name: "signed out", Method: http.MethodPost, URL: "/api/create-portal-session",
		ExpectedStatus: 401, ExpectedContent: []string{`"error":"Authentication required. Please log in again."`},
	}, nil)
	// stripe-mock rejects this key and quotes it in its error: the user sees a plain message.
	const leaky = "rk_live_must_not_leak"
	billingScenario(t, billingDeps("", leaky, base), tests.ApiScenario{
		Name: "provider error", Method: http.MethodPost, URL: "/api/create-portal-session",
		ExpectedStatus: 502, ExpectedContent: []string{`"error":"The billing provider could not be reached. Please try again later."`},
		NotExpectedContent: []string{leaky, "must_not_leak", "Authorization", "invalid_request_error"},
	}, withCustomer)
}

// A user's own calls never touch payment state; only a verified webhook or a superuser does.
// The records API refuses such a change whole, naming the field.
func TestUserCannotChangePaymentState(t *testing.T) {
	fields := []string{`"subscription_status":"active"`, `"stripe_customer_id":"cus_mine"`, `"subscription_updated":"2099-01-01 00:00:00.000Z"`}
	for _, field := range fields {
		name, _, _ := strings.Cut(strings.Trim(field, `"`), `"`)
		unchanged := func(t testing.TB, app *tests.TestApp, res *http.Response) {
			wantUser(t, app, "alice@example.com", "free", "")
			u, _ := app.FindAuthRecordByEmail("users", "alice@example.com")
			if !u.GetDateTime("subscription_updated").IsZero() {
				t.Fatal("subscription_updated changed")
			}
		}
		scenario(t, tests.ApiScenario{
			Name: "PATCH own record with " + field, Method: http.MethodPatch, Body: strings.NewReader(`{` + field + `}`),
			ExpectedStatus: 400, ExpectedContent: []string{`These fields cannot be set: ` + name + `. Nothing was changed.`}, AfterTestFunc: unchanged,
		}, func(f *fixture, s *tests.ApiScenario) {
			s.URL = "/api/collections/users/records/" + f.alice.Id
			s.Headers = bearer(t, f.alice)
		})
		scenario(t, tests.ApiScenario{
			Name: "batch with " + field, Method: http.MethodPost, URL: "/api/batch",
			ExpectedStatus: 403, ExpectedContent: []string{`"data":`}, AfterTestFunc: unchanged,
		}, func(f *fixture, s *tests.ApiScenario) {
			s.Headers = bearer(t, f.alice)
			s.Body = strings.NewReader(`{"requests":[{"method":"PATCH","url":"/api/collections/users/records/` + f.alice.Id + `","body":{` + field + `}}]}`)
		})
		scenario(t, tests.ApiScenario{
			Name: "sign-up with " + field, Method: http.MethodPost, URL: "/api/collections/users/records",
			Headers:        map[string]string{"Content-Type": "application/json"},
			Body:           strings.NewReader(`{"email":"sneaky@example.com","password":"password123","passwordConfirm":"password123",` + field + `}`),
			ExpectedStatus: 400, ExpectedContent: []string{`These fields cannot be set: ` + name + `.`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if _, err := app.FindAuthRecordByEmail("users", "sneaky@example.com"); err == nil {
					t.Fatal("the user must not be created")
				}
			},
		}, nil)
		// Product routes ignore fields they do not know.
		scenario(t, tests.ApiScenario{
			Name: "save-worksheet with " + field, Method: http.MethodPost, URL: "/save-worksheet",
			Body:           strings.NewReader(`{"latexCode":"x",` + field + `}`),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`}, AfterTestFunc: unchanged,
		}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
		billingScenario(t, billingDeps("", testStripeKey, "http://127.0.0.1:1"), tests.ApiScenario{
			Name: "portal with " + field, Method: http.MethodPost, URL: "/api/create-portal-session",
			Body:           strings.NewReader(`{` + field + `}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"error":"No billing account yet. Choose a plan first."`}, AfterTestFunc: unchanged,
		}, func(f *fixture, s *tests.ApiScenario) { s.Headers = bearer(t, f.alice) })
	}
	// A form-encoded PATCH is held to the same rule.
	scenario(t, tests.ApiScenario{
		Name: "form PATCH", Method: http.MethodPatch,
		ExpectedStatus: 400, ExpectedContent: []string{`These fields cannot be set: stripe_customer_id, subscription_status.`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			wantUser(t, app, "alice@example.com", "free", "")
		},
	}, func(f *fixture, s *tests.ApiScenario) {
		s.URL = "/api/collections/users/records/" + f.alice.Id
		s.Headers = map[string]string{"Authorization": "Bearer " + token(t, f.alice), "Content-Type": "application/x-www-form-urlencoded"}
		s.Body = strings.NewReader("subscription_status=active&stripe_customer_id=cus_mine")
	})
}

// The admin dashboard path: a superuser sets the status by hand and the app honours it.
func TestSuperuserCanSetPaymentState(t *testing.T) {
	scenario(t, tests.ApiScenario{
		Name: "superuser PATCH", Method: http.MethodPatch,
		Body:           strings.NewReader(`{"subscription_status":"active","stripe_customer_id":"cus_comp"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"subscription_status":"active"`, `"stripe_customer_id":"cus_comp"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			wantUser(t, app, "alice@example.com", "active", "cus_comp")
		},
	}, func(f *fixture, s *tests.ApiScenario) {
		su := core.NewRecord(mustCollection(t, f, core.CollectionNameSuperusers))
		su.SetEmail("admin@example.com")
		su.SetPassword("password1234")
		if err := f.Save(su); err != nil {
			t.Fatal(err)
		}
		s.URL = "/api/collections/users/records/" + f.alice.Id
		s.Headers = map[string]string{"Authorization": token(t, su), "Content-Type": "application/json"}
	})
}

func mustCollection(t testing.TB, app core.App, name string) *core.Collection {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
