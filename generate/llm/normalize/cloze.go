package normalize

import (
	"regexp"
	"strconv"
	"strings"
)

// A cloze passage written without the questions vocabulary: a paragraph whose blanks are
// numbered, "a tiny (1)\underline{\hspace{2cm}} on a leaf", with the words for them in a key
// at the end, "\textbf{Answer Key:} (1) egg \quad (2) larva". Left as it is, the sheet prints
// the key; read as one fill-in-the-blank question, the key holds the words in their blanks.

const blankLine = `\\underline\{\\hspace\*?\{[^}]*\}\}|\\rule\{[^}]*\}\{[^}]*\}|(?:\\_){3,}|_{3,}|\\answerblank(?:\[[^\]]*\])?`

var (
	clozeBlank     = regexp.MustCompile(`\((\d{1,2})\)\s*(?:` + blankLine + `)|(?:` + blankLine + `)\s*\((\d{1,2})\)`)
	clozeKeyNumber = regexp.MustCompile(`\((\d{1,2})\)\s*`)
)

func clozeQuestion(body string, f *fixLog) string {
	if strings.Contains(body, `\question`) || strings.Contains(body, `\begin{questions}`) {
		return body
	}
	loc := boldKey.FindStringSubmatchIndex(body)
	if loc == nil {
		return body
	}
	answers := clozeAnswers(body[loc[2]:loc[3]])
	head := body[:loc[0]]
	blanks := clozeBlank.FindAllStringSubmatchIndex(head, -1)
	if len(blanks) < 2 || len(blanks) != len(answers) {
		return body
	}
	for i, b := range blanks { // numbered 1, 2, 3… in order
		g := 2
		if b[g] < 0 {
			g = 4
		}
		if head[b[g]:b[g+1]] != strconv.Itoa(i+1) {
			return body
		}
	}
	// the paragraph: back from the first blank's line over the lines of text before it (a
	// command line, \medskip or \end{center}, is not the passage's)
	start := strings.LastIndex(head[:blanks[0][0]], "\n") + 1
	for start > 0 {
		prev := strings.LastIndex(head[:start-1], "\n") + 1
		line := strings.TrimSpace(head[prev : start-1])
		if line == "" || strings.HasPrefix(line, `\`) || strings.HasPrefix(line, "}") {
			break
		}
		start = prev
	}
	end := len(head)
	if e := strings.Index(head[blanks[len(blanks)-1][1]:], "\n\n"); e >= 0 {
		end = blanks[len(blanks)-1][1] + e
	}
	var b strings.Builder
	prev := start
	for i, m := range blanks {
		b.WriteString(head[prev:m[0]])
		b.WriteString("(" + strconv.Itoa(i+1) + `)~\fillin[` + answers[i] + `]`)
		prev = m[1]
	}
	b.WriteString(head[prev:end])
	f.add("Read the numbered blanks and their answer key as a fill-in-the-blank question")
	return head[:start] + "\\begin{questions}\n\\question " + strings.TrimSpace(b.String()) + "\n\\end{questions}\n" + head[end:]
}

// clozeAnswers reads "(1) egg \quad (2) larva" as the answers in order; nil unless they are
// numbered 1, 2, 3… and none is empty.
func clozeAnswers(key string) []string {
	ms := clozeKeyNumber.FindAllStringSubmatchIndex(key, -1)
	var out []string
	for i, m := range ms {
		if key[m[2]:m[3]] != strconv.Itoa(i+1) {
			return nil
		}
		end := len(key)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		a := strings.TrimSpace(keySeparator.ReplaceAllString(strings.TrimSpace(key[m[1]:end]), ""))
		if a == "" || strings.ContainsAny(a, "[]") {
			return nil
		}
		out = append(out, a)
	}
	return out
}
