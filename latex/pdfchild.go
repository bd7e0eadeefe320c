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
	"strconv"
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

// pdfCheckChild is the child's whole life: limit itself, wait on stdin for where to write
// the PDF to serve, the PDF's length and the PDF itself (it never opens a job's files: the
// server hands it the bytes of a file it opened and checked), check that PDF and answer
// "ok <pages>", "bad <what>", "pages <n>" or "error <why>" on stdout.
func pdfCheckChild(in io.Reader, out io.Writer) int {
	_ = syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: pdfCheckMemory, Max: pdfCheckMemory})
	cpu := uint64(pdfCheckTimeout/time.Second) + 1
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu})
	// The served PDF is written by the checker: at most as large as a PDF may be.
	_ = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 4 * MaxPDF, Max: 4 * MaxPDF})
	// One PDF per child: collect garbage only when memory runs short.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(pdfCheckMemory / 2)
	// Warm the parser up while waiting, so the PDF a compile hands over is not the first.
	_, _, _ = checkPDF(context.Background(), warmPDF)
	fmt.Fprintln(out, "ready")
	r := bufio.NewReader(in)
	dst, err1 := r.ReadString('\n')
	length, err2 := r.ReadString('\n')
	if err1 != nil || err2 != nil {
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), pdfCheckTimeout)
	defer cancel()
	n, err := strconv.ParseInt(strings.TrimSuffix(length, "\n"), 10, 64)
	if err != nil || n < 0 || n > MaxPDF {
		fmt.Fprintln(out, "error the PDF's length is not one the check takes")
		return 0
	}
	pdf := make([]byte, n)
	if _, err := io.ReadFull(r, pdf); err != nil {
		fmt.Fprintf(out, "error reading the PDF: %s\n", oneLine(err.Error()))
		return 0
	}
	var rej *pdfRejection
	var tooMany *pageLimitError
	served, pages, err := checkPDF(ctx, pdf)
	switch {
	case err == nil:
		if err := writeNew(strings.TrimSuffix(dst, "\n"), served); err != nil {
			fmt.Fprintf(out, "error writing the checked PDF: %s\n", oneLine(err.Error()))
			return 0
		}
		fmt.Fprintf(out, "ok %d\n", pages)
	case errors.As(err, &rej):
		fmt.Fprintf(out, "bad %s\n", oneLine(rej.found))
	case errors.As(err, &tooMany):
		fmt.Fprintf(out, "pages %d\n", tooMany.pages)
	default:
		fmt.Fprintf(out, "error %s\n", oneLine(err.Error()))
	}
	return 0
}

// writeNew writes a file that must not exist yet (nothing else is overwritten through it).
func writeNew(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	return errors.Join(werr, f.Close())
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

// check checks a PDF of size bytes read from pdf (a job's output opened by openOutput, or a
// worker's bytes) and writes the PDF to serve (the checker's re-serialisation) to out,
// which must not exist. It returns the page count, or a *pdfRejection for active content, a
// *pageLimitError for too many pages, or another error when the PDF is too large,
// unreadable, or took too long or too much memory.
func (pc *pdfChecker) check(ctx context.Context, pdf io.Reader, size int64, out string) (int, error) {
	if size > MaxPDF {
		return 0, errPDFTooLarge
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
		var err error
		if p, err = pc.start(); err != nil {
			return 0, fmt.Errorf("starting the PDF check: %w", err)
		}
	}
	// The PDF goes down the child's stdin; a child that stops reading is killed below,
	// which ends the copy.
	fed := make(chan error, 1)
	go func() {
		_, err := io.WriteString(p.stdin, out+"\n"+strconv.FormatInt(size, 10)+"\n")
		if err == nil {
			_, err = io.Copy(p.stdin, io.LimitReader(pdf, size))
		}
		p.stdin.Close()
		fed <- err
	}()
	answered := false
	defer func() {
		if !answered {
			p.kill()
		} else { // it exits by itself after answering; make sure
			go func() {
				select {
				case <-p.done:
				case <-time.After(time.Second):
					p.kill()
				}
			}()
		}
		<-fed // the copy reads pdf no more once check returns
	}()
	timer := time.NewTimer(pc.timeout)
	defer timer.Stop()
	var verdict string
	select {
	case l, ok := <-p.lines:
		if !ok {
			<-p.done
			return 0, fmt.Errorf("the PDF check stopped (%s)", p.cmd.ProcessState)
		}
		answered, verdict = true, l
	case <-timer.C:
		return 0, errPDFCheckTimeout
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	word, rest, _ := strings.Cut(verdict, " ")
	switch word {
	case "ok", "pages":
		n, err := strconv.Atoi(rest)
		if err != nil {
			break
		}
		if word == "pages" {
			return 0, &pageLimitError{n}
		}
		return n, nil
	case "bad":
		return 0, &pdfRejection{rest}
	case "error":
		return 0, errors.New(rest)
	}
	return 0, fmt.Errorf("the PDF check answered %q", verdict)
}

var (
	errPDFTooLarge     = fmt.Errorf("the PDF is larger than %d MB", MaxPDF>>20)
	errPDFCheckTimeout = errors.New("the PDF check took too long")
)
