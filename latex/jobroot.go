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

// jobRoot makes this runner's directory for job directories, run-<pid>-<random> under one
// root (by default sheetsmith-latex-<uid> in the temporary directory), and clears what runs
// whose process is gone left: their processes (reapStrays) and their directories (a kill -9
// leaves them, with users' documents inside).
func jobRoot(base string) (string, error) {
	if base == "" {
		base = filepath.Join(os.TempDir(), "sheetsmith-latex-"+strconv.Itoa(os.Geteuid()))
	}
	base = filepath.Clean(base)
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
	reapStrays(base)
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
		if e.IsDir() && deadRun(e.Name()) {
			os.RemoveAll(filepath.Join(base, e.Name()))
		}
	}
}

// deadRun reports whether name is a run-<pid>-* directory of a process that is gone.
func deadRun(name string) bool {
	rest, ok := strings.CutPrefix(name, "run-")
	if !ok {
		return false
	}
	pidStr, _, _ := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(pidStr)
	return err == nil && pid > 0 && pid != os.Getpid() && !processAlive(pid)
}

// reapStrays kills what dead runs of base left running, with everything below it: normally
// nothing (a warm process ends with its server, see proc), but a server killed while bwrap
// was starting, before bwrap asked to die with its parent, leaves a sandbox waiting forever.
func reapStrays(base string) {
	for _, pid := range strays(base) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// strays lists the processes of dead runs of base and their descendants. A sandbox is found
// by the job directory on bwrap's command line (killing its init ends everything inside), an
// unsandboxed tool by its working directory.
func strays(base string) []int {
	prefix := base + string(filepath.Separator)
	ofDeadRun := func(path string) bool {
		rest, ok := strings.CutPrefix(path, prefix)
		if !ok {
			return false
		}
		run, _, _ := strings.Cut(rest, string(filepath.Separator))
		return deadRun(run)
	}
	children := processChildren()
	var found []int
	seen := map[int]bool{}
	var add func(int)
	add = func(pid int) {
		if seen[pid] {
			return
		}
		seen[pid] = true
		found = append(found, pid)
		for _, c := range children[pid] {
			add(c)
		}
	}
	for _, pids := range children {
		for _, pid := range pids {
			if pid == os.Getpid() {
				continue
			}
			cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
			hit := false
			for _, arg := range strings.Split(string(cmdline), "\x00") {
				hit = hit || ofDeadRun(arg)
			}
			if cwd, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd"); err == nil && ofDeadRun(cwd) {
				hit = true
			}
			if hit {
				add(pid)
			}
		}
	}
	return found
}

// processChildren maps each process to its children, from /proc.
func processChildren() map[int][]int {
	entries, _ := os.ReadDir("/proc")
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses and may contain spaces.
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 2 {
			continue
		}
		if pp, err := strconv.Atoi(f[1]); err == nil {
			children[pp] = append(children[pp], p)
		}
	}
	return children
}

func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
