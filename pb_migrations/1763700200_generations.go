package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// generations remembers every document the generator produced (by a hash of its source) and
// how many edits led to it, so the edit limit holds however the client trims its chat.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("generations")
		c.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.TextField{Name: "source_hash", Required: true, Max: 64},
			&core.NumberField{Name: "edits", OnlyInt: true},
			&core.AutodateField{Name: "created_at", OnCreate: true},
		)
		c.AddIndex("idx_generations_owner_hash", false, "owner, source_hash", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("generations")
		if err != nil {
			return nil
		}
		return app.Delete(c)
	})
}
