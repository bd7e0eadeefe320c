package latex

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// jobRoot makes this compiler's directory for job directories, run-<pid>-<random> under
// one root (by default sheetsmith-latex-<uid> in the temporary directory), and removes the
// directories of compilers whose process is gone (a kill -9 leaves them, with users'
// documents inside).
func jobRoot(base string) (string, error) {
	if base == "" {
		base = filepath.Join(os.TempDir(), "sheetsmith-latex-"+strconv.Itoa(os.Geteuid()))
	}
	if err := os.MkdirAll(base, 0o711); err != nil {
		return "", fmt.Errorf("latex: job directory: %w", err)
	}
	// In a shared temporary directory someone else could have made it first (or a symlink).
	fi, err := os.Lstat(base)
	if err != nil {
		return "", fmt.Errorf("latex: job directory: %w", err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !fi.IsDir() || !ok || int(st.Uid) != os.Geteuid() {
		return "", fmt.Errorf("latex: the job directory %s is not a directory of this user; remove it or configure another", base)
	}
	clearStale(base)
	dir, err := os.MkdirTemp(base, "run-"+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return "", fmt.Errorf("latex: job directory: %w", err)
	}
	// The sandbox may run TeX as another uid: it must reach its job directory.
	if err := os.Chmod(dir, 0o711); err != nil {
		return "", err
	}
	return dir, nil
}

// clearStale removes run-<pid>-* directories whose process no longer exists.
func clearStale(base string) {
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "run-")
		if !ok || !e.IsDir() {
			continue
		}
		pidStr, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidStr)
		if err != nil || pid <= 0 || processAlive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(base, e.Name()))
	}
}

func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
