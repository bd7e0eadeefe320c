package latex

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// dumpFormat dumps a preamble (Preamble, possibly followed by \usepackage lines of
// ExtraPackages) into a pdfTeX format once, so a document that starts with it skips loading
// the class and packages (most of a small compile). The name carries a hash of the
// preamble, the compiler version and the system format's timestamp, so a changed preamble
// or a TeX Live update builds a new one.
func (c *Compiler) dumpFormat(prefix string) (string, error) {
	c.fmtMu.Lock()
	defer c.fmtMu.Unlock()
	stamp := ""
	if fi, err := os.Stat(systemFormat()); err == nil {
		stamp = fi.ModTime().UTC().Format(time.RFC3339Nano)
	}
	sum := sha256.Sum256([]byte(Version() + "\x00" + stamp + "\x00" + formatLayout + "\x00" + prefix))
	name := "sheetsmith-" + hex.EncodeToString(sum[:8])
	if _, err := os.Stat(filepath.Join(c.fmtDir, name+".fmt")); err == nil {
		now := time.Now()
		_ = os.Chtimes(filepath.Join(c.fmtDir, name+".fmt"), now, now) // in use: not stale
		return name, nil
	}
	dir, err := os.MkdirTemp(c.root, "fmt-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	if err := c.sb.own(dir); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "preamble.tex"), []byte(prefix+"\\dump\n"), 0o644); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := c.sb.command(dir, "", false, []string{"pdflatex", "-ini", "-jobname=" + name,
		"-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "&pdflatex", "preamble.tex"})
	var out capped
	out.max = 8192
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	err = waitBounded(ctx, cmd)
	if err != nil {
		log, _ := c.sb.readOutput(dir, name+".log", 4000)
		c.cfg.Logger.Error("latex: dumping the preamble format failed", "err", err, "log", log)
		return "", fmt.Errorf("latex: cannot build the preamble format: %v: %s", err, strings.TrimSpace(tail(out.String(), 300)))
	}
	dumped, err := c.sb.openOutput(dir, name+".fmt")
	if err != nil {
		return "", fmt.Errorf("latex: the dumped format: %w", err)
	}
	defer dumped.Close()
	if err := storeUncompressed(dumped, filepath.Join(c.fmtDir, name+".fmt")); err != nil {
		return "", err
	}
	// Formats of an older preamble or TeX Live are never loaded again by this build; another
	// build sharing the directory may still use one, so only week-old ones are removed.
	old, _ := filepath.Glob(filepath.Join(c.fmtDir, "sheetsmith-*.fmt"))
	for _, f := range old {
		if fi, err := os.Stat(f); err == nil && filepath.Base(f) != name+".fmt" && time.Since(fi.ModTime()) > 7*24*time.Hour {
			os.Remove(f)
		}
	}
	return name, nil
}

// plainFormat stores an uncompressed copy of LaTeX's own format, for sources that do not
// start with Preamble, under a name that changes when TeX Live does.
func (c *Compiler) plainFormat() (string, error) {
	c.fmtMu.Lock()
	defer c.fmtMu.Unlock()
	sys := systemFormat()
	fi, err := os.Stat(sys)
	if err != nil {
		return "", fmt.Errorf("latex: LaTeX's format: %w", err)
	}
	sum := sha256.Sum256([]byte(Version() + "\x00" + fi.ModTime().UTC().Format(time.RFC3339Nano) + "\x00" + formatLayout))
	name := "sheetsmith-latex-" + hex.EncodeToString(sum[:8])
	dst := filepath.Join(c.fmtDir, name+".fmt")
	if _, err := os.Stat(dst); err == nil {
		now := time.Now()
		_ = os.Chtimes(dst, now, now)
		return name, nil
	}
	in, err := os.Open(sys)
	if err != nil {
		return "", err
	}
	defer in.Close()
	return name, storeUncompressed(in, dst)
}

// systemFormat is the path of TeX Live's pdflatex format.
func systemFormat() string {
	const debian = "/var/lib/texmf/web2c/pdftex/pdflatex.fmt"
	if fileExists(debian) {
		return debian
	}
	out, err := exec.Command("kpsewhich", "-engine=pdftex", "pdflatex.fmt").Output()
	if err != nil {
		return debian
	}
	return strings.TrimSpace(string(out))
}

// fileExists reports whether a path of the server's own (never a job's: see openOutput)
// is a regular file.
func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// formatLayout names how formats are stored; a format stored another way gets a new name.
const formatLayout = "uncompressed"

// storeUncompressed stores a format read from in at dst with its gzip layer removed. pdfTeX
// reads formats through zlib, which passes a file without a gzip header through unchanged, and
// inflating the 18 MB of a LaTeX format took 60 of the 100 ms a warm process spends
// loading it; on a busy server that start-up is the larger half of each compile's CPU.
func storeUncompressed(in io.Reader, dst string) error {
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".fmt-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	var r io.Reader = bufio.NewReaderSize(in, 1<<20)
	if magic, _ := r.(*bufio.Reader).Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return err
		}
		r = zr
	}
	if _, err := io.Copy(tmp, r); err != nil {
		tmp.Close()
		return fmt.Errorf("latex: cannot store the format: %w", err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// Rename is atomic, so another server sharing the directory never loads half a file.
	return os.Rename(tmp.Name(), dst)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
