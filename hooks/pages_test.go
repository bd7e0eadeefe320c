package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const threePagesTeX = `\documentclass{article}\begin{document}One\newpage Two\newpage Three\end{document}`

// Every page of a compiled PDF comes as a picture through the PDF's own link, drawn once;
// looking at them is no download, so the worksheet can still be edited.
func TestPageImagesShowEveryPageWithoutLocking(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	sheet := f.sheet(t, f.bob, "Three pages", threePagesTeX)
	_, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(threePagesTeX)+`,"worksheetId":"`+sheet.Id+`"}`)
	link := out["pdfUrl"].(string)

	var drawn atomic.Int32
	orig := rasterizePages
	rasterizePages = func(ctx context.Context, p *painter, app core.App, pdf []byte, max int) ([][]byte, error) {
		drawn.Add(1)
		return orig(ctx, p, app, pdf, max)
	}
	t.Cleanup(func() { rasterizePages = orig })

	rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: link + "/pages"})
	var list struct {
		Pages []struct {
			URL           string
			Width, Height int
		}
		More bool
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list.Pages) != 3 || list.More {
		t.Fatalf("pages: %d %s", rec.Code, rec.Body.String())
	}
	for i, p := range list.Pages {
		if p.URL != link+"/page/"+string(rune('1'+i))+".png" || p.Width != pageWidth || p.Height <= p.Width {
			t.Fatalf("page %d: %+v", i+1, p)
		}
		img := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: p.URL})
		if img.Code != 200 || img.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("page %d image: %d %s", i+1, img.Code, img.Header().Get("Content-Type"))
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(img.Body.Bytes())); err != nil || cfg.Width != p.Width || cfg.Height != p.Height {
			t.Fatalf("page %d is not the PNG listed: %v %+v", i+1, err, cfg)
		}
	}
	if n := drawn.Load(); n != 1 {
		t.Fatalf("the pages were drawn %d times, want once", n)
	}
	for _, bad := range []string{"/page/4.png", "/page/0.png", "/page/01.png", "/page/1.jpg", "/page/x.png"} {
		if rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: link + bad}); rec.Code != 404 {
			t.Fatalf("%s: %d, want 404", bad, rec.Code)
		}
	}
	if w, _ := f.FindRecordById("worksheets", sheet.Id); !w.GetDateTime("downloaded_at").IsZero() {
		t.Fatal("looking at page images locked the worksheet")
	}
}

// Page images are visible only to whoever holds the PDF's link, and only while its session
// lasts: a tampered link is 404, a link whose user signed out is 410.
func TestPageImagesNeedTheLink(t *testing.T) {
	f := newFixture(t, compilerDeps(t))
	_, out := do(t, f, http.MethodPost, "/compile", bearer(t, f.bob), `{"latexCode":`+jsonString(helloTeX)+`}`)
	link := out["pdfUrl"].(string)
	i := len(link) - 2
	c := byte('A')
	if link[i] == 'A' {
		c = 'B'
	}
	tampered := link[:i] + string(c) + link[i+1:]
	for _, url := range []string{tampered + "/pages", tampered + "/page/1.png"} {
		if rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: url}); rec.Code != 404 || strings.Contains(rec.Body.String(), "PNG") {
			t.Fatalf("%s: %d", url, rec.Code)
		}
	}
	if rec := serve(t, f, tests.ApiScenario{Method: http.MethodPost, URL: "/api/sign-out", Headers: bearer(t, f.bob)}); rec.Code != 200 && rec.Code != 204 {
		t.Fatalf("sign out: %d", rec.Code)
	}
	if rec := serve(t, f, tests.ApiScenario{Method: http.MethodGet, URL: link + "/page/1.png"}); rec.Code != http.StatusGone {
		t.Fatalf("after sign-out: %d, want 410", rec.Code)
	}
}
