package hooks

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	migrations "sheetsmith/pb_migrations"
)

// The server's own record of the sources it produced (pb_migrations/1763700300_lineages.go).
// A source is "server-made" for a user when a `generations` record of that user holds its
// hash; each such record belongs to a lineage, which carries the document's edit count and
// its download lock. Recognition rests only on these records, never on anything the client
// says about a source.

const (
	kindSheet = "sheet"
	kindKey   = "key"
)

func sourceHash(src string) string { return migrations.SourceHash(src) }

// sourceLineage is the lineage of a source the server made for userID, or nil when the server
// never made it (hand-written, or changed by even one byte).
func sourceLineage(app core.App, userID, src string) *core.Record {
	var lineageID string
	err := app.DB().Select("lineage").From("generations").
		Where(dbx.HashExp{"owner": userID, "source_hash": sourceHash(src)}).
		AndWhere(dbx.NewExp("lineage != ''")).
		OrderBy("created_at DESC").Limit(1).
		Row(&lineageID)
	if err != nil || lineageID == "" {
		return nil
	}
	l, err := app.FindRecordById("lineages", lineageID)
	if err != nil || l.GetString("owner") != userID {
		return nil
	}
	return l
}

// serverMade reports whether the server itself produced src for userID: what a user without
// an active subscription may compile.
func serverMade(app core.App, userID, src string) bool {
	var n int
	err := app.DB().Select("count(*)").From("generations").
		Where(dbx.HashExp{"owner": userID, "source_hash": sourceHash(src)}).
		Row(&n)
	return err == nil && n > 0
}

// isAnswerKey reports whether src is an answer key the server made for userID (and never a
// sheet of theirs).
func isAnswerKey(app core.App, userID, src string) bool {
	var keys, sheets int
	err := app.DB().Select("count(case when kind = {:key} then 1 end)", "count(case when kind != {:key} then 1 end)").
		From("generations").
		Where(dbx.HashExp{"owner": userID, "source_hash": sourceHash(src)}).
		Bind(dbx.Params{"key": kindKey}).
		Row(&keys, &sheets)
	return err == nil && keys > 0 && sheets == 0
}

// worksheetLineage is the lineage a saved worksheet was made in, or nil for a hand-written one.
func worksheetLineage(app core.App, w *core.Record) *core.Record {
	id := w.GetString("lineage")
	if id == "" {
		return nil
	}
	l, err := app.FindRecordById("lineages", id)
	if err != nil || l.GetString("owner") != w.GetString("owner") {
		return nil
	}
	return l
}

func newLineage(app core.App, userID string) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId("lineages")
	if err != nil {
		return nil, err
	}
	l := core.NewRecord(col)
	l.Set("owner", userID)
	l.Set("edits", 0)
	return l, app.Save(l)
}

// recordSource remembers that the server produced src for userID in lineage l.
func recordSource(app core.App, userID, src string, l *core.Record, kind string) error {
	col, err := app.FindCachedCollectionByNameOrId("generations")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("owner", userID)
	r.Set("source_hash", sourceHash(src))
	r.Set("edits", l.GetInt("edits"))
	r.Set("lineage", l.Id)
	r.Set("kind", kind)
	return app.Save(r)
}

func lineageDownloaded(l *core.Record) bool {
	return l != nil && !l.GetDateTime("downloaded_at").IsZero()
}

// markDownloaded records the first download of a PDF: it locks the lineage the PDF's source
// belongs to, the saved worksheet it was opened from, and every saved worksheet of either
// lineage. ownerID is the user the PDF address was made for.
func markDownloaded(app core.App, ownerID, worksheetID, lineageID string) error {
	now := time.Now().UTC()
	return app.RunInTransaction(func(tx core.App) error {
		lineageIDs := []string{}
		if lineageID != "" {
			lineageIDs = append(lineageIDs, lineageID)
		}
		if worksheetID != "" {
			w, err := tx.FindRecordById("worksheets", worksheetID)
			if err == nil && w.GetString("owner") == ownerID {
				if id := w.GetString("lineage"); id != "" && id != lineageID {
					lineageIDs = append(lineageIDs, id)
				}
				if w.GetDateTime("downloaded_at").IsZero() {
					w.Set("downloaded_at", now)
					if err := tx.Save(w); err != nil {
						return err
					}
				}
			}
		}
		for _, id := range lineageIDs {
			l, err := tx.FindRecordById("lineages", id)
			if err != nil || l.GetString("owner") != ownerID {
				continue
			}
			if l.GetDateTime("downloaded_at").IsZero() {
				l.Set("downloaded_at", now)
				if err := tx.Save(l); err != nil {
					return err
				}
			}
			sheets, err := tx.FindAllRecords("worksheets", dbx.HashExp{"lineage": id, "owner": ownerID})
			if err != nil {
				return err
			}
			for _, w := range sheets {
				if w.GetDateTime("downloaded_at").IsZero() {
					w.Set("downloaded_at", now)
					if err := tx.Save(w); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}
