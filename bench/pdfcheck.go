package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"sheetsmith/latex"
)

func init() { sections = append(sections, benchPDFCheck) }

// benchPDFCheck measures what the PDF layer adds to every compile and to every PDF a remote
// worker returns: hand a PDF to a warm child process, parse it strictly (pdfcpu and the strict
// reader), validate it, check every object, re-serialise it, read that back and check it
// again. It reports the cost per page on pdflatex's own output for a one-page and a
// twenty-page sheet.
func benchPDFCheck() error {
	pc, err := latex.NewPDFChecker(1)
	if err != nil {
		return err
	}
	defer pc.Close()
	fmt.Printf("\nPDF check (strict parse and strict re-read, validate, check, re-serialise, read back) — median of %d runs, a warm child each run\n", *runs*2)
	fmt.Printf("%-22s %6s %10s %10s %12s %12s\n", "sheet", "pages", "in", "served", "check", "per page")
	for _, s := range []struct {
		name  string
		pages int
	}{{"one-page sheet", 1}, {"twenty-page sheet", 20}} {
		in, err := rawPDF(pagesSheet(s.pages))
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		var times []time.Duration
		var out []byte
		for range *runs * 2 {
			time.Sleep(300 * time.Millisecond) // the spare child is started again between compiles
			t0 := time.Now()
			if out, err = pc.Check(context.Background(), in); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			times = append(times, time.Since(t0))
		}
		pages := len(leafPage.FindAll(out, -1))
		if pages != s.pages {
			return fmt.Errorf("%s: the served PDF has %d pages, want %d", s.name, pages, s.pages)
		}
		d := med(times)
		fmt.Printf("%-22s %6d %7.0f KB %7.0f KB %12s %9.2f ms\n", s.name, pages, float64(len(in))/1024, float64(len(out))/1024,
			ms(d), float64(d)/float64(time.Millisecond)/float64(pages))
	}
	return nil
}

// leafPage is a page object in the checker's output (its keys are sorted, one space apart).
var leafPage = regexp.MustCompile(`/Type /Page[/>]`)

// pagesSheet is a worksheet of n pages of questions.
func pagesSheet(n int) string {
	var b strings.Builder
	for p := range n {
		b.WriteString("\\begin{questions}\n")
		for i := 1; i <= 8; i++ {
			a, c := 17*(i+p)%89+10, 29*i%67+10
			fmt.Fprintf(&b, "\\question[2] Work out $%d \\times %d$. \\answerblank\n\\begin{solution}$%d$\\end{solution}\n", a, c, a*c)
		}
		b.WriteString("\\end{questions}\n")
		if p < n-1 {
			b.WriteString("\\newpage\n")
		}
	}
	return wrap(b.String(), latex.Settings{Title: "Multiplication Practice", ShowName: true})
}

// rawPDF is pdflatex's own output for src (what a compile hands the checker).
func rawPDF(src string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "bench-pdfcheck-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(src), 0o644); err != nil {
		return nil, err
	}
	for range 2 {
		cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%v: %s", err, tail(string(out)))
		}
	}
	return os.ReadFile(filepath.Join(dir, "doc.pdf"))
}
