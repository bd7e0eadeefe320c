package latex

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"
)

// MaxPDF is the largest PDF a compile may produce; a larger one is refused before it is read.
const MaxPDF = 20 << 20

// Limits of one PDF check. The check runs in a child process (this same binary, started
// with pdfCheckEnv set), so a PDF built to exhaust the parser costs at most this much memory
// and time, and is killed, not waited for.
const (
	pdfCheckTimeout = 5 * time.Second
	pdfCheckMemory  = 768 << 20 // the child's data segment (RLIMIT_DATA)
	pdfCheckEnv     = "SHEETSMITH_LATEX_PDFCHECK"
)

func init() {
	if os.Getenv(pdfCheckEnv) == "1" {
		os.Exit(pdfCheckChild(os.Stdin, os.Stdout))
	}
}

// pdfCheckChild is the child's whole life: limit itself, wait for one path on stdin, check
// that PDF and answer "ok" or "bad <what>" or "error <why>" on stdout.
func pdfCheckChild(in io.Reader, out io.Writer) int {
	_ = syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: pdfCheckMemory, Max: pdfCheckMemory})
	cpu := uint64(pdfCheckTimeout/time.Second) + 1
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu})
	// One PDF per child: collect garbage only when memory runs short.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(pdfCheckMemory / 2)
	// Warm the parser up while waiting, so the PDF a compile hands over is not the first.
	_ = checkPDF(context.Background(), bytes.NewReader(warmPDF))
	fmt.Fprintln(out, "ready")
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil {
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), pdfCheckTimeout)
	defer cancel()
	f, err := os.Open(strings.TrimSuffix(line, "\n"))
	if err != nil {
		fmt.Fprintf(out, "error %s\n", oneLine(err.Error()))
		return 0
	}
	defer f.Close()
	var rej *pdfRejection
	switch err := checkPDF(ctx, f); {
	case err == nil:
		fmt.Fprintln(out, "ok")
	case errors.As(err, &rej):
		fmt.Fprintf(out, "bad %s\n", oneLine(rej.found))
	default:
		fmt.Fprintf(out, "error %s\n", oneLine(err.Error()))
	}
	return 0
}

// warmPDF is a one-page PDF for the warm-up.
var warmPDF = func() []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>"}
	offs := []int{}
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}()

func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// pdfChecker keeps one child started ahead, so a check costs the parse and not the start of
// a process; each child checks exactly one PDF.
type pdfChecker struct {
	exe     string
	timeout time.Duration
	size    int // children kept started
	mu      sync.Mutex
	spare   []*checkProc
	closed  bool
}

type checkProc struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // the child's answers: "ready", then the verdict
	done  chan struct{}
}

func newPDFChecker(size int) (*pdfChecker, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("latex: cannot find this program to check PDFs with: %w", err)
	}
	pc := &pdfChecker{exe: exe, timeout: pdfCheckTimeout + time.Second, size: min(max(size, 1), 4)}
	go pc.refill()
	return pc, nil
}

func (pc *pdfChecker) start() (*checkProc, error) {
	cmd := exec.Command(pc.exe)
	cmd.Env = []string{pdfCheckEnv + "=1", "GOTRACEBACK=none"}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &checkProc{cmd: cmd, stdin: stdin, lines: make(chan string, 2), done: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		sc := bufio.NewScanner(io.LimitReader(stdout, 4096))
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		cmd.Wait()
		close(p.done)
	}()
	// Ready once it has warmed up, so a compile never waits for that.
	select {
	case l := <-p.lines:
		if l == "ready" {
			return p, nil
		}
	case <-time.After(10 * time.Second):
	}
	p.kill()
	return nil, errors.New("the PDF check did not start")
}

func (pc *pdfChecker) refill() {
	for {
		pc.mu.Lock()
		if pc.closed || len(pc.spare) >= pc.size {
			pc.mu.Unlock()
			return
		}
		pc.mu.Unlock()
		p, err := pc.start()
		if err != nil {
			return
		}
		pc.mu.Lock()
		if pc.closed || len(pc.spare) >= pc.size {
			pc.mu.Unlock()
			p.kill()
			return
		}
		pc.spare = append(pc.spare, p)
		pc.mu.Unlock()
	}
}

// kill stops the child unless it has exited already (it never starts processes of its own).
func (p *checkProc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Kill()
	<-p.done
}

func (pc *pdfChecker) close() {
	pc.mu.Lock()
	pc.closed = true
	spare := pc.spare
	pc.spare = nil
	pc.mu.Unlock()
	for _, p := range spare {
		p.kill()
	}
}

// check inspects the PDF at path: nil when it is clean, *pdfRejection for active content, or
// another error when it is too large, unreadable, or took too long or too much memory.
func (pc *pdfChecker) check(ctx context.Context, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() > MaxPDF {
		return errPDFTooLarge
	}
	var p *checkProc
	pc.mu.Lock()
	for len(pc.spare) > 0 && p == nil {
		p, pc.spare = pc.spare[0], pc.spare[1:]
		select {
		case <-p.done: // died while waiting
			p = nil
		default:
		}
	}
	pc.mu.Unlock()
	go pc.refill()
	if p == nil {
		if p, err = pc.start(); err != nil {
			return fmt.Errorf("starting the PDF check: %w", err)
		}
	}
	defer func() { // it exits by itself after answering; make sure
		go func() {
			select {
			case <-p.done:
			case <-time.After(time.Second):
				p.kill()
			}
		}()
	}()
	if _, err := io.WriteString(p.stdin, path+"\n"); err != nil {
		return fmt.Errorf("starting the PDF check: %w", err)
	}
	p.stdin.Close()
	timer := time.NewTimer(pc.timeout)
	defer timer.Stop()
	var verdict string
	select {
	case l, ok := <-p.lines:
		if !ok {
			<-p.done
			return fmt.Errorf("the PDF check stopped (%s)", p.cmd.ProcessState)
		}
		verdict = l
	case <-timer.C:
		return errPDFCheckTimeout
	case <-ctx.Done():
		return ctx.Err()
	}
	switch {
	case verdict == "ok":
		return nil
	case strings.HasPrefix(verdict, "bad "):
		return &pdfRejection{strings.TrimPrefix(verdict, "bad ")}
	case strings.HasPrefix(verdict, "error "):
		return errors.New(strings.TrimPrefix(verdict, "error "))
	}
	return fmt.Errorf("the PDF check answered %q", verdict)
}

var (
	errPDFTooLarge     = fmt.Errorf("the PDF is larger than %d MB", MaxPDF>>20)
	errPDFCheckTimeout = errors.New("the PDF check took too long")
)
