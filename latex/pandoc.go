package latex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"time"
)

// pandocTree lists what pandoc reads besides its binary and libraries: its data files (the
// docx writer's parts) and the C.UTF-8 locale, so file names and text are read as UTF-8.
var pandocTree = []string{"/usr/share/pandoc", "/usr/lib/locale/C.utf8"}

// Limits of one conversion (besides the sandbox's own). GHC's runtime asks for a large
// address space up front and settles for less when refused, so 2 GB is plenty.
const (
	pandocTimeout = 30 * time.Second
	pandocCPU     = 30 // seconds
	maxDocxBytes  = 32 << 20
)

// ErrNoDocument means pandoc ran and could not write the document.
var ErrNoDocument = errors.New("latex: the document could not be converted")

// PandocConfig configures a Pandoc.
type PandocConfig struct {
	Unsandboxed bool   // the operator's opt-out, as Config.Unsandboxed
	JobDir      string // as Config.JobDir
}

// Pandoc converts pandoc's JSON AST to a Word document with pandoc, in the sandbox TeX runs
// in: its own files only, the job directory (the AST, the reference document and the
// pictures the caller put there, nothing else), nobody's uid, no network, limits.
type Pandoc struct {
	sb    *sandbox
	root  string
	slots chan struct{} // conversions at once: one per CPU, the rest wait (each holds ~100 MB)
}

// NewPandoc checks that pandoc runs in the sandbox and makes its job root.
func NewPandoc(cfg PandocConfig) (*Pandoc, error) {
	tool, err := exec.LookPath("pandoc")
	if err != nil {
		return nil, errors.New("latex: pandoc is not installed (Debian: apt-get install pandoc)")
	}
	sb, err := newSandbox(tool, pandocTree, cfg.Unsandboxed, "bwrap")
	if err != nil {
		return nil, err
	}
	sb.cpuSeconds = pandocCPU
	root, err := jobRoot(cfg.JobDir)
	if err != nil {
		return nil, err
	}
	if err := sb.check(root, pandocEnv, []string{"pandoc", "--version"}); err != nil {
		os.RemoveAll(root)
		return nil, fmt.Errorf("latex: %w", err)
	}
	return &Pandoc{sb: sb, root: root, slots: make(chan struct{}, runtime.NumCPU())}, nil
}

// pandocEnv is pandoc's whole environment.
var pandocEnv = []string{"PATH=/usr/bin:/bin", "HOME=" + jobMount, "LANG=C.UTF-8", "LC_ALL=C.UTF-8"}

// jobFile is a name the caller may give a file in the job directory: flat, plain.
var jobFile = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,40}\.(png|docx)$`)

// DOCX converts ast (pandoc's JSON) to .docx. files are written into the job directory
// beside it under their names (pictures the AST refers to by name, and "reference.docx",
// which then styles the document); pandoc sees nothing else of the disk. A document pandoc
// refuses is ErrNoDocument; a cancelled ctx is ctx's error.
func (p *Pandoc) DOCX(ctx context.Context, ast []byte, files map[string][]byte) ([]byte, error) {
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	dir, err := os.MkdirTemp(p.root, "pandoc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := p.sb.own(dir); err != nil {
		return nil, err
	}
	args := []string{"pandoc", "-f", "json", "-t", "docx", "--resource-path=" + jobMount, "-o", jobMount + "/out.docx"}
	for name, data := range files {
		if !jobFile.MatchString(name) || name == "out.docx" {
			return nil, fmt.Errorf("latex: pandoc: %q is not a job file name", name)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	if _, ok := files["reference.docx"]; ok {
		args = append(args, "--reference-doc="+jobMount+"/reference.docx")
	}
	if err := os.WriteFile(filepath.Join(dir, "in.json"), ast, 0o644); err != nil {
		return nil, err
	}
	args = append(args, jobMount+"/in.json")
	if err := p.sb.runTool(ctx, dir, pandocEnv, args, pandocTimeout, ErrNoDocument); err != nil {
		return nil, err
	}
	docx, err := p.sb.readWhole(dir, "out.docx", maxDocxBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: pandoc wrote no document", ErrNoDocument)
	}
	return docx, nil
}

// Close removes the job root.
func (p *Pandoc) Close() error {
	return os.RemoveAll(p.root)
}
