package library

import (
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// MaxEdits is the spec's "up to 15 edits per document".
const MaxEdits = 15

// The rules of editing a document, as typed errors with the words a teacher reads.
var (
	ErrLocked    = errors.New("This worksheet's PDF has been downloaded, so it can no longer be edited. Start a new worksheet instead.")
	ErrEditsUsed = errors.New("This worksheet has used all 15 edits. Save it, or start a new worksheet for more changes.")
)

// Downloaded reports whether a lineage is locked by a download.
func Downloaded(l *core.Record) bool {
	return l != nil && !l.GetDateTime("downloaded_at").IsZero()
}

// Editable says whether lineage l may take one more edit: nil, ErrLocked or ErrEditsUsed.
func Editable(l *core.Record) error {
	switch {
	case Downloaded(l):
		return ErrLocked
	case l.GetInt("edits") >= MaxEdits:
		return ErrEditsUsed
	}
	return nil
}

// CommitGeneration records a new server-made source src for userID and counts the edit, in
// one transaction that checks the lineage again (a download or another edit may have landed
// while the model was writing). lineageID is the lineage being edited ("" starts a new one);
// worksheetID, when set, is the saved worksheet being edited: it is updated in place and its
// now stale answer key dropped, so a key never drifts from its sheet. It returns the lineage's
// edits.
func CommitGeneration(app core.App, userID, src, lineageID, worksheetID string) (int, error) {
	edits := 0
	err := app.RunInTransaction(func(tx core.App) error {
		var l *core.Record
		var err error
		if lineageID == "" {
			if l, err = NewLineage(tx, userID); err != nil {
				return err
			}
		} else {
			if l, err = tx.FindRecordById("lineages", lineageID); err != nil {
				return err
			}
			if err := Editable(l); err != nil {
				return err
			}
			l.Set("edits", l.GetInt("edits")+1)
			if err := tx.Save(l); err != nil {
				return err
			}
		}
		edits = l.GetInt("edits")
		if err := RecordSource(tx, userID, src, l, KindSheet); err != nil {
			return err
		}
		if worksheetID == "" {
			return nil
		}
		w, err := tx.FindRecordById("worksheets", worksheetID)
		if err != nil {
			return err
		}
		if !w.GetDateTime("downloaded_at").IsZero() {
			return ErrLocked
		}
		w.Set("latex_code", src)
		w.Set("lineage", l.Id)
		w.Set("edit_count", edits)
		w.Set("has_answer_key", false)
		w.Set("answer_key", "")
		w.Set("answer_checks", nil)
		return tx.Save(w)
	})
	return edits, err
}

// MarkDownloaded records the first download of a PDF: it locks the lineage the PDF's source
// belongs to, the saved worksheet it was opened from, and every saved worksheet of either
// lineage. ownerID is the user the PDF address was made for.
func MarkDownloaded(app core.App, ownerID, worksheetID, lineageID string) error {
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
