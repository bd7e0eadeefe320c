package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sheetsmith/generate/check"
	"sheetsmith/generate/llm"
	"sheetsmith/latex"
	document "sheetsmith/worksheet"
)

func init() { sections = append(sections, benchReplay) }

// benchReplay times sheet + key for the documents of the replay corpus (recorded model
// replies in the structured schema): check the answers, render sheet and key, compile both
// (at once, as a pool with two workers does). Every run changes the title, so every compile
// is fresh.
func benchReplay() error {
	files, _ := filepath.Glob("generate/llm/testdata/corpus/*.txt")
	if len(files) == 0 {
		return fmt.Errorf("no replay corpus (run from the repository root)")
	}
	var docs []document.Document
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		_, rest, _ := strings.Cut(string(b), "-- json --\n")
		js, _, _ := strings.Cut(rest, "\n-- latex --")
		doc, err := llm.DocumentFromJSON(js)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		docs = append(docs, doc)
	}
	c, err := latex.New(latex.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer c.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server
	fmt.Printf("\nReplayed model documents: check, render, compile sheet and key (%d documents × %d fresh runs)\n", len(docs), *runs)
	all, err := sheetAndKey(c, docs, files, "Replay")
	if err != nil {
		return err
	}
	sortDurations(all)
	p50 := all[len(all)/2]
	fmt.Printf("%-48s %9s %9s   target p50 ≤ 150 ms: %s\n", "sheet + key", ms(p50), ms(all[len(all)-1]), verdict(p50 <= 150*time.Millisecond))
	return nil
}

// sheetAndKey times, for every document and run, what the server does for a sheet and its
// key: check the answers, render both, compile both at once (as a pool with two workers
// does). Every run changes the title, so every compile is fresh.
func sheetAndKey(c *latex.Compiler, docs []document.Document, names []string, label string) ([]time.Duration, error) {
	var all []time.Duration
	for run := 0; run < *runs; run++ {
		for i, doc := range docs {
			doc.Title = fmt.Sprintf("%s %d run %d", label, i+1, run)
			start := time.Now()
			check.Document(&doc)
			sheet, key, err := document.Render(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", names[i], err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for j, src := range []string{sheet, key} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					res, err := c.Compile(context.Background(), src)
					if err == nil && res.Cached {
						err = fmt.Errorf("expected a fresh compile")
					}
					errs[j] = err
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					return nil, fmt.Errorf("%s: %w", names[i], err)
				}
			}
			all = append(all, time.Since(start))
		}
	}
	return all, nil
}
