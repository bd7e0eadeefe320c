package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	document "sheetsmith/worksheet"
)

func init() { sections = append(sections, benchOffline) }

// offlinePrompts are requests a teacher would type; each run writes a new random sheet, so
// every compile is fresh (never a cache hit).
var offlinePrompts = []string{
	"20 two-digit addition problems for grade 2",
	"a dozen subtraction problems within 20, vertical",
	"the 7 times table",
	"division with remainders for grade 4",
	"fractions: simplify, add and compare",
	"round to the nearest 10 and 100",
}

// benchOffline times the offline engine end to end on the server's path: write the body,
// check every answer, wrap it in the preamble, compile the PDF.
func benchOffline() error {
	c, err := latex.New(latex.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer c.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server
	p := &generate.Pipeline{Engine: offline.New(nil), Compiler: c}
	runsEach := *runs * 2
	var all []time.Duration
	fmt.Printf("\nOffline engine end to end (generate, check, compile; %d fresh runs per prompt)\n", runsEach)
	fmt.Printf("%-48s %9s %9s\n", "prompt", "p50", "max")
	for _, prompt := range offlinePrompts {
		var times []time.Duration
		for i := 0; i < runsEach; i++ {
			req := generate.Request{Prompt: prompt, Settings: latex.Settings{Title: "Bench", ShowName: true, ShowDate: true, ShowPeriod: true, NarrowMargins: true}}
			start := time.Now()
			res, err := p.Run(context.Background(), req, nil)
			if err != nil {
				return fmt.Errorf("%q: %w", prompt, err)
			}
			if res.PDF.Cached {
				return fmt.Errorf("%q: expected a fresh compile", prompt)
			}
			times = append(times, time.Since(start))
		}
		sortDurations(times)
		all = append(all, times...)
		fmt.Printf("%-48s %9s %9s\n", prompt, ms(times[len(times)/2]), ms(times[len(times)-1]))
	}
	sortDurations(all)
	p50 := all[len(all)/2]
	fmt.Printf("%-48s %9s %9s   target p50 < 250 ms: %s\n", "all prompts", ms(p50), ms(all[len(all)-1]), verdict(p50 < 250*time.Millisecond))

	// sheet and key of the offline engine's documents, as the answer key is made
	var docs []document.Document
	for _, prompt := range offlinePrompts {
		req := generate.Request{Prompt: prompt, Settings: latex.Settings{Title: "Bench", ShowName: true, ShowDate: true, ShowPeriod: true, NarrowMargins: true}}
		draft, err := offline.New(nil).Write(context.Background(), req, func(string) {})
		if err != nil {
			return fmt.Errorf("%q: %w", prompt, err)
		}
		if draft.Document == nil {
			return fmt.Errorf("%q: the offline engine wrote no document", prompt)
		}
		doc := *draft.Document
		generate.ApplySettings(&doc, req.Settings)
		docs = append(docs, doc)
	}
	fmt.Printf("\nOffline documents: check, render, compile sheet and key (%d documents × %d fresh runs)\n", len(docs), *runs)
	keyed, err := sheetAndKey(c, docs, offlinePrompts, "Offline")
	if err != nil {
		return err
	}
	sortDurations(keyed)
	p50 = keyed[len(keyed)/2]
	fmt.Printf("%-48s %9s %9s   target p50 ≤ 150 ms: %s\n", "sheet + key", ms(p50), ms(keyed[len(keyed)-1]), verdict(p50 <= 150*time.Millisecond))
	return nil
}

func sortDurations(d []time.Duration) { sort.Slice(d, func(i, j int) bool { return d[i] < d[j] }) }
