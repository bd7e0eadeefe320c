package latex

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// A tool whose job directory grows past the watch's bounds (many files, or many bytes) is
// stopped and refused, as a TeX pass is: pdftoppm drawing a hostile PDF's pages cannot fill
// the disk with pictures the reader would refuse anyway.
func TestToolJobDirectoryIsWatched(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	sb, err := newSandbox(sh, nil, false, "bwrap")
	if err != nil {
		t.Skip(err)
	}
	refused := errors.New("refused")
	for name, script := range map[string]string{
		"files": `i=0; while :; do : > /job/f$i; i=$((i+1)); done`,
		// Files of 1.3 MB each: no one file reaches the file-size limit, the directory does.
		"bytes": `j=0; while :; do i=0; while [ $i -lt 20000 ]; do echo 0123456789012345678901234567890123456789012345678901234567890123; i=$((i+1)); done > /job/b$j; j=$((j+1)); done`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := sb.own(dir); err != nil {
				t.Fatal(err)
			}
			err := sb.runTool(context.Background(), dir, []string{"PATH=/usr/bin"}, []string{"sh", "-c", script}, 2*time.Minute, refused)
			if !errors.Is(err, refused) || !strings.Contains(err.Error(), "wrote more than") {
				t.Fatalf("a tool filling its job directory was not stopped: %v", err)
			}
			entries, _ := os.ReadDir(dir)
			if size, n := jobUsage(dir); n > 4*maxJobEntries || size > 2*maxJobBytes {
				t.Errorf("the tool was stopped late: %d entries (%d listed), %d bytes", n, len(entries), size)
			}
		})
	}
}
