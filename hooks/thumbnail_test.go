package hooks

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sheetsmith/latex"
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

// One user's slow pictures (a page built to take pdftoppm its whole time limit) hold every
// drawing slot but one: another user's picture is drawn meanwhile.
func TestThumbnailsOfOneUserDoNotHoldEverySlot(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	mux := handler(t, f)
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
	rasterize = func(ctx context.Context, _ *painter, app core.App, pdf []byte) ([]byte, error) {
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
	for i := range drawSlots + 1 {
		sheet := f.sheet(t, f.bob, "Slow", fmt.Sprintf(`\documentclass{article}\begin{document}Slow page %d \textbf{b} \textit{i} \texttt{t} \textsf{s} $\int x$\end{document}`, i))
		wg.Add(1)
		go func() { defer wg.Done(); get(f.bob, sheet) }()
	}
	defer func() { close(release); wg.Wait() }()
	// Bob, alone, draws in parallel: every slot but one.
	deadline := time.Now().Add(30 * time.Second)
	for int(slow.Load()) < drawSlots-1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := int(slow.Load()); n != drawSlots-1 {
		t.Fatalf("bob draws %d pictures at once, want %d (every slot but one)", n, drawSlots-1)
	}
	time.Sleep(300 * time.Millisecond) // bob's other pictures reach the slots too, if they may
	if n := int(slow.Load()); n != drawSlots-1 {
		t.Fatalf("bob took %d of %d slots", n, drawSlots)
	}
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

// When users wait, a freed slot goes to the one drawing least, not to whoever holds most; a
// request that goes away stops waiting and takes no slot.
func TestDrawGateSharesFreedSlots(t *testing.T) {
	g := newDrawGate(3)
	ctx := context.Background()
	var bobs []func()
	for range 2 {
		rel, err := g.acquire(ctx, "bob")
		if err != nil {
			t.Fatal(err)
		}
		bobs = append(bobs, rel)
	}
	carol, _ := g.acquire(ctx, "carol") // the last slot
	got := make(chan string, 3)
	wait := func(user string) {
		rel, err := g.acquire(ctx, user)
		if err == nil {
			got <- user
			_ = rel
		}
	}
	go wait("bob")
	for g.status().Waiting != 1 {
		time.Sleep(time.Millisecond)
	}
	go wait("dave")
	for g.status().Waiting != 2 {
		time.Sleep(time.Millisecond)
	}
	gone, cancel := context.WithCancel(ctx)
	cancelled := make(chan error, 1)
	go func() { _, err := g.acquire(gone, "erin"); cancelled <- err }()
	for g.status().Waiting != 3 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-cancelled; err == nil {
		t.Fatal("a cancelled wait got a slot")
	}
	bobs[0]() // bob frees a slot: dave, who draws nothing, gets it before bob's third
	if first := <-got; first != "dave" {
		t.Fatalf("the freed slot went to %s, want dave", first)
	}
	carol()
	if next := <-got; next != "bob" {
		t.Fatalf("then %s, want bob", next)
	}
	if s := g.status(); s.Drawing != 3 || s.Waiting != 0 || s.Most != 3 {
		t.Fatalf("status: %+v", s)
	}
}

// A picture that cannot be drawn (a page built to spend the rasteriser's whole CPU limit) is drawn once:
// later requests answer the same failure at once, without compiling or drawing again, until
// the sheet changes or is deleted. A drawing cut short by the request going away is not
// remembered.
func TestAFailingPictureIsDrawnOnce(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	sheet := f.sheet(t, f.bob, "Heavy", `\documentclass{article}\begin{document}A page pdftoppm gives up on\end{document}`)
	var attempts atomic.Int32
	orig := rasterize
	rasterize = func(ctx context.Context, _ *painter, app core.App, pdf []byte) ([]byte, error) {
		attempts.Add(1)
		return nil, fmt.Errorf("%w: killed at its CPU limit", latex.ErrNoPicture)
	}
	t.Cleanup(func() { rasterize = orig })
	get := func() (int, string) {
		rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/worksheet/" + sheet.Id + "/thumbnail", Headers: bearer(t, f.bob)})
		return rec.Code, rec.Body.String()
	}
	code, first := get()
	if code != http.StatusInternalServerError || !strings.Contains(first, msgNoPicture) {
		t.Fatalf("first request: %d %s", code, first)
	}
	for range 3 {
		if code, body := get(); code != http.StatusInternalServerError || body != first {
			t.Fatalf("a later request: %d %s, want %s", code, body, first)
		}
	}
	if n := attempts.Load(); n != 1 {
		t.Fatalf("the failing picture was drawn %d times, want once", n)
	}
	// Deleting the worksheet forgets the failure with the picture.
	if err := f.Delete(sheet); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(f.DataDir(), "thumbnails", "*")); len(left) != 0 {
		t.Fatalf("left after deleting the worksheet: %v", left)
	}

	// A drawing that stopped because the request went away is tried again next time.
	other := f.sheet(t, f.bob, "Cancelled", `\documentclass{article}\begin{document}Drawn later\end{document}`)
	rasterize = func(ctx context.Context, _ *painter, app core.App, pdf []byte) ([]byte, error) {
		attempts.Add(1)
		return nil, context.Canceled
	}
	attempts.Store(0)
	for range 2 {
		serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: "/worksheet/" + other.Id + "/thumbnail", Headers: bearer(t, f.bob)})
	}
	if n := attempts.Load(); n != 2 {
		t.Fatalf("a cancelled drawing was remembered as a failure (%d attempts for 2 requests)", n)
	}
}

// A dashboard asking for many pictures of uncompiled sheets at once takes one place in its
// user's compile queue at a time: none of them is turned away with 429, and the user's own
// compile still finds room.
func TestManyPicturesTakeOnePlaceInTheCompileQueue(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	mux := handler(t, f)
	const n = 8
	codes := make(chan int, n)
	var wg sync.WaitGroup
	for i := range n {
		sheet := f.sheet(t, f.bob, "Cold", fmt.Sprintf(`\documentclass{article}\begin{document}Cold picture %d\end{document}`, i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest(http.MethodGet, "/worksheet/"+sheet.Id+"/thumbnail", nil)
			req.Header.Set("Authorization", "Bearer "+token(t, f.bob))
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			codes <- rec.Code
		}()
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusOK {
			t.Fatalf("a picture answered %d, want every one 200", code)
		}
	}
}
