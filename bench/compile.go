package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sheetsmith/latex"
)

// benchCompile compares our compiler (sandboxed, warm pool, preamble format, cache) with
// plain pdflatex and latexmk -pdf on the same worksheets, then measures throughput under
// 8 concurrent clients against one pdflatex process per compile.
func benchCompile() error {
	for _, tool := range []string{"pdflatex", "latexmk"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s is not installed", tool)
		}
	}
	c, err := latex.New(latex.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer c.Close()
	time.Sleep(time.Second) // let the warm pool fill, as on a running server

	fmt.Printf("LaTeX compile benchmark — %s, %d cores, median of %d runs\n", latex.Version(), runtime.NumCPU(), *runs)
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("machine load average at start: %s\n", strings.Join(strings.Fields(string(load))[:3], " "))
	}
	fmt.Println("ours = sandboxed compile with warm pool and preamble format; fresh = new source each run (no cache), 400 ms apart")
	fmt.Println()
	fmt.Printf("%-22s %18s %18s %22s %14s\n", "worksheet", "ours fresh", "ours cached", "pdflatex", "latexmk -pdf")
	var worstFresh, worstCached float64
	for i, ws := range worksheets() {
		ours, passes, err := oursFresh(c, ws.src, i)
		if err != nil {
			return fmt.Errorf("%s: %w", ws.name, err)
		}
		cached, err := oursCached(c, ws.src)
		if err != nil {
			return fmt.Errorf("%s: %w", ws.name, err)
		}
		plain, plainPasses, err := median(func() (int, error) { return pdflatexRuns(ws.src) })
		if err != nil {
			return fmt.Errorf("%s: pdflatex: %w", ws.name, err)
		}
		lmk, _, err := median(func() (int, error) { return 0, latexmk(ws.src) })
		if err != nil {
			return fmt.Errorf("%s: latexmk: %w", ws.name, err)
		}
		worstFresh = max(worstFresh, ratio(ours, lmk))
		worstCached = max(worstCached, float64(cached)/float64(time.Millisecond))
		fmt.Printf("%-22s %18s %18s %22s %14s\n", ws.name,
			fmt.Sprintf("%s (%.2f×) %dp", ms(ours), ratio(ours, lmk), passes),
			fmt.Sprintf("%s (%.5f×)", ms(cached), ratio(cached, lmk)),
			fmt.Sprintf("%s (%.2f×) %dp", ms(plain), ratio(plain, lmk), plainPasses),
			fmt.Sprintf("%s (1×)", ms(lmk)))
	}
	fmt.Println("(×) = time relative to latexmk -pdf; Np = pdflatex passes run")

	ws := worksheets()[0]
	const clients, jobs = 8, 32
	oursRate, err := throughput(clients, jobs, func(n int) error {
		_, err := c.Compile(context.Background(), ws.src+fmt.Sprintf("%% throughput %d\n", n))
		return err
	})
	if err != nil {
		return err
	}
	execRate, err := throughput(clients, jobs, func(int) error { _, err := pdflatexRuns(ws.src); return err })
	if err != nil {
		return err
	}
	fmt.Println()
	fmt.Printf("throughput, %d concurrent clients, %d fresh compiles of the %s:\n", clients, jobs, ws.name)
	fmt.Printf("  ours                         %6.2f compiles/s\n", oursRate)
	fmt.Printf("  one pdflatex per compile     %6.2f compiles/s (unsandboxed, passes as the log asks)\n", execRate)
	fmt.Printf("  ratio                        %6.2f×\n", oursRate/execRate)
	fmt.Println()
	fmt.Printf("targets: fresh ≤ 0.30× latexmk (worst %.2f× %s); cached < 5 ms (worst %.3f ms %s); throughput ≥ 2× (%.2f× %s)\n",
		worstFresh, verdict(worstFresh <= 0.3), worstCached, verdict(worstCached < 5), oursRate/execRate, verdict(oursRate/execRate >= 2))
	return nil
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

// oursFresh compiles a new variant of the source each run so the cache never answers. A
// pause between runs (not timed) lets the pool refill, as between requests on a server.
func oursFresh(c *latex.Compiler, src string, salt int) (time.Duration, int, error) {
	var times []time.Duration
	passes := 0
	for r := range *runs {
		time.Sleep(400 * time.Millisecond)
		v := src + fmt.Sprintf("%% fresh %d %d %d\n", salt, r, time.Now().UnixNano())
		t0 := time.Now()
		res, err := c.Compile(context.Background(), v)
		if err != nil {
			return 0, 0, err
		}
		times = append(times, time.Since(t0))
		passes = res.Passes
	}
	return med(times), passes, nil
}

func oursCached(c *latex.Compiler, src string) (time.Duration, error) {
	if _, err := c.Compile(context.Background(), src); err != nil {
		return 0, err
	}
	var times []time.Duration
	for range 200 {
		t0 := time.Now()
		res, err := c.Compile(context.Background(), src)
		if err != nil {
			return 0, err
		}
		if !res.Cached {
			return 0, fmt.Errorf("second compile was not cached")
		}
		times = append(times, time.Since(t0))
	}
	return med(times), nil
}

var rerun = regexp.MustCompile(`(?i)\brerun\b|Label\(s\) may have changed|There were undefined references`)

// pdflatexRuns compiles in a fresh directory with plain pdflatex, rerunning while the log
// asks (at most 3 passes), and returns the passes run.
func pdflatexRuns(src string) (int, error) {
	dir, err := os.MkdirTemp("", "bench-pdflatex-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(src), 0o644); err != nil {
		return 0, err
	}
	for pass := 1; pass <= 3; pass++ {
		cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return pass, fmt.Errorf("%v: %s", err, tail(string(out)))
		}
		log, _ := os.ReadFile(filepath.Join(dir, "doc.log"))
		if pass == 3 || !rerun.Match(log) {
			return pass, nil
		}
	}
	return 3, nil
}

func latexmk(src string) error {
	dir, err := os.MkdirTemp("", "bench-latexmk-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(src), 0o644); err != nil {
		return err
	}
	cmd := exec.Command("latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-quiet", "doc.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, tail(string(out)))
	}
	return nil
}

func throughput(clients, jobs int, do func(n int) error) (float64, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	t0 := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n := int(next.Add(1))
				if n > jobs {
					return
				}
				if err := do(n); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return float64(jobs) / time.Since(t0).Seconds(), firstErr
}

func median(f func() (int, error)) (time.Duration, int, error) {
	var times []time.Duration
	n := 0
	for range *runs {
		t0 := time.Now()
		k, err := f()
		if err != nil {
			return 0, 0, err
		}
		times = append(times, time.Since(t0))
		n = k
	}
	return med(times), n, nil
}

func med(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[len(d)/2]
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func ms(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%.3f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
}

func tail(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 400 {
		s = s[len(s)-400:]
	}
	return s
}
