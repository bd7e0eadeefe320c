package library

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The server's own record of the sources it produced (pb_migrations/1763700300_lineages.go).
// A source is "server-made" for a user when a `generations` record of that user holds its
// hash; each such record belongs to a lineage, which carries the document's edit count and
// its download lock. Recognition rests only on these records, never on anything the client
// says about a source.

// Kinds of recorded sources.
const (
	KindSheet = "sheet"
	KindKey   = "key"
)

// SourceHash is how the server recognises a source it produced (generations.source_hash).
func SourceHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// SourceLineage is the lineage of a source the server made for userID, or nil when the server
// never made it (hand-written, or changed by even one byte).
func SourceLineage(app core.App, userID, src string) *core.Record {
	var lineageID string
	err := app.DB().Select("lineage").From("generations").
		Where(dbx.HashExp{"owner": userID, "source_hash": SourceHash(src)}).
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

// IsAnswerKey reports whether src is an answer key the server made for userID (and never a
// sheet of theirs).
func IsAnswerKey(app core.App, userID, src string) bool {
	var keys, sheets int
	err := app.DB().Select("count(case when kind = {:key} then 1 end)", "count(case when kind != {:key} then 1 end)").
		From("generations").
		Where(dbx.HashExp{"owner": userID, "source_hash": SourceHash(src)}).
		Bind(dbx.Params{"key": KindKey}).
		Row(&keys, &sheets)
	return err == nil && keys > 0 && sheets == 0
}

// WorksheetLineage is the lineage a saved worksheet was made in, or nil for a hand-written one.
func WorksheetLineage(app core.App, w *core.Record) *core.Record {
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

// NewLineage starts a document's lineage: no edits, not locked.
func NewLineage(app core.App, userID string) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId("lineages")
	if err != nil {
		return nil, err
	}
	l := core.NewRecord(col)
	l.Set("owner", userID)
	l.Set("edits", 0)
	return l, app.Save(l)
}

// RecordSource remembers that the server produced src for userID in lineage l.
func RecordSource(app core.App, userID, src string, l *core.Record, kind string) error {
	col, err := app.FindCachedCollectionByNameOrId("generations")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("owner", userID)
	r.Set("source_hash", SourceHash(src))
	r.Set("edits", l.GetInt("edits"))
	r.Set("lineage", l.Id)
	r.Set("kind", kind)
	return app.Save(r)
}
