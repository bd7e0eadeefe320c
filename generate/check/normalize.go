package check

import (
	"regexp"
	"strings"
)

// These rewrite the LaTeX a teacher or a model writes for arithmetic into the plain ASCII the
// expression parser reads. Anything they do not know is left in place, so the parser rejects it.
var (
	fracShort  = regexp.MustCompile(`\\[dt]?frac\s*(\d)\s*(\d)`)
	mixedFrac  = regexp.MustCompile(`(\d+)\s*\\[dt]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}`)
	plainFrac  = regexp.MustCompile(`\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}`)
	textCmd    = regexp.MustCompile(`\\(?:text|mathrm|textrm|mathbf|textbf|mbox)\s*\{([^{}]*)\}`)
	thinGroup  = regexp.MustCompile(`(\d)\s*\\[,;:! ]\s*(\d{3})\b`)
	commaGroup = regexp.MustCompile(`(\d),(\d{3})\b`)
	blankMarks = regexp.MustCompile(`\\answerblank(?:\[[^\]]*\])?|\\underline\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|\\rule\s*(?:\[[^\]]*\])?\{[^{}]*\}\{[^{}]*\}|\\boxed\s*\{\s*(?:\\phantom\{[^{}]*\}|\\quad|\\qquad)?\s*\}|\\fbox\s*\{[^{}]*\}|\\(?:square|Box|bigcirc|bigbox|blacksquare|boxed\{\})|(?:\\_\s*)+|_{2,}|\?`)
	hashRun    = regexp.MustCompile(`#(\s*#)+`)
	// bracedExponent: an exponent's braces group it; dropped, "9^{1/2}" would read 9^1 / 2
	bracedExponent = regexp.MustCompile(`\^\s*\{([^{}]*)\}`)
	// underlinedNumber: \underline{5} marks a digit; \underline{\hspace{2cm}} is a blank
	underlinedNumber = regexp.MustCompile(`\\underline\s*\{\s*([\d.,]+)\s*\}`)
	spaces           = regexp.MustCompile(`\s+`)
)

var symbolReplacer = strings.NewReplacer(
	`\left`, " ", `\right`, " ", `\biggl`, " ", `\biggr`, " ", `\Biggl`, " ", `\Biggr`, " ",
	`\bigl`, " ", `\bigr`, " ", `\Bigl`, " ", `\Bigr`, " ", `\displaystyle`, " ",
	`\qquad`, " ", `\quad`, " ", `\hfill`, " ", `\,`, " ", `\;`, " ", `\:`, " ", `\!`, "", `\ `, " ",
	`\times`, "*", `\cdot`, "*", `\ast`, "*", "×", "*", "·", "*", "∗", "*",
	`\div`, "/", "÷", "/",
	"−", "-", "–", "-", "—", "-",
	`\lt`, "<", `\gt`, ">", `\leq`, "<=", `\geq`, ">=", `\le`, "<=", `\ge`, ">=",
	`\textless`, "<", `\textgreater`, ">", `\%`, "%",
	"{,}", "", "~", " ",
)

// plainMath turns the LaTeX of one formula into a plain expression: "23 + 45 =" → "23+45=",
// "\frac{1}{2}+\frac{1}{3}" → "((1)/(2))+((1)/(3))", blanks (\square, \_\_, ?) → "#".
func plainMath(tex string) string {
	s := tex
	s = fracShort.ReplaceAllString(s, `\frac{$1}{$2}`)
	s = mixedFrac.ReplaceAllString(s, `($1+($2)/($3))`)
	for {
		t := plainFrac.ReplaceAllString(s, `(($1)/($2))`)
		if t == s {
			break
		}
		s = t
	}
	s = thinGroup.ReplaceAllString(s, "$1$2")
	s = bracedExponent.ReplaceAllString(s, "^($1)") // 2^{3+1} is 16, not 2^3 + 1
	s = underlinedNumber.ReplaceAllString(s, "$1")  // a marked digit, not a blank
	s = blankMarks.ReplaceAllString(s, " # ")
	s = textCmd.ReplaceAllString(s, "$1")
	s = symbolReplacer.Replace(s)
	s = strings.NewReplacer("{", "", "}", "", "&", " ", `\\`, " ").Replace(s)
	s = commaGroup.ReplaceAllString(s, "$1$2")
	s = hashRun.ReplaceAllString(s, "#")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// Word operators in a question written in prose: "What is 144 divided by 12?"
var wordOps = []struct {
	re *regexp.Regexp
	op string
}{
	{regexp.MustCompile(`(?i)\bmultiplied\s+by\b`), "*"},
	{regexp.MustCompile(`(?i)\bdivided\s+by\b`), "/"},
	{regexp.MustCompile(`(?i)\btimes\b`), "*"},
	{regexp.MustCompile(`(?i)\bplus\b`), "+"},
	{regexp.MustCompile(`(?i)\bminus\b`), "-"},
	{regexp.MustCompile(`(\d)\s*[xX]\s*(\d)`), "$1*$2"},
}

var stackedArray = regexp.MustCompile(`(?s)\\begin\{(?:array|tabular)\}\s*(?:\[[a-z]\])?\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}(.*?)\\end\{(?:array|tabular)\}`)
var phantomCmd = regexp.MustCompile(`\\(?:phantom|hphantom|vphantom)\s*\{[^{}]*\}`)
var ruleCmds = regexp.MustCompile(`\\(?:hline|cline\s*\{[^{}]*\}|midrule|toprule|bottomrule)`)
var underlineWrap = regexp.MustCompile(`\\underline\s*\{([^{}]*)\}`)
var stackedRow = regexp.MustCompile(`^([-+*/])?\s*(\d+(?:\.\d+)?)$`)

// unstack reads column arithmetic written as an array (first row a number, later rows an
// operator and a number, then a rule) as "23+45". ok is false for any other table.
func unstack(body string) (string, bool) {
	body = phantomCmd.ReplaceAllString(body, "")
	body = ruleCmds.ReplaceAllString(body, "")
	body = underlineWrap.ReplaceAllString(body, "$1")
	var out strings.Builder
	rows := 0
	for _, row := range strings.Split(body, `\\`) {
		row = strings.TrimSpace(plainMath(row))
		row = strings.TrimPrefix(row, "[") // "\\[4pt]" leftovers
		if i := strings.Index(row, "pt]"); i >= 0 {
			row = strings.TrimSpace(row[i+3:])
		}
		if row == "" {
			continue
		}
		m := stackedRow.FindStringSubmatch(strings.ReplaceAll(row, " ", ""))
		if m == nil {
			return "", false
		}
		if rows == 0 && m[1] != "" && m[1] != "-" {
			return "", false
		}
		if rows > 0 && m[1] == "" {
			return "", false
		}
		out.WriteString(m[1] + m[2])
		rows++
	}
	return out.String(), rows >= 2
}
