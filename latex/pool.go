package latex

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A warm process is pdflatex started in the sandbox with its format already loaded: its
// command line is \input{go.tex}, and go.tex is a symlink to its own stdin, so it blocks
// there until a job is written. Each runs exactly one pass and exits.
type proc struct {
	cmd   *exec.Cmd
	dir   string
	stdin io.WriteCloser
	done  chan struct{}
	err   error // set before done closes
}

func (w *proc) alive() bool {
	select {
	case <-w.done:
		return false
	default:
		return true
	}
}

// discard kills the process and removes its job directory.
func (w *proc) discard() {
	terminate(w.cmd, w.done)
	<-w.done
	os.RemoveAll(w.dir)
}

// outcome of one pass.
type outcome struct {
	exitCode  int
	timedOut  bool // the compile's deadline passed (or it was cancelled)
	cancelled bool
	tooLarge  bool // the job directory outgrew maxJobBytes, or a file hit the size limit
}

// run feeds input to the waiting process and waits for it, killing it on deadline,
// cancellation or when its files grow too large.
func (w *proc) run(ctx context.Context, input string) outcome {
	go func() {
		// A write error means TeX stopped reading (it failed or was killed): the exit says why.
		_, _ = io.WriteString(w.stdin, input)
		w.stdin.Close()
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var o outcome
	for {
		select {
		case <-w.done:
			o.exitCode = exitCode(w.cmd)
			if o.exitCode == 128+25 { // SIGXFSZ: a file hit the size limit
				o.tooLarge = true
			}
			return o
		case <-ctx.Done():
			terminate(w.cmd, w.done)
			<-w.done
			o.timedOut = true
			o.cancelled = ctx.Err() == context.Canceled
			return o
		case <-tick.C:
			if dirSize(w.dir) > maxJobBytes {
				terminate(w.cmd, w.done)
				<-w.done
				o.tooLarge = true
				return o
			}
		}
	}
}

func exitCode(cmd *exec.Cmd) int {
	if cmd.ProcessState == nil {
		return -1
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()) // the same code bwrap reports for a signalled child
	}
	return cmd.ProcessState.ExitCode()
}

func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// pool keeps `size` warm processes for one format ("" is the standard pdflatex format).
type pool struct {
	c        *Compiler
	format   string
	prefix   string // the source text the format holds, replaced by blank lines when fed
	size     int
	mu       sync.Mutex
	ready    []*proc
	spawning int
	closed   bool
}

func (p *pool) spawn() (*proc, error) {
	if p.format != "" && !fileExists(filepath.Join(p.c.fmtDir, p.format+".fmt")) {
		// Someone cleaned the cache directory: dump the format again.
		if _, err := p.c.dumpFormat(p.prefix); err != nil {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp(p.c.root, "job-")
	if err != nil {
		return nil, err
	}
	if err := os.Symlink("/proc/self/fd/0", filepath.Join(dir, feedName)); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	args := append(texArgs(p.format), `\input{`+feedName+`}`)
	cmd := p.c.sb.command(dir, p.c.fmtDir, p.format != "", args)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// TeX's terminal output duplicates the log; stderr is kept short for diagnostics.
	cmd.Stdout = nil
	cmd.Stderr = &capped{max: 4096}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	w := &proc{cmd: cmd, dir: dir, stdin: stdin, done: make(chan struct{})}
	go func() {
		w.err = cmd.Wait()
		close(w.done)
	}()
	return w, nil
}

// get hands out a warm process (or a freshly started one when none is ready) and refills
// the pool in the background.
func (p *pool) get() (*proc, error) {
	defer func() { go p.refill() }()
	for {
		p.mu.Lock()
		if len(p.ready) == 0 {
			p.mu.Unlock()
			return p.spawn()
		}
		w := p.ready[0]
		p.ready = p.ready[1:]
		p.mu.Unlock()
		if w.alive() {
			return w, nil
		}
		w.discard()
	}
}

func (p *pool) refill() {
	for {
		p.mu.Lock()
		if p.closed || len(p.ready)+p.spawning >= p.size {
			p.mu.Unlock()
			return
		}
		p.spawning++
		p.mu.Unlock()
		w, err := p.spawn()
		p.mu.Lock()
		p.spawning--
		if err != nil || p.closed {
			p.mu.Unlock()
			if w != nil {
				w.discard()
			}
			if err != nil {
				p.c.cfg.Logger.Error("latex: cannot start a warm pdflatex", "err", err)
			}
			return
		}
		p.ready = append(p.ready, w)
		p.mu.Unlock()
	}
}

func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	ready := p.ready
	p.ready = nil
	p.mu.Unlock()
	for _, w := range ready {
		w.discard()
	}
}

// capped is a writer that keeps only the first max bytes.
type capped struct {
	strings.Builder
	max int
}

func (c *capped) Write(b []byte) (int, error) {
	if room := c.max - c.Len(); room > 0 {
		if len(b) > room {
			c.Builder.Write(b[:room])
		} else {
			c.Builder.Write(b)
		}
	}
	return len(b), nil
}
