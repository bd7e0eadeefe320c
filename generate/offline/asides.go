package offline

import (
	"regexp"
	"strings"
)

// Asides are the parts of a request that describe the questions rather than ask for them: a
// sentence giving an example ("For example, 25 is what % of 56?", "For instance, you might
// describe a student saving money…") shows the kind of question wanted; its numbers count
// nothing and its words name no section of their own.

// sentenceEnd ends a sentence: ".", "?" or "!" before a space or the end (not "3.14").
var sentenceEnd = regexp.MustCompile(`[.?!]+(?:\s+|$)|\n+`)

// cutExampleSentences takes the sentences opened by an example's words ("example sentence" of
// the language files) out of the request, when what is left still names a skill: then the
// example says what the questions look like, the rest what to write.
func cutExampleSentences(prompt string) string {
	var b strings.Builder
	cut := false
	from := 0
	for _, loc := range append(sentenceEnd.FindAllStringIndex(prompt, -1), []int{len(prompt), len(prompt)}) {
		s := prompt[from:loc[1]]
		if from < len(prompt) && opensExample(s) {
			cut = true
			b.WriteString(" ")
		} else {
			b.WriteString(s)
		}
		from = loc[1]
	}
	if !cut {
		return prompt
	}
	rest := b.String()
	if len(readAs(rest, false).sections) == 0 {
		return prompt // the example is all the request says of its questions
	}
	return rest
}

// opensExample: the sentence starts with an example's words.
func opensExample(s string) bool {
	f := fold(s) + " "
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["example sentence"] {
			if strings.HasPrefix(f, strings.Join(p, " ")+" ") {
				return true
			}
		}
	}
	return false
}

// oneAsked: "Write a word problem that…", "Create a real-world word problem…": an indefinite
// article before a question's noun in the singular ("single items" of the language files),
// with at most three words between and no noun of a set after it ("a problem set"), asks for
// one question, when no number counts any.
func oneAsked(q *request) {
	if len(q.sections) != 1 || q.total > 0 || q.each > 0 || q.only > 0 || q.sections[0].count > 0 || isEdit(*q) {
		return
	}
	toks := strings.Fields(fold(q.prompt))
	articles, single, sets := wordSet("indefinite articles"), wordSet("single items"), wordSet("page words", "item sets")
	for k, t := range toks {
		if !articles[t] {
			continue
		}
		for j := k + 1; j < len(toks) && j <= k+4; j++ {
			if isNumber(toks[j]) || toks[j] == "," {
				break
			}
			if single[toks[j]] {
				if j+1 < len(toks) && sets[toks[j+1]] {
					break
				}
				q.total = 1
				return
			}
		}
	}
}
