package latex

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// slowSource takes TeX most of a second: long enough for other callers to join it, short
// enough to finish within the shared compiler's 4 s on a busy 2-core machine.
func slowSource(name string) string {
	return source(name, "Counting. \\count1=0 \\loop\\advance\\count1 by 1 \\ifnum\\count1<1500000 \\repeat "+randName("Done"))
}

// Identical compiles at the same time run pdflatex once: one caller's compile, the others
// answered from it (as cache hits).
func TestIdenticalConcurrentCompilesRunOnce(t *testing.T) {
	c := shared(t)
	src := slowSource("Once")
	before := c.runs.Load()
	var wg sync.WaitGroup
	res := make([]*Result, 4)
	errs := make([]error, 4)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], errs[i] = c.Compile(context.Background(), src)
		}()
	}
	wg.Wait()
	own := 0
	for i := range res {
		if errs[i] != nil || !bytes.Equal(res[i].PDF, res[0].PDF) {
			t.Fatalf("compile %d: %v", i, errs[i])
		}
		if !res[i].Cached {
			own++
		}
	}
	if n := c.runs.Load() - before; n != 1 || own != 1 {
		t.Fatalf("4 identical compiles ran %d times (%d reported as their own), want once", n, own)
	}
}

// A cancelled compile is ErrCancelled (a context.Canceled), never a TeX error; a caller
// waiting on the same source still gets its PDF when the one that started it gives up.
func TestCancelledCompileIsTypedAndOthersStillGetThePDF(t *testing.T) {
	c := shared(t)
	src := slowSource("Cancelled")
	ctx, cancel := context.WithCancel(context.Background())
	before := c.runs.Load()
	first := make(chan error, 1)
	go func() {
		_, err := c.Compile(ctx, src)
		first <- err
	}()
	for deadline := time.Now().Add(5 * time.Second); c.runs.Load() == before; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first compile never started")
		}
	}
	second := make(chan error, 1)
	var res *Result
	go func() {
		var err error
		res, err = c.Compile(context.Background(), src)
		second <- err
	}()
	time.Sleep(100 * time.Millisecond) // the second caller joins the first's compile
	cancel()
	err := <-first
	var texErr *Error
	if !errors.Is(err, ErrCancelled) || !errors.Is(err, context.Canceled) || errors.As(err, &texErr) {
		t.Fatalf("the cancelled caller got %v, want ErrCancelled", err)
	}
	if err := <-second; err != nil || !bytes.HasPrefix(res.PDF, []byte("%PDF")) {
		t.Fatalf("the caller that kept waiting got %v", err)
	}
}
