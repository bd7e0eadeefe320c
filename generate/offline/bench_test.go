package offline

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
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

// BenchmarkWriteAndCompileSheetAndKey is the figure: generate a fresh sheet (a new
// seed each time, so never a cache hit), render sheet and key, and compile both at once with
// the project's compiler (warm pool), as the server does. It reports the median as p50-ms.
func BenchmarkWriteAndCompileSheetAndKey(b *testing.B) {
	if testing.Short() {
		b.Skip("runs pdflatex")
	}
	c, err := latex.New(latex.Config{Workers: 2, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server
	seed := int64(0)
	e := New(func() int64 { seed++; return seed })
	prompts := []string{"20 two-digit addition problems for grade 2", "the 7 times table", "12 inequalities for grade 7",
		"fractions: simplify, add and compare", "make 2 versions of 10 two-step equations"}
	var times []time.Duration
	i := 0
	for b.Loop() {
		i++
		start := time.Now()
		d, err := e.Write(context.Background(), generate.Request{Prompt: prompts[i%len(prompts)],
			Settings: latex.Settings{Title: "Bench", ShowName: true, NarrowMargins: true}}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sheet, key, err := worksheet.Render(*d.Document)
		if err != nil {
			b.Fatal(err)
		}
		done := make(chan error, 2)
		for _, src := range []string{sheet, key} {
			go func() { _, err := c.Compile(context.Background(), src); done <- err }()
		}
		for range 2 {
			if err := <-done; err != nil {
				b.Fatal(err)
			}
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
}
