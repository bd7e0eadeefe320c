package latex

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A warm process is pdflatex started in the sandbox with its format already loaded: its
// command line inputs go.tex, a FIFO in its job directory whose only write end the server
// holds from the start, so TeX blocks reading it until a job is written. Each runs exactly
// one pass and exits. The held write end is also how a warm process ends with its server:
// when the server dies, however it dies, the kernel closes that end and TeX reads end of
// file and stops, whatever uid it runs as (a uid change clears parent-death signals).
//
// Its -recorder list goes to another FIFO that the server reads from the start: pdfTeX
// creates pdflatex2.fls (it is PID 2 in the sandbox; with a format, the format's name) and
// renames it doc.fls. The FIFO is
// write-only for everyone, so the document can add lines to the list (it could only make
// its own compile fail) but can neither read it nor take back what pdfTeX wrote.
type proc struct {
	cmd      *exec.Cmd
	dir      string
	job      *os.File // the write end of go.tex
	done     chan struct{}
	err      error // set before done closes
	recorder *recorderFIFO
	primed   chan struct{} // closed once a fed pool's prefix is written
	ready    *readyWatch   // TeX's terminal: says when the format (and a fed prefix) is loaded
}

// readyMark is what a warm process prints once it has loaded its format and any fed prefix
// and waits for its job. The command line (which TeX echoes) and the prefix spell it with
// \string, so only TeX running it prints the mark itself.
const (
	readyMark    = "sheetsmith-ready"
	readyMessage = `\message{sheetsmith\string-ready}`
)

// startLimit bounds the wait for a warm process to load (a LuaLaTeX or XeLaTeX with its
// fonts takes about a second of CPU, many seconds on a busy machine). That wait is not part of a compile's own
// limit: past it the compile is ErrBusy, to be tried again, never the document's fault.
const startLimit = time.Minute

// maxTerminalBytes bounds what the server reads of TeX's terminal. pdfTeX and XeTeX write
// their log there too, which maxFileBytes bounds first; LuaTeX's texio.write can write to
// the terminal alone. Past it the server closes the pipe (TeX dies writing to it) and the
// compile is too large.
const maxTerminalBytes = 2 * maxFileBytes

// readyWatch reads TeX's terminal output until readyMark, then discards the rest.
type readyWatch struct {
	seen chan struct{}
	tail []byte // the last bytes read, so a mark split between writes is found
	n    int64
	over atomic.Bool // more than maxTerminalBytes came
}

func newReadyWatch() *readyWatch { return &readyWatch{seen: make(chan struct{})} }

var errTerminalFlood = errors.New("latex: TeX wrote too much to its terminal")

func (r *readyWatch) Write(b []byte) (int, error) {
	if r.n += int64(len(b)); r.n > maxTerminalBytes {
		r.over.Store(true)
		return 0, errTerminalFlood
	}
	select {
	case <-r.seen:
		return len(b), nil
	default:
	}
	r.tail = append(r.tail, b...)
	if strings.Contains(string(r.tail), readyMark) {
		close(r.seen)
		r.tail = nil
	} else if len(r.tail) > len(readyMark) {
		r.tail = r.tail[len(r.tail)-len(readyMark):]
	}
	return len(b), nil
}

// waitReady waits until the process has loaded what it holds for a job.
func (w *proc) waitReady(ctx context.Context, limit time.Duration) error {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-w.ready.seen:
		return nil
	case <-w.done:
		select {
		case <-w.ready.seen: // it was ready, then exited (discarded by get)
			return nil
		default:
		}
		return errStartFailed
	case <-ctx.Done():
		return ErrCancelled
	case <-timer.C:
		return errStartSlow
	}
}

var (
	errStartFailed = errors.New("latex: the warm process exited before it was ready")
	errStartSlow   = errors.New("latex: the warm process took too long to start")
)

// recorderName is the name pdfTeX gives its recorder file before it knows the job name: the
// program name (the format's, when one is given) and its PID, 2 in the sandbox (after
// bwrap's own init).
func recorderName(format string) string {
	if format == "" {
		format = "pdflatex"
	}
	return format + "2.fls"
}

type recorderFIFO struct {
	hold *os.File // a write end kept open, so reading sees no end until the pass is over
	buf  capped
	read chan struct{}
}

func openRecorder(path string) (*recorderFIFO, error) {
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		return nil, err
	}
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	hold, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		r.Close()
		return nil, err
	}
	if err := os.Chmod(path, 0o222); err != nil {
		r.Close()
		hold.Close()
		return nil, err
	}
	rec := &recorderFIFO{hold: hold, buf: capped{max: 4 << 20}, read: make(chan struct{})}
	go func() {
		defer close(rec.read)
		defer r.Close()
		_, _ = io.Copy(&rec.buf, r)
	}()
	return rec, nil
}

// openFeed makes the FIFO TeX reads its job from and returns its write end, opened before
// TeX starts (and close-on-exec, so only the server holds it).
func openFeed(path string) (*os.File, error) {
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		return nil, err
	}
	// Opening a FIFO's write end needs a reader: hold one just for the open.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return os.OpenFile(path, os.O_WRONLY, 0)
}

// text returns everything written to the recorder; call it once the process has exited.
func (rec *recorderFIFO) text() (string, bool) {
	rec.hold.Close()
	select {
	case <-rec.read:
	case <-time.After(2 * time.Second):
		return "", false
	}
	return rec.buf.String(), rec.buf.Len() < rec.buf.max
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
	w.job.Close()
	terminate(w.cmd, w.done)
	<-w.done
	if w.recorder != nil {
		w.recorder.text()
	}
	os.RemoveAll(w.dir)
}

// outcome of one pass.
type outcome struct {
	exitCode  int
	timedOut  bool // the compile's deadline passed (or it was cancelled)
	cancelled bool
	tooLarge  bool // the job directory outgrew maxJobBytes or maxJobEntries, or a file hit the size limit
}

// run feeds input to the waiting process and waits for it, killing it on deadline,
// cancellation or when its files grow too large.
func (w *proc) run(ctx context.Context, input string) outcome {
	go w.feed(ctx, input)
	var o outcome
	switch watch(ctx, w.cmd, w.done, w.dir) {
	case stoppedByContext:
		o.timedOut = true
		o.cancelled = ctx.Err() == context.Canceled
		return o
	case stoppedOutgrown:
		o.tooLarge = true
		return o
	}
	o.exitCode = exitCode(w.cmd)
	if o.exitCode == 128+25 || w.ready.over.Load() { // SIGXFSZ: a file hit the size limit
		o.tooLarge = true
	}
	return o
}

// stop says why watch returned: the process exited by itself, its context ended, or its job
// directory outgrew the bounds.
type stop int

const (
	exitedItself stop = iota
	stoppedByContext
	stoppedOutgrown
)

// watch is the one watch of every sandboxed process's job (a TeX pass, pdftoppm, pandoc): it
// waits for cmd (done closes once cmd.Wait has returned) and stops it, with everything it
// started, when ctx ends or when dir outgrows maxJobBytes or maxJobEntries.
func watch(ctx context.Context, cmd *exec.Cmd, done <-chan struct{}, dir string) stop {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return exitedItself
		case <-ctx.Done():
			terminate(cmd, done)
			<-done
			return stoppedByContext
		case <-tick.C:
			if size, entries := jobUsage(dir); size > maxJobBytes || entries > maxJobEntries {
				terminate(cmd, done)
				<-done
				return stoppedOutgrown
			}
		}
	}
}

// feed writes the job into go.tex and closes it: TeX reads the job, then end of file. Until
// TeX has opened go.tex (it may still be loading its format) a write fails with EPIPE having
// written nothing, and is tried again; any other failure means TeX stopped reading (it
// failed or was killed): its exit says why.
func (w *proc) feed(ctx context.Context, input string) {
	defer w.job.Close()
	select {
	case <-w.primed:
	case <-w.done:
		return
	case <-ctx.Done():
		return
	}
	w.write(ctx, input)
}

// write writes s into go.tex once TeX reads it.
func (w *proc) write(ctx context.Context, input string) {
	for {
		n, err := io.WriteString(w.job, input)
		if n > 0 || !errors.Is(err, syscall.EPIPE) {
			return
		}
		select {
		case <-w.done:
			return
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Millisecond):
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

// pool keeps `size` warm processes for one format: a dumped Preamble (prefix), or LaTeX's
// own (prefix "", format "" when no uncompressed copy could be stored).
type pool struct {
	c        *Compiler
	prog     Engine   // "" is pdflatex
	sb       *sandbox // nil is the compiler's (pdflatex's)
	fed      bool     // prefix is written to each process when it starts, not held in a format
	format   string
	prefix   string // the source text the format holds, replaced by blank lines when fed
	size     int
	mu       sync.Mutex
	ready    []*proc
	spawning int
	closed   bool
}

func (p *pool) program() Engine {
	if p.prog == "" {
		return PDFLaTeX
	}
	return p.prog
}

func (p *pool) sandbox() *sandbox {
	if p.sb == nil {
		return p.c.sb
	}
	return p.sb
}

func (p *pool) spawn() (*proc, error) {
	if p.format != "" && !fileExists(filepath.Join(p.c.fmtDir, p.format+".fmt")) {
		// Someone cleaned the cache directory: make the format again.
		rebuild := p.c.dumpFormat
		if p.prefix == "" {
			rebuild = func(string) (string, error) { return p.c.plainFormat() }
		}
		if _, err := rebuild(p.prefix); err != nil {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp(p.c.root, "job-")
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*proc, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	sb := p.sandbox()
	if err := sb.own(dir); err != nil {
		return fail(err)
	}
	job, err := openFeed(filepath.Join(dir, feedName))
	if err != nil {
		return fail(err)
	}
	var rec *recorderFIFO
	if !sb.unsandboxed { // outside the sandbox pdfTeX's PID, and so the name, is unknown
		name := p.format
		if name == "" {
			name = string(p.program())
		}
		if rec, err = openRecorder(filepath.Join(dir, recorderName(name))); err != nil {
			job.Close()
			return fail(err)
		}
	}
	// The primitive \input opens go.tex once; LaTeX's \input would first open it to see
	// whether it exists, and that open would take the job and drop it.
	// A fed process says it is ready after its prefix, others before they open go.tex.
	line := `\csname @@input\endcsname ` + feedName + ` `
	if !p.fed {
		line = readyMessage + line
	}
	args := texArgs(p.program(), p.format)
	if p.program() == LuaLaTeX && !p.c.cfg.unrestrictedLua {
		// Before the format: nothing a package or the document runs has the originals.
		args = append(args, "--lua", fmtMount+"/"+luaRestrictName) // separate: unsandboxed runs map it
	}
	args = append(args, line)
	cmd := sb.command(dir, p.c.fmtDir, p.format != "" || p.fed, args)
	// TeX's terminal output duplicates the log: only the ready mark is looked for in it.
	// stderr is kept short for diagnostics.
	ready := newReadyWatch()
	cmd.Stdout = ready
	cmd.Stderr = &capped{max: 4096}
	if err := cmd.Start(); err != nil {
		job.Close()
		if rec != nil {
			rec.text()
		}
		return fail(err)
	}
	w := &proc{cmd: cmd, dir: dir, job: job, done: make(chan struct{}), recorder: rec, primed: make(chan struct{}), ready: ready}
	go func() {
		w.err = cmd.Wait()
		close(w.done)
	}()
	if p.fed {
		go func() {
			defer close(w.primed)
			// The mark goes at the end of the prefix's last line: the line count, and so the
			// job's line numbers, stay the same.
			prefix := strings.TrimSuffix(p.prefix, "\n") + readyMessage + "\n"
			if p.program() == XeLaTeX {
				prefix = xetexBOM + prefix
			}
			w.write(context.Background(), prefix)
		}()
	} else {
		close(w.primed)
	}
	return w, nil
}

// get hands out a warm process (or a freshly started one when none is waiting) once it has
// loaded its format and prefix, and refills the pool in the background. The wait is bounded
// by startLimit and ctx, not by a compile's limit. A process that died waiting is replaced
// once; a second that cannot start is an error.
func (p *pool) get(ctx context.Context) (*proc, error) {
	defer func() { go p.refill() }()
	fresh := 0
	for {
		p.mu.Lock()
		var w *proc
		if len(p.ready) > 0 {
			w, p.ready = p.ready[0], p.ready[1:]
		}
		p.mu.Unlock()
		if w == nil {
			if fresh++; fresh > 2 {
				return nil, errStartFailed
			}
			var err error
			if w, err = p.spawn(); err != nil {
				return nil, err
			}
		}
		err := w.waitReady(ctx, p.c.cfg.startLimit)
		if err == nil && w.alive() {
			return w, nil
		}
		if errors.Is(err, errStartFailed) {
			p.c.cfg.Logger.Warn("latex: a warm process exited before its job", "engine", p.program(), "stderr", w.cmd.Stderr.(*capped).String())
		}
		w.discard()
		if err != nil && !errors.Is(err, errStartFailed) {
			return nil, err
		}
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
			closed := p.closed
			p.mu.Unlock()
			if w != nil {
				w.discard()
			}
			if err != nil && !closed { // after Close the job root is gone: nothing to report
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
