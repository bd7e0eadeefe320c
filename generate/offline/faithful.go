package offline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// Faithfulness is a rule of the reader: every meaningful phrase of a request either changes the
// sheet or is named in the reply. The reader marks the words it consumed; what is left and
// meaningful (a number, a unit, a word the language files list as a constraint's) is named,
// in the teacher's own words ("I didn't use “$20 bill”: …"). A constraint read but taken by
// none of the sheet's skills (skills.Takes) is named the same way.

// leftovers are the meaningful phrases of the words no reading consumed, as the request wrote them.
func leftovers(prompt string, toks []string, consumed []bool) []string {
	written := map[string]bool{} // numbers written in digits: "two kids" is no constraint
	for _, w := range strings.Fields(fold(prompt)) {
		written[w] = true
	}
	var out []string
	for i := 0; i < len(toks); {
		if consumed[i] {
			i++
			continue
		}
		j := i
		for j < len(toks) && !consumed[j] {
			j++
		}
		for _, p := range meaningfulIn(toks[i:j], written) {
			out = append(out, originalOf(prompt, p))
		}
		i = j
	}
	return slices.Compact(out)
}

// meaningfulIn is the phrases of one run of unconsumed words that hold meaningful words: a
// short run whole ("leave answers in terms of pi"), else each cluster of meaningful words
// with the words that qualify them ("with a $20 bill" → "20 bill").
func meaningfulIn(run []string, written map[string]bool) [][]string {
	var at []int
	for i, w := range run {
		if meaningful(w) && (!leftNumber.MatchString(w) || written[w]) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	if len(run) <= 6 {
		return nonEmpty(trimPlain(run))
	}
	var out [][]string
	for k := 0; k < len(at); {
		a, b := at[k], at[k]
		for k+1 < len(at) && at[k+1]-b <= 3 {
			k++
			b = at[k]
		}
		k++
		for n := 0; n < 2 && a > 0 && !plain(run[a-1]); n++ {
			a--
		}
		for n := 0; n < 2 && b+1 < len(run) && !plain(run[b+1]); n++ {
			b++
		}
		out = append(out, nonEmpty(trimPlain(run[a:b+1]))...)
	}
	return out
}

func nonEmpty(p []string) [][]string {
	if len(p) == 0 {
		return nil
	}
	return [][]string{p}
}

// trimPlain drops the words that carry nothing from a phrase's ends: "with a 20 bill" → "20 bill".
func trimPlain(p []string) []string {
	for len(p) > 0 && plain(p[0]) && !meaningful(p[0]) {
		p = p[1:]
	}
	for len(p) > 0 && plain(p[len(p)-1]) && !meaningful(p[len(p)-1]) {
		p = p[:len(p)-1]
	}
	return p
}

var leftNumber = regexp.MustCompile(`^-?\d+(?:[.,]\d+)?$`)

// meaningful: a number, or a word some language lists as a constraint's ("bill", "pi", "cm").
func meaningful(w string) bool {
	return leftNumber.MatchString(w) || w == "%" || w == "$" || constraintWords[w]
}

// plain: a word that carries nothing alone ("the", "with", "please").
func plain(w string) bool { return plainWords[w] }

var constraintWords, plainWords = func() (map[string]bool, map[string]bool) {
	c, p := map[string]bool{}, map[string]bool{}
	for _, code := range langOrder {
		for _, ph := range langs[code].phrases["constraint words"] {
			for _, w := range ph {
				c[w] = true
			}
		}
		for _, key := range []string{"articles", "markers", "filler", "plain words"} {
			for _, ph := range langs[code].phrases[key] {
				if len(ph) == 1 {
					p[ph[0]] = true
				}
			}
		}
	}
	return c, p
}()

var promptWord = regexp.MustCompile(`\S+`)

// originalOf is a phrase of folded words as the request wrote it ("3 14 for pi" → "3.14 for
// pi", "20 bill" → "$20 bill"); the folded words when the request's own cannot be found.
func originalOf(prompt string, phrase []string) string {
	type sub struct {
		w    string
		word int
	}
	spans := promptWord.FindAllStringIndex(prompt, -1)
	var subs []sub
	for k, sp := range spans {
		for _, w := range strings.Fields(fold(prompt[sp[0]:sp[1]])) {
			if w == "," || w == ";" || w == ":" { // the reader's words have no commas
				continue
			}
			subs = append(subs, sub{w, k})
		}
	}
	for i := 0; i+len(phrase) <= len(subs); i++ {
		ok := true
		for j, w := range phrase {
			if subs[i+j].w != w {
				ok = false
				break
			}
		}
		if ok {
			from, to := spans[subs[i].word][0], spans[subs[i+len(phrase)-1].word][1]
			return strings.Join(strings.Fields(strings.Trim(prompt[from:to], ",.;:!?¿¡\"'()[]")), " ")
		}
	}
	return strings.Join(phrase, " ")
}

// untaken is one reply note for each constraint the request set that none of the sheet's
// skills takes: "I didn't use “to the nearest 10”: it doesn't apply to clocks to read offline."
func untaken(q request, secs []Section, l *Lang) []string {
	var quoted []string
	for _, kind := range skills.Constraints() {
		words, ok := q.took[kind]
		if !ok || words == "" {
			continue
		}
		if slices.ContainsFunc(secs, func(s Section) bool { sk, _ := skills.Get(s.Skill); return sk.Takes(kind) }) {
			continue
		}
		quoted = append(quoted, l.M("quoted", originalOf(q.prompt, strings.Fields(words))))
	}
	if len(quoted) == 0 {
		return nil
	}
	var names []string
	for _, s := range secs {
		if n := l.Skills[s.Skill].Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return []string{l.M("notTaken", join(quoted, l.M("and")), join(names, l.M("and")))}
}

// notUsed is the reply's note for the request's meaningful words that changed nothing.
func notUsed(q request, secs []Section, l *Lang) []string {
	var parts []string
	for _, p := range q.rest {
		if slices.ContainsFunc(q.unknown, func(u string) bool { return strings.Contains(fold(p), fold(u)) || strings.Contains(fold(u), fold(p)) }) {
			continue // already named as an item not recognised
		}
		if n, err := strconv.Atoi(p); err == nil && slices.ContainsFunc(secs, func(s Section) bool { return s.Count == n }) {
			continue // a count the sheet has, read or not
		}
		parts = append(parts, l.M("quoted", p))
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{l.M("notUsed", join(parts, l.M("and")))}
}
