package normalize

import (
	"regexp"
	"slices"
	"strings"

	"sheetsmith/worksheet"
)

var tikzLibraryCmd = regexp.MustCompile(`\\usetikzlibrary\s*\{([^{}]*)\}[ \t]*\n?`)

// TikZLibraries takes \usetikzlibrary out of a body (inside the document it breaks the
// compile) and returns the libraries to load in the preamble: those the server allows, in the
// order first named. A library the server does not load is dropped and named in fixes' terms.
func TikZLibraries(body string) (rest string, libs []string, dropped []string) {
	rest = tikzLibraryCmd.ReplaceAllStringFunc(body, func(m string) string {
		for _, l := range strings.Split(tikzLibraryCmd.FindStringSubmatch(m)[1], ",") {
			l = strings.TrimSpace(l)
			switch {
			case l == "" || slices.Contains(libs, l) || slices.Contains(dropped, l):
			case slices.Contains(worksheet.TikZLibraries, l):
				libs = append(libs, l)
			default:
				dropped = append(dropped, l)
			}
		}
		return ""
	})
	return rest, libs, dropped
}

// LibraryNotices are the reply's sentences for TikZ libraries the server does not load.
func LibraryNotices(dropped []string) []string {
	var out []string
	for _, l := range dropped {
		out = append(out, "The TikZ library "+l+" is not available on the server, so I left it out.")
	}
	return out
}
