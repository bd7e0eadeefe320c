package library

import (
	"github.com/pocketbase/pocketbase/core"
)

// A PDF link is bound to its user's session generation: the user's token key, which PocketBase
// changes with the password or the e-mail and EndSession changes at sign-out. Changing it ends
// every session token and every PDF link made before; a deleted user's links end with the user.

// LinkSession is the session generation of user a PDF link made now is bound to.
func LinkSession(user *core.Record) string {
	return user.TokenKey()
}

// EndSession ends every session of userID (at sign-out): a new token key, so no token issued
// before authenticates or refreshes again, on any device, and every PDF link ends with them.
func EndSession(app core.App, userID string) error {
	user, err := app.FindRecordById("users", userID)
	if err != nil {
		return err
	}
	user.RefreshTokenKey()
	return app.Save(user)
}
