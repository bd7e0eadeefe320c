package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Quotas and links (issue 18). Each worksheet keeps its stored size, so a user's usage is one
// indexed sum, and its picture key (a hash of its source), so the dashboard list never reads a
// source. Each user has a link epoch: signing out bumps it and every PDF link made before dies.
// The epoch is hidden: the records API neither shows it nor lets a user write it.
func init() {
	m.Register(func(app core.App) error {
		worksheets, err := app.FindCollectionByNameOrId("worksheets")
		if err != nil {
			return err
		}
		worksheets.Fields.Add(
			&core.NumberField{Name: "size", OnlyInt: true},
			&core.TextField{Name: "picture", Max: 64},
		)
		if err := app.Save(worksheets); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.NumberField{Name: "links_epoch", OnlyInt: true, Hidden: true})
		if err := app.Save(users); err != nil {
			return err
		}
		return backfillSizes(app)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("worksheets"); err == nil {
			c.Fields.RemoveByName("size")
			c.Fields.RemoveByName("picture")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		if c, err := app.FindCollectionByNameOrId("users"); err == nil {
			c.Fields.RemoveByName("links_epoch")
			return app.Save(c)
		}
		return nil
	})
}

// backfillSizes fills size and picture of the worksheets saved before, one source at a time.
// The same sums as library.Size and library.SourceHash at save time.
func backfillSizes(app core.App) error {
	if _, err := app.DB().NewQuery(`UPDATE worksheets SET size =
		length(CAST(coalesce(latex_code, '') AS BLOB)) + length(CAST(coalesce(answer_key, '') AS BLOB)) +
		coalesce(length(CAST(nullif(answer_checks, 'null') AS BLOB)), 0) + length(CAST(coalesce(document_title, '') AS BLOB))`).Execute(); err != nil {
		return err
	}
	var ids []string
	if err := app.DB().Select("id").From("worksheets").Column(&ids); err != nil {
		return err
	}
	for _, id := range ids {
		var src string
		if err := app.DB().Select("latex_code").From("worksheets").Where(dbx.HashExp{"id": id}).Row(&src); err != nil {
			return err
		}
		if _, err := app.DB().Update("worksheets", dbx.Params{"picture": SourceHash(src)[:32]}, dbx.HashExp{"id": id}).Execute(); err != nil {
			return err
		}
	}
	return nil
}
