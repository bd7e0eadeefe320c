package latex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Paths inside the sandbox. The job directory is the only writable place; the dumped
// formats are mounted read-only beside it.
const (
	jobMount = "/job"
	fmtMount = "/fmt"
	jobName  = "doc"    // output files are doc.pdf, doc.log, doc.aux, doc.fls
	feedName = "go.tex" // symlink to the process's stdin: the warm process blocks reading it
)

// texTree lists the read-only system paths TeX needs. Nothing else of the host is visible,
// so secrets elsewhere on disk cannot be read even through pdfTeX primitives that ignore
// openin_any (\pdfobj stream file, \pdffiledump).
var texTree = []string{"/usr", "/etc/texmf", "/var/lib/texmf"}

// optionalTree is bound when present (the dynamic linker cache; Debian's alternatives).
var optionalTree = []string{"/etc/ld.so.cache", "/etc/alternatives"}

// Limits applied to every TeX process, inside the sandbox, via prlimit.
const (
	maxFileBytes = 64 << 20 // any single file TeX writes (PDF, log)
	maxJobBytes  = 96 << 20 // the whole job directory
	maxAddrSpace = 2 << 30  // virtual memory
	maxProcs     = 64       // TeX never needs to fork: shell escape is off
	maxOpenFiles = 128
)

type sandbox struct {
	bwrap       string // path of bwrap; empty when Unsandboxed
	prlimit     string
	pdflatex    string
	unsandboxed bool
	cpuSeconds  int
}

// texArgs is the pdflatex command line shared by every pass.
func texArgs(format string) []string {
	args := []string{"pdflatex"}
	if format != "" {
		args = append(args, "-fmt="+format)
	}
	return append(args, "-jobname="+jobName, "-no-shell-escape", "-halt-on-error",
		"-interaction=nonstopmode", "-file-line-error", "-recorder", "-no-parse-first-line")
}

// env is the whole environment TeX sees: kpathsea's paranoid settings, no font generation.
func texEnv(jobDir string, withFormats bool) []string {
	env := []string{
		"PATH=/usr/bin:/bin", "HOME=" + jobDir, "LANG=C.UTF-8",
		"openin_any=p", "openout_any=p", "shell_escape=f", "shell_escape_commands=",
		"MKTEXPK=0", "MKTEXTFM=0", "MKTEXFMT=0", "MKTEXMF=0", "MKOCP=0", "MKOFM=0",
		"TEXMFOUTPUT=" + jobDir, "TEXMFVAR=" + jobDir + "/.texmf-var", "TEXMFHOME=" + jobDir + "/.texmf",
		"TEXMFCONFIG=" + jobDir + "/.texmf-config",
		"max_print_line=1000", "error_line=254", "half_error_line=238",
	}
	if withFormats {
		env = append(env, "TEXFORMATS="+fmtMount+":")
	}
	return env
}

// command builds the process that runs args inside the sandbox with jobDir as /job (read-
// write) and fmtDir as /fmt (read-only). The process gets its own process group so that a
// timeout kills everything it started.
func (s *sandbox) command(jobDir, fmtDir string, withFormats bool, args []string) *exec.Cmd {
	limits := []string{
		"--cpu=" + strconv.Itoa(s.cpuSeconds), "--as=" + strconv.Itoa(maxAddrSpace),
		"--fsize=" + strconv.Itoa(maxFileBytes), "--nproc=" + strconv.Itoa(maxProcs),
		"--nofile=" + strconv.Itoa(maxOpenFiles), "--core=0", "--",
	}
	var cmd *exec.Cmd
	if s.unsandboxed {
		full := append([]string{}, limits...)
		full = append(full, s.pdflatex)
		full = append(full, args[1:]...)
		for i, a := range full {
			full[i] = strings.ReplaceAll(a, fmtMount+":", fmtDir+":")
		}
		cmd = exec.Command(s.prlimit, full...)
		cmd.Dir = jobDir
		env := texEnv(jobDir, false)
		if withFormats {
			env = append(env, "TEXFORMATS="+fmtDir+":")
		}
		cmd.Env = env
	} else {
		b := []string{}
		for _, p := range texTree {
			b = append(b, "--ro-bind", p, p)
		}
		for _, p := range optionalTree {
			b = append(b, "--ro-bind-try", p, p)
		}
		b = append(b,
			"--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
			"--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin",
			// /proc only for go.tex -> /proc/self/fd/0; openin_any=p keeps TeX out of it.
			"--proc", "/proc", "--dev", "/dev",
			"--bind", jobDir, jobMount, "--chdir", jobMount,
			"--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session", "--clearenv")
		if fmtDir != "" {
			b = append(b, "--ro-bind", fmtDir, fmtMount)
		}
		for _, kv := range texEnv(jobMount, withFormats) {
			k, v, _ := strings.Cut(kv, "=")
			b = append(b, "--setenv", k, v)
		}
		b = append(b, "--", "/usr/bin/prlimit")
		b = append(b, limits...)
		b = append(b, args...)
		cmd = exec.Command(s.bwrap, b...)
		cmd.Env = []string{}
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// terminate stops a sandboxed process and everything it started. TeX (the leaf, PID 1 of
// its namespace thanks to --as-pid-1) is killed first, so bwrap reaps it and exits; killing bwrap first would leave
// its sandboxed child a zombie of PID 1. If anything is still there after a second, the
// whole process group is killed. exited closes when cmd.Wait has returned.
func terminate(cmd *exec.Cmd, exited <-chan struct{}) {
	if cmd.Process == nil {
		return
	}
	pid := cmd.Process.Pid
	leaves := leafDescendants(pid)
	for _, d := range leaves {
		_ = syscall.Kill(d, syscall.SIGKILL)
	}
	if len(leaves) > 0 {
		select {
		case <-exited:
			return
		case <-time.After(time.Second):
		}
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// leafDescendants lists the processes below pid that have no children themselves.
func leafDescendants(pid int) []int {
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
	var leaves []int
	var walk func(int)
	walk = func(p int) {
		for _, c := range children[p] {
			if len(children[c]) == 0 {
				leaves = append(leaves, c)
			} else {
				walk(c)
			}
		}
	}
	walk(pid)
	return leaves
}

// check runs a trivial TeX job in the sandbox, so a machine where bwrap or pdflatex cannot
// run is found at start, not at the first compile.
func (s *sandbox) check(root string) error {
	dir, err := os.MkdirTemp(root, "check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	args := []string{"pdflatex", "-version"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := s.command(dir, "", false, args)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return err
	}
	err = waitBounded(ctx, cmd)
	if err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 300 {
			msg = msg[:300]
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) && !s.unsandboxed && strings.Contains(msg, "bwrap") {
			return fmt.Errorf("bubblewrap (bwrap) cannot create a sandbox on this machine: %s", msg)
		}
		if s.unsandboxed {
			return fmt.Errorf("pdflatex does not run: %v: %s", err, msg)
		}
		return fmt.Errorf("bubblewrap (bwrap) cannot run pdflatex in a sandbox: %v: %s", err, msg)
	}
	return nil
}

// waitBounded waits for a started command, terminating it when ctx ends.
func waitBounded(ctx context.Context, cmd *exec.Cmd) error {
	exited := make(chan struct{})
	var err error
	go func() { err = cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-ctx.Done():
		terminate(cmd, exited)
		<-exited
	}
	return err
}
