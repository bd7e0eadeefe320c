package offline

import (
	"slices"
	"strings"
)

// Parts not done: a lesson, a notes page, slides, worked examples, an explanation, letter
// tracing, a document the request refers to but did not send ("parts not done" of the language
// files). A sheet of the maths asked beside one is written and the reply names the part; a
// request that asks for such a part and names no maths is refused, naming it. None is dropped
// in silence.

// partsNotDone are the parts of the request named in "parts not done", as written, longest
// first where they overlap; a part followed by a number is a textbook's label ("Lesson 6.3").
func partsNotDone(prompt string) []string {
	toks := strings.Fields(unhyphen(fold(prompt)))
	taken := make([]bool, len(toks))
	type found struct{ at, n int }
	var out []found
	for n := 4; n >= 1; n-- {
		for _, code := range langOrder {
			for _, p := range langs[code].phrases["parts not done"] {
				if len(p) != n {
					continue
				}
				for k := 0; k+n <= len(toks); k++ {
					if !slices.Equal(toks[k:k+n], p) || slices.Contains(taken[k:k+n], true) {
						continue
					}
					if k+n < len(toks) && startsNumber(toks[k+n]) {
						continue
					}
					markUsed(taken, k, n)
					out = append(out, found{k, n})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b found) int { return a.at - b.at })
	var words []string
	for _, f := range out {
		w := originalOf(prompt, toks[f.at:f.at+f.n])
		if w == "" {
			w = strings.Join(toks[f.at:f.at+f.n], " ")
		}
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return words
}

func startsNumber(t string) bool { return t != "" && t[0] >= '0' && t[0] <= '9' }

// notDone gives the parts not done their place: left out, and named, beside the maths written;
// the subject refused when no maths is asked.
func notDone(q *request) {
	parts := partsNotDone(q.prompt)
	if len(parts) == 0 {
		return
	}
	if len(q.sections) == 0 {
		if q.refused == "" {
			q.refused = parts[0]
		}
		return
	}
	for _, p := range parts {
		if !slices.ContainsFunc(q.leftOut, func(l string) bool { return strings.Contains(fold(l), fold(p)) || strings.Contains(fold(p), fold(l)) }) {
			q.leftOut = append(q.leftOut, p)
		}
	}
}
