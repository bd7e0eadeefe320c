package all

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The list is the folders: a language folder added (or removed) without `go generate
// ./generate/offline/` fails here, naming it.
func TestLangListIsTheFolders(t *testing.T) {
	dirs, _ := filepath.Glob("../*/words.json")
	var folders []string
	for _, d := range dirs {
		folders = append(folders, filepath.Base(filepath.Dir(d)))
	}
	if len(folders) == 0 {
		t.Fatal("no language folder in lang/")
	}
	for _, f := range folders {
		if Grammars[f] == nil {
			t.Errorf("lang/%s has no grammar in all.go: run go generate ./generate/offline/", f)
		}
		if gos, _ := filepath.Glob(filepath.Join("..", f, "*.go")); len(gos) == 0 {
			t.Errorf("lang/%s has no Go package", f)
		}
	}
	for code := range Grammars {
		if !slices.Contains(folders, code) {
			t.Errorf("all.go names %s, which has no lang/%s/words.json: run go generate", code, code)
		}
	}
	if _, err := os.Stat("gen.go"); err != nil {
		t.Fatal(err)
	}
}
