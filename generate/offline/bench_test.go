package offline

import (
	"context"
	"testing"

	"sheetsmith/generate"
)

// BenchmarkWrite measures writing (and self-checking) a 50-problem sheet, without TeX.
func BenchmarkWrite(b *testing.B) {
	e := New(func() int64 { return 1 })
	req := generate.Request{Prompt: "50 vertical 3-digit addition and subtraction problems for grade 3"}
	for b.Loop() {
		if _, err := e.Write(context.Background(), req, nil); err != nil {
			b.Fatal(err)
		}
	}
}
