package queue

import (
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/latex"
)

// A remote worker's words reach a user only when the hub can vouch for them: the sentence is
// one the latex package writes, every name in it is in the user's own source, and the line is
// within the source. Anything else (a worker making up "session expired, sign in at …")
// becomes problemUnknown.
const problemUnknown = "the compiler reported an error"

const maxProblem = 300

// problemForms are latex's sentences (logparse.go, compiler.go, bodycheck.go). A group named
// "n" must appear in the source; "l" is a line of the source; "d" is any number.
var problemForms = func() []*regexp.Regexp {
	forms := []string{
		// log explanations
		`the command (?P<n>\\\S+) is not defined \(check its spelling, or whether it needs a package\)`,
		`a command is not defined \(check its spelling, or whether it needs a package\)`,
		`the command (?P<n>\\\S+) is already defined \(choose another name, or use \\renewcommand\)`,
		`the colour (?P<n>.+) is not defined`,
		`the option (?P<n>.+) is not known \(check its spelling\)`,
		`a # is used on its own \(write \\# for the symbol\)`,
		`a math symbol was used outside math mode: a \$ is missing`,
		`there is a \} without a matching \{`,
		`a \} is missing`,
		`a \{ is missing`,
		`\\left and \\right do not match`,
		`the argument of (?P<n>\\\S+) is not closed: a \} is missing`,
		`an argument is not closed: a \} is missing`,
		`the argument of (?P<n>\\\S+) is not closed: a \} is missing before the blank line`,
		`\\begin\{(?P<n>[^}]+)\} on line (?P<l>\d+) is never ended: \\end\{(?P<n2>[^}]+)\} is missing`,
		`\\begin\{(?P<n>[^}]+)\} on line (?P<l>\d+) is ended by \\end\{(?P<n2>[^}]+)\}`,
		`there is an \\end without a matching \\begin`,
		`the package (?P<n>\S+) is not available`,
		`the document class (?P<n>\S+) is not available`,
		`the file (?P<n>\S+) is not available \(a worksheet can only use files that come with the compiler\)`,
		`the document tried to write a file outside its own folder`,
		`the environment (?P<n>\S+) is not defined`,
		`the document is too complex for the compiler \(it ran out of memory; it may contain an endless loop\)`,
		`there is text before \\begin\{document\}`,
		`a command that belongs before \\begin\{document\} is used after it`,
		`\\\\ \(line break\) is used where there is no line to end`,
		`an & is used outside a table \(write \\& for an ampersand\)`,
		`a double superscript or subscript: use braces, like x\^\{a\^b\}`,
		`a length is missing its unit \(like cm or pt\)`,
		`a number was expected`,
		`math mode is not closed properly`,
		`the font (?P<n>\S+) is not available at that size \(fonts are not generated on the server\)`,
		`the font (?P<n>\S+) is not available`,
		`a list has text before its first \\item \(or \\question\)`,
		`the document ended before \\end\{document\}`,
		`the document tried to read from the keyboard \(or a file that is not available\)`,
		`the compile stopped at a fatal error`,
		`the compile was interrupted`,
		`LaTeX could not make sense of (?P<n>.+?)…? here \(an environment or command is used in the wrong place\)`,
		`LaTeX could not make sense of this line \(an environment or command is used in the wrong place\)`,
		`TeX reports: (?P<n>.+)`,
		`the compiler reported an error`,
		`the document took too long to compile \(it may contain an endless loop\)`,
		`the document is too large`,
		`the compiler stopped unexpectedly \(it may have run out of memory\)`,
		`the compiler could not produce a PDF`,
		// the compiler's own refusals
		`the compile was cancelled`,
		`the compiler could not start; please try again`,
		`the document opened too many files`,
		`the document tried to use a file that is not part of it; only the packages and fonts that come with the compiler can be used`,
		`the document made a link or a special file where the compiler writes its own files, which is not allowed`,
		`the document is too large: it produced more output than allowed \(it may contain an endless loop\)`,
		`the document contains active content \(JavaScript, actions, embedded or linked files\), which is not allowed`,
		`the document is too large: its PDF is over (?P<d>\d+) MB`,
		`the PDF could not be checked, so it is not shown; try a simpler document`,
		`the compiler produced no PDF`,
		`the document has (?P<d>\d+) pages; at most (?P<d2>\d+) are allowed`,
		// the worksheet body check
		`\^\^ character codes are not allowed in a worksheet`,
		`a \\ ends the worksheet`,
		`\\@ is not allowed in a worksheet`,
		`\\(?P<n>[A-Za-z]+) is not allowed in a worksheet`,
		`a picture may only be a file of the worksheet itself`,
		`\\(?P<n>[A-Za-z]+) must be followed by a name in braces`,
		`the environment "(?P<n>[^"]+)" is not allowed in a worksheet`,
		`the library "(?P<n>[^"]+)" is not allowed in a worksheet`,
	}
	res := make([]*regexp.Regexp, len(forms))
	for i, f := range forms {
		res[i] = regexp.MustCompile(`^` + f + `$`)
	}
	return res
}()

// vouch is the error a user sees for a worker's TeX error on src.
func vouch(src string, line int, problem string) *latex.Error {
	lines := strings.Count(src, "\n") + 1
	if line < 0 || line > lines {
		line = 0
	}
	if ok := vouched(src, lines, problem); !ok {
		return &latex.Error{Line: line, Problem: problemUnknown}
	}
	return &latex.Error{Line: line, Problem: problem}
}

func vouched(src string, lines int, problem string) bool {
	if problem == "" || len(problem) > maxProblem || strings.ContainsAny(problem, "\n\r\x00") {
		return false
	}
	for _, re := range problemForms {
		m := re.FindStringSubmatch(problem)
		if m == nil {
			continue
		}
		ok := true
		for i, name := range re.SubexpNames() {
			switch {
			case name == "":
			case name[0] == 'n':
				ok = ok && strings.Contains(src, m[i])
			case name[0] == 'l':
				n, err := strconv.Atoi(m[i])
				ok = ok && err == nil && n >= 1 && n <= lines
			}
		}
		if ok {
			return true
		}
	}
	return false
}
