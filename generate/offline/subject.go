package offline

import "strings"

// The subject of a request is what its questions are about. A refusal names it as the request
// wrote it ("the topics of real analysis", "the concepts of producer and consumers"), so the
// teacher reads that it was understood and what was not written: the words after a subject's
// marker ("subject markers" of the language files) in its first sentence, up to a comma, a word
// that ends a subject ("for my 2nd grader") or subjectWords words.

const subjectWords = 8

// subjectOf is the request's subject with its marker, as written ("" when no marker says one).
func subjectOf(prompt string) string {
	if loc := sentenceEnd.FindStringIndex(prompt); loc != nil { // the first sentence says it
		prompt = prompt[:loc[0]]
	}
	toks := strings.Fields(unhyphen(fold(prompt)))
	ends := wordSet("subject ends")
	best, bestN := -1, 0
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["subject markers"] {
			for k := 0; k+len(p) <= len(toks); k++ {
				if strings.Join(toks[k:k+len(p)], " ") != strings.Join(p, " ") {
					continue
				}
				if best < 0 || k < best || k == best && len(p) > bestN {
					best, bestN = k, len(p)
				}
				break
			}
		}
	}
	if best < 0 {
		return ""
	}
	end := best + bestN
	for end < len(toks) && end < best+bestN+subjectWords && toks[end] != "," && toks[end] != ";" && toks[end] != ":" && !ends[toks[end]] {
		end++
	}
	if end == best+bestN {
		return ""
	}
	out := originalOf(prompt, toks[best:end])
	if out == "" {
		out = strings.Join(toks[best:end], " ")
	}
	return strings.TrimRight(out, ".?!")
}

// refusedTopic is what a refusal names: the topic found with the request's subject, or the
// subject alone when no topic was found ("the topics of real analysis").
func refusedTopic(q request, topic string) string {
	sub := subjectOf(q.prompt)
	switch {
	case sub == "":
		return topic
	case topic == "":
		return sub
	case strings.Contains(fold(sub), fold(topic)): // "on the attached lesson": the topic says it
		return topic
	}
	return topic + " " + sub
}
