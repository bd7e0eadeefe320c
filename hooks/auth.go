package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/library"
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

// mayCompile is the one rule of who compiles what: a subscriber anything, anyone else only
// sources the server itself made for them (their lineage). A picture and an export's figures
// are compiles too.
func mayCompile(e *core.RequestEvent, src string) bool {
	return isActive(e.Auth) || library.SourceLineage(e.App, e.Auth.Id, src) != nil
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

// signOut answers POST /api/sign-out: the user's token key changes, so the token of this and
// every other session stops authenticating (and cannot be refreshed), and every PDF link the
// user was given ends.
func signOut(e *core.RequestEvent) error {
	if err := library.EndSession(e.App, e.Auth.Id); err != nil {
		e.App.Logger().Error("sign out", "error", err)
		return fail(e, http.StatusInternalServerError, msgInternalFailed)
	}
	return ok(e, nil)
}

// passwordRule is the users collection's password length rule, which the sign-up and reset
// forms show and check before asking (the collection is the one place the numbers live).
func passwordRule(app core.App) (minLength, maxLength int) {
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return 0, 0
	}
	pw, ok := users.Fields.GetByName("password").(*core.PasswordField)
	if !ok {
		return 0, 0
	}
	maxLength = pw.Max
	if maxLength <= 0 {
		maxLength = 71 // PocketBase's bcrypt limit when the field sets none
	}
	return pw.Min, maxLength
}
