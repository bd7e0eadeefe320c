package queue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"sheetsmith/latex"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func realCompiler(t *testing.T, workers int, timeout time.Duration) *latex.Compiler {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pdflatex in bubblewrap")
	}
	c, err := latex.New(latex.Config{Workers: workers, Timeout: timeout, FormatDir: t.TempDir(), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

const endless = "\\documentclass{article}\\begin{document}\\loop\\iftrue\\repeat %% %d\n\\end{document}\n"

// One user floods the only compiler with endless documents; another user's one-line sheet
// still compiles after at most one of the flooder's jobs (each of which runs into the
// compile timeout).
func TestEndlessFloodDelaysOtherUserByOneJob(t *testing.T) {
	c := realCompiler(t, 1, 2*time.Second)
	s := New(Local{c}, Config{Slots: 1, PerUser: 2, Logger: quiet})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()

	var aliceDone atomic.Int32
	for w := range 3 { // three requests at a time, the most alice's queue holds
		go func() {
			for n := w; ctx.Err() == nil; n += 3 {
				_, err := s.Compile(ctx, Job{Source: fmt.Sprintf(endless, n), UserID: "alice", Lane: Paid})
				switch {
				case err == nil:
					t.Error("an endless document compiled")
				case errors.Is(err, latex.ErrBusy): // her own queue is full: she keeps trying
					time.Sleep(10 * time.Millisecond)
				case ctx.Err() == nil:
					aliceDone.Add(1)
				}
			}
		}()
	}
	waitQueued(t, s, Paid, 2) // alice: one running, two waiting
	res, err := s.Compile(context.Background(), Job{
		Source: "\\documentclass{article}\\begin{document}Bob's sums\\end{document}\n", UserID: "bob", Lane: Paid})
	if err != nil {
		t.Fatal(err)
	}
	if done := aliceDone.Load(); done > 1 {
		t.Fatalf("bob's compile waited for %d of alice's jobs", done)
	}
	if len(res.PDF) == 0 || res.Key == "" {
		t.Fatalf("%+v", res)
	}
}
