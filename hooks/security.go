package hooks

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// appCSP is the policy of the web app and the product API. The app is Vite's build: scripts,
// styles and fonts from this origin only (styles may be inline for React's style props and
// daisyUI); it talks to this origin only; it frames only this origin's /pdf/ addresses; nothing
// else may frame it.
const appCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
	"frame-src 'self' blob:; object-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

const (
	securityHeadersID = "sheetsmithSecurityHeaders"
	corsID            = "sheetsmithCors"
)

// bindSecurity replaces PocketBase's default CORS (which answers every origin with *) by a
// same-origin policy and adds the security headers to every answer.
//
// The only cross-origin caller allowed is the app's own public origin (SHEETSMITH_APP_URL),
// for a frontend built with another API base. The browser's own same-origin requests need no
// CORS at all, so the app, the PDF frame and the dashboard (/_/) keep working.
func bindSecurity(r *router.Router[*core.RequestEvent], appURL string) {
	r.Unbind(apis.DefaultCorsMiddlewareId)
	var origins []string
	if u, err := url.Parse(appURL); err == nil && u.Scheme != "" && u.Host != "" {
		origins = append(origins, u.Scheme+"://"+u.Host)
	}
	cors := apis.CORS(apis.CORSConfig{
		AllowOriginFunc: func(origin string) (bool, error) {
			for _, o := range origins {
				if origin == o {
					return true, nil
				}
			}
			return false, nil
		},
		AllowMethods: []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodPost, http.MethodDelete},
	})
	cors.Id = corsID
	r.Bind(cors)
	r.Bind(&hook.Handler[*core.RequestEvent]{
		Id:       securityHeadersID,
		Priority: apis.DefaultCorsMiddlewarePriority - 1,
		Func:     securityHeaders,
	})
}

func securityHeaders(e *core.RequestEvent) error {
	h := e.Response.Header()
	// No address of this site ever leaves in a Referer: the PDF and password-reset addresses
	// carry tokens.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	p := e.Request.URL.Path
	switch {
	case p == "/_" || strings.HasPrefix(p, "/_/"):
		// PocketBase's dashboard sets its own policy (its inline script's hash, map tiles).
	case strings.HasPrefix(p, "/pdf/"):
		// servePDF sets the PDF's own policy: browsers' PDF viewers refuse a sandboxed frame.
	default:
		h.Set("Content-Security-Policy", appCSP)
	}
	return e.Next()
}
