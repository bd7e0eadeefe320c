package llm

import (
	"encoding/json"
	"strings"

	"sheetsmith/generate"
)

// A reply to a LaTeX request can still be JSON: a model that only writes JSON, or one that
// wraps its LaTeX in an object. JSON is never typeset as LaTeX (it would print on the sheet).

// latexKeys are the fields a model puts its LaTeX in when it wraps it ({"latex": "…"}).
var latexKeys = []string{"latex", "latex_code", "latexCode", "body", "content", "worksheet", "code"}

// unwrapJSON reads a reply to a LaTeX request. A worksheet document comes back as fd (ok);
// LaTeX wrapped in a JSON object comes back as latex; isJSON reports a reply that is a JSON
// object of neither kind, which must not be typeset.
func unwrapJSON(raw string) (fd flatDoc, latex string, ok, isJSON bool) {
	if fd, ok := parseFlat(raw); ok {
		return fd, "", true, true
	}
	s := strings.TrimSpace(raw)
	if m := fence.FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(m[1])
	}
	if !strings.HasPrefix(s, "{") {
		return flatDoc{}, "", false, false
	}
	var obj map[string]any
	if json.Unmarshal([]byte(repairEscapes(firstObject(cleanJSON(s)))), &obj) != nil {
		// starts like an object but is not one: it may be LaTeX after all ({\bf …})
		return flatDoc{}, "", false, false
	}
	for _, k := range latexKeys {
		if v, _ := obj[k].(string); strings.TrimSpace(v) != "" {
			return flatDoc{}, v, false, true
		}
	}
	return flatDoc{}, "", false, true
}

// errJSONNotWorksheet is a JSON reply the server cannot use as a worksheet.
var errJSONNotWorksheet = &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet}
