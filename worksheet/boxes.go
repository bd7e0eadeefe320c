package worksheet

import (
	"regexp"
	"strings"

	"sheetsmith/tex"
)

// A box of words (a word bank) is written as text in frames: \fbox{\parbox{0.8\textwidth}{…}},
// \framebox[…]{…}. The sheet sets it as a passage; the frames are the layout's to draw.

var boxCommand = regexp.MustCompile(`\\(?:fbox|framebox|mbox|makebox|parbox)\b`)

// unboxed is s with its frame commands unwrapped to their content and \centering dropped;
// ok is false when s holds no frame.
func unboxed(s string) (string, bool) {
	if !boxCommand.MatchString(s) {
		return s, false
	}
	for {
		loc := boxCommand.FindStringIndex(s)
		if loc == nil {
			break
		}
		k := loc[1]
		for {
			if _, next := tex.Option(s, k); next != k {
				k = next
				continue
			}
			break
		}
		if strings.HasPrefix(s[loc[0]:], `\parbox`) {
			_, k = tex.Group(s, k) // the width
		}
		content, end := tex.Group(s, k)
		if end == k {
			return s, false // a frame without its content: not a box of words
		}
		s = s[:loc[0]] + content + s[end:]
	}
	return strings.TrimSpace(strings.ReplaceAll(s, `\centering`, "")), true
}
