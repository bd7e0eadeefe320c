package hooks

import (
	"fmt"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/library"
)

// BenchmarkFreeUsage is the server-wide free-room check a free save runs: 100,000 worksheets
// of 2,000 accounts.
func BenchmarkFreeUsage(b *testing.B) {
	f := newFixture(b)
	err := f.RunInTransaction(func(tx core.App) error {
		for u := range 2000 {
			id := fmt.Sprintf("benchuser%06d", u)
			if _, err := tx.DB().Insert("users", dbx.Params{"id": id, "email": id + "@example.com", "password": "x", "tokenKey": id, "subscription_status": "free"}).Execute(); err != nil {
				return err
			}
			for w := range 50 {
				if _, err := tx.DB().Insert("worksheets", dbx.Params{"id": fmt.Sprintf("w%06d%02d", u, w), "owner": id, "size": 5000}).Execute(); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := library.FreeUsage(f); err != nil {
			b.Fatal(err)
		}
	}

}
