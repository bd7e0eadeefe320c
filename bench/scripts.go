package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"sheetsmith/latex"
)

var scriptsOnly = flag.Bool("scripts-only", false, "run only the per-engine (per-script) section")

func init() { sections = append(sections, benchScripts) }

// scriptSheets are one short sheet per script, each printed by the engine WritingOf chooses.
var scriptSheets = []struct{ name, lang, text string }{
	{"Latin (pdflatex)", "en", "How many apples are left if you eat three of seven?"},
	{"Cyrillic (pdflatex)", "ru", "Сколько яблок останется, если съесть три из семи?"},
	{"Greek (pdflatex)", "el", "Πόσα μήλα μένουν αν φας τρία από τα επτά;"},
	{"Chinese (xelatex)", "zh", "七个苹果吃掉三个，还剩几个？"},
	{"Japanese (xelatex)", "ja", "りんごが七つあります。三つ食べると、いくつ残りますか。"},
	{"Arabic (lualatex)", "ar", "كم تفاحة تبقى إذا أكلت ثلاثًا من سبع؟"},
	{"Hebrew (lualatex)", "he", "כמה תפוחים נשארים אם אוכלים שלושה משבעה?"},
}

func scriptSource(lang, text string) (string, latex.Engine, error) {
	w, err := latex.WritingOf(lang, text)
	if err != nil {
		return "", "", err
	}
	src := latex.PreambleFor(w)
	if l := latex.LanguageLine(w); l != "" {
		src += l + "\n"
	}
	src += latex.SealFor(w.Engine) + "\\begin{document}\n\\begin{questions}\n"
	for i := range 10 {
		src += fmt.Sprintf("\\question %s $%d + %d = $\\vspace{1cm}\n", text, i, 7)
	}
	return src + "\\end{questions}\n\\end{document}\n", w.Engine, nil
}

// benchScripts compares, per engine, our warm compile of a fresh sheet with the engine run
// cold on the same file (one process per compile), and reports the CPU of the cold run:
// Latin sheets must stay as fast as before, the others pay their engine's start-up.
func benchScripts() error {
	c, err := latex.New(latex.Config{Timeout: time.Minute, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer c.Close()
	fmt.Printf("\nPer-script engines — median of %d runs; ours = sandboxed, warm pool (format or fed preamble); cold = the engine run once per compile, unsandboxed\n", *runs)
	fmt.Printf("%-22s %14s %14s %16s\n", "sheet", "ours fresh", "cold", "cold CPU")
	for i, s := range scriptSheets {
		src, engine, err := scriptSource(s.lang, s.text)
		if err != nil {
			fmt.Printf("%-22s %s\n", s.name, err)
			continue
		}
		// the first compile sets the engine up and fills its warm pool, as on a running server
		if _, err := c.Compile(context.Background(), src+"% warm-up\n"); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		time.Sleep(3 * time.Second)
		ours, _, err := oursFresh(c, src, 1000+i)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		var cpu []time.Duration
		cold, _, err := median(func() (int, error) {
			d, err := coldRun(engine, src)
			cpu = append(cpu, d)
			return 1, err
		})
		if err != nil {
			return fmt.Errorf("%s: cold %s: %w", s.name, engine, err)
		}
		fmt.Printf("%-22s %14s %14s %16s\n", s.name, ms(ours), ms(cold), ms(med(cpu)))
	}
	return nil
}

// coldRun compiles src once with the engine in a fresh directory; it returns the CPU used.
func coldRun(engine latex.Engine, src string) (time.Duration, error) {
	dir, err := os.MkdirTemp("", "bench-script-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(src), 0o644); err != nil {
		return 0, err
	}
	cmd := exec.Command(string(engine), "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%v: %s", err, tail(string(out)))
	}
	u := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), nil
}
