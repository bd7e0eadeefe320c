package normalize

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// Whatever a model sends, normalising never panics or hangs and gives valid UTF-8.
func FuzzBody(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txt")
	for _, file := range files {
		raw, _ := os.ReadFile(file)
		f.Add(string(raw))
	}
	for _, s := range []string{"$", "\\", "{", "}", "\\begin{", "\\end{x}", "$$", "\\(", "```", "__", "^", "√(", "\\newcommand{", "\\verb", "%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		body, _, _ := Body(in)
		if !utf8.ValidString(body) && utf8.ValidString(in) {
			t.Errorf("invalid UTF-8 out of valid input %q", in)
		}
		Body(body)
	})
}
