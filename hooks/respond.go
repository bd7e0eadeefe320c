package hooks

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Messages a user can meet on any product route.
const (
	msgAuthRequired   = "Authentication required. Please log in again."
	msgNotFound       = "Worksheet not found."
	msgNeedActive     = "An active subscription is required to do this. See Subscription Options on the Account page."
	msgMalformedBody  = "The request body is not valid JSON."
	msgBodyTooLarge   = "The request is too large."
	msgInternalFailed = "Something went wrong on the server. Please try again."
)

// maxJSONBody bounds every product request body; fields have tighter limits of their own.
const maxJSONBody = 1 << 20

// fail answers in the contract's error shape: {"success":false,"error":msg}.
func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"success": false, "error": msg})
}

// ok answers {"success":true, ...fields}.
func ok(e *core.RequestEvent, fields map[string]any) error {
	body := map[string]any{"success": true}
	for k, v := range fields {
		body[k] = v
	}
	return e.JSON(http.StatusOK, body)
}

// decodeBody reads a bounded JSON object into dst. An empty body decodes as {}.
// The returned error message is safe to show.
func decodeBody(e *core.RequestEvent, dst any) (string, bool) {
	raw, err := io.ReadAll(io.LimitReader(e.Request.Body, maxJSONBody+1))
	if err != nil {
		return msgMalformedBody, false
	}
	if len(raw) > maxJSONBody {
		return msgBodyTooLarge, false
	}
	if strings.TrimSpace(string(raw)) == "" {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return "The field " + typeErr.Field + " has the wrong type.", false
		}
		return msgMalformedBody, false
	}
	return "", true
}
