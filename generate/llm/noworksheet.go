package llm

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"sheetsmith/generate"
)

// A reply that holds no worksheet (a refusal, a question back to the teacher, a summary of
// files an agent wrote) is not printed: the teacher reads what the model said instead.

// notWorksheet is the error for a reply that holds no worksheet, passing on the model's own
// words (its first sentences and the question it asks back); a reply with no prose at all
// keeps the bare message.
func notWorksheet(raw string) *Error {
	words := modelWords(raw)
	if words == "" {
		return &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet}
	}
	if !asksNothing(raw) {
		// questions the reader could not make a sheet of: say so, not that there were none
		return &Error{Failure: generate.FailureNotWorksheet, Details: "The server could not read the model's answer as a worksheet. It began: “" + words + "” Please try rephrasing your request."}
	}
	return &Error{Failure: generate.FailureNotWorksheet, Details: "The model answered without a worksheet: “" + words + "” Answer it in the chat or rephrase your request."}
}

var (
	verbatimEnv = regexp.MustCompile(`(?s)\\begin\{(verbatim|lstlisting|minted)\}.*?\\end\{(verbatim|lstlisting|minted)\}|(?s)` + "```.*?```")
	// structural lines carry no words of the model: the preamble, headings, comments; a list
	// item (and the lines it wraps onto) is an outline, not what the model says
	structural = regexp.MustCompile(`^\s*(?:\\(?:documentclass|usepackage|begin|end|maketitle|title|author|date|(?:sub)*section\*?|newcommand|renewcommand|geometry)\b|#{1,6}\s|%)`)
	listItem   = regexp.MustCompile(`^\s*(?:>\s*)?(?:[-*+•]|\d{1,3}[.)]|\\item\b)\s*`)
	htmlBreak  = regexp.MustCompile(`(?i)<br\s*/?>|</?p>`)
	htmlTag    = regexp.MustCompile(`(?is)<(ul|ol|table)\b.*?</(ul|ol|table)>|</?[a-zA-Z][^<>]*>`)
	command    = regexp.MustCompile(`\\[a-zA-Z]+\*?(?:\[[^\]]*\])?`)
	sentenceAt = regexp.MustCompile(`[.!?…](?:["”»)]*)\s+`)
)

// modelWords is the plain prose of a reply shortened to a few sentences: its first two and
// the last question it asks, in their order, at most about 500 characters.
func modelWords(raw string) string {
	s := verbatimEnv.ReplaceAllString(raw, "\n")
	s = htmlBreak.ReplaceAllString(s, "\n\n")
	s = htmlTag.ReplaceAllString(s, "\n")
	var kept []string
	inList := false
	for _, line := range strings.Split(s, "\n") {
		switch {
		case strings.TrimSpace(line) == "":
			inList = false
		case listItem.MatchString(line):
			inList = true
			continue
		case inList || structural.MatchString(line):
			continue
		}
		kept = append(kept, line)
	}
	s = strings.Join(kept, "\n")
	s = command.ReplaceAllString(s, "")
	s = strings.NewReplacer("{", "", "}", "", "**", "", "__", "", "`", "", "&nbsp;", " ", "&amp;", "&").Replace(s)
	var sentences []string
	for _, para := range regexp.MustCompile(`\n\s*\n`).Split(s, -1) {
		para = strings.Join(strings.Fields(para), " ")
		if utf8.RuneCountInString(para) < 12 || !strings.Contains(para, " ") {
			continue // a heading or a stray word, not a sentence
		}
		last := 0
		for _, m := range sentenceAt.FindAllStringIndex(para, -1) {
			sentences = append(sentences, strings.TrimSpace(para[last:m[1]]))
			last = m[1]
		}
		if t := strings.TrimSpace(para[last:]); t != "" {
			sentences = append(sentences, t)
		}
	}
	if len(sentences) == 0 {
		return ""
	}
	keep := map[int]bool{0: true}
	if len(sentences) > 1 && utf8.RuneCountInString(sentences[0]) < 200 {
		keep[1] = true
	}
	for i := len(sentences) - 1; i > 1; i-- {
		if strings.HasSuffix(strings.TrimRight(sentences[i], "\"”»)"), "?") {
			keep[i] = true // the question back to the teacher
			break
		}
	}
	var out []string
	for i, t := range sentences {
		if keep[i] {
			out = append(out, t)
		}
	}
	words := strings.Join(out, " ")
	if r := []rune(words); len(r) > 600 {
		words = strings.TrimSpace(string(r[:597])) + "…"
	}
	return words
}

// MsgSolutionsOnSheet: a reply whose solutions the server could not tell from its questions.
const MsgSolutionsOnSheet = "The model wrote its solutions into the worksheet in a form the server could not move to an answer key, so I did not print it: the students would see them. Please try again, or ask for the exercises with their solutions in an answer key."

// solutionWord heads a solution or an answer in the languages models write them in.
var solutionWord = regexp.MustCompile(`(?i)(?:^|[\s{*#])(?:lösung|lösungen|musterlösung|solution|solutions|answer|answers|antwort|respuesta|solución|réponse|corrigé|ответ|решение|ratkaisu|vastaus|løsning|beweis|proof)\b\s*[:}*]`)

// asksNothing reports whether a reply asks the student nothing: no question mark before its
// last paragraph (which may be the model's question back to the teacher). A reply the reader
// could not read into questions but that asks some is a worksheet printed as written, not a
// refusal.
func asksNothing(raw string) bool {
	if solutionWord.MatchString(raw) {
		return false // an exercise with its solution ("Zeige …" then "Lösung"): a sheet and its key
	}
	paras := regexp.MustCompile(`\n\s*\n`).Split(strings.TrimSpace(htmlBreak.ReplaceAllString(raw, "\n\n")), -1)
	for len(paras) > 1 && strings.TrimSpace(anyTag.ReplaceAllString(paras[len(paras)-1], "")) == "" {
		paras = paras[:len(paras)-1] // trailing <br>s and tags
	}
	return !strings.ContainsAny(strings.Join(paras[:len(paras)-1], "\n"), "?¿？")
}
