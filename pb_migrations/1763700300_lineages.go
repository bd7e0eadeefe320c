package migrations

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// SourceHash is how the server recognises a source it produced (generations.source_hash).
func SourceHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// A lineage is one document as it goes through its edits: the first generation starts it,
// every edit of any of its versions counts against it, and a download of any of its versions
// locks it. Every source the server produces (a generation, an edit, a sheet with checked
// answers, an answer key) is recorded in `generations` under its lineage; a saved worksheet
// points at the lineage of the source it was saved from. Nothing the client sends can start
// or join a lineage: only the server's own records do.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		// No API rules: only superusers (dashboard) and server code see it.
		lineages := core.NewBaseCollection("lineages")
		lineages.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.NumberField{Name: "edits", OnlyInt: true},
			&core.DateField{Name: "downloaded_at"},
			&core.AutodateField{Name: "created_at", OnCreate: true},
		)
		lineages.AddIndex("idx_lineages_owner", false, "owner", "")
		if err := app.Save(lineages); err != nil {
			return err
		}

		generations, err := app.FindCollectionByNameOrId("generations")
		if err != nil {
			return err
		}
		generations.Fields.Add(
			&core.RelationField{Name: "lineage", CollectionId: lineages.Id, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "kind", Values: []string{"sheet", "key"}, MaxSelect: 1},
		)
		if err := app.Save(generations); err != nil {
			return err
		}

		worksheets, err := app.FindCollectionByNameOrId("worksheets")
		if err != nil {
			return err
		}
		worksheets.Fields.Add(&core.RelationField{Name: "lineage", CollectionId: lineages.Id, MaxSelect: 1})
		worksheets.AddIndex("idx_worksheets_lineage", false, "lineage", "")
		if err := app.Save(worksheets); err != nil {
			return err
		}
		return backfillLineages(app, lineages)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("worksheets"); err == nil {
			c.RemoveIndex("idx_worksheets_lineage")
			c.Fields.RemoveByName("lineage")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		if c, err := app.FindCollectionByNameOrId("generations"); err == nil {
			c.Fields.RemoveByName("lineage")
			c.Fields.RemoveByName("kind")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		if c, err := app.FindCollectionByNameOrId("lineages"); err == nil {
			return app.Delete(c)
		}
		return nil
	})
}

// backfillLineages gives every earlier generation a lineage of its own and links each saved
// worksheet whose source the server had recorded. A worksheet whose source the server never
// made stays without a lineage: it is hand-written.
func backfillLineages(app core.App, lineages *core.Collection) error {
	gens, err := app.FindAllRecords("generations")
	if err != nil {
		return err
	}
	for _, g := range gens {
		l := core.NewRecord(lineages)
		l.Set("owner", g.GetString("owner"))
		l.Set("edits", g.GetInt("edits"))
		if err := app.Save(l); err != nil {
			return err
		}
		g.Set("lineage", l.Id)
		g.Set("kind", "sheet")
		if err := app.Save(g); err != nil {
			return err
		}
	}
	sheets, err := app.FindAllRecords("worksheets")
	if err != nil {
		return err
	}
	for _, w := range sheets {
		found, err := app.FindRecordsByFilter("generations", "owner = {:o} && source_hash = {:h}", "-edits", 1, 0,
			dbx.Params{"o": w.GetString("owner"), "h": SourceHash(w.GetString("latex_code"))})
		if err != nil || len(found) == 0 {
			continue
		}
		l, err := app.FindRecordById(lineages, found[0].GetString("lineage"))
		if err != nil {
			continue
		}
		l.Set("edits", max(l.GetInt("edits"), w.GetInt("edit_count")))
		if d := w.GetDateTime("downloaded_at"); !d.IsZero() {
			l.Set("downloaded_at", d)
		}
		if err := app.Save(l); err != nil {
			return err
		}
		w.Set("lineage", l.Id)
		if err := app.Save(w); err != nil {
			return err
		}
		if key := w.GetString("answer_key"); key != "" {
			g := core.NewRecord(found[0].Collection())
			g.Set("owner", w.GetString("owner"))
			g.Set("source_hash", SourceHash(key))
			g.Set("edits", l.GetInt("edits"))
			g.Set("lineage", l.Id)
			g.Set("kind", "key")
			if err := app.Save(g); err != nil {
				return err
			}
		}
	}
	return nil
}
