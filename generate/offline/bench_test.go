package offline

import (
	"context"
	"testing"

	"sheetsmith/generate"
)

// BenchmarkWrite measures reading a request and writing (and rendering) a three-section
// sheet of 45 questions, without TeX.
func BenchmarkWrite(b *testing.B) {
	e := New(func() int64 { return 1 })
	req := generate.Request{Prompt: "15 vertical 3-digit addition, 15 long division and 15 clocks for grade 4"}
	for b.Loop() {
		if _, err := e.Write(context.Background(), req, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteSmall is the server's common case: one short section.
func BenchmarkWriteSmall(b *testing.B) {
	e := New(func() int64 { return 1 })
	req := generate.Request{Prompt: "20 two-digit addition problems for grade 2"}
	for b.Loop() {
		if _, err := e.Write(context.Background(), req, nil); err != nil {
			b.Fatal(err)
		}
	}
}
