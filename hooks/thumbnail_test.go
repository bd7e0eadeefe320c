package hooks

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"testing"

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
