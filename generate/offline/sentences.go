package offline

import (
	"slices"
	"strings"
)

// sentencesOf is the sentence of the request each word of toks is in, counted from 0: a word
// of the request ending a sentence (".", "?", "!", not the point of "3.14") or a line break
// ends one. The words are found in the request in order; a word the reader rewrote ("one" read
// as "1", an abbreviation spelt out) is in the sentence of the word found before it.
func sentencesOf(prompt string, toks []string) []int {
	words := sentenceWords(prompt)
	out := make([]int, len(toks))
	at, cur := 0, 0
	for i, t := range toks {
		if k := slices.IndexFunc(words[at:min(len(words), at+8)], func(w sentenceWord) bool { return w.w == t }); k >= 0 {
			at += k
			cur = words[at].sentence
			at++
		}
		out[i] = cur
	}
	return out
}

// numberedSentences are the sentences of the request holding a number as written, whether or
// not the reader has used it up ("Just 6 problems like 4(x + 3).").
func numberedSentences(prompt string) map[int]bool {
	out := map[int]bool{}
	for _, w := range sentenceWords(prompt) {
		out[w.sentence] = out[w.sentence] || isNumber(w.w)
	}
	return out
}

type sentenceWord struct {
	w        string
	sentence int
}

// sentenceWords are the request's words as the reader folds them, each with its sentence.
func sentenceWords(prompt string) []sentenceWord {
	var words []sentenceWord
	n := 0
	for _, line := range strings.Split(prompt, "\n") {
		for _, raw := range strings.Fields(line) {
			for _, w := range strings.Fields(unhyphen(fold(raw))) {
				words = append(words, sentenceWord{w, n})
			}
			if strings.ContainsAny(strings.TrimRight(raw, `"')]»”’`)[max(0, len(strings.TrimRight(raw, `"')]»”’`))-1):], ".?!") {
				n++
			}
		}
		n++
	}
	return words
}
