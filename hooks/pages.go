package hooks

import (
	"container/list"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
	"sheetsmith/queue"
)

// Page images: every page of a compiled PDF as a picture, for browsers that cannot show a PDF
// inside a page (most phones). They come through the PDF's own signed link, so only whoever
// holds that link sees them, and only while its session lasts; looking records no download,
// so it ends no editing. The PDF is the one the link names (the compiler's cache, no second
// compile); its pages are drawn once, by the same rasteriser and drawing gate as thumbnails.
const (
	pageWidth  = 1000 // pixels: legible on a phone at twice its CSS width
	pageLimit  = 40   // pages drawn at most; a longer document says there are more
	pageBudget = 64 << 20
)

// rasterizePages draws pages 1..max of a PDF (a variable so tests can count drawings).
var rasterizePages = func(ctx context.Context, p *painter, app core.App, pdf []byte, max int) ([][]byte, error) {
	r, err := p.rasterizer(app)
	if err != nil {
		return nil, err
	}
	return r.Pages(ctx, pdf, pageWidth, max)
}

// pageSet is one PDF's drawn pages; failed means pdftoppm could not draw it (and will not).
type pageSet struct {
	pages  [][]byte
	more   bool
	failed bool
}

// pdfPages answers GET /pdf/{token}/pages: the addresses and sizes of the PDF's page images.
func pdfPages(q *queue.Scheduler, signer *pdfSigner, unsandboxed bool) func(*core.RequestEvent) error {
	pictures := sharedPainter(unsandboxed)
	return func(e *core.RequestEvent) error {
		token := e.Request.PathValue("token")
		set, err := drawnPages(e, q, signer, pictures, token)
		if err != nil {
			return err
		}
		list := make([]map[string]any, len(set.pages))
		for i, png := range set.pages {
			w, h := pngSize(png)
			list[i] = map[string]any{"url": fmt.Sprintf("/pdf/%s/page/%d.png", token, i+1), "width": w, "height": h}
		}
		e.Response.Header().Set("Cache-Control", "private, no-cache")
		return ok(e, map[string]any{"pages": list, "more": set.more})
	}
}

// pdfPage answers GET /pdf/{token}/page/{n}.png with image/png.
func pdfPage(q *queue.Scheduler, signer *pdfSigner, unsandboxed bool) func(*core.RequestEvent) error {
	pictures := sharedPainter(unsandboxed)
	return func(e *core.RequestEvent) error {
		digits, isPNG := strings.CutSuffix(e.Request.PathValue("file"), ".png")
		n, err := strconv.Atoi(digits)
		if !isPNG || err != nil || n < 1 || strconv.Itoa(n) != digits {
			return fail(e, http.StatusNotFound, "There is no such page.")
		}
		set, err := drawnPages(e, q, signer, pictures, e.Request.PathValue("token"))
		if err != nil {
			return err
		}
		if n > len(set.pages) {
			return fail(e, http.StatusNotFound, "There is no such page.")
		}
		h := e.Response.Header()
		// Asked again on every use: a link ends with its session, and a browser's copy must too.
		h.Set("Cache-Control", "private, no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		return e.Blob(http.StatusOK, "image/png", set.pages[n-1])
	}
}

// drawnPages checks the link as GET /pdf/{token} does and returns its PDF's pages, drawing
// them at the first request. A non-nil error has already been answered.
func drawnPages(e *core.RequestEvent, q *queue.Scheduler, signer *pdfSigner, p *painter, token string) (*pageSet, error) {
	claim, err := signer.verify(token, time.Now())
	if err != nil {
		return nil, fail(e, http.StatusNotFound, err.Error())
	}
	if err := signer.live(e.App, claim); err != nil {
		return nil, fail(e, http.StatusGone, err.Error())
	}
	// Per user, as thumbnails: how fast pages come back tells nobody what another user made.
	key := claim.User + "-" + claim.Key
	if set, found := drawnPageSets.get(key); found {
		return pagesOrFailure(e, set)
	}
	ctx := e.Request.Context()
	pdf, found := q.PDF(ctx, claim.Key)
	if !found {
		return nil, fail(e, http.StatusGone, "This PDF is no longer cached. Reload the page to compile it again.")
	}
	release, err := drawing.acquire(ctx, claim.User)
	if err != nil {
		return nil, fail(e, http.StatusRequestTimeout, "The request was cancelled.")
	}
	defer release()
	if set, found := drawnPageSets.get(key); found { // drawn while this request waited
		return pagesOrFailure(e, set)
	}
	pages, err := rasterizePages(ctx, p, e.App, pdf, pageLimit+1)
	switch {
	case errors.Is(err, latex.ErrNoPicture):
		e.App.Logger().Warn("page images", "error", err)
		drawnPageSets.put(key, &pageSet{failed: true})
		return nil, fail(e, http.StatusInternalServerError, msgNoPicture)
	case ctx.Err() != nil:
		return nil, fail(e, http.StatusRequestTimeout, "The request was cancelled.")
	case err != nil:
		e.App.Logger().Warn("page images", "error", err)
		return nil, fail(e, http.StatusInternalServerError, msgNoPicture)
	}
	set := &pageSet{pages: pages}
	if len(pages) > pageLimit {
		set.pages, set.more = pages[:pageLimit], true
	}
	drawnPageSets.put(key, set)
	return set, nil
}

func pagesOrFailure(e *core.RequestEvent, set *pageSet) (*pageSet, error) {
	if set.failed {
		return nil, fail(e, http.StatusInternalServerError, msgNoPicture)
	}
	return set, nil
}

// pngSize reads a PNG's width and height from its header (0, 0 if it has none).
func pngSize(png []byte) (int, int) {
	if len(png) < 24 || string(png[12:16]) != "IHDR" {
		return 0, 0
	}
	return int(binary.BigEndian.Uint32(png[16:20])), int(binary.BigEndian.Uint32(png[20:24]))
}

// pageSets keeps drawn pages in memory, the least recently used dropped past a byte budget
// (like the PDFs they are drawn from, they are made again when asked after a restart).
type pageSets struct {
	mu    sync.Mutex
	max   int
	size  int
	order *list.List // front = most recent; values are *pageEntry
	items map[string]*list.Element
}

type pageEntry struct {
	key string
	set *pageSet
}

var drawnPageSets = &pageSets{max: pageBudget, order: list.New(), items: map[string]*list.Element{}}

func (c *pageSets) get(key string) (*pageSet, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, found := c.items[key]
	if !found {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*pageEntry).set, true
}

func (c *pageSets) put(key string, set *pageSet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, found := c.items[key]; found || set.bytes() > c.max {
		return
	}
	c.items[key] = c.order.PushFront(&pageEntry{key: key, set: set})
	c.size += set.bytes()
	for c.size > c.max {
		el := c.order.Back()
		old := el.Value.(*pageEntry)
		c.order.Remove(el)
		delete(c.items, old.key)
		c.size -= old.set.bytes()
	}
}

func (s *pageSet) bytes() int {
	n := 64
	for _, p := range s.pages {
		n += len(p)
	}
	return n
}
