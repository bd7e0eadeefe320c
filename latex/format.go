package latex

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
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
	if fi, err := os.Stat("/var/lib/texmf/web2c/pdftex/pdflatex.fmt"); err == nil {
		stamp = fi.ModTime().UTC().Format(time.RFC3339Nano)
	}
	sum := sha256.Sum256([]byte(Version() + "\x00" + stamp + "\x00" + prefix))
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
		log, _ := os.ReadFile(filepath.Join(dir, name+".log"))
		c.cfg.Logger.Error("latex: dumping the preamble format failed", "err", err, "log", tail(string(log), 4000))
		return "", fmt.Errorf("latex: cannot build the preamble format: %v: %s", err, strings.TrimSpace(tail(out.String(), 300)))
	}
	// Rename is atomic, so another server sharing the directory never loads half a file.
	if err := os.Chmod(filepath.Join(dir, name+".fmt"), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(filepath.Join(dir, name+".fmt"), filepath.Join(c.fmtDir, name+".fmt")); err != nil {
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

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
