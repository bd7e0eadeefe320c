package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// protectedBillingFields extends the init migration's list with the billing clock, which a
// user could otherwise push into the future to make every later webhook look stale.
const protectedBillingFields = protectedUserFields + ` && @request.body.subscription_updated:isset = false`

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		// The Stripe time of the last status change applied, so an older event delivered late
		// never moves a user back.
		users.Fields.Add(&core.DateField{Name: "subscription_updated"})
		users.CreateRule = types.Pointer(protectedBillingFields)
		users.UpdateRule = types.Pointer("id = @request.auth.id && " + protectedBillingFields)
		if err := app.Save(users); err != nil {
			return err
		}

		// Ids of webhook events already applied, so a redelivery changes nothing.
		// No API rules: only superusers (dashboard) and server code see it.
		events := core.NewBaseCollection("stripe_events")
		events.Fields.Add(
			&core.TextField{Name: "event_id", Required: true, Max: 255},
			&core.TextField{Name: "type", Max: 100},
			&core.AutodateField{Name: "created_at", OnCreate: true},
		)
		events.AddIndex("idx_stripe_events_event_id", true, "event_id", "")
		return app.Save(events)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("stripe_events"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("subscription_updated")
		users.CreateRule = types.Pointer(protectedUserFields)
		users.UpdateRule = types.Pointer("id = @request.auth.id && " + protectedUserFields)
		return app.Save(users)
	})
}
