package hooks

import (
	"context"
	"database/sql"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"sheetsmith/library"
)

// sourceColumn matches the answer key's column (and not has_answer_key).
var sourceColumn = regexp.MustCompile("[^_]answer_key")

// recordQueries captures every SQL statement f runs from now on.
func recordQueries(f *fixture) func() []string {
	var mu sync.Mutex
	var seen []string
	log := func(_ context.Context, _ time.Duration, q string, _ *sql.Rows, _ error) {
		mu.Lock()
		seen = append(seen, q)
		mu.Unlock()
	}
	for _, db := range []dbx.Builder{f.ConcurrentDB(), f.NonconcurrentDB()} {
		db.(*dbx.DB).QueryLogFunc = log
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// Issue 18 (3): the dashboard list never reads a source. A large planted source is neither in
// the answer nor in any query the list runs; the list carries what the dashboard shows and
// the picture key.
func TestListReadsNoSources(t *testing.T) {
	f := newFixture(t)
	const secret = "PLANTED-SOURCE-SECRET-90ab"
	big := `\documentclass{article}\begin{document}` + secret + strings.Repeat(" filler", 25_000) + `\end{document}`
	w := f.sheet(t, f.alice, "Big one", big)
	queries := recordQueries(f)
	code, out := do(t, f, http.MethodGet, "/my-worksheets", bearer(t, f.alice), "")
	if code != 200 || out["success"] != true {
		t.Fatalf("%d %v", code, out)
	}
	if body := toJSON(out); strings.Contains(body, secret) || strings.Contains(body, "latex_code") || len(body) > 2000 {
		t.Fatalf("the list carries a source: %.300s", body)
	}
	first := out["worksheets"].([]any)[0].(map[string]any)
	if first["id"] != w.Id || first["document_title"] != "Big one" || first["picture"] != library.Picture(big) || first["created_at"] == "" {
		t.Fatalf("summary: %v", first)
	}
	listed := false
	for _, q := range queries() {
		if !strings.Contains(q, "worksheets") {
			continue
		}
		listed = true
		if strings.Contains(q, "latex_code") || sourceColumn.MatchString(q) || strings.Contains(q, ".*") || strings.Contains(q, "SELECT *") {
			t.Fatalf("the list query reads sources: %s", q)
		}
	}
	if !listed {
		t.Fatal("no list query was recorded")
	}
}

// Issue 18 (3): the list comes in pages, newest first; following nextCursor shows every
// worksheet exactly once, even when one is deleted between pages.
func TestListIsPaginated(t *testing.T) {
	f := newFixture(t)
	for i := range 7 {
		f.sheet(t, f.alice, "Sheet "+string(rune('A'+i)), "src")
	}
	alice := bearer(t, f.alice)
	var seen []string
	cursor := ""
	for page := 0; ; page++ {
		url := "/my-worksheets?perPage=3"
		if cursor != "" {
			url += "&cursor=" + cursor
		}
		code, out := do(t, f, http.MethodGet, url, alice, "")
		if code != 200 || out["totalItems"] != float64(8-min(page, 1)) || out["perPage"] != float64(3) {
			t.Fatalf("page %d: %d %v", page, code, out)
		}
		list := out["worksheets"].([]any)
		for _, w := range list {
			seen = append(seen, w.(map[string]any)["id"].(string))
		}
		cursor, _ = out["nextCursor"].(string)
		if page == 0 {
			// The oldest worksheet is deleted while the user reads page one.
			if code, _ := do(t, f, http.MethodDelete, "/my-worksheets/"+f.aliceSheet.Id, alice, ""); code != 200 {
				t.Fatal("delete")
			}
		}
		if cursor == "" {
			if len(list) == 0 || len(list) > 3 {
				t.Fatalf("last page of %d", len(list))
			}
			break
		}
		if len(list) != 3 || page > 3 {
			t.Fatalf("page %d has %d", page, len(list))
		}
	}
	if len(seen) != 7 {
		t.Fatalf("want the 7 remaining worksheets once each, got %v", seen)
	}
	all, _ := f.FindRecordsByFilter("worksheets", "owner = {:o}", "-created_at,-id", 0, 0, dbx.Params{"o": f.alice.Id})
	for i, r := range all {
		if seen[i] != r.Id {
			t.Fatalf("order: newest first; %v", seen)
		}
	}
	for _, bad := range []string{"?cursor=not-a-cursor", "?perPage=0", "?perPage=x"} {
		if code, out := do(t, f, http.MethodGet, "/my-worksheets"+bad, alice, ""); code != 400 || out["success"] != false {
			t.Fatalf("%s: %d %v", bad, code, out)
		}
	}
	// Without parameters: the first page of the default size.
	if code, out := do(t, f, http.MethodGet, "/my-worksheets", alice, ""); code != 200 || out["perPage"] != float64(library.DefaultPerPage) || out["nextCursor"] != "" {
		t.Fatalf("default page: %d %v", code, out)
	}
}

// BenchmarkListOverLargeSources lists a page of 200 worksheets whose sources are 150 kB each
// (30 MB in all): the bytes allocated per list are those of the titles, not the sources.
func BenchmarkListOverLargeSources(b *testing.B) {
	f := newFixture(b)
	big := strings.Repeat("x", 150_000)
	for i := range 200 {
		f.sheet(b, f.alice, "Sheet", big+string(rune('a'+i%26)))
	}
	h := handler(b, f)
	headers := bearer(b, f.alice)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if rec := call(h, http.MethodGet, "/my-worksheets?perPage=200", headers, ""); rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}
