package latex

import (
	"context"
	"fmt"
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
	exited := make(chan struct{})
	var err error
	go func() { err = cmd.Wait(); close(exited) }()
	why := watch(tctx, cmd, exited, dir)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if why == stoppedOutgrown {
		return fmt.Errorf("%w: %s wrote more than %d MB or %d files", refused, args[0], maxJobBytes>>20, maxJobEntries)
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v: %s", refused, args[0], err, oneLine(strings.TrimSpace(out.String())))
	}
	return nil
}
