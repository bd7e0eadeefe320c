package migrations

import (
	"os"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Data from before lineages: each recorded generation gets a lineage; a saved worksheet whose
// source the server recorded joins it (count, download and key included); a worksheet the
// server never made stays hand-written.
func TestBackfillLineages(t *testing.T) {
	dir, err := os.MkdirTemp("", "sheetsmith-migrations-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	save := func(collection string, fields map[string]any) *core.Record {
		t.Helper()
		col, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(col)
		for k, v := range fields {
			r.Set(k, v)
		}
		if collection == "users" {
			r.SetPassword("password123")
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	user := save("users", map[string]any{"email": "old@example.com"})
	made, hand := "made by the server", "written by hand"
	save("generations", map[string]any{"owner": user.Id, "source_hash": SourceHash(made), "edits": 2})
	sheet := save("worksheets", map[string]any{"owner": user.Id, "latex_code": made, "edit_count": 3, "downloaded_at": "2026-11-01 10:00:00.000Z", "answer_key": "its key"})
	handSheet := save("worksheets", map[string]any{"owner": user.Id, "latex_code": hand})

	lineages, err := app.FindCollectionByNameOrId("lineages")
	if err != nil {
		t.Fatal(err)
	}
	if err := backfillLineages(app, lineages); err != nil {
		t.Fatal(err)
	}
	sheet, _ = app.FindRecordById("worksheets", sheet.Id)
	l, err := app.FindRecordById("lineages", sheet.GetString("lineage"))
	if err != nil {
		t.Fatal("the generated worksheet should join its lineage")
	}
	if l.GetInt("edits") != 3 || l.GetDateTime("downloaded_at").IsZero() || l.GetString("owner") != user.Id {
		t.Fatalf("lineage: edits %d, downloaded %v", l.GetInt("edits"), l.GetDateTime("downloaded_at"))
	}
	key, err := app.FindFirstRecordByData("generations", "source_hash", SourceHash("its key"))
	if err != nil || key.GetString("lineage") != l.Id || key.GetString("kind") != "key" {
		t.Fatal("the worksheet's answer key should be recorded in its lineage")
	}
	handSheet, _ = app.FindRecordById("worksheets", handSheet.Id)
	if handSheet.GetString("lineage") != "" {
		t.Fatal("a hand-written worksheet must not join a lineage")
	}
}
