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
			"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
			"--bind", jobDir, jobMount, "--chdir", jobMount,
			"--unshare-all", "--die-with-parent", "--new-session", "--clearenv")
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

// kill ends the whole process group. bwrap's --die-with-parent and its PID namespace take
// TeX down with it.
func kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Process.Kill()
	}
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
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-ctx.Done():
		kill(cmd)
		err = <-done
	}
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
