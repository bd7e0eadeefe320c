package latex

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// A job directory is written by the engine, which a hostile source steers (LuaTeX's lfs
// could make links there). So after TeX exits the server opens nothing in it by name:
// every output (PDF, log, recorder, the files carried to the next pass) is opened with
// openOutput, which follows no link, blocks on no FIFO and takes only a regular file with
// one link owned by the uid TeX ran as. Anything else is a failed compile (errOddOutput).

// maxJobEntries bounds the files and directories a job may make, and maxJobDepth how deep
// its directories nest: the size watch stops a compile past either, so walking and
// removing a job's tree costs the server little.
const (
	maxJobEntries = 1000
	maxJobDepth   = 32
)

// errOddOutput is a job output that is a link, FIFO, device, directory, a file with more
// than one name or one TeX did not make: a failed compile, whatever it points at (so the
// answer says nothing of the host's files).
var errOddOutput = &Error{Problem: "the document made a link or a special file where the compiler writes its own files, which is not allowed"}

// texUID is the host uid whose files TeX's are: nobody when the server is root (setpriv
// drops to it), the server's own uid otherwise (a user namespace maps nobody back to it).
func (s *sandbox) texUID() int {
	if s.root && !s.unsandboxed {
		return nobody
	}
	return os.Geteuid()
}

// openOutput opens the file name of a job directory for reading. It returns an error
// matching fs.ErrNotExist when there is none, errOddOutput when it is not a regular file
// that TeX made.
func (s *sandbox) openOutput(dir, name string) (*os.File, error) {
	path := filepath.Join(dir, name)
	// O_NOFOLLOW: a symlink fails (ELOOP) whatever it points at; O_NONBLOCK: a FIFO opens at
	// once and is refused below.
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
	if errors.Is(err, unix.ENOENT) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, errOddOutput
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Nlink != 1 || int(st.Uid) != s.texUID() {
		unix.Close(fd)
		return nil, errOddOutput
	}
	return os.NewFile(uintptr(fd), path), nil
}

// readOutput reads at most the last n bytes of a job output ("" when there is none):
// errors and rerun requests are at the end of a log.
func (s *sandbox) readOutput(dir, name string, n int64) (string, error) {
	f, err := s.openOutput(dir, name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", errOddOutput
	}
	off := max(fi.Size()-n, 0)
	b := make([]byte, fi.Size()-off)
	nr, _ := f.ReadAt(b, off)
	return string(b[:nr]), nil
}

// readWhole reads a whole job output of at most max bytes (a tool's: pdftoppm's pages,
// pandoc's document); errTooBig when it is larger.
func (s *sandbox) readWhole(dir, name string, max int64) ([]byte, error) {
	f, err := s.openOutput(dir, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		return nil, errTooBig
	}
	return data, err
}

// errTooBig is a tool's output over what its reader takes.
var errTooBig = errors.New("the output is too large")

// carryAux copies what the next pass reads back (aux, toc, …) from one job directory into
// the next. Directories (LuaTeX's font cache) stay behind; the pass's PDF, log and
// recorder and the server's own FIFOs are not carried; anything else that is not a file
// TeX made fails the compile.
func (s *sandbox) carryAux(ctx context.Context, from, to string, skip ...string) error {
	d, err := openDir(from)
	if err != nil {
		return err
	}
	entries, err := d.ReadDir(maxJobEntries + 1)
	d.Close()
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
next:
	for _, e := range entries {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		name := e.Name()
		for _, k := range append(skip, jobName+".pdf", jobName+".log", jobName+".fls", feedName) {
			if name == k {
				continue next
			}
		}
		if e.IsDir() {
			continue
		}
		if err := s.copyOutput(from, to, name); err != nil {
			return err
		}
	}
	return nil
}

// copyOutput copies one checked output into the next job directory as a file TeX may
// write again; a name that is already there (the next pass's own FIFOs) is left alone.
func (s *sandbox) copyOutput(from, to, name string) error {
	in, err := s.openOutput(from, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(filepath.Join(to, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_NOFOLLOW, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	_, cerr := io.Copy(out, io.LimitReader(in, maxJobBytes))
	if err := errors.Join(cerr, out.Close()); err != nil {
		return err
	}
	return s.own(filepath.Join(to, name))
}

// openDir opens a directory following no link and blocking on nothing: a FIFO or link in
// its place fails (ENOTDIR, ELOOP).
func openDir(path string) (*os.File, error) {
	return openDirAt(unix.AT_FDCWD, path)
}

func openDirAt(parent int, name string) (*os.File, error) {
	fd, err := unix.Openat(parent, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// jobUsage adds up the bytes of the regular files of a job directory's tree and counts its
// entries, stopping once the count passes maxJobEntries (a walk costs at most that many); a
// tree deeper than maxJobDepth counts as past it.
// TeX may still be running: every directory is opened with openDirAt, so nothing it swaps
// in blocks or redirects the walk.
func jobUsage(dir string) (size int64, entries int) {
	root, err := openDir(dir)
	if err != nil {
		return 0, 0
	}
	// Depth first, one open directory per level: a frame's pending entries are those read
	// from it and not yet looked at.
	type frame struct {
		d       *os.File
		pending []os.DirEntry
	}
	stack := []frame{{d: root}}
	defer func() {
		for _, f := range stack {
			f.d.Close()
		}
	}()
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.pending) == 0 {
			batch, err := top.d.ReadDir(64)
			if len(batch) == 0 || (err != nil && !errors.Is(err, io.EOF)) {
				top.d.Close()
				stack = stack[:len(stack)-1]
				continue
			}
			top.pending = batch
		}
		e := top.pending[0]
		top.pending = top.pending[1:]
		if entries++; entries > maxJobEntries {
			return size, entries
		}
		switch {
		case e.Type().IsRegular():
			var st unix.Stat_t
			if unix.Fstatat(int(top.d.Fd()), e.Name(), &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
				size += st.Size
			}
		case e.IsDir():
			if len(stack) >= maxJobDepth {
				return size, maxJobEntries + 1
			}
			if sub, err := openDirAt(int(top.d.Fd()), e.Name()); err == nil {
				stack = append(stack, frame{d: sub})
			}
		}
	}
	return size, entries
}
