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
// one root, and removes the directories of compilers whose process is gone (a kill -9
// leaves them, with users' documents inside).
func jobRoot(base string) (string, error) {
	if base == "" {
		base = filepath.Join(os.TempDir(), "sheetsmith-latex")
	}
	if err := os.MkdirAll(base, 0o711); err != nil {
		return "", fmt.Errorf("latex: job directory: %w", err)
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
