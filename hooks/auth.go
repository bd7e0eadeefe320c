package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// requireUser lets through only requests signed in as a `users` record. PocketBase has
// already validated the bearer token; a bad or expired one leaves e.Auth empty.
func requireUser(e *core.RequestEvent) error {
	if e.Auth == nil || e.Auth.Collection().Name != "users" {
		return fail(e, http.StatusUnauthorized, msgAuthRequired)
	}
	return e.Next()
}

// isActive reports whether the user's subscription unlocks generation.
func isActive(user *core.Record) bool {
	return user.GetString("subscription_status") == "active"
}

// requireActive must run after requireUser.
func requireActive(e *core.RequestEvent) error {
	if !isActive(e.Auth) {
		return fail(e, http.StatusForbidden, msgNeedActive)
	}
	return e.Next()
}

// defaultFreeStatus gives every new user the free status, whoever creates the record.
func defaultFreeStatus(e *core.RecordEvent) error {
	if e.Record.GetString("subscription_status") == "" {
		e.Record.Set("subscription_status", "free")
	}
	return e.Next()
}
