// Package normalize turns what a language model wrote into a document body the server can
// compile: the LaTeX is pulled out of chat and Markdown, the model's preamble is replaced by
// the server's, and the mistakes models commonly make are fixed deterministically. Its repairs
// are of the text; what the text means (lists as questions, a key after them) is the reader's,
// worksheet.Parse.
//
// The steps, in order (each file does one):
//   - extract.go: the best ``` block, or the text without the chat sentences around it;
//   - cutoff.go: the unfinished last line of an answer cut off at the length limit;
//   - preamble.go: a whole document's body, its allowed packages and definitions; preamble,
//     title and file commands left in the body;
//   - lists.go: the tasks package's list written as the enumerate it stands for;
//   - scan.go (with mathwrap.go and unicode.go): one pass that escapes % & # _ $ in text,
//     maps Unicode, wraps math written in text in $…$, closes what was left open, drops what
//     closes nothing (a group an \item left open, a } that closes nothing in its environment),
//     and writes environments of packages the server does not load as known ones
//     (envmap.go) or drops their \begin and \end;
//   - columns.go: a table's column spec widened to the cells its rows use.
package normalize

import (
	"regexp"
	"slices"
	"strings"

	"sheetsmith/latex"
)

// Body returns the document body in the vocabulary of worksheet/vocabulary.go, the allowed extra
// packages it needs, and human-readable notes of each kind of change (for the server log).
func Body(modelOutput string) (body string, packages []string, fixes []string) {
	var f fixLog
	s := strings.ReplaceAll(modelOutput, "\r\n", "\n")
	s = extract(s, &f)
	s = dropCutOffLine(s, &f)
	body, packages = splitDocument(s, &f)
	body = markdownImages(body, &f)
	body, more := dropHeaderCommands(body, &f)
	packages = appendNew(packages, more...)
	body = markdownToLaTeX(body, &f)
	body = tasksAsList(body, &f)
	packages = appendNew(packages, packagesUsed(body)...) // their environments are known to the scan
	body = scan(body, &f, packages...)
	body = fitColumns(body, &f)
	body = braceMathValues(body, &f)
	packages = appendNew(packages, packagesUsed(body)...)
	return tidy(body), packages, f.list()
}

var (
	mdBoldItal = regexp.MustCompile(`\*\*\*([^*\n]+)\*\*\*`)
	mdBold     = regexp.MustCompile(`\*\*([^*\n]+)\*\*`)
	mdBoldLine = regexp.MustCompile(`(^|[^_\pL\d\\])__([^_\n]+)__([^_\pL\d]|$)`)
	mdItalic   = regexp.MustCompile(`(?m)(^|[ \t(])\*([^*\s$\\](?:[^*\n$\\]*[^*\s$\\])?)\*([ \t.,;:!?)]|$)`)
	mdImage    = regexp.MustCompile(`!\[([^\]\n]*)\]\(\s*([^)\s]+)[^)\n]*\)`)
	mdHeading  = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+)$`)
)

// markdownToLaTeX rewrites the Markdown that models mix into LaTeX: **bold** and # headings
// (numbered lines are the reader's: it reads them as questions).
func markdownToLaTeX(s string, f *fixLog) string {
	s = inlineMarkdown(s, f)
	if mdHeading.MatchString(s) {
		f.add("Turned Markdown headings into bold lines")
		s = mdHeading.ReplaceAllString(s, `\medskip\noindent\textbf{$1}\par`)
	}
	return s
}

// markdownImages writes a Markdown image, ![alt](file.png), as the \includegraphics it
// stands for, its alt text as the caption under it; the file is not on the server, so the
// picture then becomes a labelled box like any other.
func markdownImages(s string, f *fixLog) string {
	if !mdImage.MatchString(s) {
		return s
	}
	f.add("Turned a Markdown image into \\includegraphics")
	return mdImage.ReplaceAllStringFunc(s, func(m string) string {
		sub := mdImage.FindStringSubmatch(m)
		out := `\includegraphics{` + sub[2] + `}`
		if alt := strings.TrimSpace(sub[1]); alt != "" {
			out += "\n\n\\textit{" + alt + "}\n"
		}
		return out
	})
}

// MarkdownImage finds a Markdown image, ![alt](file.png), in a text field: the text without
// it, the file named and the alt text.
func MarkdownImage(text string) (rest, file, alt string, ok bool) {
	m := mdImage.FindStringSubmatchIndex(text)
	if m == nil {
		return text, "", "", false
	}
	rest = strings.TrimSpace(text[:m[0]] + " " + text[m[1]:])
	return rest, text[m[4]:m[5]], strings.TrimSpace(text[m[2]:m[3]]), true
}

// inlineMarkdown rewrites Markdown emphasis inside a line: ***bold italics***, **bold**,
// __bold__ (a ___ blank is not emphasis) and *italics*.
func inlineMarkdown(s string, f *fixLog) string {
	if mdBoldItal.MatchString(s) {
		f.add("Turned Markdown ***bold italics*** into \\textbf")
		s = mdBoldItal.ReplaceAllString(s, `\textbf{\textit{$1}}`)
	}
	if mdBold.MatchString(s) || mdBoldLine.MatchString(s) {
		f.add("Turned Markdown **bold** into \\textbf")
		s = mdBold.ReplaceAllString(s, `\textbf{$1}`)
		s = mdBoldLine.ReplaceAllString(s, `$1\textbf{$2}$3`)
	}
	if mdItalic.MatchString(s) {
		f.add("Turned Markdown *italics* into \\textit")
		s = mdItalic.ReplaceAllString(s, `$1\textit{$2}$3`)
	}
	return s
}

// packagesUsed: allowed packages the body needs although the model did not load them: they
// are loaded on use.
func packagesUsed(body string) []string { return latex.PackagesUsed(body) }

var blankLines = regexp.MustCompile(`\n[ \t]*\n([ \t]*\n)+`)

func tidy(body string) string {
	return strings.TrimSpace(blankLines.ReplaceAllString(body, "\n\n"))
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

var anyCommand = regexp.MustCompile(`\\[a-zA-Z]+`)

// LooksLikeWorksheet reports whether a normalised body is LaTeX at all; a refusal or a
// chat-only answer has no command in it.
func LooksLikeWorksheet(body string) bool {
	return anyCommand.MatchString(body)
}

// statedAnswer is an answer an item states without a solution: its marked choice, or a
// \fillin with the word that fills it.
var statedAnswer = regexp.MustCompile(`\\CorrectChoice\b|\\fillin\[[^\]]+\]`)

var solutionBegin = regexp.MustCompile(`\\begin\{solution(orbox|orlines|ordottedlines|orgrid)?\}`)

// Questions counts the \question items of a body.
func Questions(body string) int {
	return len(commandRegexp("question").FindAllStringIndex(body, -1))
}

// MissingSolutions counts the questions that have no solution environment before the next
// question: such a sheet would give an empty answer key.
func MissingSolutions(body string) int {
	idx := commandRegexp("question").FindAllStringIndex(body, -1)
	missing := 0
	for n, loc := range idx {
		end := len(body)
		if n+1 < len(idx) {
			end = idx[n+1][0]
		}
		if !solutionBegin.MatchString(body[loc[0]:end]) && !statedAnswer.MatchString(body[loc[0]:end]) {
			missing++
		}
	}
	return missing
}
