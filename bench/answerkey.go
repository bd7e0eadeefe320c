package main

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/offline"
	"sheetsmith/latex"
	"sheetsmith/queue"
)

func init() { sections = append(sections, benchKeyAhead) }

// benchKeyAhead times what the server does after a click on Generate Answer Key for a sheet
// the offline engine just made (generate.AnswerKey through the user's queue, as the route
// runs it; the record's save is not timed): cold, and with the key compiled beside the sheet
// (generate.PrepareKey, what /generate-latex starts in the background).
func benchKeyAhead() error {
	c, err := latex.New(latex.Config{Logger: quiet})
	if err != nil {
		return err
	}
	q := queue.New(queue.Local{C: c}, queue.Config{Slots: runtime.NumCPU(), Logger: quiet})
	defer q.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server
	uc := q.For("bench-teacher", queue.Paid)
	p := &generate.Pipeline{Engine: offline.New(nil), Compiler: uc}
	ctx := context.Background()
	click := func(ahead bool, prompt string) (time.Duration, bool, error) {
		req := generate.Request{Prompt: prompt, Settings: latex.Settings{Title: "Bench", ShowName: true, ShowDate: true, ShowPeriod: true, NarrowMargins: true}}
		res, err := p.Run(ctx, req, nil)
		if err != nil {
			return 0, false, fmt.Errorf("%q: %w", prompt, err)
		}
		if ahead {
			if ok, err := generate.PrepareKey(ctx, res.Source, uc); !ok || err != nil {
				return 0, false, fmt.Errorf("%q: key not compiled ahead: %v", prompt, err)
			}
		}
		start := time.Now()
		key, err := generate.AnswerKey(ctx, res.Source, nil, uc)
		if err != nil {
			return 0, false, fmt.Errorf("%q: %w", prompt, err)
		}
		return time.Since(start), key.PDF.Cached, nil
	}
	fmt.Printf("\nanswer key after generate (server time; %d offline prompts × %d runs)\n", len(offlinePrompts), *runs)
	fmt.Printf("%-48s %9s %9s\n", "", "p50", "max")
	var p50 [2]time.Duration
	for i, ahead := range []bool{false, true} {
		var times []time.Duration
		for _, prompt := range offlinePrompts {
			for r := 0; r < *runs; r++ {
				took, cached, err := click(ahead, prompt)
				if err != nil {
					return err
				}
				if cached != ahead {
					return fmt.Errorf("%q: the key's compile was cached=%v, want %v", prompt, cached, ahead)
				}
				times = append(times, took)
			}
		}
		sortDurations(times)
		p50[i] = times[len(times)/2]
		name := "answer key after generate, cold"
		if ahead {
			name = "answer key after generate, pre-compiled"
		}
		fmt.Printf("%-48s %9s %9s\n", name, ms(p50[i]), ms(times[len(times)-1]))
	}
	fmt.Printf("%-48s %8.2f×   target pre-compiled p50 ≤ 20 ms: %s\n", "pre-compiled / cold (p50)",
		float64(p50[1])/float64(p50[0]), verdict(p50[1] <= 20*time.Millisecond))
	return nil
}
