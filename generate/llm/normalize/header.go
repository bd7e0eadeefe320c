package normalize

import (
	"regexp"
	"strings"
)

var (
	fieldLabel = regexp.MustCompile(`(?i)\b(name|date|period|class|teacher|instructor|score|section)\b\s*:?`)
	// blank lines of a form: underscores, rules, \underline{\hspace{…}}, \answerblank, \hrulefill.
	fieldBlank  = regexp.MustCompile(`\\_|_{2,}|\\rule|\\hrulefill|\\underline|\\answerblank|\\makebox|\\dotfill|\\sssheetfield`)
	layoutNoise = regexp.MustCompile(`\\(noindent|hfill|hspace\*?\{[^}]*\}|quad|qquad|textbf|textit|large|Large|small|par|medskip|bigskip|vspace\*?\{[^}]*\}|rule(\[[^]]*\])?\{[^}]*\}\{[^}]*\}|underline\{\\hspace\*?\{[^}]*\}\}|makebox\[[^]]*\]\{[^}]*\}|hrulefill|dotfill|answerblank(\[[^]]*\])?|\\(\[[^]]*\])?)|[{}_:~\s\\]`)
)

// dropFieldLines removes the Name/Date/Period lines a model writes at the top of a sheet: the
// server writes those from the document settings. Only lines before the first question, that
// consist of nothing but field labels and blanks, count as such a header.
func dropFieldLines(body string, f *fixLog) string {
	lines := strings.Split(body, "\n")
	var out []string
	inHeader := true
	for _, line := range lines {
		if inHeader && (strings.Contains(line, `\question`) || strings.Contains(line, `\begin{questions}`)) {
			inHeader = false
		}
		if inHeader && isFieldLine(line) {
			f.add("Removed the model's Name/Date line (the server writes it from the settings)")
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func isFieldLine(line string) bool {
	if !fieldLabel.MatchString(line) || !fieldBlank.MatchString(line) {
		return false
	}
	rest := fieldLabel.ReplaceAllString(line, "")
	rest = layoutNoise.ReplaceAllString(rest, "")
	return strings.TrimSpace(rest) == ""
}
