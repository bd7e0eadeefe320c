package library

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A PDF link is bound to its user's session generation: the user's token key (PocketBase
// changes it with the password or the e-mail) and their link epoch (users.links_epoch, which
// signing out bumps). Either changing ends every link made before; a deleted user's links end
// with the user.

// LinkSession is the session generation of user a PDF link made now is bound to.
func LinkSession(user *core.Record) string {
	return user.TokenKey() + "\x00" + user.GetString("links_epoch")
}

// EndLinks ends every PDF link userID holds (at sign-out).
func EndLinks(app core.App, userID string) error {
	_, err := app.DB().Update("users", dbx.Params{"links_epoch": dbx.NewExp("links_epoch + 1")},
		dbx.HashExp{"id": userID}).Execute()
	return err
}
