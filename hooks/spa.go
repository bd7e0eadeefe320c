package hooks

import (
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// clientRoutes are the browser routes of spec §2; each gets index.html. Anything else that
// is not a built asset is a plain-text 404.
var clientRoutes = regexp.MustCompile(`^/(|login|signup|forgot-password|terms|privacy|contact|reset-password(/[^/]+)?|dashboard|templates|account|app|view-worksheet/[^/]+|view-answer-key/[^/]+)/?$`)

// spa serves the embedded frontend build.
func spa(public fs.FS) func(*core.RequestEvent) error {
	fileServer := http.FileServer(http.FS(public))
	return func(e *core.RequestEvent) error {
		p := e.Request.URL.Path
		if clientRoutes.MatchString(p) {
			return serveIndex(e, public)
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if info, err := fs.Stat(public, name); err == nil && !info.IsDir() && name != "index.html" {
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every asset name.
				e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			fileServer.ServeHTTP(e.Response, e.Request)
			return nil
		}
		return notFound(e)
	}
}

func serveIndex(e *core.RequestEvent, public fs.FS) error {
	page, err := fs.ReadFile(public, "index.html")
	if err != nil {
		return e.String(http.StatusServiceUnavailable, "The web app has not been built. Run `make build`.")
	}
	e.Response.Header().Set("Cache-Control", "no-cache")
	return e.HTML(http.StatusOK, string(page))
}

func notFound(e *core.RequestEvent) error {
	return e.String(http.StatusNotFound, "404 Not Found")
}
