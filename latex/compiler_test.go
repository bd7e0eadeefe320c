package latex

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	sharedOnce sync.Once
	sharedC    *Compiler
	sharedErr  error
	formatDir  string // one dumped format for every compiler the tests start
)

func TestMain(m *testing.M) {
	if dir := os.Getenv("SHEETSMITH_TEST_HOLD"); dir != "" {
		holdCompiler(dir) // a server that TestKilledServerLeavesNothing kills
		return
	}
	flag.Parse()
	var err error
	if formatDir, err = os.MkdirTemp("", "sheetsmith-fmt-test-"); err != nil {
		panic(err)
	}
	code := m.Run()
	if sharedC != nil {
		sharedC.Close()
	}
	os.RemoveAll(formatDir)
	os.Exit(code)
}

// real skips tests that run TeX in short mode.
func real(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs pdflatex in bubblewrap")
	}
}

// shared is one compiler for the tests that do not care about its configuration. Hostile
// documents get a short timeout so the suite stays quick.
func shared(t *testing.T) *Compiler {
	real(t)
	sharedOnce.Do(func() {
		sharedC, sharedErr = New(Config{Workers: 2, Queue: 64, Timeout: 4 * time.Second, FormatDir: formatDir,
			Logger: slog.New(slog.NewTextHandler(&sharedLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedC
}

// lockedBuffer collects the shared compiler's log (raw TeX logs included, at debug level),
// so attack tests can show a secret never reached it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var sharedLog lockedBuffer

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

var anyStream = regexp.MustCompile(`stream\r?\n`)

// pdfBytes is the PDF with every compressed stream inflated, so a secret smuggled into an
// object (not only into the visible text) is found.
func pdfBytes(pdf []byte) []byte {
	all := append([]byte{}, pdf...)
	for _, loc := range anyStream.FindAllIndex(pdf, -1) {
		if zr, err := zlib.NewReader(bytes.NewReader(pdf[loc[1]:])); err == nil {
			b, _ := io.ReadAll(io.LimitReader(zr, 64<<20))
			all = append(all, b...)
		}
	}
	return all
}

const questions = `\begin{questions}
\question What is $7 \times 8$?
\begin{solution} $56$ \end{solution}
\question Shade half of the circle. \tikz\draw (0,0) circle (0.5);
\answerspace
\end{questions}`

func TestCompileWorksheet(t *testing.T) {
	c := shared(t)
	src := source("Times Tables", questions)
	res, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, res.PDF)
	for _, want := range []string{"Times Tables", "What is 7", "Shade half"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Answer:") {
		t.Error("the worksheet shows the answers")
	}
	if res.Cached || len(res.Key) != 64 || res.Passes != 1 {
		t.Errorf("result: cached=%v key=%q passes=%d", res.Cached, res.Key, res.Passes)
	}

	key, err := c.Compile(context.Background(), WithAnswers(src))
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, key.PDF); !strings.Contains(text, "Answer Key") || !strings.Contains(text, "Solution: 56") {
		t.Errorf("answer key text:\n%s", text)
	}

	// A \printanswers in a comment, or a \noprintanswers, does not keep a key from showing
	// its answers; applying WithAnswers twice changes nothing.
	hand := strings.Replace(src, "\\begin{document}", "% \\printanswers for the key\n\\noprintanswers\n\\begin{document}", 1)
	if WithAnswers(WithAnswers(hand)) != WithAnswers(hand) {
		t.Error("WithAnswers twice writes the switch twice")
	}
	handKey, err := c.Compile(context.Background(), WithAnswers(hand))
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, handKey.PDF); !strings.Contains(text, "Solution: 56") {
		t.Errorf("the key of a source mentioning \\printanswers in a comment shows no answers:\n%s", text)
	}

	again, err := c.Compile(context.Background(), src)
	if err != nil || !again.Cached || !bytes.Equal(again.PDF, res.PDF) || again.Key != res.Key {
		t.Fatalf("second compile of the same source is not served from the cache: %v", err)
	}
	crlf, err := c.Compile(context.Background(), strings.ReplaceAll(src, "\n", "\r\n"))
	if err != nil || !crlf.Cached || crlf.Key != res.Key {
		t.Fatalf("the same document with CRLF line ends is not the same cache entry: %v", err)
	}
	if pdf, ok := c.PDF(res.Key); !ok || !bytes.Equal(pdf, res.PDF) {
		t.Fatal("PDF(key) does not return the cached PDF")
	}
	if _, ok := c.PDF(strings.Repeat("0", 64)); ok {
		t.Fatal("PDF of an unknown key")
	}
}

// A document that does not start with the server's preamble compiles with the standard
// format, and cross-references get the second pass they ask for.
func TestCompileOwnPreambleAndReruns(t *testing.T) {
	c := shared(t)
	src := `\documentclass{article}
\begin{document}
\section{Fractions}\label{sec:f}
See section~\ref{sec:f} on page~\pageref{sec:f}.
\end{document}
`
	res, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, res.PDF)
	if !strings.Contains(text, "See section 1 on page 1") || res.Passes != 2 {
		t.Fatalf("passes=%d text:\n%s", res.Passes, text)
	}

	// The exam class's totals come from the aux file: printing them takes a second pass.
	exam := source("Points", "\\addpoints\n\\begin{questions}\n\\question[5] One.\n\\question[7] Two.\n\\end{questions}\nTotal: \\numpoints\\ points.")
	res, err = c.Compile(context.Background(), exam)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, res.PDF); !strings.Contains(text, "Total: 12 points") || res.Passes < 2 {
		t.Fatalf("passes=%d text:\n%s", res.Passes, text)
	}
}

func TestCompileErrorsInWords(t *testing.T) {
	c := shared(t)
	cases := []struct {
		body string
		line int
		want string
	}{
		{"Hello \\fraq{1}{2}", 0, `the command \fraq is not defined`},
		{"Area: x^2", 0, "a $ is missing"},
		{"\\begin{center}\nHello\n\\end{itemize}", 0, `could not make sense of \end{itemize}`},
		{"\\begin{center}\nHello\n\\end{flushleft}", 0, `\begin{center} on line`},
	}
	for _, tc := range cases {
		src := source("Broken", tc.body)
		lines := strings.Split(src, "\n")
		want := 0
		for i, l := range lines {
			if strings.Contains(l, strings.Split(tc.body, "\n")[len(strings.Split(tc.body, "\n"))-1]) {
				want = i + 1
			}
		}
		_, err := c.Compile(context.Background(), src)
		var ce *Error
		if !errors.As(err, &ce) {
			t.Fatalf("%q: error %v is not *Error", tc.body, err)
		}
		if ce.Line != want || !strings.Contains(ce.Problem, tc.want) {
			t.Errorf("%q: got %q, want line %d and %q", tc.body, ce.Error(), want, tc.want)
		}
	}
	_, err := c.Compile(context.Background(), "\\documentclass{article}\n\\usepackage{nosuchpackage}\n\\begin{document}x\\end{document}")
	if err == nil || err.Error() != "Compilation failed: line 2: the package nosuchpackage is not available" {
		t.Errorf("missing package: %v", err)
	}
}

func TestTooLargeSource(t *testing.T) {
	c := shared(t)
	_, err := c.Compile(context.Background(), strings.Repeat("x", MaxSource+1))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v", err)
	}
}

func TestCancelStopsTheCompile(t *testing.T) {
	c := shared(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	_, err := c.Compile(ctx, "\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x\\end{document}")
	var ce *Error
	if errors.As(err, &ce) || !errors.Is(err, ErrCancelled) {
		t.Fatalf("got %v, want ErrCancelled and no TeX error", err)
	}
}

// Past Workers+Queue, a compile is refused at once with ErrBusy.
func TestBusyWhenQueueFull(t *testing.T) {
	real(t)
	c, err := New(Config{Workers: 1, Queue: 1, Timeout: 3 * time.Second, FormatDir: formatDir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	slow := func(i int) string {
		return "\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x " + strings.Repeat("%", i) + "\\end{document}"
	}
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Compile(context.Background(), slow(i)) }()
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		c.mu.Lock()
		n := c.admitted
		c.mu.Unlock()
		if n == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, err = c.Compile(context.Background(), slow(5))
	if !errors.Is(err, ErrBusy) || err.Error() != "The compiler is busy. Please try again in a few seconds." {
		t.Fatalf("got %v, want ErrBusy", err)
	}
	wg.Wait()
	if _, err := c.Compile(context.Background(), "\\documentclass{article}\\begin{document}ok\\end{document}"); err != nil {
		t.Fatalf("after the queue drains: %v", err)
	}
}

// Without bubblewrap the compiler refuses to start unless the operator opts out, and the
// opt-out is logged loudly.
func TestMissingBubblewrap(t *testing.T) {
	real(t)
	_, err := New(Config{bwrapPath: "/nonexistent/bwrap", FormatDir: formatDir})
	if err == nil || !strings.Contains(err.Error(), "bubblewrap") {
		t.Fatalf("got %v", err)
	}
	_, err = New(Config{bwrapPath: "false", FormatDir: formatDir}) // present but cannot sandbox
	if err == nil || !strings.Contains(err.Error(), "cannot be compiled safely") {
		t.Fatalf("got %v", err)
	}

	var logged bytes.Buffer
	c, err := New(Config{Unsandboxed: true, bwrapPath: "/nonexistent/bwrap", Workers: 1, FormatDir: formatDir,
		Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !strings.Contains(logged.String(), "WITHOUT A SANDBOX") {
		t.Fatalf("no warning logged: %s", logged.String())
	}
	res, err := c.Compile(context.Background(), source("Unsandboxed", "Plain question."))
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Plain question.") {
		t.Fatalf("unsandboxed compile: %v", err)
	}
}

func TestCompileFile(t *testing.T) {
	real(t)
	dir := t.TempDir()
	in, out := dir+"/in.tex", dir+"/out.pdf"
	os.WriteFile(in, []byte(source("CLI", "From the command line.")), 0o644)
	t.Setenv("XDG_CACHE_HOME", dir)
	if err := CompileFile(context.Background(), in, out); err != nil {
		t.Fatal(err)
	}
	pdf, _ := os.ReadFile(out)
	if !strings.Contains(pdfText(t, pdf), "From the command line.") {
		t.Fatal("wrong PDF")
	}
}

// Identical compiles at the same time (a retry, two viewers) share one run.
func TestIdenticalCompilesShareOneRun(t *testing.T) {
	c := shared(t)
	src := source("Shared", questions+"\n% shared run")
	var wg sync.WaitGroup
	pdfs := make([][]byte, 3)
	errs := make([]error, 3)
	for i := range pdfs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Compile(context.Background(), src)
			if err == nil {
				pdfs[i] = res.PDF
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i := range pdfs {
		if errs[i] != nil || !bytes.Equal(pdfs[i], pdfs[0]) {
			t.Fatalf("compile %d: %v", i, errs[i])
		}
	}
}

// A format removed from the cache directory while the server runs is dumped again.
func TestFormatRebuiltWhenRemoved(t *testing.T) {
	real(t)
	dir := t.TempDir()
	c, err := New(Config{Workers: 1, FormatDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmts, _ := filepath.Glob(filepath.Join(dir, "sheetsmith-*.fmt"))
	if len(fmts) != 2 || c.plain.format == "" { // the preamble's, and LaTeX's own uncompressed
		t.Fatalf("formats: %v", fmts)
	}
	time.Sleep(500 * time.Millisecond) // let the pools fill with processes that loaded them
	for _, f := range fmts {
		os.Remove(f)
	}
	for i := range 4 { // more compiles than warm processes: new ones must find a format
		src := source("Rebuilt", fmt.Sprintf("Question %d.", i))
		if _, err := c.Compile(context.Background(), src); err != nil {
			t.Fatalf("compile %d: %v", i, err)
		}
		hand := fmt.Sprintf("\\documentclass{article}\\begin{document}Hand %d.\\end{document}\n", i)
		if _, err := c.Compile(context.Background(), hand); err != nil {
			t.Fatalf("hand-written compile %d: %v", i, err)
		}
	}
	for _, f := range fmts {
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("format %s not made again", filepath.Base(f))
		}
	}
}

// Formats are stored without their gzip layer (pdfTeX reads them either way; inflating one
// was most of a warm process's start), and a hand-written source still compiles with LaTeX's
// own format.
func TestFormatsAreStoredUncompressed(t *testing.T) {
	c := shared(t)
	for _, name := range []string{c.base.format, c.plain.format} {
		if name == "" {
			t.Fatal("a pool has no stored format")
		}
		b, err := os.ReadFile(filepath.Join(c.fmtDir, name+".fmt"))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 1<<20 || b[0] == 0x1f && b[1] == 0x8b {
			t.Fatalf("%s: %d bytes, starts % x: want an uncompressed format", name, len(b), b[:2])
		}
	}
	res, err := c.Compile(context.Background(), "\\documentclass{article}\\begin{document}Hand-written and plain.\\end{document}\n")
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Hand-written and plain.") {
		t.Fatalf("hand-written source: %v", err)
	}
}

// Packages loaded with their options (mhchem) are part of a format's prefix only exactly as
// the server writes them: other options are the document's own business.
func TestExtraPrefixTakesOptionPackagesAsWritten(t *testing.T) {
	src := source("Water", "\\ce{H2O}", "siunitx", "mhchem")
	if p := extraPrefix(src); !strings.HasSuffix(p, "\\usepackage{siunitx}\n\\usepackage[version=4]{mhchem}\n") {
		t.Fatalf("prefix: %q", p[len(Preamble):])
	}
	for _, line := range []string{`\usepackage[version=3]{mhchem}`, `\usepackage{mhchem}`, `\usepackage[draft]{siunitx}`, `\usepackage[version=4]{xcolor}`} {
		if p := extraPrefix(Preamble + line + "\n\\begin{document}\n"); p != Preamble {
			t.Errorf("%s became part of the prefix", line)
		}
	}
}

// A worksheet with extra packages compiles at once with the base format, and gets a format
// of its own for the next compiles.
func TestExtraPackagesGetTheirOwnFormat(t *testing.T) {
	c := shared(t)
	body := "\\begin{tikzpicture}\\begin{axis}[width=6cm]\\addplot {x^2};\\end{axis}\\end{tikzpicture}\n\nPlot %d: $\\cancel{3}$"
	src := source("Graphs", fmt.Sprintf(body, 1), "pgfplots", "cancel")
	res, err := c.Compile(context.Background(), src)
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Plot 1") {
		t.Fatalf("first compile: %v", err)
	}
	prefix := extraPrefix(src)
	if !strings.HasSuffix(prefix, "\\usepackage{pgfplots}\n\\usepackage{cancel}\n") {
		t.Fatalf("prefix: %q", prefix)
	}
	deadline := time.Now().Add(30 * time.Second)
	for c.choosePool(src) == c.base && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if c.choosePool(src) == c.base {
		t.Fatal("no format was dumped for the extra packages")
	}
	// Line numbers still match the submitted source with the longer prefix.
	broken := source("Graphs", "Plot: \\addplot[", "pgfplots", "cancel")
	_, err = c.Compile(context.Background(), strings.Replace(broken, "Plot: \\addplot[", "\\undefinedthing", 1))
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Problem, `\undefinedthing`) {
		t.Fatalf("got %v", err)
	}
	for i, l := range strings.Split(broken, "\n") {
		if strings.Contains(l, "Plot: ") && ce.Line != i+1 {
			t.Fatalf("line %d, want %d", ce.Line, i+1)
		}
	}
	res, err = c.Compile(context.Background(), source("Graphs", fmt.Sprintf(body, 2), "pgfplots", "cancel"))
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Plot 2") {
		t.Fatalf("compile with the dumped format: %v", err)
	}
}
