package latex

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// runTool runs a tool (pandoc, pdftoppm) in the sandbox on the job directory dir, bounded by
// timeout and by ctx. A failure of the tool itself is refused (wrapped in refused, with the
// start of what the tool said); a cancelled ctx is returned as the context's error.
func (s *sandbox) runTool(ctx context.Context, dir string, env, args []string, timeout time.Duration, refused error) error {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := s.run(dir, "", env, args)
	out := &capped{max: 2000}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("latex: %s: %w", args[0], err)
	}
	tooLarge, err := waitWatched(tctx, cmd, dir)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if tooLarge {
		return fmt.Errorf("%w: %s wrote more than %d MB or %d files", refused, args[0], maxJobBytes>>20, maxJobEntries)
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v: %s", refused, args[0], err, oneLine(strings.TrimSpace(out.String())))
	}
	return nil
}

// waitWatched waits for a started tool as waitBounded does, and also stops it when its job
// directory outgrows maxJobBytes or maxJobEntries (the watch TeX's passes have): a tool's
// files count against the disk, whatever its input.
func waitWatched(ctx context.Context, cmd *exec.Cmd, dir string) (tooLarge bool, err error) {
	exited := make(chan struct{})
	go func() { err = cmd.Wait(); close(exited) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-exited:
			return false, err
		case <-ctx.Done():
			terminate(cmd, exited)
			<-exited
			return false, err
		case <-tick.C:
			if size, entries := jobUsage(dir); size > maxJobBytes || entries > maxJobEntries {
				terminate(cmd, exited)
				<-exited
				return true, err
			}
		}
	}
}
