package billing

import (
	"context"
	"errors"
	"strings"
	"testing"

	"sheetsmith/billing/stripemock"
	"sheetsmith/config"
)

func stripeConfig(key, base string) config.Config {
	return config.FromLookup(func(k string) string {
		return map[string]string{"STRIPE_SECRET_KEY": key, "STRIPE_API_BASE": base}[k]
	})
}

func TestPortalURLFromStripeMock(t *testing.T) {
	base := stripemock.Start(t)
	url, err := PortalURL(context.Background(), stripeConfig("sk_test_123", base+"/"), "cus_123", "http://127.0.0.1:8090/account")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(url, "https://") {
		t.Fatalf("portal url %q", url)
	}
}

func TestPortalURLErrors(t *testing.T) {
	base := stripemock.Start(t)
	ctx := context.Background()
	if _, err := PortalURL(ctx, stripeConfig("", base), "cus_123", "http://x/account"); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("no key: %v", err)
	}
	if _, err := PortalURL(ctx, stripeConfig("sk_test_123", base), "", "http://x/account"); !errors.Is(err, ErrNoCustomer) {
		t.Fatalf("no customer: %v", err)
	}
	// stripe-mock rejects a key that does not look like a test key and quotes it back: the
	// error we pass on must not.
	const key = "rk_live_do_not_leak_me"
	_, err := PortalURL(ctx, stripeConfig(key, base), "cus_123", "http://x/account")
	if !errors.Is(err, ErrProvider) || strings.Contains(err.Error(), key) || strings.Contains(err.Error(), "do_not_leak") {
		t.Fatalf("rejected key: %v", err)
	}
	// Nothing listening.
	_, err = PortalURL(ctx, stripeConfig(key, "http://127.0.0.1:1"), "cus_123", "http://x/account")
	if !errors.Is(err, ErrProvider) || strings.Contains(err.Error(), key) {
		t.Fatalf("unreachable: %v", err)
	}
}
