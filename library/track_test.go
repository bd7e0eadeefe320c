package library

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// Size counts the bytes a worksheet keeps: source, key, title and answer checks.
func TestSize(t *testing.T) {
	col := core.NewBaseCollection("worksheets")
	col.Fields.Add(
		&core.TextField{Name: "latex_code"}, &core.TextField{Name: "answer_key"},
		&core.TextField{Name: "document_title"}, &core.JSONField{Name: "answer_checks"},
	)
	w := core.NewRecord(col)
	w.Set("latex_code", "\\section{π}") // 12 bytes
	w.Set("document_title", "Café")     // 5 bytes
	if got := Size(w); got != 17 {
		t.Fatalf("size %d", got)
	}
	w.Set("answer_key", "key")
	w.Set("answer_checks", []string{"a"}) // ["a"]
	if got := Size(w); got != 17+3+5 {
		t.Fatalf("size %d", got)
	}
}
