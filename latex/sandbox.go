package latex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
	feedName = "go.tex" // a FIFO: the warm process blocks opening it until the job is written
)

// texTree lists the read-only TeX trees and configuration TeX reads. Besides them the
// sandbox shows only the binaries pdflatex, prlimit and setpriv with the libraries they
// link (hostBinds), /etc/ld.so.cache, /dev/null, /dev/urandom, the job directory and the
// dumped formats: no /proc, no rest of /usr or /etc. So files elsewhere on disk cannot be
// read even through pdfTeX primitives that ignore openin_any (\pdfobj stream file,
// \pdffiledump), whatever the recorder says.
var texTree = []string{"/usr/share/texlive", "/usr/share/texmf", "/etc/texmf", "/var/lib/texmf"}

// nobody is the uid and gid a tool runs as: when the server is root, setpriv drops to it on
// the host, so the process-count limit holds (it does not bind root).
const nobody = 65534

// Limits applied to every TeX process, inside the sandbox, via prlimit.
const (
	maxFileBytes = 64 << 20 // any single file TeX writes (PDF, log)
	maxJobBytes  = 96 << 20 // the whole job directory
	maxAddrSpace = 2 << 30  // virtual memory
	maxProcs     = 64       // TeX never needs to fork: shell escape is off
	maxOpenFiles = 128
)

// sandbox is the one runner of every external tool (pdflatex, pdftoppm): bubblewrap showing
// the tool with the libraries it links, the read-only trees it reads and its job directory,
// nothing else; no network; a cleared environment; nobody's uid; rlimits; its own process
// group. Each tool gets its own sandbox value (newSandbox), built the same way.
type sandbox struct {
	bwrap       string // path of bwrap; empty when Unsandboxed
	prlimit     string
	setpriv     string // used when the server is root
	tool        string // host path of the tool run
	trees       []string
	unsandboxed bool
	cpuSeconds  int
	addrSpace   int
	binds       []bind   // the binaries and their libraries
	root        bool     // the server runs as root: the tool drops to nobody inside the sandbox
	cLocale     bool     // LuaTeX stops when the locale's files are missing: it gets plain C
	env         []string // more environment: where XeTeX and LuaTeX find the system's fonts by file name
}

// newSandbox prepares the sandbox of one tool (a path found on PATH) reading trees. bwrap
// names the bubblewrap binary (tests point it at a missing one).
// extra are more binaries the tool starts (XeTeX's xdvipdfmx, through /bin/sh).
func newSandbox(tool string, trees []string, unsandboxed bool, bwrap string, extra ...string) (*sandbox, error) {
	s := &sandbox{tool: tool, trees: trees, unsandboxed: unsandboxed, addrSpace: maxAddrSpace, cpuSeconds: 60}
	var err error
	if s.prlimit, err = exec.LookPath("prlimit"); err != nil {
		return nil, errors.New("latex: prlimit is not installed (Debian: apt-get install util-linux)")
	}
	if unsandboxed {
		return s, nil
	}
	if s.bwrap, err = exec.LookPath(bwrap); err != nil {
		return nil, errors.New("latex: bubblewrap (bwrap) is not installed, so LaTeX cannot be compiled safely (Debian: apt-get install bubblewrap); an operator may opt out explicitly")
	}
	s.root = os.Geteuid() == 0
	bins := append([]string{tool, s.prlimit}, extra...)
	if s.root {
		if s.setpriv, err = exec.LookPath("setpriv"); err != nil {
			return nil, errors.New("latex: setpriv is not installed (Debian: apt-get install util-linux)")
		}
		bins = append(bins, s.setpriv)
	}
	if s.binds, err = hostBinds(bins...); err != nil {
		return nil, fmt.Errorf("latex: %w", err)
	}
	return s, nil
}

// bind is one file shown in the sandbox, or a symlink (link) recreated there.
type bind struct {
	src, dst string
	link     bool
}

// hostBinds lists what the sandbox must show for bins to run: each binary and each library
// ldd names, every symlink on the way, at its /usr path (/lib is a link to usr/lib inside).
func hostBinds(bins ...string) ([]bind, error) {
	paths := append([]string{}, bins...)
	for _, b := range bins {
		out, err := exec.Command("ldd", b).Output()
		if err != nil {
			return nil, fmt.Errorf("listing the libraries of %s: %w", b, err)
		}
		for _, f := range strings.Fields(string(out)) {
			if strings.HasPrefix(f, "/") {
				paths = append(paths, f)
			}
		}
	}
	seen := map[string]bool{}
	var binds []bind
	for _, p := range paths {
		for range 16 {
			dst := usrPath(p)
			if seen[dst] {
				break
			}
			seen[dst] = true
			fi, err := os.Lstat(p)
			if err != nil {
				return nil, err
			}
			if fi.Mode()&os.ModeSymlink == 0 {
				binds = append(binds, bind{src: p, dst: dst})
				break
			}
			target, err := os.Readlink(p)
			if err != nil {
				return nil, err
			}
			binds = append(binds, bind{src: target, dst: dst, link: true})
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(p), target)
			}
			p = target
		}
	}
	return binds, nil
}

// parentDirs lists the directories above everything the sandbox shows, parents first.
func (s *sandbox) parentDirs() []string {
	seen := map[string]bool{}
	var dirs []string
	var add func(string)
	add = func(d string) {
		if d == "/" || d == "." || seen[d] {
			return
		}
		add(filepath.Dir(d))
		seen[d] = true
		dirs = append(dirs, d)
	}
	for _, p := range append(append([]string{}, s.trees...), "/etc/ld.so.cache") {
		add(filepath.Dir(p))
	}
	for _, f := range s.binds {
		add(filepath.Dir(f.dst))
	}
	return dirs
}

// usrPath maps /lib/…, /lib64/… and /bin/… to their /usr places on a merged-/usr system.
func usrPath(p string) string {
	for _, d := range []string{"/lib/", "/lib64/", "/bin/", "/sbin/"} {
		if strings.HasPrefix(p, d) {
			if t, err := os.Readlink(strings.TrimSuffix(d, "/")); err == nil && t == "usr"+strings.TrimSuffix(d, "/") {
				return "/usr" + p
			}
		}
	}
	return p
}

// own gives a directory (or file) the sandbox writes to the uid TeX runs as.
func (s *sandbox) own(path string) error {
	if s.root && !s.unsandboxed {
		return os.Chown(path, nobody, nobody)
	}
	return nil
}

// texArgs is the command line of an engine shared by every pass.
func texArgs(prog Engine, format string) []string {
	args := []string{string(prog)}
	if format != "" {
		args = append(args, "-fmt="+format)
	}
	args = append(args, "-jobname="+jobName, "-no-shell-escape", "-halt-on-error",
		"-interaction=nonstopmode", "-file-line-error", "-recorder")
	if prog != LuaLaTeX { // LuaTeX never reads a %& line
		args = append(args, "-no-parse-first-line")
	}
	return args
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
		env = append(env, fontEnv(fmtMount)...) // the bundled fonts beside the formats
	}
	return env
}

// command builds the TeX process that runs args inside the sandbox with jobDir as /job
// (read-write) and fmtDir as /fmt (read-only).
func (s *sandbox) command(jobDir, fmtDir string, withFormats bool, args []string) *exec.Cmd {
	env := texEnv(jobMount, withFormats)
	if s.cLocale {
		env[slices.Index(env, "LANG=C.UTF-8")] = "LANG=C"
	}
	env = append(env, s.env...)
	return s.run(jobDir, fmtDir, env, args)
}

// run builds the process that runs the tool (args[0] names it) in the sandbox, with jobDir
// as /job (read-write), roDir (if any) as /fmt (read-only) and env as its whole environment
// (paths as seen inside). The process gets its own process group so that a timeout kills
// everything it started.
func (s *sandbox) run(jobDir, roDir string, env, args []string) *exec.Cmd {
	limits := []string{
		"--cpu=" + strconv.Itoa(s.cpuSeconds), "--as=" + strconv.Itoa(s.addrSpace),
		"--fsize=" + strconv.Itoa(maxFileBytes), "--nproc=" + strconv.Itoa(maxProcs),
		"--nofile=" + strconv.Itoa(maxOpenFiles), "--core=0", "--",
	}
	var cmd *exec.Cmd
	if s.unsandboxed {
		// The same paths on the host: /job and /fmt are the directories themselves.
		host := func(v string) string {
			for mount, dir := range map[string]string{jobMount: jobDir, fmtMount: roDir} {
				if dir != "" && (v == mount || strings.HasPrefix(v, mount+"/") || strings.HasPrefix(v, mount+":")) {
					return dir + v[len(mount):]
				}
			}
			return v
		}
		full := append([]string{}, limits...)
		full = append(full, s.tool)
		for _, a := range args[1:] {
			full = append(full, host(a))
		}
		cmd = exec.Command(s.prlimit, full...)
		cmd.Dir = jobDir
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			cmd.Env = append(cmd.Env, k+"="+host(v))
		}
	} else {
		// No --as-pid-1: bwrap's own init is PID 1 of the sandbox, and when it dies (with bwrap,
		// with the server) the kernel kills everything inside. TeX as PID 1 outlived a killed
		// server.
		b := []string{"--die-with-parent", "--new-session", "--clearenv"}
		if s.root {
			// A user namespace would map nobody back to root; setpriv drops to the host's
			// nobody instead, which also clears every capability.
			b = append(b, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try")
		} else {
			b = append(b, "--unshare-all", "--unshare-user", "--uid", strconv.Itoa(nobody), "--gid", strconv.Itoa(nobody))
		}
		// bwrap run by root makes the directories above a mount point 0700, which nobody
		// could not enter: make them 0755 first.
		for _, d := range s.parentDirs() {
			b = append(b, "--perms", "0755", "--dir", d)
		}
		for _, p := range s.trees {
			b = append(b, "--ro-bind-try", p, p)
		}
		b = append(b, "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache")
		for _, f := range s.binds {
			if f.link {
				b = append(b, "--symlink", f.src, f.dst)
			} else {
				b = append(b, "--ro-bind", f.src, f.dst)
			}
		}
		b = append(b,
			"--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
			"--tmpfs", "/dev", "--dev-bind", "/dev/null", "/dev/null", "--dev-bind", "/dev/urandom", "/dev/urandom",
			"--bind", jobDir, jobMount, "--chdir", jobMount)
		if roDir != "" {
			b = append(b, "--ro-bind", roDir, fmtMount)
		}
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			b = append(b, "--setenv", k, v)
		}
		b = append(b, "--")
		if s.root {
			// Changing uid clears the parent-death signal; set it again so the tool dies with
			// bwrap.
			b = append(b, s.setpriv, "--reuid="+strconv.Itoa(nobody), "--regid="+strconv.Itoa(nobody), "--clear-groups",
				"--no-new-privs", "--pdeathsig=SIGKILL", "--")
		}
		b = append(b, s.prlimit)
		b = append(b, limits...)
		b = append(b, args...)
		cmd = exec.Command(s.bwrap, b...)
		cmd.Env = []string{}
	}
	// The direct child (bwrap, or prlimit and then the tool) is killed when the server dies:
	// Go sets the signal before exec and kills the child if the server is already gone, which
	// closes the window before bwrap's own --die-with-parent (a TeX still loading its format
	// when the server died waited forever to open its job).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd
}

// terminate stops a sandboxed process and everything it started. TeX (the leaf) is killed
// first, so bwrap's init reaps it and bwrap exits; killing bwrap first could leave its
// sandboxed child a zombie. If anything is still there after a second, the
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
	children := processChildren()
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

// check runs the tool once (args, with env) in the sandbox, so a machine where bwrap or the
// tool cannot run is found at start, not at the first job.
func (s *sandbox) check(root string, env, args []string) error {
	dir, err := os.MkdirTemp(root, "check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := s.own(dir); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := s.run(dir, "", env, args)
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
			return fmt.Errorf("%s does not run: %v: %s", args[0], err, msg)
		}
		return fmt.Errorf("bubblewrap (bwrap) cannot run %s in a sandbox: %v: %s", args[0], err, msg)
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
