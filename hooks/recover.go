package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// msgServerError is the spec's message for a server error (§8, status 500).
const msgServerError = "Server error. Please contact the administrator."

// loggedBody is how much of a request's body a recovered panic's log keeps: enough for a
// prompt, never a whole document.
const loggedBody = 4 << 10

// recoverRoute answers a panic in any route with a 500 in the contract's error shape and the
// spec's message, and logs it with its request (method, path, user, the start of the body) and
// the stack, so the request that crashed can be replayed. logger nil is the app's own.
func recoverRoute(logger func(*core.RequestEvent) *slog.Logger) *hook.Handler[*core.RequestEvent] {
	if logger == nil {
		logger = func(e *core.RequestEvent) *slog.Logger { return e.App.Logger() }
	}
	return &hook.Handler[*core.RequestEvent]{
		Id: "sheetsmithRecover",
		Func: func(e *core.RequestEvent) (err error) {
			body := &headBuffer{limit: loggedBody}
			if e.Request.Body != nil {
				e.Request.Body = readCloser{io.TeeReader(e.Request.Body, body), e.Request.Body}
			}
			defer func() {
				p := recover()
				if p == nil {
					return
				}
				if pe, ok := p.(error); ok && errors.Is(pe, http.ErrAbortHandler) {
					panic(p) // the server aborts the response on purpose
				}
				stack := make([]byte, 8<<10)
				stack = stack[:runtime.Stack(stack, false)]
				user := ""
				if e.Auth != nil {
					user = e.Auth.Id
				}
				logger(e).Error("a route panicked", "method", e.Request.Method, "path", e.Request.URL.Path,
					"user", user, "body", body.String(), "panic", fmt.Sprint(p), "stack", string(stack))
				if e.Written() { // a streamed answer already under way: it ends where it broke
					err = nil
					return
				}
				err = fail(e, http.StatusInternalServerError, msgServerError)
			}()
			return e.Next()
		},
	}
}

// headBuffer keeps the first limit bytes written to it.
type headBuffer struct {
	bytes.Buffer
	limit int
}

func (b *headBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

type readCloser struct {
	io.Reader
	io.Closer
}
