package wordsheet

import (
	"context"
	"testing"

	"sheetsmith/generate"
)

// BenchmarkWrite measures reading a request, laying out a 20-word word search and rendering
// it, without TeX (go test -bench . ./generate/wordsheet).
func BenchmarkWrite(b *testing.B) {
	req := generate.Request{Prompt: "word search for grade 7 with these words: photosynthesis, chlorophyll, carbon dioxide, oxygen, glucose, sunlight, stomata, roots, xylem, phloem, leaf, stem, water, energy, light, plant, cell, seed, flower, fruit"}
	for b.Loop() {
		if _, ok, err := Write(context.Background(), req, func() int64 { return 1 }, nil, nil); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkCrossword measures laying out a 20-word crossword and rendering it, without TeX.
func BenchmarkCrossword(b *testing.B) {
	req := generate.Request{Prompt: "crossword: habitat – a; predator – b; prey – c; food chain – d; producer – e; consumer – f; herbivore – g; carnivore – h; omnivore – i; decomposer – j; ecosystem – k; energy – l; population – m; community – n; species – o; adaptation – p; camouflage – q; migration – r; hibernation – s; niche – t"}
	for b.Loop() {
		if _, ok, err := Write(context.Background(), req, func() int64 { return 1 }, nil, nil); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
