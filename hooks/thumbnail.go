package hooks

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/latex"
	"sheetsmith/queue"
)

// Thumbnails: the first page of a saved worksheet as a small PNG for the dashboard. The sheet
// is compiled by the same compiler as every other compile (sandbox, limits, queue and its 429),
// the page rasterised once by poppler's pdftoppm (in bubblewrap, like TeX, unless the server
// runs with SHEETSMITH_UNSAFE_NO_SANDBOX=1; with a time limit and no network), and the PNG kept in the data dir under the source's cache key, so an
// edited sheet gets a new picture and an unchanged one is never drawn twice.
const (
	thumbnailWidth   = 360
	thumbnailTimeout = 15 * time.Second
	thumbnailWorkers = 2
)

var thumbnailSlots = make(chan struct{}, thumbnailWorkers)

// rasterize draws a PDF's first page (a variable so tests can make it slow).
var rasterize = rasterFirstPage

// rasterTurns lets each user draw one picture at a time, so one user's slow pictures hold at
// most one of the thumbnailWorkers slots and everyone else's pictures still get drawn.
var rasterTurns = struct {
	sync.Mutex
	users map[string]chan struct{}
	held  map[string]int
}{users: map[string]chan struct{}{}, held: map[string]int{}}

// rasterTurn waits for user's turn and then for a drawing slot; release gives both back.
func rasterTurn(ctx context.Context, user string) (release func(), err error) {
	rasterTurns.Lock()
	turn := rasterTurns.users[user]
	if turn == nil {
		turn = make(chan struct{}, 1)
		rasterTurns.users[user] = turn
	}
	rasterTurns.held[user]++
	rasterTurns.Unlock()
	leave := func() {
		rasterTurns.Lock()
		if rasterTurns.held[user]--; rasterTurns.held[user] == 0 {
			delete(rasterTurns.held, user)
			delete(rasterTurns.users, user)
		}
		rasterTurns.Unlock()
	}
	select {
	case turn <- struct{}{}:
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	}
	select {
	case thumbnailSlots <- struct{}{}:
	case <-ctx.Done():
		<-turn
		leave()
		return nil, ctx.Err()
	}
	return func() {
		<-thumbnailSlots
		<-turn
		leave()
	}, nil
}

// worksheetThumbnail answers GET /worksheet/{id}/thumbnail with image/png.
func worksheetThumbnail(q *queue.Scheduler, unsandboxed bool) func(*core.RequestEvent, *core.Record) error {
	return func(e *core.RequestEvent, r *core.Record) error {
		src := r.GetString("latex_code")
		if src == "" {
			return fail(e, http.StatusNotFound, "This worksheet has no page to show.")
		}
		file := thumbnailFile(e.App, r.GetString("owner"), src)
		dir := filepath.Dir(file)
		if png, err := os.ReadFile(file); err == nil {
			return sendThumbnail(e, png)
		}
		// A picture is a compile: the same rule as /compile for users without a subscription.
		if !isActive(e.Auth) && sourceLineage(e.App, e.Auth.Id, src) == nil {
			return fail(e, http.StatusForbidden, msgCompileNotAllowed)
		}
		res, err := compilerFor(e, q).Compile(e.Request.Context(), src)
		if err != nil {
			return compileFailure(e, err)
		}
		pdf := res.PDF
		if pdf == nil {
			var found bool
			if pdf, found = q.PDF(e.Request.Context(), res.Key); !found {
				return fail(e, http.StatusInternalServerError, "The preview picture could not be made.")
			}
		}
		release, err := rasterTurn(e.Request.Context(), e.Auth.Id)
		if err != nil {
			return fail(e, http.StatusRequestTimeout, "The request was cancelled.")
		}
		defer release()
		if png, err := os.ReadFile(file); err == nil { // drawn while this request waited
			return sendThumbnail(e, png)
		}
		png, err := rasterize(e.Request.Context(), pdf, unsandboxed)
		if err != nil {
			e.App.Logger().Warn("thumbnail", "worksheet", r.Id, "error", err)
			return fail(e, http.StatusInternalServerError, "The preview picture could not be made.")
		}
		if err := os.MkdirAll(dir, 0o700); err == nil {
			tmp := file + ".tmp"
			if os.WriteFile(tmp, png, 0o600) == nil {
				_ = os.Rename(tmp, file)
			}
		}
		return sendThumbnail(e, png)
	}
}

func sendThumbnail(e *core.RequestEvent, png []byte) error {
	h := e.Response.Header()
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("X-Content-Type-Options", "nosniff")
	return e.Blob(http.StatusOK, "image/png", png)
}

// rasterFirstPage draws page one of pdf as a PNG thumbnailWidth pixels wide.
func rasterFirstPage(ctx context.Context, pdf []byte, unsandboxed bool) ([]byte, error) {
	pdftoppm, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, errors.New("pdftoppm (poppler-utils) is not installed")
	}
	job, err := thumbnailJobDir()
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(job)
	if err := os.WriteFile(filepath.Join(job, "in.pdf"), pdf, 0o600); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, thumbnailTimeout)
	defer cancel()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		return nil, errors.New("prlimit (util-linux) is not installed")
	}
	// The same kind of limits as TeX's: memory, CPU, file size, no core dumps.
	args := []string{prlimit, "--as=1073741824", "--cpu=15", "--fsize=67108864", "--core=0", "--",
		pdftoppm, "-f", "1", "-l", "1", "-singlefile", "-png", "-scale-to-x", strconv.Itoa(thumbnailWidth), "-scale-to-y", "-1",
		filepath.Join(job, "in.pdf"), filepath.Join(job, "out")}
	if !unsandboxed {
		bwrap, err := exec.LookPath("bwrap")
		if err != nil {
			return nil, errors.New("bwrap (bubblewrap) is not installed")
		}
		sandbox := []string{bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
			"--setenv", "PATH", "/usr/bin:/bin",
			"--ro-bind", "/usr", "/usr", "--dev", "/dev", "--tmpfs", "/tmp",
			"--bind", job, job}
		for _, p := range []string{"/lib", "/lib64", "/bin", "/etc/fonts", "/etc/ld.so.cache", "/etc/alternatives"} {
			if _, err := os.Lstat(p); err == nil {
				sandbox = append(sandbox, "--ro-bind", p, p)
			}
		}
		args = append(append(sandbox, "--"), args...)
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, errors.New("pdftoppm: " + err.Error() + ": " + string(out))
	}
	return os.ReadFile(filepath.Join(job, "out.png"))
}

// thumbnailRoot holds the drawing jobs, one directory each, named for the server's process:
// directories of a server that was killed are removed when the next one draws.
var (
	thumbnailRoot       = filepath.Join(os.TempDir(), "sheetsmith-thumbs")
	clearStaleThumbJobs sync.Once
)

func thumbnailJobDir() (string, error) {
	if err := os.MkdirAll(thumbnailRoot, 0o700); err != nil {
		return "", err
	}
	clearStaleThumbJobs.Do(func() { removeStaleJobs(thumbnailRoot) })
	return os.MkdirTemp(thumbnailRoot, "p"+strconv.Itoa(os.Getpid())+"-")
}

// removeStaleJobs removes job directories whose process is gone.
func removeStaleJobs(root string) {
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		pidText, _, ok := strings.Cut(strings.TrimPrefix(e.Name(), "p"), "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 {
			continue
		}
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			_ = os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}

// thumbnailFile is where a user's picture of a sheet is kept: per user, so how fast a picture
// comes back tells nobody what another user saved.
func thumbnailFile(app core.App, owner, src string) string {
	return filepath.Join(app.DataDir(), "thumbnails", owner+"-"+latex.Key(src)+".png")
}

// removeThumbnail drops a deleted worksheet's picture (another worksheet with the same sheet
// simply has it drawn again when asked).
func removeThumbnail(e *core.RecordEvent) error {
	if src := e.Record.GetString("latex_code"); src != "" {
		_ = os.Remove(thumbnailFile(e.App, e.Record.GetString("owner"), src))
	}
	return e.Next()
}
