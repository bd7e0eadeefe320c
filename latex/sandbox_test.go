package latex

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// Inside the sandbox TeX sees its trees and nothing else of the host: no /proc, no rest of
// /usr or /etc, only /dev/null and /dev/urandom of /dev. \pdfobj stream file opens a name
// without kpathsea's openin_any rules, so it shows what exists: a file that exists but is
// outside the TeX trees is caught by the recorder audit, one that does not fails in TeX.
func TestSandboxShowsOnlyTeX(t *testing.T) {
	c := shared(t)
	s := plant(t)
	read := func(p string) error {
		_, err := c.Compile(context.Background(), article("", `\immediate\pdfobj stream file {`+p+`}\pdfrefobj\pdflastobj x`))
		return err
	}
	if err := read("/usr/share/texlive/texmf-dist/tex/latex/base/article.cls"); err != nil {
		t.Fatalf("a file of the TeX tree: %v", err)
	}
	if err := read("/dev/null"); err == nil || !strings.Contains(err.Error(), "not part of it") {
		t.Fatalf("/dev/null: %v; want it visible and refused by the audit", err)
	}
	for _, p := range []string{"/proc/self/status", "/proc/1/environ", "/etc/passwd", "/etc/hostname", "/etc/hosts",
		"/usr/bin/bwrap", "/usr/bin/env", "/usr/lib/os-release", "/usr/share/doc/bubblewrap/copyright",
		"/dev/zero", "/dev/tty", "/dev/shm", "/sys/kernel/uevent_seqnum", "/root/.bashrc",
		s.dirs[0] + "/secret.tex", s.dirs[1] + "/secret.tex", os.Args[0]} {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			err := read(p)
			if err == nil || strings.Contains(err.Error(), "not part of it") {
				t.Fatalf("%s is visible in the sandbox: %v", p, err)
			}
			if where := s.leaks(t, nil, err); where != "" {
				t.Fatalf("secret leaked through %s", where)
			}
		})
	}
}

// When the server runs as root, TeX does not: it runs as nobody, so the process-count limit
// applies to it.
func TestSandboxRunsAsNobody(t *testing.T) {
	c := shared(t)
	if os.Geteuid() != 0 {
		t.Skip("the server is not root here; TeX runs as the server's uid mapped to nobody")
	}
	w, err := c.plain.spawn()
	if err != nil {
		t.Fatal(err)
	}
	defer w.discard()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, pid := range leafDescendants(w.cmd.Process.Pid) {
			status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
			if !strings.Contains(string(status), "pdflatex") && !strings.Contains(string(status), "pdftex") {
				continue
			}
			uid := regexp.MustCompile(`(?m)^Uid:\s+(.*)$`).FindStringSubmatch(string(status))
			if len(uid) < 2 || strings.Join(strings.Fields(uid[1]), " ") != "65534 65534 65534 65534" {
				t.Fatalf("TeX runs with %q", uid)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no TeX process found")
}

// The document can write doc.fls, but that no longer hides what TeX read: the recorder list
// comes from a FIFO the document can only append to.
func TestRecorderCannotBeRewritten(t *testing.T) {
	c := shared(t)
	lib := ""
	for _, b := range c.sb.binds {
		if !b.link && strings.Contains(b.dst, "/libc.so") {
			lib = b.dst
		}
	}
	if lib == "" {
		t.Fatal("no libc among the sandbox's files")
	}
	rewrite := `\newwrite\w \immediate\openout\w=doc.fls \immediate\write\w{PWD /job}\immediate\closeout\w `
	for name, body := range map[string]string{
		"read after rewriting":  rewrite + `\immediate\pdfobj stream file {` + lib + `}\pdfrefobj\pdflastobj x`,
		"read before rewriting": `\immediate\pdfobj stream file {` + lib + `}\pdfrefobj\pdflastobj ` + rewrite + `x`,
		"long line in front":    `\newwrite\w \immediate\openout\w=doc.fls \immediate\write\w{` + strings.Repeat("x", 9000) + `}` + `\immediate\pdfobj stream file {` + lib + `}\pdfrefobj\pdflastobj x`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := c.Compile(context.Background(), article("", body))
			var ce *Error
			if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "not part of it") {
				t.Fatalf("got %v, want the read of %s refused", err, lib)
			}
		})
	}
	// The list is really read: an ordinary compile passes the audit with a non-empty list.
	w, err := c.plain.get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer w.discard()
	w.run(context.Background(), article("", "Hello."))
	list, complete := w.recorder.text()
	if !complete || !strings.Contains(list, "INPUT /usr/share/texlive/") || c.auditRecorder(list, c.sb) != "" {
		t.Fatalf("recorder list (complete %v):\n%s", complete, tail(list, 2000))
	}
}

// Job directories live under one root; those of a compiler whose process is gone (kill -9)
// are removed when the next compiler starts, the live ones are left alone.
func TestStaleJobDirectoriesCleared(t *testing.T) {
	real(t)
	base := t.TempDir()
	dead := 1 << 22 // above pid_max's default: no such process
	for processAlive(dead) {
		dead++
	}
	stale := filepath.Join(base, fmt.Sprintf("run-%d-123", dead), "job-1")
	live := filepath.Join(base, fmt.Sprintf("run-%d-456", os.Getpid()), "job-1")
	for _, d := range []string{stale, live} {
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "doc.tex"), []byte("a user's worksheet"), 0o644)
	}
	c, err := New(Config{Workers: 1, FormatDir: formatDir, JobDir: base, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(stale)); !os.IsNotExist(err) {
		t.Errorf("the stale job directory is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a live compiler's job directory was removed: %v", err)
	}
	if filepath.Dir(c.root) != base {
		t.Errorf("job directories in %s, want under %s", c.root, base)
	}
	res, err := c.Compile(context.Background(), source("Root", "Under one root."))
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Under one root.") {
		t.Fatalf("compile: %v", err)
	}
	c.Close()
	if _, err := os.Stat(c.root); !os.IsNotExist(err) {
		t.Errorf("Close left %s", c.root)
	}
}

// The source limit counts characters, like every other length: a worksheet of MaxSource
// non-ASCII characters is accepted, one more is refused, and the message says characters.
func TestSourceLimitInCharacters(t *testing.T) {
	c := shared(t)
	head := source("Long", "Ünïcödé.")
	pad := MaxSource - utf8.RuneCountInString(head) - 3
	src := head + "%" + strings.Repeat("é", pad) + "\n"
	if n := utf8.RuneCountInString(src); n > MaxSource || len(src) <= MaxSource {
		t.Fatalf("test source: %d characters, %d bytes", n, len(src))
	}
	res, err := c.Compile(context.Background(), src)
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Ünïcödé.") {
		t.Fatalf("a source of %d characters (%d bytes): %v", utf8.RuneCountInString(src), len(src), err)
	}
	_, err = c.Compile(context.Background(), strings.Repeat("é", MaxSource+1))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("%d characters", MaxSource)) {
		t.Fatalf("one character too many: %v", err)
	}
}

// holdCompiler starts a compiler with its jobs under dir, says so, and waits to be killed.
func holdCompiler(dir string) {
	c, err := New(Config{Workers: 2, JobDir: dir, FormatDir: os.Getenv("SHEETSMITH_TEST_FORMATS"),
		Unsandboxed: os.Getenv("SHEETSMITH_TEST_UNSANDBOXED") == "1",
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	// Ready once both warm pools are full and their TeX processes wait for a job.
	for range 200 {
		c.base.mu.Lock()
		n := len(c.base.ready)
		c.base.mu.Unlock()
		c.plain.mu.Lock()
		n += len(c.plain.ready)
		c.plain.mu.Unlock()
		if n == c.base.size+c.plain.size {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // the last ones reach the open of their job
	fmt.Println("ready", c.root)
	time.Sleep(time.Minute)
	os.Exit(1)
}

// descendants lists every process below pid.
func descendants(pid int) []int {
	var all []int
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 {
			if f := strings.Fields(string(stat[i+1:])); len(f) > 1 {
				parent[p], _ = strconv.Atoi(f[1])
			}
		}
	}
	var walk func(int)
	walk = func(p int) {
		for c, pp := range parent {
			if pp == p {
				all = append(all, c)
				walk(c)
			}
		}
	}
	walk(pid)
	return all
}

// A server killed with SIGKILL leaves no TeX process, no bwrap and no PDF checker running,
// sandboxed or not (TeX waits for its job on a pipe the server holds: the server's death is
// its end of file), and the next compiler on the same job root removes the job directories
// it left.
func TestKilledServerLeavesNothing(t *testing.T) {
	real(t)
	for _, mode := range []string{"sandboxed", "unsandboxed"} {
		t.Run(mode, func(t *testing.T) { killServer(t, mode == "unsandboxed") })
	}
}

func killServer(t *testing.T, unsandboxed bool) {
	base := t.TempDir()
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "SHEETSMITH_TEST_HOLD="+base, "SHEETSMITH_TEST_FORMATS="+formatDir)
	if unsandboxed {
		cmd.Env = append(cmd.Env, "SHEETSMITH_TEST_UNSANDBOXED=1")
	}
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if !strings.HasPrefix(line, "ready ") {
		cmd.Process.Kill()
		t.Fatalf("helper: %q %v", line, err)
	}
	root := strings.TrimSpace(strings.TrimPrefix(line, "ready "))
	procs := descendants(cmd.Process.Pid)
	tex, sandboxes := 0, 0
	for _, p := range procs {
		comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p))
		switch {
		case strings.HasPrefix(string(comm), "pdf"):
			tex++
		case strings.HasPrefix(string(comm), "bwrap"):
			sandboxes++
		}
	}
	if tex == 0 || (sandboxes == 0) != unsandboxed {
		cmd.Process.Kill()
		t.Fatalf("below the helper: %d TeX, %d bwrap processes of %v", tex, sandboxes, procs)
	}
	cmd.Process.Kill() // SIGKILL
	cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var alive []string
		// What was below the server, and anything else still working for its run (started
		// after the list was taken).
		for _, p := range append(procs, strays(base)...) {
			if comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p)); err == nil && processAlive(p) {
				if stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p)); !strings.Contains(string(stat), ") Z ") {
					wchan, _ := os.ReadFile(fmt.Sprintf("/proc/%d/wchan", p))
					cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p))
					alive = append(alive, fmt.Sprintf("%d %s (waiting in %s): %q", p, strings.TrimSpace(string(comm)), wchan, cmdline))
				}
			}
		}
		if len(alive) == 0 {
			break
		}
		if time.Now().After(deadline) {
			for _, p := range procs {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Fatalf("still running after the server was killed: %v", alive)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := os.Stat(root); err != nil {
		t.Fatalf("the killed server's job directory is not there to clear: %v", err)
	}
	c, err := New(Config{Workers: 1, FormatDir: formatDir, JobDir: base, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Fatalf("the killed server's job directory %s was not removed: %v", root, err)
	}
}

// A sandbox left by a dead run (a server killed before bwrap asked to die with it) waits for
// its job forever; the next compiler on the same job root kills it and everything in it,
// sandboxed (found by its job directory on bwrap's command line) or not (by its working
// directory). A live run's processes are left alone.
func TestStraysOfADeadRunAreReaped(t *testing.T) {
	real(t)
	for _, mode := range []string{"sandboxed", "unsandboxed"} {
		t.Run(mode, func(t *testing.T) {
			base := t.TempDir()
			dead := 1 << 22 // above pid_max's default: no such process
			for processAlive(dead) {
				dead++
			}
			pdflatex, _ := exec.LookPath("pdflatex")
			sb, err := newSandbox(pdflatex, texTree, mode == "unsandboxed", "bwrap")
			if err != nil {
				t.Fatal(err)
			}
			start := func(run string) (*exec.Cmd, chan error) {
				dir := filepath.Join(base, run, "job-1")
				if err := os.MkdirAll(dir, 0o711); err != nil {
					t.Fatal(err)
				}
				if err := sb.own(dir); err != nil {
					t.Fatal(err)
				}
				// Nobody will write its job: TeX waits forever, as a stray does.
				if err := syscall.Mkfifo(filepath.Join(dir, feedName), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := sb.command(dir, "", false, append(texArgs(PDFLaTeX, ""), `\csname @@input\endcsname `+feedName+` `))
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				exited := make(chan error, 1)
				go func() { exited <- cmd.Wait() }()
				t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Process.Kill() })
				return cmd, exited
			}
			stray, strayExited := start(fmt.Sprintf("run-%d-123", dead))
			live, liveExited := start(fmt.Sprintf("run-%d-456", os.Getpid()))
			// Wait until TeX itself waits in the stray, in the open of its job's FIFO.
			var inside []int
			for deadline := time.Now().Add(20 * time.Second); ; {
				inside = inside[:0]
				tex := false
				for _, p := range append([]int{stray.Process.Pid}, descendants(stray.Process.Pid)...) {
					inside = append(inside, p)
					comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p))
					wchan, _ := os.ReadFile(fmt.Sprintf("/proc/%d/wchan", p))
					tex = tex || strings.HasPrefix(string(comm), "pdf") && string(wchan) == "wait_for_partner"
				}
				if tex {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("TeX did not start in the stray: %v", inside)
				}
				time.Sleep(50 * time.Millisecond)
			}
			c, err := New(Config{Workers: 1, FormatDir: formatDir, JobDir: base, Unsandboxed: mode == "unsandboxed",
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			select {
			case <-strayExited:
			case <-time.After(20 * time.Second):
				t.Fatalf("the dead run's sandbox is still running after a new compiler started")
			}
			// A killed process leaves when the kernel has run its exit, which a loaded machine
			// may delay: each must be gone (or a zombie) within a bound.
			for _, p := range inside {
				var stat []byte
				for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
					var err error
					if stat, err = os.ReadFile(fmt.Sprintf("/proc/%d/stat", p)); err != nil || strings.Contains(string(stat), ") Z ") {
						stat = nil
						break
					}
				}
				if stat != nil {
					t.Errorf("process %d of the dead run is still running: %s", p, stat)
				}
			}
			select {
			case err := <-liveExited:
				t.Fatalf("a live run's process was killed: %v", err)
			default:
			}
			_ = live
		})
	}
}
