package llm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sheetsmith/generate"
)

func TestDiag5(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.txt")
	for _, f := range files {
		if os.Getenv("DIAG") != "" && !strings.Contains(f, os.Getenv("DIAG")) {
			continue
		}
		c := readCase(t, f)
		fd, ok := parseFlat(c.json)
		if !ok {
			t.Logf("%s: does not parse", f)
			continue
		}
		doc, fixes, err := fd.build(nil)
		if err != nil {
			t.Logf("%s: %v (fixes %v)", f, err, fixes)
			continue
		}
		if p := generate.ValidateChecked(doc); p != nil {
			t.Logf("%s: validate: %v", f, p)
		}
	}
}
