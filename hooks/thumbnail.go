package hooks

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
	"sheetsmith/queue"
)

// Thumbnails: the first page of a saved worksheet as a small PNG for the dashboard. The sheet
// is compiled by the same compiler as every other compile (sandbox, limits, queue and its 429),
// the page drawn once by latex's rasteriser (the same sandbox runner as TeX), and the PNG kept
// in the data dir under the source's cache key, so an edited sheet gets a new picture and an
// unchanged one is never drawn twice. A picture that cannot be drawn is remembered the same
// way (a .failed marker), so it costs one drawing, not one per dashboard visit.
const thumbnailWidth = 360

const msgNoPicture = "The preview picture could not be made."

// rasterize draws a PDF's first page (a variable so tests can make it slow or fail).
var rasterize = rasterFirstPage

// pictureCompiles lets each user compile one sheet for a picture at a time.
var pictureCompiles = &turns{users: map[string]*turn{}}

// turns is one-at-a-time per user.
type turns struct {
	mu    sync.Mutex
	users map[string]*turn
}

type turn struct {
	ch    chan struct{}
	users int // requests holding or waiting for this turn
}

// wait waits for user's turn; done gives it back.
func (t *turns) wait(ctx context.Context, user string) (done func(), err error) {
	t.mu.Lock()
	u := t.users[user]
	if u == nil {
		u = &turn{ch: make(chan struct{}, 1)}
		t.users[user] = u
	}
	u.users++
	t.mu.Unlock()
	leave := func() {
		t.mu.Lock()
		if u.users--; u.users == 0 {
			delete(t.users, user)
		}
		t.mu.Unlock()
	}
	select {
	case u.ch <- struct{}{}:
		return func() { <-u.ch; leave() }, nil
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	}
}

// worksheetThumbnail answers GET /worksheet/{id}/thumbnail with image/png.
func worksheetThumbnail(q *queue.Scheduler, unsandboxed bool) func(*core.RequestEvent, *core.Record) error {
	pictures := sharedPainter(unsandboxed)
	return func(e *core.RequestEvent, r *core.Record) error {
		src := r.GetString("latex_code")
		if src == "" {
			return fail(e, http.StatusNotFound, "This worksheet has no page to show.")
		}
		file := thumbnailFile(e.App, r.GetString("owner"), src)
		dir := filepath.Dir(file)
		if png, err := os.ReadFile(file); err == nil {
			return sendThumbnail(e, png)
		}
		if pictureFailed(file) {
			return fail(e, http.StatusInternalServerError, msgNoPicture)
		}
		// A picture is a compile: the same rule as /compile for users without a subscription.
		if !mayCompile(e, src) {
			return fail(e, http.StatusForbidden, msgCompileNotAllowed)
		}
		// One picture's compile at a time per user: a dashboard asking for many pictures at once
		// takes one place in the user's compile queue, never filling it (a 429 for the pictures,
		// and for the sheet the teacher opens meanwhile).
		done, err := pictureCompiles.wait(e.Request.Context(), e.Auth.Id)
		if err != nil {
			return fail(e, http.StatusRequestTimeout, "The request was cancelled.")
		}
		res, err := compilerFor(e, q).Compile(e.Request.Context(), src)
		done()
		if err != nil {
			return compileFailure(e, err)
		}
		pdf := res.PDF
		if pdf == nil {
			var found bool
			if pdf, found = q.PDF(e.Request.Context(), res.Key); !found {
				return fail(e, http.StatusInternalServerError, msgNoPicture)
			}
		}
		release, err := drawing.acquire(e.Request.Context(), e.Auth.Id)
		if err != nil {
			return fail(e, http.StatusRequestTimeout, "The request was cancelled.")
		}
		defer release()
		// Drawn (or failed) while this request waited for the user's turn.
		if png, err := os.ReadFile(file); err == nil {
			return sendThumbnail(e, png)
		}
		if pictureFailed(file) {
			return fail(e, http.StatusInternalServerError, msgNoPicture)
		}
		png, err := rasterize(e.Request.Context(), pictures, e.App, pdf)
		if err != nil {
			e.App.Logger().Warn("thumbnail", "worksheet", r.Id, "error", err)
			if errors.Is(err, latex.ErrNoPicture) && os.MkdirAll(dir, 0o700) == nil {
				_ = os.WriteFile(failedMarker(file), nil, 0o600)
			}
			return fail(e, http.StatusInternalServerError, msgNoPicture)
		}
		if err := os.MkdirAll(dir, 0o700); err == nil {
			tmp := file + ".tmp"
			if os.WriteFile(tmp, png, 0o600) == nil {
				_ = os.Rename(tmp, file)
			}
		}
		return sendThumbnail(e, png)
	}
}

func sendThumbnail(e *core.RequestEvent, png []byte) error {
	h := e.Response.Header()
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("X-Content-Type-Options", "nosniff")
	return e.Blob(http.StatusOK, "image/png", png)
}

// painter is the routes' rasteriser: made at its first picture, closed with its app.
type painter struct {
	mu          sync.Mutex
	r           *latex.Rasterizer
	unsandboxed bool
}

var painters = struct {
	sync.Mutex
	by map[bool]*painter
}{by: map[bool]*painter{}}

// sharedPainter is the one rasteriser of thumbnails and page images.
func sharedPainter(unsandboxed bool) *painter {
	painters.Lock()
	defer painters.Unlock()
	if painters.by[unsandboxed] == nil {
		painters.by[unsandboxed] = &painter{unsandboxed: unsandboxed}
	}
	return painters.by[unsandboxed]
}

// rasterFirstPage draws page one of pdf as a PNG thumbnailWidth pixels wide.
func rasterFirstPage(ctx context.Context, p *painter, app core.App, pdf []byte) ([]byte, error) {
	r, err := p.rasterizer(app)
	if err != nil {
		return nil, err
	}
	return r.FirstPage(ctx, pdf, thumbnailWidth)
}

// rasterizer makes the rasteriser at its first use and closes it with app.
func (p *painter) rasterizer(app core.App) (*latex.Rasterizer, error) {
	p.mu.Lock()
	if p.r == nil {
		r, err := latex.NewRasterizer(latex.RasterConfig{Unsandboxed: p.unsandboxed})
		if err != nil {
			p.mu.Unlock()
			return nil, err
		}
		p.r = r
		app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
			p.mu.Lock()
			_ = r.Close()
			p.r = nil
			p.mu.Unlock()
			return e.Next()
		})
	}
	r := p.r
	p.mu.Unlock()
	return r, nil
}

// thumbnailFile is where a user's picture of a sheet is kept: per user, so how fast a picture
// comes back tells nobody what another user saved.
func thumbnailFile(app core.App, owner, src string) string {
	return filepath.Join(app.DataDir(), "thumbnails", owner+"-"+latex.Key(src)+".png")
}

// failedMarker is where the fact that a picture could not be drawn is kept.
func failedMarker(file string) string {
	return strings.TrimSuffix(file, ".png") + ".failed"
}

func pictureFailed(file string) bool {
	_, err := os.Stat(failedMarker(file))
	return err == nil
}

// removeThumbnail drops a deleted worksheet's picture (another worksheet with the same sheet
// simply has it drawn again when asked).
func removeThumbnail(e *core.RecordEvent) error {
	if src := e.Record.GetString("latex_code"); src != "" {
		file := thumbnailFile(e.App, e.Record.GetString("owner"), src)
		_ = os.Remove(file)
		_ = os.Remove(failedMarker(file))
	}
	return e.Next()
}
