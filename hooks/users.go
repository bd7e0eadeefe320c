package hooks

import (
	"net/http"
	"sort"
	"strings"

	validation "github.com/go-ozzo/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// userSettable are the body keys a user may send to the records API for their own record (a
// sign-up or an edit). Everything else (billing fields, verified, token key, any other key) is
// the server's: superusers and server code set it. A list of what is allowed, so a field
// added later is the server's until it is named here.
var userSettable = map[string]bool{
	"email": true, "emailVisibility": true, "name": true, "avatar": true,
	"password": true, "passwordConfirm": true, "oldPassword": true,
}

// bindUserRecords guards the users records API: a request that would set a field the user may
// not set is refused whole with 400 naming the fields (PocketBase alone would ignore some and
// hide the rest), and sign-ups stop below the free-disk floor.
func bindUserRecords(app core.App, lim *limits) {
	app.OnRecordCreateRequest("users").BindFunc(func(e *core.RecordRequestEvent) error {
		if err := refuseServerFields(e); err != nil {
			return err
		}
		if !e.HasSuperuserAuth() && lim.lowDisk(e.App) != nil {
			e.Response.Header().Set("Retry-After", "60")
			return router.NewApiError(http.StatusServiceUnavailable, msgLowDiskSignUp, nil)
		}
		return e.Next()
	})
	app.OnRecordUpdateRequest("users").BindFunc(func(e *core.RecordRequestEvent) error {
		if err := refuseServerFields(e); err != nil {
			return err
		}
		return e.Next()
	})
}

func refuseServerFields(e *core.RecordRequestEvent) error {
	if e.HasSuperuserAuth() {
		return nil
	}
	// The body as PocketBase reads it, modifiers resolved; it has already dropped the hidden
	// fields (the token key), which it never lets a user write.
	info, err := e.RequestInfo()
	if err != nil {
		return router.NewBadRequestError("Failed to read the submitted data.", nil)
	}
	refused := validation.Errors{}
	var names []string
	for k := range info.Body {
		if userSettable[k] {
			continue
		}
		k = cutUTF8(k, 64) // a key is echoed back: bounded
		if len(refused) < 10 {
			refused[k] = validation.NewError("validation_field_not_settable", "Only the server sets this field.")
			names = append(names, k)
		}
	}
	if len(refused) == 0 {
		return nil
	}
	sort.Strings(names)
	return router.NewBadRequestError("These fields cannot be set: "+strings.Join(names, ", ")+". Nothing was changed.", refused)
}
