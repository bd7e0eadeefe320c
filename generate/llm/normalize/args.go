package normalize

import (
	"regexp"
	"strings"
	"sync"

	"sheetsmith/tex"
)

// commandSpan finds the end of a command invocation that starts at i (at its backslash):
// its name, an optional *, and then optional [...] arguments and n mandatory arguments,
// each a {...} group (braces balanced) or a single token as in \newcommand\foo{...}.
// ok is false when the source ends before the arguments do.
func commandSpan(s string, i, n int) (end int, args []string, ok bool) {
	_, j := tex.Command(s, i)
	j = tex.Star(s, j)
	for {
		k := skipSpace(s, j)
		if k < len(s) && s[k] == '[' {
			_, e := tex.Option(s, k)
			if e == k {
				return len(s), args, false
			}
			j = e
			continue
		}
		if n == 0 {
			return j, args, true
		}
		if k >= len(s) {
			return len(s), args, false
		}
		switch {
		case s[k] == '{':
			close := tex.ClosingBrace(s, k)
			if close < 0 {
				return len(s), args, false
			}
			args = append(args, s[k+1:close])
			j = close + 1
		case s[k] == '\\':
			_, e := tex.Command(s, k)
			args = append(args, s[k:e])
			j = e
		default:
			args = append(args, s[k:k+1])
			j = k + 1
		}
		n--
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// findCommand returns the index of the next \name (not a longer name such as \titlepage for
// \title), from position from, or -1.
func findCommand(s, name string, from int) int {
	re := commandRegexp(name)
	loc := re.FindStringIndex(s[from:])
	if loc == nil {
		return -1
	}
	return from + loc[0]
}

var commandRegexps sync.Map // name -> *regexp.Regexp; Body runs concurrently

func commandRegexp(name string) *regexp.Regexp {
	if re, ok := commandRegexps.Load(name); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(`\\` + regexp.QuoteMeta(name) + `([^a-zA-Z]|$)`)
	commandRegexps.Store(name, re)
	return re
}

// removeSpan cuts s[i:end] and, when that leaves its line blank, the whole line.
func removeSpan(s string, i, end int) string {
	lineStart := strings.LastIndexByte(s[:i], '\n') + 1
	lineEnd := len(s)
	if k := strings.IndexByte(s[end:], '\n'); k >= 0 {
		lineEnd = end + k
	}
	if strings.TrimSpace(s[lineStart:i]) == "" && strings.TrimSpace(s[end:lineEnd]) == "" {
		if lineEnd < len(s) {
			lineEnd++
		}
		return s[:lineStart] + s[lineEnd:]
	}
	return s[:i] + s[end:]
}
