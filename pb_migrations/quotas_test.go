package migrations

import (
	"os"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Worksheets saved before quotas get their stored size and picture key, so the quota and the
// dashboard list count them without reading a source.
func TestBackfillSizes(t *testing.T) {
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
	users, _ := app.FindCollectionByNameOrId("users")
	u := core.NewRecord(users)
	u.SetEmail("old@example.com")
	u.SetPassword("password123")
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	worksheets, _ := app.FindCollectionByNameOrId("worksheets")
	w := core.NewRecord(worksheets)
	w.Set("owner", u.Id)
	w.Set("document_title", "Café")     // 5 bytes
	w.Set("latex_code", "\\section{π}") // 12 bytes
	w.Set("answer_key", "key")          // 3 bytes
	if err := app.Save(w); err != nil {
		t.Fatal(err)
	}
	if err := backfillSizes(app); err != nil {
		t.Fatal(err)
	}
	w, _ = app.FindRecordById("worksheets", w.Id)
	if got := w.GetInt("size"); got != 5+12+3 { // no answer checks
		t.Fatalf("size %d, want %d", got, 5+12+3)
	}
	if w.GetString("picture") != SourceHash("\\section{π}")[:32] {
		t.Fatalf("picture %q", w.GetString("picture"))
	}
}
