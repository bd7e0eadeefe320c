package offline

import (
	"regexp"
	"slices"
	"strings"
)

// Parts not done: a lesson, a notes page, slides, worked examples, an explanation, letter
// tracing, a document the request refers to but did not send ("parts not done" of the language
// files). A sheet of the maths asked beside one is written and the reply names the part; a
// request that asks for such a part and names no maths is refused, naming it. None is dropped
// in silence. An explanation or a guide ("prose parts") asked for as the request's thing, no
// questions asked beside it ("Explain the difference between numerator and denominator", "a
// step-by-step guide for solving a long division problem"), is refused too: its maths is what
// the prose is about, not questions to write.

// partFound is one part of the request not done: its words as written, its sentence, and where
// in the sentence's words it starts.
type partFound struct {
	words          string
	sentence, at   int
	prose          bool
	questionsFirst bool // a question's noun comes before it in its sentence ("a word problem … and explain why")
}

// partsNotDone are the parts of the request named in "parts not done", in order, longest first
// where they overlap; a part followed by a number is a textbook's label ("Lesson 6.3").
func partsNotDone(prompt string) []partFound {
	var out []partFound
	prose, nouns := phraseSet("prose parts"), wordSet("question nouns")
	for si, sent := range sentencesIn(prompt) {
		toks := strings.Fields(unhyphen(fold(sent)))
		taken := make([]bool, len(toks))
		var here []partFound
		for n := 4; n >= 1; n-- {
			for _, code := range langOrder {
				for _, p := range langs[code].phrases["parts not done"] {
					for k := 0; len(p) == n && k+n <= len(toks); k++ {
						if !slices.Equal(toks[k:k+n], p) || slices.Contains(taken[k:k+n], true) || k+n < len(toks) && startsNumber(toks[k+n]) {
							continue
						}
						markUsed(taken, k, n)
						w := writtenAs(sent, toks[k:k+n])
						first := slices.ContainsFunc(toks[:k], func(t string) bool { return nouns[t] })
						here = append(here, partFound{w, si, k, prose[strings.Join(p, " ")], first})
					}
				}
			}
		}
		slices.SortFunc(here, func(a, b partFound) int { return a.at - b.at })
		out = append(out, here...)
	}
	return out
}

// writtenAs is the words as the sentence writes them: "step-by-step guide" for the folded
// "step by step guide", "Explain" for "explain" (the folded words when the sentence's are not found).
func writtenAs(sent string, words []string) string {
	var ps []string
	for _, w := range words {
		ps = append(ps, regexp.QuoteMeta(w))
	}
	if m := regexp.MustCompile(`(?i)\b` + strings.Join(ps, `[\s\-]+`) + `\b`).FindString(sent); m != "" {
		return m
	}
	if w := originalOf(sent, words); w != "" {
		return w
	}
	return strings.Join(words, " ")
}

// sentencesIn are the request's sentences, as written.
func sentencesIn(prompt string) []string {
	var out []string
	from := 0
	for _, loc := range sentenceEnd.FindAllStringIndex(prompt, -1) {
		out = append(out, prompt[from:loc[1]])
		from = loc[1]
	}
	if from < len(prompt) {
		out = append(out, prompt[from:])
	}
	return out
}

// phraseSet is the phrases of a words entry, in every language, folded.
func phraseSet(key string) map[string]bool {
	out := map[string]bool{}
	for _, code := range langOrder {
		for _, p := range langs[code].phrases[key] {
			out[strings.Join(p, " ")] = true
		}
	}
	return out
}

func startsNumber(t string) bool { return t != "" && t[0] >= '0' && t[0] <= '9' }

// asksQuestions: a question's noun ("problems", "worksheet", "quiz") is said in a sentence with
// no part not done, or before the part in its own.
func asksQuestions(prompt string, parts []partFound) bool {
	nouns := wordSet("question nouns")
	for si, sent := range sentencesIn(prompt) {
		if slices.ContainsFunc(parts, func(p partFound) bool { return p.sentence == si }) {
			continue
		}
		if slices.ContainsFunc(strings.Fields(unhyphen(fold(sent))), func(t string) bool { return nouns[t] }) {
			return true
		}
	}
	return slices.ContainsFunc(parts, func(p partFound) bool { return p.questionsFirst })
}

// notDone gives the parts not done their place: left out, and named, beside the maths written;
// the subject refused when no maths is asked, or only prose about it.
func notDone(q *request) {
	parts := partsNotDone(q.prompt)
	if len(parts) == 0 {
		return
	}
	if len(q.sections) == 0 || parts[0].prose && !asksQuestions(q.prompt, parts) {
		if q.refused == "" {
			q.refused = parts[0].words
		}
		return
	}
	for _, p := range parts {
		if !slices.ContainsFunc(q.leftOut, func(l string) bool {
			return strings.Contains(fold(l), fold(p.words)) || strings.Contains(fold(p.words), fold(l))
		}) {
			q.leftOut = append(q.leftOut, p.words)
		}
	}
}
