package queue

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// Below the free-disk floor a new compile is refused with ErrLowDisk (503 at the routes) and
// reaches no compiler; a compile already running finishes with its PDF; once space is back,
// compiles are admitted again without a restart.
func TestLowDiskRefusesNewCompilesUntilSpaceIsBack(t *testing.T) {
	var free atomic.Uint64
	free.Store(10 << 30)
	orig := freeSpace
	freeSpace = func(string) (uint64, error) { return free.Load(), nil }
	t.Cleanup(func() { freeSpace = orig })

	g := newGated()
	s := New(g, Config{Slots: 2, DataDir: t.TempDir(), MinFreeDisk: 1 << 30, Logger: quiet})
	out := make(chan outcome, 4)
	submit(s, context.Background(), out, "running", "alice", Paid)
	g.next(t)

	free.Store(100 << 20) // the disk fills up
	if _, err := s.Compile(context.Background(), Job{Source: "new", UserID: "bob", Lane: Paid}); !errors.Is(err, ErrLowDisk) {
		t.Fatalf("a compile below the floor: %v", err)
	}
	g.idle(t) // the refused job reached no compiler
	g.release("running")
	if o := <-out; o.err != nil {
		t.Fatalf("the compile that was running when space ran low: %v", o.err)
	}

	free.Store(5 << 30) // space is back
	submit(s, context.Background(), out, "later", "bob", Paid)
	if got := g.next(t); got != "later" {
		t.Fatal(got)
	}
	g.release("later")
	if o := <-out; o.err != nil {
		t.Fatal(o.err)
	}
}

// The floor reads the real filesystem of the data directory: a floor above its free space
// refuses, a floor below admits; without a data directory or a floor nothing is checked.
func TestDiskFloorReadsTheDataDirsFilesystem(t *testing.T) {
	dir := t.TempDir()
	have, err := freeSpace(dir)
	if err != nil || have == 0 {
		t.Fatalf("statfs %s: %d %v", dir, have, err)
	}
	run := func(cfg Config) error {
		g := newGated()
		close(g.gate("sheet"))
		cfg.Logger = quiet
		_, err := New(g, cfg).Compile(context.Background(), Job{Source: "sheet", UserID: "alice", Lane: Free})
		return err
	}
	if err := run(Config{DataDir: dir, MinFreeDisk: int64(have) + 1<<40}); !errors.Is(err, ErrLowDisk) {
		t.Fatalf("a floor above the free space (%d bytes): %v", have, err)
	}
	for _, cfg := range []Config{{DataDir: dir, MinFreeDisk: 1}, {MinFreeDisk: 1 << 62}, {DataDir: dir}} {
		if err := run(cfg); err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
	}
	// A data directory that cannot be read does not stop compiling (it is logged).
	if err := run(Config{DataDir: dir + "/missing", MinFreeDisk: 1 << 62}); err != nil {
		t.Fatal(err)
	}
}
