package hooks

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

func TestThumbnailIsAPNGOfPageOneDrawnOnce(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	sheet := f.sheet(t, f.bob, "Hello", helloTeX)
	get := func() (int, []byte, string) {
		rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/worksheet/" + sheet.Id + "/thumbnail", Headers: bearer(t, f.bob)})
		return rec.Code, rec.Body.Bytes(), rec.Header().Get("Content-Type")
	}
	code, png, ctype := get()
	if code != 200 || ctype != "image/png" || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("want a PNG, got %d %s %q", code, ctype, png[:min(len(png), 80)])
	}
	cached, _ := filepath.Glob(filepath.Join(f.DataDir(), "thumbnails", "*.png"))
	if len(cached) != 1 {
		t.Fatalf("want one cached picture, got %v", cached)
	}
	// The second answer comes from the cache: replace the file and see it served.
	if err := os.WriteFile(cached[0], []byte("\x89PNGcached"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, again, _ := get(); string(again) != "\x89PNGcached" {
		t.Fatalf("second request did not use the cached picture")
	}
	// Deleting the worksheet removes its picture.
	if err := f.Delete(sheet); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cached[0]); !os.IsNotExist(err) {
		t.Fatalf("the deleted worksheet's picture is still there: %v", err)
	}
}

func TestThumbnailOfAnotherUsersWorksheetIs404(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/worksheet/" + f.bobSheet.Id + "/thumbnail", Headers: bearer(t, f.alice)})
	if rec.Code != 404 {
		t.Fatalf("want 404, got %d", rec.Code)
	}
}

// A picture is a compile: a free user's hand-written sheet is not compiled for one.
func TestThumbnailOfAFreeUsersHandWrittenSheetIsRefused(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	sheet := f.sheet(t, f.alice, "Mine", helloTeX)
	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/worksheet/" + sheet.Id + "/thumbnail", Headers: bearer(t, f.alice)})
	if rec.Code != http.StatusForbidden {
		t.Fatalf("want 403, got %d", rec.Code)
	}
	if cached, _ := filepath.Glob(filepath.Join(f.DataDir(), "thumbnails", "*.png")); len(cached) != 0 {
		t.Fatalf("a picture was drawn: %v", cached)
	}
}

// One user's slow pictures (a page built to take pdftoppm its whole time limit) hold at most
// one drawing slot: another user's picture is drawn meanwhile.
func TestThumbnailsOfOneUserDoNotHoldEverySlot(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	mux := func() http.Handler {
		r, err := apis.NewRouter(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.OnServe().Trigger(&core.ServeEvent{App: f, Router: r}, func(e *core.ServeEvent) error { return e.Next() }); err != nil {
			t.Fatal(err)
		}
		m, err := r.BuildMux()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}()
	get := func(user *core.Record, sheet *core.Record) int {
		req := httptest.NewRequest(http.MethodGet, "/worksheet/"+sheet.Id+"/thumbnail", nil)
		req.Header.Set("Authorization", "Bearer "+token(t, user))
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code
	}
	release := make(chan struct{})
	var slow atomic.Int32
	orig := rasterize
	rasterize = func(ctx context.Context, pdf []byte, unsandboxed bool) ([]byte, error) {
		if len(pdf) > 40_000 { // bob's pages, with their five fonts; alice's one-font page is ~13 kB

			slow.Add(1)
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
		return []byte("\x89PNG"), nil
	}
	t.Cleanup(func() { rasterize = orig })
	var wg sync.WaitGroup
	for i := range thumbnailWorkers + 1 {
		sheet := f.sheet(t, f.bob, "Slow", fmt.Sprintf(`\documentclass{article}\begin{document}Slow page %d \textbf{b} \textit{i} \texttt{t} \textsf{s} $\int x$\end{document}`, i))
		wg.Add(1)
		go func() { defer wg.Done(); get(f.bob, sheet) }()
	}
	defer func() { close(release); wg.Wait() }()
	deadline := time.Now().Add(20 * time.Second)
	for slow.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // bob's other pictures reach the slots too, if they may
	mine := f.generatedSheet(t, f.alice, "Quick", `\documentclass{article}\begin{document}Quick page\end{document}`)
	done := make(chan int, 1)
	go func() { done <- get(f.alice, mine) }()
	select {
	case code := <-done:
		if code != http.StatusOK {
			t.Fatalf("alice's picture: %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("alice's picture waited behind bob's (%d of bob's drawing)", slow.Load())
	}
}

// A server killed while drawing leaves its job directory behind; the next one removes it and
// keeps the directories of processes that still run.
func TestStaleThumbnailJobsAreRemoved(t *testing.T) {
	root := t.TempDir()
	gone := filepath.Join(root, "p2147483646-1") // no such process
	live := filepath.Join(root, "p"+strconv.Itoa(os.Getpid())+"-1")
	for _, d := range []string{gone, live} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "in.pdf"), []byte("a teacher's sheet"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	removeStaleJobs(root)
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Fatalf("a dead server's job is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Fatalf("a running server's job was removed: %v", err)
	}
}
