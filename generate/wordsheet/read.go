package wordsheet

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// reading is what Read made of a request for a new word sheet.
type reading struct {
	spec    Spec
	refusal string   // set when the sheet cannot be made: what to give instead
	notes   []string // what was left out or assumed, for the reply
}

// text is a request folded rune for rune beside its original, so a phrase found in the folded
// text is cut from the original at the same place.
type text struct {
	orig, fold []rune
}

func newText(s string) text { return text{[]rune(s), fold(s)} }

func (t text) slice(i, j int) text { return text{t.orig[i:j], t.fold[i:j]} }

func (t text) String() string { return string(t.orig) }

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// find is the first place at or after from where phrase (folded) stands as whole words, or -1.
func (t text) find(phrase string, from int) int {
	p := fold(phrase)
	if len(p) == 0 {
		return -1
	}
	for i := from; i+len(p) <= len(t.fold); i++ {
		if !slices.Equal(t.fold[i:i+len(p)], p) {
			continue
		}
		if i > 0 && isWordRune(t.fold[i-1]) && isWordRune(p[0]) {
			continue
		}
		if end := i + len(p); end < len(t.fold) && isWordRune(t.fold[end]) && isWordRune(p[len(p)-1]) {
			continue
		}
		return i
	}
	return -1
}

// first is the earliest of phrases in t at or after from (the longest at one place): its place
// and its length in runes, or -1.
func (t text) first(phrases []string, from int) (int, int) {
	at, n := -1, 0
	for _, p := range phrases {
		if i := t.find(p, from); i >= 0 && (at < 0 || i < at || i == at && len([]rune(p)) > n) {
			at, n = i, len([]rune(p))
		}
	}
	return at, n
}

func (t text) has(phrases []string) bool {
	at, _ := t.first(phrases, 0)
	return at >= 0
}

// kindAt is the word sheet a request names: the earliest kind name in it, in any language.
func kindAt(t text) (kind, code string, start, end int) {
	start = -1
	for _, c := range langOrder {
		l := langs[c]
		for _, k := range kindOrder {
			for _, p := range l.Kinds[k] {
				i := t.find(p, 0)
				n := len([]rune(p))
				if i < 0 || start >= 0 && (i > start || i == start && n <= end-start) {
					continue
				}
				if slices.Contains(l.Weak, p) && !listFollows(t, i+n) {
					continue // "matching", "spelling": a word sheet only with a list after them
				}
				kind, code, start, end = k, c, i, i+n
			}
		}
	}
	return kind, code, start, end
}

// listFollows: a list of words comes after position i (a colon, or commas).
func listFollows(t text, i int) bool {
	rest := string(t.orig[i:])
	return strings.Contains(rest, ":") || strings.Count(rest, ",") >= 2 || strings.Contains(rest, "\n")
}

// langOf is the request's language: the kind name's, unless the name is shared ("bingo") and
// the rest of the request reads as another language.
func langOf(t text, kind, code string) string {
	best, score := code, -1
	for _, c := range langOrder {
		l := langs[c]
		n := 0
		for _, group := range [][]string{l.Kinds[kind], l.Introducers, l.Cards, l.GradeWord, l.Large, l.PerPage} {
			for _, p := range group {
				if len([]rune(p)) > 2 && t.find(p, 0) >= 0 {
					n++
				}
			}
		}
		for p := range l.Levels {
			if t.find(p, 0) >= 0 {
				n++
			}
		}
		if n > score || n == score && c == code {
			best, score = c, n
		}
	}
	return best
}

// Read reads a request for a new word sheet; ok is false when it names none.
func Read(prompt string, seed int64) (reading, bool) {
	t := newText(prompt)
	kind, code, _, end := kindAt(t)
	if kind == "" {
		return reading{}, false
	}
	code = langOf(t, kind, code)
	l := lang(code)
	r := reading{spec: Spec{Kind: kind, Lang: code, Grade: -1, Seed: seed}}
	s := &r.spec

	// The list (or passage) starts after a colon, else after "with these words" and the like.
	listAt := -1
	for i := end; i < len(t.orig); i++ {
		if t.orig[i] == ':' {
			listAt = i + 1
			break
		}
	}
	if listAt < 0 && kind != KindChart && kind != KindCloze {
		if i, n := t.first(l.Introducers, end); i >= 0 && !strings.Contains(t.slice(end, i).String(), ". ") {
			listAt = i + n
		} else if rest := t.slice(end, len(t.orig)).String(); strings.ContainsAny(rest, ",\n;") && !proseFirst(rest) {
			listAt = end
		}
	}
	head := t.slice(0, len(t.orig))
	var list string
	if listAt >= 0 {
		head = t.slice(0, listAt)
		list = string(t.orig[listAt:])
	}
	if kind != KindCloze && listAt >= 0 {
		// "…: cat, dog, sun. Make it hard for grade 5." — the sentence after the list is settings
		if i := strings.Index(list, ". "); i >= 0 && !strings.Contains(list[:i], "\n") && kind != KindCrossword && kind != KindMatching {
			after := list[i+2:]
			list = list[:i]
			head = newText(head.String() + " " + after)
		}
	}
	readSettings(head, l, s)
	r.notes = append(r.notes, unhonoured(head, l, s)...)

	switch kind {
	case KindChart:
		readChart(head, l, s)
		return r, true
	case KindCloze:
		readCloze(head, list, l, &r)
		return r, true
	case KindCrossword, KindMatching:
		words, clues, noClue := pairs(list)
		s.Words, s.Clues = words, clues
		if len(words) == 0 {
			r.refusal = l.M("needPairs", l.M("example."+kind))
			return r, true
		}
		if len(noClue) > 0 {
			r.notes = append(r.notes, l.M("noClue", l.quoted(noClue)))
		}
		return r, true
	}
	s.Words = items(list, l)
	if len(s.Words) == 0 {
		r.refusal = needWords(l, kind)
		return r, true
	}
	if kind == KindBingo {
		s.Cards = defaultCard
		if n := cardCount(head, l); n > 0 {
			s.Cards = n
		}
		if head.has(l.PerPage) {
			s.PerPage = 2
		}
		if len(uniqueWords(s.Words)) < minBingo {
			r.refusal = l.M("needItems", len(uniqueWords(s.Words)), l.M("example.bingo"))
		}
	}
	return r, true
}

// proseFirst (and an introducer after a sentence's end): a sentence ends before the first comma, line or semicolon of the rest ("… for a
// 5th-grade student. The theme is …, …"): the commas are the prose's, not a list of words.
func proseFirst(rest string) bool {
	stop := strings.Index(rest, ". ")
	return stop >= 0 && stop < strings.IndexAny(rest, ",\n;")
}

var (
	digitsRe   = regexp.MustCompile(`\d+`)
	bulletRe   = regexp.MustCompile(`^\s*(?:[-•*·–]|\d+[.)])\s+`)
	trailingRe = regexp.MustCompile(`[\s.!?"“”«»']+$`)
	leadingRe  = regexp.MustCompile(`^[\s"“”«»']+`)
)

// readSettings reads what a request says beyond the words: grade, level, large print, the
// directions a word search may not use.
func readSettings(head text, l *Lang, s *Spec) {
	f := string(head.fold)
	gw := strings.Join(quoteAll(l.GradeWord), "|")
	if gw != "" {
		if m := regexp.MustCompile(`(\d+)\s*(?:st|nd|rd|th|o|er|ro|do|to)?\.?\s*(?:` + gw + `)\b`).FindStringSubmatch(f); m != nil {
			s.Grade, _ = strconv.Atoi(m[1])
		} else if m := regexp.MustCompile(`\b(?:` + gw + `)\.?\s*(\d+|k)\b`).FindStringSubmatch(f); m != nil {
			if m[1] == "k" {
				s.Grade = 0
			} else {
				s.Grade, _ = strconv.Atoi(m[1])
			}
		}
	}
	if s.Grade < 0 {
		best := 0
		for p, g := range l.Grades {
			if len(p) > best && head.find(p, 0) >= 0 {
				s.Grade, best = g, len(p)
			}
		}
	}
	if s.Grade > 12 {
		s.Grade = 12
	}
	best := 0
	for p, v := range l.Levels {
		if len(p) > best && head.find(p, 0) >= 0 {
			s.Level, best = v, len(p)
		}
	}
	s.Large = head.has(l.Large)
	s.NoDiagonals = head.has(l.Edits["noDiagonals"])
	s.NoBackwards = head.has(l.Edits["noBackwards"])
}

func quoteAll(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = regexp.QuoteMeta(string(fold(p)))
	}
	return out
}

// cardCount is how many bingo cards a request asks for: "6 bingo cards", "30 cartones".
func cardCount(head text, l *Lang) int {
	f := string(head.fold)
	cards := strings.Join(quoteAll(l.Cards), "|")
	if m := regexp.MustCompile(`(\d+)\s+(?:[^\s\d]+\s+){0,3}?(?:` + cards + `)\b`).FindStringSubmatch(f); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// items splits a pasted list into its words: by lines, semicolons or commas (a last "and"
// too), or by spaces when the list is one line of single words.
func items(list string, l *Lang) []string {
	list = strings.TrimSpace(list)
	if list == "" {
		return nil
	}
	var parts []string
	if strings.ContainsAny(list, ",;\n") {
		parts = strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' })
		if n := len(parts); n > 0 {
			last := parts[n-1]
			for _, and := range []string{" and ", " y ", " & ", " e "} {
				if i := strings.LastIndex(strings.ToLower(last), and); i > 0 {
					parts = append(parts[:n-1], last[:i], last[i+len(and):])
					break
				}
			}
		}
		if len(parts) > 0 {
			first := strings.TrimSpace(parts[0])
			if strings.HasPrefix(strings.ToLower(first), "and ") || strings.HasPrefix(strings.ToLower(first), "y ") {
				parts[0] = first[strings.Index(first, " ")+1:]
			}
		}
	} else {
		parts = strings.Fields(list)
		for _, p := range parts {
			if slices.Contains(l.TopicWords, string(fold(clean(p)))) {
				return nil // "with fall vocabulary" names a topic, not its words
			}
		}
	}
	var out []string
	for _, p := range parts {
		p = clean(p)
		if p == "" || len(gridLetters(p)) == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// clean trims a list item: bullets, numbering, quotes and the sentence's end.
func clean(p string) string {
	p = strings.TrimSpace(p)
	p = bulletRe.ReplaceAllString(p, "")
	p = leadingRe.ReplaceAllString(p, "")
	p = trailingRe.ReplaceAllString(p, "")
	return strings.Join(strings.Fields(p), " ")
}

// pairSeparators part a word from its clue or definition, the earliest one found.
var pairSeparators = []string{" – ", " — ", " - ", " = ", ": ", "\t", "–", "—", " -"}

// pairs reads "word – clue" entries, one a line or separated by semicolons (commas when the
// list has neither). noClue names the words given without one.
func pairs(list string) (words, clues, noClue []string) {
	list = strings.TrimSpace(list)
	if list == "" {
		return nil, nil, nil
	}
	var entries []string
	if strings.ContainsAny(list, ";\n") {
		entries = strings.FieldsFunc(list, func(r rune) bool { return r == ';' || r == '\n' || r == '\r' })
	} else {
		entries = strings.Split(list, ",")
	}
	for _, e := range entries {
		e = bulletRe.ReplaceAllString(strings.TrimSpace(e), "")
		at, n := -1, 0
		for _, sep := range pairSeparators {
			if i := strings.Index(e, sep); i > 0 && (at < 0 || i < at) {
				at, n = i, len(sep)
			}
		}
		if at < 0 {
			if w := clean(e); w != "" {
				noClue = append(noClue, w)
			}
			continue
		}
		w, c := clean(e[:at]), strings.TrimSpace(trailingRe.ReplaceAllString(e[at+n:], ""))
		if w == "" || c == "" || len(gridLetters(w)) == 0 {
			if w != "" {
				noClue = append(noClue, w)
			}
			continue
		}
		words, clues = append(words, w), append(clues, c)
	}
	return words, clues, noClue
}

// uniqueWords is a list without its repeats (the same letters, any case).
func uniqueWords(ws []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range ws {
		k := strings.ToLower(strings.Join(strings.Fields(w), " "))
		if !seen[k] {
			seen[k] = true
			out = append(out, w)
		}
	}
	return out
}

// readChart reads a number chart: 1–100 or 1–120, a skip count to fill, or missing numbers.
func readChart(head text, l *Lang, s *Spec) {
	s.Max = 100
	f := string(head.fold)
	if strings.Contains(f, "120") {
		s.Max = 120
	}
	for _, p := range l.Skip {
		if m := regexp.MustCompile(string(fold(p))).FindStringSubmatch(f); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= 2 && n <= 50 {
				s.Skip = n
				break
			}
		}
	}
}

// readCloze reads a cloze request: the passage after the colon, and which words to blank —
// marked *like this*, named before the passage, or every Nth word.
func readCloze(head text, passage string, l *Lang, r *reading) {
	s := &r.spec
	s.Passage = strings.TrimSpace(passage)
	if s.Passage == "" || len(strings.Fields(s.Passage)) < 4 {
		ex := l.M("needPassage", l.M("example.cloze"))
		r.refusal = ex
		return
	}
	if len([]rune(s.Passage)) > maxPassage {
		s.Passage = string([]rune(s.Passage)[:maxPassage])
	}
	f := string(head.fold)
	for _, p := range l.Every {
		if m := regexp.MustCompile(p).FindStringSubmatch(f); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= 2 {
				s.Every = n
				break
			}
		}
	}
	if i, n := head.first(l.BlankThese, 0); i >= 0 && s.Every == 0 {
		named := head.slice(i+n, len(head.orig)).String()
		named = strings.TrimSuffix(strings.TrimSpace(named), ":")
		for _, intro := range []string{"the words", "these words", "las palabras", "estas palabras"} {
			named = strings.TrimPrefix(strings.TrimSpace(named), intro)
		}
		s.Blank = items(named, l)
	}
	if s.Every == 0 && len(s.Blank) == 0 && !markRe.MatchString(s.Passage) {
		r.refusal = l.M("needBlanks")
	}
}

// markRe is a word the teacher marked to blank: *word*.
var markRe = regexp.MustCompile(`\*([^*\n]+)\*`)

// needWords is the refusal of a sheet asked for without its words: what to give instead, with
// two examples of the kind.
func needWords(l *Lang, kind string) string {
	ex := func(key string) string {
		if v, ok := l.Messages[key+"."+kind]; ok {
			return v
		}
		return strings.Replace(l.M(key+".wordsearch"), l.Kinds[KindWordSearch][0], l.Kinds[kind][0], 1)
	}
	return l.M("needWords", l.M("kind."+kind), ex("example"), ex("example2"))
}

// unhonoured names the settings a request gave that its kind has nothing to apply to ("no
// diagonals" on a crossword), and clears them.
func unhonoured(head text, l *Lang, s *Spec) []string {
	var what []string
	if s.Level > 0 && s.Kind != KindWordSearch && s.Kind != KindChart {
		what, s.Level = append(what, "level"), 0
	}
	if (s.NoDiagonals || s.NoBackwards) && s.Kind != KindWordSearch {
		what, s.NoDiagonals, s.NoBackwards = append(what, "directions"), false, false
	}
	if s.Kind != KindBingo && head.has(l.PerPage) {
		what = append(what, "perPage")
	}
	var notes []string
	for _, w := range what {
		notes = append(notes, l.M("notHonoured", l.M("kind."+s.Kind), l.M("what."+w)))
	}
	return notes
}
