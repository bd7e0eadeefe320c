package normalize

import (
	"regexp"
	"strings"

	"sheetsmith/tex"
)

// An answer cut off at the model's length limit ends in the middle of a line: "\frac{1}{4} +
// \frac{". Closing what is open there still leaves \frac without its arguments, so the
// unfinished last line goes; the scanner then closes the environments above it.

var trailingArgCommand = regexp.MustCompile(`\\(frac|dfrac|tfrac|sqrt|binom|textbf|textit|emph|underline|text|mathrm|mathbf|begin|end|hspace|vspace|answerblank|answerspace|question|part|choice)\s*$`)

func dropCutOffLine(body string, f *fixLog) string {
	body = strings.TrimRight(body, " \t\n")
	i := strings.LastIndexByte(body, '\n')
	last := body[i+1:]
	if !unfinished(last) {
		return body
	}
	f.add("Dropped the last line, which the model left unfinished")
	if i < 0 {
		return ""
	}
	return body[:i]
}

// cutNames are commands whose name a cut can stop inside: "\CorrectCho".
var (
	cutNames    = []string{"CorrectChoice", "choice", "question", "part", "subpart", "solution", "begin", "end", "item", "answerblank", "answerspace", "fillin", "textbf", "textit", "frac", "sqrt", "underline"}
	trailingCmd = regexp.MustCompile(`\\([a-zA-Z]+)$`)
)

func unfinished(line string) bool {
	if trailingArgCommand.MatchString(line) || strings.HasSuffix(line, `\`) {
		return true
	}
	if m := trailingCmd.FindStringSubmatch(line); m != nil {
		for _, name := range cutNames {
			// \par, \fill and \text are whole commands of their own
			if len(m[1]) < len(name) && strings.HasPrefix(name, m[1]) && m[1] != "par" && m[1] != "fill" && m[1] != "text" {
				return true
			}
		}
	}
	depth, dollars := 0, 0
	for _, t := range tex.Tokens(line) {
		switch t.Kind {
		case tex.Open:
			depth++
		case tex.Close:
			depth--
		case tex.Math:
			dollars += t.End - t.Pos
		}
	}
	return depth > 0 || dollars%2 == 1 && !moneyLine(line)
}

// moneyLine: "It costs $5." has one $ and is finished: every $ is a price.
var moneySign = regexp.MustCompile(`\$\d`)

func moneyLine(line string) bool {
	return len(moneySign.FindAllStringIndex(line, -1)) == strings.Count(line, "$")-strings.Count(line, `\$`)
}
