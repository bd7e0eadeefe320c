// Package latex compiles untrusted LaTeX to PDF: pdflatex in a bubblewrap sandbox, a pool
// of warm processes with the server-owned preamble already loaded, a PDF cache, a log
// parser that explains failures in words, and audits of what TeX read and produced.
package latex

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/singleflight"
)

// MaxSource is the largest source accepted, in characters (Unicode code points), the unit
// every length check of the product uses.
const MaxSource = 200_000

// maxPasses bounds reruns requested by the log.
const maxPasses = 3

var (
	ErrBusy     = errors.New("The compiler is busy. Please try again in a few seconds.")
	ErrTooLarge = fmt.Errorf("The document is too large (at most %d characters).", MaxSource)
	// ErrCancelled is a compile stopped because its caller went away: never a TeX error (not
	// an *Error), so nothing reports it as the document's fault or sends it to be repaired.
	// It matches context.Canceled.
	ErrCancelled error = cancelled{}
)

type cancelled struct{}

func (cancelled) Error() string        { return "latex: the compile was cancelled" }
func (cancelled) Is(target error) bool { return target == context.Canceled }

// Error is a compile failure in plain language. Raw TeX logs go to the server log only.
type Error struct {
	Line    int // line in the submitted source; 0 when unknown
	Problem string
	// Kind and Command say what a repair needs: the kind of error (one of the Err* kinds, ""
	// for any other) and the command, environment or character it names.
	Kind    string
	Command string
}

// The kinds of error a server-side repair knows how to mend.
const (
	ErrUndefined     = "undefined"      // Command: a control sequence no package defines (\foo)
	ErrUndefinedEnv  = "undefined-env"  // Command: the environment's name
	ErrDoubleScript  = "double-script"  // x^a^b
	ErrUnicode       = "unicode"        // Command: a character the fonts have no glyph for
	ErrMisplacedEnd  = "misplaced-end"  // Command: the \end{…} that ends nothing open
	ErrInsidePackage = "inside-package" // a package's own command failed: a package clash
)

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("Compilation failed: line %d: %s", e.Line, e.Problem)
	}
	return "Compilation failed: " + e.Problem
}

type Config struct {
	Workers     int           // concurrent compiles; default runtime.NumCPU()
	Queue       int           // jobs allowed to wait beyond Workers before ErrBusy; default 4*Workers
	Timeout     time.Duration // wall clock per compile (all passes); default 20s
	CacheBytes  int64         // in-memory PDF cache budget; default 256 MiB
	Unsandboxed bool          // operator opt-out when bwrap cannot run: logs a loud warning
	Logger      *slog.Logger  // raw TeX logs go here, never to callers
	// FormatDir keeps the dumped preamble format between runs; default the user cache dir.
	FormatDir string
	// JobDir holds every job directory (one subdirectory per running compiler); default
	// sheetsmith-latex-<uid> in the system's temporary directory. Directories left by a compiler
	// that was killed are removed when the next one starts.
	JobDir string

	bwrapPath string // tests point this at a missing binary
	// Tests: LuaTeX without luarestrict.lua, to show that the server's own checks of a job's
	// files hold without it; a shorter wait for a warm process than startLimit.
	unrestrictedLua bool
	startLimit      time.Duration
}

type Result struct {
	PDF    []byte
	Key    string // hex sha256 of compiler version and source
	Cached bool
	Passes int
}

type Compiler struct {
	cfg    Config
	sb     *sandbox
	root   string // job directories live here
	fmtDir string
	plain  *pool // the standard pdflatex format, for sources with their own preamble
	base   *pool // the dumped Preamble
	slots  chan struct{}
	cache  *pdfCache
	pdf    *pdfChecker

	fmtMu    sync.Mutex // one format dump at a time
	mu       sync.Mutex
	admitted int
	flight   singleflight.Group        // compiles in flight, by key
	runs     atomic.Int64              // compiles run (not answered from another's): tests count them
	extra    map[string]*pool          // formats of Preamble plus extra packages, by that prefix
	unicode  map[Engine]*unicodeEngine // XeLaTeX and LuaLaTeX, set up on first use
	building map[string]bool
	closed   bool
}

// New checks that pdflatex and bubblewrap actually run, dumps the preamble format and
// starts the warm pool.
func New(cfg Config) (*Compiler, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 4 * cfg.Workers
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 256 << 20
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.bwrapPath == "" {
		cfg.bwrapPath = "bwrap"
	}
	if cfg.startLimit <= 0 {
		cfg.startLimit = startLimit
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		return nil, errors.New("latex: pdflatex is not installed (Debian: apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended cm-super)")
	}
	if cfg.Unsandboxed {
		cfg.Logger.Warn("latex: COMPILING WITHOUT A SANDBOX. Untrusted LaTeX can read files of this machine. Install bubblewrap (apt-get install bubblewrap) and remove the opt-out.")
	}
	sb, err := newSandbox(pdflatex, texTree, cfg.Unsandboxed, cfg.bwrapPath)
	if err != nil {
		return nil, err
	}
	sb.cpuSeconds = int(cfg.Timeout/time.Second) + 5
	fmtDir := cfg.FormatDir
	if fmtDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		fmtDir = filepath.Join(base, "sheetsmith", "latex")
	}
	if err := os.MkdirAll(fmtDir, 0o755); err != nil {
		return nil, fmt.Errorf("latex: format directory: %w", err)
	}
	if sb.root && !sb.unsandboxed {
		// TeX runs as nobody and reads the formats from here.
		if err := os.Chmod(fmtDir, 0o755); err != nil {
			return nil, fmt.Errorf("latex: format directory: %w", err)
		}
	}
	if err := installFonts(fmtDir); err != nil {
		return nil, fmt.Errorf("latex: bundled fonts: %w", err)
	}
	if err := installLuaRestrict(fmtDir); err != nil {
		return nil, fmt.Errorf("latex: LuaTeX's restrictions: %w", err)
	}
	root, err := jobRoot(cfg.JobDir)
	if err != nil {
		return nil, err
	}
	c := &Compiler{cfg: cfg, sb: sb, root: root, fmtDir: fmtDir,
		slots: make(chan struct{}, cfg.Workers), cache: newCache(cfg.CacheBytes)}
	if err := sb.check(root, texEnv(jobMount, false), []string{"pdflatex", "-version"}); err != nil {
		os.RemoveAll(root)
		if !cfg.Unsandboxed {
			return nil, fmt.Errorf("latex: %w; LaTeX cannot be compiled safely (an operator may opt out explicitly)", err)
		}
		return nil, fmt.Errorf("latex: %w", err)
	}
	name, err := c.dumpFormat(Preamble)
	if err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	if c.pdf, err = newPDFChecker(cfg.Workers); err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	c.base = &pool{c: c, format: name, prefix: Preamble, size: cfg.Workers + 1} // a rerun takes a second process
	c.plain = &pool{c: c, size: max(1, cfg.Workers/2)}
	if plain, err := c.plainFormat(); err == nil {
		c.plain.format = plain
	} else {
		cfg.Logger.Warn("latex: hand-written sources start with LaTeX's compressed format", "err", err)
	}
	c.extra, c.building, c.unicode = map[string]*pool{}, map[string]bool{}, map[Engine]*unicodeEngine{}
	go c.base.refill()
	go c.plain.refill()
	return c, nil
}

// Close stops the warm processes and removes the job directories.
func (c *Compiler) Close() error {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.mu.Lock()
	pools := []*pool{c.base, c.plain}
	for _, p := range c.extra {
		pools = append(pools, p)
	}
	for _, u := range c.unicode {
		pools = append(pools, u.plain)
		for _, p := range u.warm {
			pools = append(pools, p)
		}
	}
	c.mu.Unlock()
	for _, p := range pools {
		p.close()
	}
	c.pdf.close()
	return os.RemoveAll(c.root)
}

// Key is the cache key of a source: the engine that compiles it and its version are part of it.
func Key(src string) string {
	return keyOf(strings.ReplaceAll(src, "\r\n", "\n"))
}

// PDF returns a cached PDF by its Result.Key.
func (c *Compiler) PDF(key string) ([]byte, bool) {
	if e, ok := c.cache.get(key); ok {
		return e.pdf, true
	}
	return nil, false
}

// Compile turns a source into a PDF, from the cache when the same source was compiled
// before. Failures are *Error (in words), ErrBusy, ErrTooLarge or ErrCancelled.
func (c *Compiler) Compile(ctx context.Context, src string) (*Result, error) {
	if utf8.RuneCountInString(src) > MaxSource {
		return nil, ErrTooLarge
	}
	// Browsers submit text areas with CRLF; the same document should hit the same cache
	// entry and the preamble format.
	src = strings.ReplaceAll(src, "\r\n", "\n")
	key := Key(src)
	for {
		if e, ok := c.cache.get(key); ok {
			return &Result{PDF: e.pdf, Key: key, Cached: true, Passes: e.passes}, nil
		}
		// The same source already compiling (a retry, a second viewer) is waited for, not run
		// again. The compile runs under the context of the caller that started it.
		ran := false
		ch := c.flight.DoChan(key, func() (any, error) {
			ran = true
			return c.compile(ctx, key, src)
		})
		var r singleflight.Result
		select {
		case r = <-ch:
		case <-ctx.Done():
			return nil, ErrCancelled
		}
		if errors.Is(r.Err, ErrCancelled) && !ran && ctx.Err() == nil {
			continue // the caller that started it gave up, not this one
		}
		if r.Err != nil {
			return nil, r.Err
		}
		res := *r.Val.(*Result)
		// Another caller's compile: to this caller it is a cache hit (the queue then makes it
		// last as long as a compile, so the timing tells nobody what others compile).
		res.Cached = !ran
		return &res, nil
	}
}

// compile is one compile of a source that is not in the cache: admitted, then in its slot.
func (c *Compiler) compile(ctx context.Context, key, src string) (*Result, error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errors.New("latex: compiler closed")
	}
	if c.admitted >= c.cfg.Workers+c.cfg.Queue {
		c.mu.Unlock()
		return nil, ErrBusy
	}
	c.admitted++
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.admitted--
		c.mu.Unlock()
	}()
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ErrCancelled
	}
	defer func() { <-c.slots }()
	c.runs.Add(1)
	pdf, passes, err := c.run(ctx, key, src)
	if err != nil {
		return nil, err
	}
	c.cache.put(key, pdf, passes)
	return &Result{PDF: pdf, Key: key, Passes: passes}, nil
}

// run compiles in up to maxPasses warm processes, carrying the auxiliary files from one
// pass to the next. The compile's limit (Config.Timeout) covers every pass from the moment
// its process is ready, with every read of the job's files; waiting for a process to load
// is not counted (pool.get bounds it).
func (c *Compiler) run(ctx context.Context, key, src string) ([]byte, int, error) {
	pl := c.choosePool(src)
	if e := engineOf(src); e != PDFLaTeX {
		var err error
		if pl, err = c.enginePool(e, src); err != nil {
			c.cfg.Logger.Error("latex: cannot set up an engine", "engine", e, "err", err)
			return nil, 1, &Error{Problem: fmt.Sprintf("this server cannot compile with %s; an administrator can add it with `make lang-packs` (see docs/LANGUAGES.md)", e)}
		}
	}
	// The format holds the prefix; blank lines keep the line numbers of the source. A warm
	// process that was fed its prefix reads only the rest.
	input := strings.Repeat("\n", strings.Count(pl.prefix, "\n")) + src[len(pl.prefix):]
	if pl.fed {
		input = src[len(pl.prefix):]
	} else if pl.program() == XeLaTeX {
		input = xetexBOM + input
	}
	var prev string
	defer func() {
		if prev != "" {
			os.RemoveAll(prev)
		}
	}()
	left := c.cfg.Timeout
	for pass := 1; pass <= maxPasses; pass++ {
		w, err := c.ready(ctx, pl)
		if err != nil {
			return nil, pass, err
		}
		started := time.Now()
		pctx, cancel := context.WithTimeout(ctx, left)
		pdf, again, err := c.pass(pctx, key, src, input, pl, w, prev, pass < maxPasses)
		cancel()
		left -= time.Since(started)
		if prev != "" {
			os.RemoveAll(prev)
		}
		prev = w.dir
		if !again || err != nil {
			return pdf, pass, err
		}
	}
	panic("unreachable")
}

// ready is a process of pl that has loaded what it holds, however long that took (within
// startLimit): a cold pool is no fault of the document. A start that takes too long is
// ErrBusy, to be tried again in a few seconds.
func (c *Compiler) ready(ctx context.Context, pl *pool) (*proc, error) {
	w, err := pl.get(ctx)
	switch {
	case errors.Is(err, ErrCancelled):
		return nil, ErrCancelled
	case errors.Is(err, errStartSlow):
		c.cfg.Logger.Warn("latex: a warm process was not ready in time", "engine", pl.program(), "limit", c.cfg.startLimit)
		return nil, ErrBusy
	case err != nil:
		c.cfg.Logger.Error("latex: cannot start TeX", "engine", pl.program(), "err", err)
		return nil, &Error{Problem: "the compiler could not start; please try again"}
	}
	return w, nil
}

// pass runs one pass in w, whose job directory receives what the pass in prev left for it;
// again asks for another pass.
func (c *Compiler) pass(ctx context.Context, key, src, input string, pl *pool, w *proc, prev string, rerun bool) (pdf []byte, again bool, err error) {
	sb := pl.sandbox()
	if prev != "" {
		if err := sb.carryAux(ctx, prev, w.dir, recorderName(pl.format), recorderName(string(pl.program()))); err != nil {
			w.discard()
			return nil, false, c.jobFileError(ctx, key, "aux", err)
		}
	}
	o := w.run(ctx, input)
	log, err := sb.readOutput(w.dir, jobName+".log", 1<<20)
	if err != nil {
		return nil, false, c.jobFileError(ctx, key, "log", err)
	}
	var list string
	if w.recorder != nil {
		var complete bool
		if list, complete = w.recorder.text(); !complete {
			c.cfg.Logger.Warn("latex: the recorder list was cut short", "key", key)
			return nil, false, &Error{Problem: "the document opened too many files"}
		}
	} else if list, err = sb.readOutput(w.dir, jobName+".fls", 4<<20); err != nil {
		return nil, false, c.jobFileError(ctx, key, "recorder", err)
	}
	if bad := c.auditRecorder(list, sb); bad != "" {
		c.cfg.Logger.Warn("latex: blocked a compile that touched a file outside the sandbox's allowed tree", "key", key, "file", bad)
		return nil, false, &Error{Problem: "the document tried to use a file that is not part of it; only the packages and fonts that come with the compiler can be used"}
	}
	switch {
	case o.cancelled:
		return nil, false, ErrCancelled
	case o.timedOut:
		c.cfg.Logger.Info("latex: compile timed out", "key", key, "log", tail(log, 4000))
		return nil, false, &Error{Problem: "the document took too long to compile (it may contain an endless loop)"}
	case o.tooLarge:
		c.cfg.Logger.Info("latex: compile output too large", "key", key)
		return nil, false, &Error{Problem: "the document is too large: it produced more output than allowed (it may contain an endless loop)"}
	}
	f, err := sb.openOutput(w.dir, jobName+".pdf")
	if o.exitCode != 0 || errors.Is(err, fs.ErrNotExist) {
		if f != nil {
			f.Close()
		}
		c.cfg.Logger.Debug("latex: compile failed", "key", key, "exit", o.exitCode, "stderr", w.cmd.Stderr.(*capped).String(), "log", tail(log, 16000))
		return nil, false, explain(log, src, o.exitCode)
	}
	if err != nil {
		return nil, false, c.jobFileError(ctx, key, "pdf", err)
	}
	defer f.Close()
	if rerun && needsRerun(log, src) {
		return nil, true, nil
	}
	if r, lost := lostLetter(log); lost {
		c.cfg.Logger.Info("latex: a letter is missing from the fonts", "key", key, "letter", string(r))
		return nil, false, &Error{Problem: (&LetterError{Letter: r, Script: scriptName(r)}).Error()}
	}
	// Checked from the opened file, in a child process that reads it from a pipe, before the
	// server reads it; what is served is the checker's re-serialisation, and the page count
	// is the checked page tree's. It is written beside the job directory, out of TeX's reach.
	servedPath := w.dir + ".checked.pdf"
	defer os.Remove(servedPath)
	fi, err := f.Stat()
	if err != nil {
		return nil, false, c.jobFileError(ctx, key, "pdf", err)
	}
	if _, err := c.pdf.check(ctx, f, fi.Size(), servedPath); err != nil {
		var rej *pdfRejection
		var tooMany *pageLimitError
		switch {
		case errors.As(err, &rej):
			c.cfg.Logger.Warn("latex: blocked a PDF with active content", "key", key, "found", rej.found)
			return nil, false, &Error{Problem: "the document contains active content (JavaScript, actions, embedded or linked files), which is not allowed"}
		case errors.As(err, &tooMany):
			return nil, false, &Error{Problem: tooMany.Error()}
		case errors.Is(err, errPDFTooLarge):
			c.cfg.Logger.Info("latex: PDF too large", "key", key)
			return nil, false, &Error{Problem: fmt.Sprintf("the document is too large: its PDF is over %d MB", MaxPDF>>20)}
		case ctx.Err() == context.Canceled:
			return nil, false, ErrCancelled
		default:
			c.cfg.Logger.Warn("latex: the PDF check failed", "key", key, "err", err)
			return nil, false, &Error{Problem: "the PDF could not be checked, so it is not shown; try a simpler document"}
		}
	}
	pdf, err = os.ReadFile(servedPath)
	if err != nil {
		return nil, false, &Error{Problem: "the compiler produced no PDF"}
	}
	return pdf, false, nil
}

// jobFileError is the compile's answer when a job file could not be read as one TeX made.
func (c *Compiler) jobFileError(ctx context.Context, key, what string, err error) error {
	switch {
	case ctx.Err() == context.Canceled:
		return ErrCancelled
	case ctx.Err() != nil:
		return &Error{Problem: "the document took too long to compile (it may contain an endless loop)"}
	case errors.Is(err, errOddOutput):
		c.cfg.Logger.Warn("latex: blocked a compile that made a link or special file among its outputs", "key", key, "file", what)
		return errOddOutput
	}
	c.cfg.Logger.Error("latex: cannot read a job's files", "key", key, "file", what, "err", err)
	return &Error{Problem: "the compiler produced no PDF"}
}

// MaxPages is the most pages a worksheet may have.
const MaxPages = 200

var (
	versionOnce sync.Once
	version     string
)

// Version is the first line of `pdflatex --version`; it is part of every cache key.
func Version() string {
	versionOnce.Do(func() {
		out, err := exec.Command("pdflatex", "--version").Output()
		if err != nil {
			version = "pdflatex unavailable"
			return
		}
		version, _, _ = strings.Cut(string(out), "\n")
		version = strings.TrimSpace(version)
	})
	return version
}

// CompileFile compiles one file to another: the `sheetsmith compile` command.
func CompileFile(ctx context.Context, in, out string) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	// One file on the user's own machine: no server's 20 s limit (a cold first run on a busy
	// machine can need more); the sandbox's CPU limit follows this one.
	c, err := New(Config{Workers: 1, Queue: 1, Timeout: time.Minute})
	if err != nil {
		return err
	}
	defer c.Close()
	res, err := c.Compile(ctx, string(src))
	if err != nil {
		return err
	}
	return os.WriteFile(out, res.PDF, 0o644)
}
