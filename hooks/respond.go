package hooks

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	migrations "sheetsmith/pb_migrations"
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

// Lengths are counted in characters everywhere: the worksheets collection, /save-worksheet,
// /compile and the compiler share one limit (migrations.MaxLatex, latex.MaxSource).
const latexLimit = migrations.MaxLatex

const msgLatexTooLong = "latexCode is too long (at most 200,000 characters)."

// tooLong reports whether a LaTeX source is over the limit, in characters.
func tooLong(src string) bool { return utf8.RuneCountInString(src) > latexLimit }

// bodyCap is the largest JSON body that can carry text fields of chars characters in all:
// 12 bytes a character covers any JSON encoding of any character (a surrogate-pair escape
// such as \ud83d\ude00; raw UTF-8 needs at most 4 and a \u00XX escape 6), and 64 KiB the keys
// and punctuation. Every route's cap is made from its own field limits, so the largest legal
// request always fits.
func bodyCap(chars int) int64 { return int64(chars)*12 + 64<<10 }

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

// decodeBody reads a JSON object of at most limit bytes into dst. An empty body decodes as {}.
// The returned error message is safe to show.
func decodeBody(e *core.RequestEvent, dst any, limit int64) (string, bool) {
	raw, err := io.ReadAll(io.LimitReader(e.Request.Body, limit+1))
	if err != nil {
		return msgMalformedBody, false
	}
	if int64(len(raw)) > limit {
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
