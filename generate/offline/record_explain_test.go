package offline

import (
	"fmt"
	"strings"
)

// explainLines is the reading as --explain prints it, one span a line: what a failing corpus
// row prints, the rules that fired.
func explainLines(prompt string) string {
	var b strings.Builder
	for _, s := range read(prompt).reading {
		fmt.Fprintf(&b, "\t%d-%d\t%-10s %-24s %q\n", s.Start, s.End, s.Role, s.Rule, s.Text)
	}
	return b.String()
}

// withReading is why a corpus row is read wrong, and its reading ("" for a row read right).
func withReading(why, prompt string) string {
	if why == "" {
		return ""
	}
	return why + "\nthe reading:\n" + explainLines(prompt)
}
