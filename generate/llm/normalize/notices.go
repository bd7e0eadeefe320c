package normalize

import (
	"regexp"
)

// missingImage starts the fix recorded for a picture the server does not have.
const missingImage = "Put a labelled box in place of the missing image "

// noticeRules turn the fixes a teacher would notice (something removed, replaced or left out
// of what the model wrote) into one plain sentence each for the chat reply. Fixes that only
// repair the LaTeX (escaping, closing braces) change nothing a teacher sees and stay in the log.
var noticeRules = []struct {
	re   *regexp.Regexp
	says string
}{
	{regexp.MustCompile(`^Dropped '(.+)', which pdflatex cannot print`), "I left out the symbol $1, which cannot be printed."},
	{regexp.MustCompile(`^Dropped the last line, which the model left unfinished`), "I left out the last line, which the model did not finish."},
	{regexp.MustCompile(`^Closed \\begin\{questions\} that was never ended`), "The model's answer stops before the end of its questions, so it may have been cut short: check the last question."},
	{regexp.MustCompile(`^` + missingImage + `(.+?)$`), "The image $1 is not available, so a labelled box stands in its place."},
	{regexp.MustCompile(`^Removed \\(input|include) `), `I removed \$1, which names a file the server does not have.`},
	{regexp.MustCompile(`^Removed \\(?:\w*gradetable|\w*pointtable) `), "I left out the grade table: the server's layout does not count points for one."},
	{regexp.MustCompile(`^Replaced \\(\w+) \((?:its package|pifont) is not loaded\)`), `I replaced \$1, which needs a package the server does not load.`},
	{regexp.MustCompile(`^Replaced \\(\w+) \(no hyperlink package on the server\)`), `I replaced \$1 with plain text: the server does not make links.`},
	{regexp.MustCompile(`^Dropped package (\S+) \(not available on the server`), "The package $1 is not available on the server, so I left it out."},
	{regexp.MustCompile(`^Dropped package (\S+) \(it (.+)\)$`), "I left out the package $1: worksheets may not use it, because it $2."},
	{regexp.MustCompile(`^Removed the unknown environment (\S+) \(its content is kept\)`), "I removed the unknown environment $1 and kept what was inside it."},
}

var timesSuffix = regexp.MustCompile(` \(\d+×\)$`)

// Notices are the sentences the chat reply owes the teacher for the given fixes, in order,
// each at most once.
func Notices(fixes []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, fix := range fixes {
		fix = timesSuffix.ReplaceAllString(fix, "")
		for _, r := range noticeRules {
			if !r.re.MatchString(fix) {
				continue
			}
			m := r.re.FindStringSubmatchIndex(fix)
			s := string(r.re.ExpandString(nil, r.says, fix, m))
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
			break
		}
	}
	return out
}
