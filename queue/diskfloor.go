package queue

import (
	"errors"
	"log/slog"
	"sync"
	"syscall"
)

// ErrLowDisk refuses a new compile while the data directory's filesystem has less free space
// than the configured floor (Config.MinFreeDisk): a compile writes its PDF, the queue's store
// and the database live there, and a write that fails halfway can leave any of them damaged.
// Compiles already running finish; new ones are admitted again as soon as space is back.
// Routes answer it with 503.
var ErrLowDisk = errors.New("The server is low on disk space, so new compiles are paused. Please try again later.")

// freeSpace is the bytes an unprivileged process may still write on dir's filesystem
// (statfs's available blocks, not the free ones root keeps for itself). A variable for tests.
var freeSpace = func(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}

// DiskFloor is the free-disk admission check of new compiles (the scheduler's) and of saves
// and sign-ups (hooks'); it logs only when its answer changes. A nil floor checks nothing.
type DiskFloor struct {
	dir    string
	min    uint64
	logger *slog.Logger
	paused string // what stops below the floor, for the log

	mu         sync.Mutex
	low        bool
	unreadable bool
}

// NewDiskFloor makes a floor of min bytes on dir's filesystem for what paused names; no dir
// or min <= 0 is no floor (nil).
func NewDiskFloor(dir string, min int64, logger *slog.Logger, paused string) *DiskFloor {
	if dir == "" || min <= 0 {
		return nil
	}
	return &DiskFloor{dir: dir, min: uint64(min), logger: logger, paused: paused}
}

// Check returns ErrLowDisk below the floor. A filesystem whose free space cannot be read is
// logged and does not stop compiling: the floor guards space, it is not a second outage.
func (f *DiskFloor) Check() error {
	if f == nil {
		return nil
	}
	free, err := freeSpace(f.dir)
	f.mu.Lock()
	defer f.mu.Unlock()
	if err != nil {
		if !f.unreadable {
			f.logger.Warn("cannot read the free disk space; the free-disk floor of "+f.paused+" is not enforced", "dir", f.dir, "error", err)
		}
		f.unreadable = true
		return nil
	}
	f.unreadable = false
	low := free < f.min
	switch {
	case low && !f.low:
		f.logger.Warn("free disk space is below the floor; "+f.paused+" answer 503 until space is freed",
			"dir", f.dir, "freeBytes", free, "floorBytes", f.min)
	case !low && f.low:
		f.logger.Info("free disk space is above the floor again; "+f.paused+" resume", "dir", f.dir, "freeBytes", free)
	}
	f.low = low
	if low {
		return ErrLowDisk
	}
	return nil
}
