package offline

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sheetsmith/generate"
)

// The reading is a record: every word of a request, as written, ends in one span that names
// the rule that claimed it and its role. Rules read the folded text; each byte of it knows the
// bytes of the request it came from (origin), so a rule that cuts or rewrites words claims
// them where the teacher wrote them, and a word the token phase marks claims its own.

// The roles a span of the request can have.
const (
	roleSkill      = "skill"
	roleCount      = "count"
	roleLevel      = "level"
	roleConstraint = "constraint"
	roleSetting    = "setting" // paper, large print, font size, columns, versions, the sheet's language
	roleFormat     = "format"  // multiple choice, word problems, true/false, how answers are written
	roleContext    = "context" // grade, "my class has been working on", time, accommodations
	roleEdit       = "edit"    // a follow-up's change to the sheet: "make number 3 harder", "another version"
	roleExample    = "example"
	rolePasted     = "pasted"
	roleNotDone    = "notdone" // a part the sheet does not write: named in the reply
	roleFiller     = "filler"  // words that carry no request: articles, "please", "create a worksheet"
	roleUnread     = "unread"  // meaningful words nothing used: named in the reply
)

// origin is the bytes of the request a byte of the folded text came from; none for a space
// or a word the reader wrote itself.
type origin struct{ lo, hi int }

var none = origin{-1, -1}

func (o origin) join(p origin) origin {
	switch {
	case o.lo < 0:
		return p
	case p.lo < 0:
		return o
	}
	return origin{min(o.lo, p.lo), max(o.hi, p.hi)}
}

// foldAt is fold(s) and the origin of each of its bytes. fold works word by word (it turns
// every space into one), so each word of s is folded alone and each folded byte is traced to
// the rune of the word whose folding first produced it.
func foldAt(s string) (string, []origin) {
	var b strings.Builder
	var at []origin
	for _, w := range promptWord.FindAllStringIndex(s, -1) {
		fw := fold(s[w[0]:w[1]])
		if fw == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
			at = append(at, none)
		}
		b.WriteString(fw)
		at = append(at, wordOrigins(s, w[0], w[1], fw)...)
	}
	if out := b.String(); out == fold(s) {
		return out, at
	}
	// a folding across words (none today): every byte from the whole request
	out := fold(s)
	at = make([]origin, len(out))
	for i := range at {
		at[i] = origin{0, len(s)}
	}
	return out, at
}

// wordOrigins traces each byte of fw, the folding of s[a:z], to the rune of s it came from.
func wordOrigins(s string, a, z int, fw string) []origin {
	at := make([]origin, len(fw))
	whole := origin{a, z}
	if z-a > 64 { // a long run without spaces: traced as a whole
		for i := range at {
			at[i] = whole
		}
	} else {
		made := 0 // bytes of fw the runes so far produced
		for k := a; k < z; {
			_, size := utf8.DecodeRuneInString(s[k:])
			n := min(len(fold(s[a:k+size])), len(fw))
			for ; made < n; made++ {
				at[made] = origin{k, k + size}
			}
			k += size
		}
		for ; made < len(fw); made++ {
			at[made] = whole
		}
	}
	for i := range fw {
		if fw[i] == ' ' {
			at[i] = none
		}
	}
	return at
}

// wordAt is a word of a text and where it is.
type wordAt struct {
	w    string
	a, z int
}

// wordsOf is the text's words as splitWords sees them ("\x00" is a space).
func wordsOf(s string) []wordAt {
	var out []wordAt
	start := -1
	for i, r := range s {
		if unicode.IsSpace(r) || r == 0 {
			if start >= 0 {
				out = append(out, wordAt{s[start:i], start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, wordAt{s[start:], start, len(s)})
	}
	return out
}

// alignWords matches each new word to the same old word, in order: for each new word the old
// one's index, or -1 for a word a rule wrote. After a difference it resumes at the nearest
// pair of equal words.
func alignWords(old, nw []string) []int {
	m := make([]int, len(nw))
	for j := range m {
		m[j] = -1
	}
	if len(old)*len(nw) <= 1<<22 { // the most words in common (a request is at most 4,000 characters)
		return commonWords(old, nw, m)
	}
	const window = 16
	for i, j := 0, 0; i < len(old) && j < len(nw); {
		if old[i] == nw[j] {
			m[j] = i
			i, j = i+1, j+1
			continue
		}
		found := false
		for d := 1; d <= window && !found; d++ {
			for di := 0; di <= d; di++ {
				if i+di < len(old) && j+d-di < len(nw) && old[i+di] == nw[j+d-di] {
					i, j, found = i+di, j+d-di, true
					break
				}
			}
		}
		if !found {
			break
		}
	}
	return m
}

// commonWords matches the longest sequence of words old and nw have in common, in order.
func commonWords(old, nw []string, m []int) []int {
	w := len(nw) + 1
	n := make([]int32, (len(old)+1)*w) // n[i*w+j]: words in common of old[i:] and nw[j:]
	for i := len(old) - 1; i >= 0; i-- {
		for j := len(nw) - 1; j >= 0; j-- {
			switch {
			case old[i] == nw[j]:
				n[i*w+j] = n[(i+1)*w+j+1] + 1
			default:
				n[i*w+j] = max(n[(i+1)*w+j], n[i*w+j+1])
			}
		}
	}
	for i, j := 0, 0; i < len(old) && j < len(nw); {
		switch {
		case old[i] == nw[j] && n[i*w+j] == n[(i+1)*w+j+1]+1 && n[(i+1)*w+j] < n[i*w+j]:
			// (a word the text had again later is that one: what a step cut lies between)
			m[j] = i
			i, j = i+1, j+1
		case n[(i+1)*w+j] >= n[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return m
}

func wordTexts(ws []wordAt) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.w
	}
	return out
}

// spanOf is the origin of bytes at[a:z].
func spanOf(at []origin, a, z int) origin {
	o := none
	for _, p := range at[a:z] {
		o = o.join(p)
	}
	return o
}

// carry is the origins of news, a rewriting of olds: a word kept keeps its bytes' origins,
// the words written in place of others come from those, and the old words nothing was written
// in place of are dropped (returned: the rule that dropped them claims them).
func carry(olds string, oldAt []origin, news string) (at, dropped []origin) {
	return carryIn(wordsOf, olds, oldAt, news)
}

// carryIn is carry with the words split.
func carryIn(split func(string) []wordAt, olds string, oldAt []origin, news string) (at, dropped []origin) {
	ow, nw := split(olds), split(news)
	m := alignWords(wordTexts(ow), wordTexts(nw))
	at = make([]origin, len(news))
	for i := range at {
		at[i] = none
	}
	gap := func(oi0, oi1, nj0, nj1 int) { // old words [oi0,oi1) gave new words [nj0,nj1)
		o := none
		for _, w := range ow[oi0:oi1] {
			o = o.join(spanOf(oldAt, w.a, w.z))
		}
		if nj0 == nj1 {
			if o.lo >= 0 {
				dropped = append(dropped, o)
			}
			return
		}
		for _, w := range nw[nj0:nj1] {
			for k := w.a; k < w.z; k++ {
				at[k] = o
			}
		}
	}
	oi, nj := 0, 0
	for j, i := range m {
		if i < 0 {
			continue
		}
		gap(oi, i, nj, j)
		copy(at[nw[j].a:nw[j].z], oldAt[ow[i].a:ow[i].z])
		oi, nj = i+1, j+1
	}
	gap(oi, len(ow), nj, len(nw))
	return at, dropped
}

// record is the claims on the bytes of the request as read.
type record struct {
	text   string
	by     []int // each byte's claim, -1 none
	claims []claim
}

type claim struct{ rule, role string }

func newRecord(text string) *record {
	by := make([]int, len(text))
	for i := range by {
		by[i] = -1
	}
	return &record{text: text, by: by}
}

// claim gives the bytes not yet claimed at these origins to one claim of the rule; a rule
// with no role claims nothing (its words are filler or unread, as the reply treats them).
func (c *record) claim(rule, role string, at ...origin) int {
	id := -1
	if role == "" {
		return id
	}
	for _, o := range at {
		for k := max(o.lo, 0); k < o.hi && k < len(c.by); k++ {
			if c.by[k] < 0 && !asciiSpace(c.text[k]) {
				if id < 0 {
					id = len(c.claims)
					c.claims = append(c.claims, claim{rule, role})
				}
				c.by[k] = id
			}
		}
	}
	return id
}

// tokens is what the token phase made of each word: the step that marked it and its role.
type tokens struct {
	at         []origin
	rule, role []string
	last       []bool // the marks as the last step left them
}

func newTokens(at []origin) *tokens {
	n := len(at)
	return &tokens{at: at, rule: make([]string, n), role: make([]string, n), last: make([]bool, n)}
}

// note records the words a step marked since the last note as the step's, and forgets the
// marks it took back.
func (t *tokens) note(used []bool, rule, role string) {
	for i, u := range used {
		switch {
		case u && !t.last[i]:
			t.rule[i], t.role[i] = rule, role
		case !u && t.last[i]:
			t.rule[i], t.role[i] = "", ""
		}
		t.last[i] = u
	}
}

// noter notes the words of each step of a phase whose words have one role but where a step
// says its own.
func (t *tokens) noter(used []bool, role string) func(rule, own string) {
	return func(rule, own string) { t.note(used, rule, pick(role, own)) }
}

// set names the words at [at, at+n) as a step's that does not mark them used.
func (t *tokens) set(at, n int, rule, role string) {
	for k := at; k < at+n && k < len(t.rule); k++ {
		t.rule[k], t.role[k] = rule, role
	}
}

// claimIn claims the words consumed for their steps, a run of one step's words as one span.
func (t *tokens) claimIn(c *record, consumed []bool) {
	for i := 0; i < len(t.rule); {
		j := i + 1
		if consumed[i] && t.rule[i] != "" {
			at := []origin{t.at[i]}
			for ; j < len(t.rule) && consumed[j] && t.rule[j] == t.rule[i] && t.role[j] == t.role[i] && c.spaceBetween(t.at[j-1], t.at[j]); j++ {
				at = append(at, t.at[j])
			}
			c.claim(t.rule[i], t.role[i], at...)
		}
		i = j
	}
}

// spaceBetween: nothing but spaces between two words as written ("fractions, decimals" are two).
func (c *record) spaceBetween(a, b origin) bool {
	switch {
	case a.lo < 0 || b.lo < 0:
		return a.lo < 0 && b.lo < 0
	case a.hi >= b.lo: // one word written as several ("40q" as "40 questions")
		return true
	}
	return strings.TrimSpace(c.text[a.hi:b.lo]) == ""
}

// asRead traces the request as the reader reads it, cut by the steps of read (pasted
// problems, examples…), to the request as written: what a step cuts is claimed as the step's.
type asRead struct {
	c    *record  // the claims on the request as written
	text string   // the request as the steps left it
	at   []origin // where each byte of text was written
}

func newAsRead(written string) *asRead {
	at := make([]origin, len(written))
	for i := range at {
		at[i] = origin{i, i + 1}
	}
	return &asRead{c: newRecord(written), text: written, at: at}
}

// cut takes the request as a step left it; each run of words it dropped is a span of the
// step's, and the words it wrote in place of others come from those.
func (a *asRead) cut(now, rule, role string) {
	if now == a.text {
		return
	}
	at, dropped := carryIn(piecesOf, a.text, a.at, now)
	for _, o := range dropped {
		a.c.claim(rule, role, o)
	}
	a.text, a.at = now, at
}

// piecesOf is a text's runs of letters and digits and its other signs, one each: "A4," is
// "A4" and ",".
func piecesOf(s string) []wordAt {
	var out []wordAt
	start := -1
	for i, r := range s {
		word := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
		if start >= 0 && !word {
			out = append(out, wordAt{s[start:i], start, i})
			start = -1
		}
		switch {
		case word && start < 0:
			start = i
		case !word && !unicode.IsSpace(r):
			out = append(out, wordAt{string(r), i, i + utf8.RuneLen(r)})
		}
	}
	if start >= 0 {
		out = append(out, wordAt{s[start:], start, len(s)})
	}
	return out
}

// readingOf is the reading of the request as the teacher wrote it: what read's steps cut, q's
// claims (made on the request as cut), the pasted problems and examples one span each, the
// words the reply names as unused, and the rest filler. Every word is in one span.
func readingOf(a *asRead, q request, pasted []string, forms []form) []generate.Span {
	c := a.c
	if q.rec != nil && q.rec.text == a.text {
		ids := map[int]int{} // q's claims as claims of c
		for k, id := range q.rec.by {
			o := a.at[k]
			if id < 0 || o.lo < 0 || c.by[o.lo] >= 0 {
				continue
			}
			if to, ok := ids[id]; ok && to >= 0 {
				for i := o.lo; i < o.hi; i++ {
					c.by[i] = to
				}
				continue
			}
			cl := q.rec.claims[id]
			ids[id] = c.claim(cl.rule, cl.role, o)
		}
	}
	c.each(pasted, "pasted problems", rolePasted)
	for i, cl := range c.claims {
		if cl.rule == "pasted problems" && len(q.pasted) == 0 { // problems the sheet does not write
			c.claims[i].role = roleNotDone
		}
	}
	var examples []string
	for _, f := range forms {
		examples = append(examples, f.text)
	}
	c.each(examples, "example", roleExample)
	for _, p := range q.rest { // named in the reply as not used
		named(c, p, "leftovers", roleUnread)
	}
	for _, p := range append(q.leftOut, q.refused) { // named in the reply as not done
		named(c, p, "left out", roleNotDone)
	}
	fill(c)
	return spans(c)
}

// each makes each text, found in order, a span of its own of the rule's: each pasted problem.
func (c *record) each(texts []string, rule, role string) {
	from := 0
	for _, t := range texts {
		k := strings.Index(c.text[from:], t)
		if k < 0 || t == "" {
			continue
		}
		k += from
		id := len(c.claims)
		c.claims = append(c.claims, claim{rule, role})
		for i := k; i < k+len(t); i++ {
			if !asciiSpace(c.text[i]) {
				c.by[i] = id
			}
		}
		from = k + len(t)
	}
}

// named gives the words of a phrase the reply names (as not used, or not done) that role:
// where nothing else claimed them, else the first place it is written.
func named(c *record, phrase, rule, role string) {
	text, phrase := c.text, strings.TrimSpace(phrase)
	if low := strings.ToLower(text); len(low) == len(text) { // "Word search" for "word search"
		text, phrase = low, strings.ToLower(phrase)
	}
	first := -1
	for from := 0; from < len(text) && phrase != ""; {
		k := strings.Index(text[from:], phrase)
		if k < 0 {
			break
		}
		k += from
		if first < 0 {
			first = k
		}
		if c.claim(rule, role, origin{k, k + len(phrase)}) >= 0 {
			return
		}
		from = k + 1
	}
	// claimed: those words of the claims take the role, the rest of the claims as they were
	split := map[int]int{}
	for k := first; first >= 0 && k < first+len(phrase); k++ {
		if id := c.by[k]; id >= 0 && c.claims[id].role != role {
			if _, ok := split[id]; !ok {
				split[id] = len(c.claims)
				c.claims = append(c.claims, claim{c.claims[id].rule, role})
			}
			c.by[k] = split[id]
		}
	}
}

// fill claims each word nothing claimed as filler: a word here is a run of letters, digits or
// signs; punctuation alone is no word.
func fill(c *record) {
	for k := 0; k < len(c.text); {
		r, size := utf8.DecodeRuneInString(c.text[k:])
		if c.by[k] >= 0 || !isWordRune(r) {
			k += size
			continue
		}
		e := k
		for e < len(c.text) && c.by[e] < 0 {
			r, size := utf8.DecodeRuneInString(c.text[e:])
			if unicode.IsSpace(r) {
				break
			}
			e += size
		}
		c.claim("", roleFiller, origin{k, e})
		k = e
	}
}

// asciiSpace: a byte that is a space (a byte of a longer rune never is).
func asciiSpace(b byte) bool { return b == ' ' || b >= '\t' && b <= '\r' }

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("#<>=+$%×÷−^*/", r)
}

// spans is the record as spans: the bytes of one claim, and the spaces and punctuation
// between them, are one span.
func spans(c *record) []generate.Span {
	var out []generate.Span
	for k := 0; k < len(c.by); {
		id := c.by[k]
		if id < 0 {
			k++
			continue
		}
		e := k + 1
		for m := e; m < len(c.by) && (c.by[m] < 0 || c.by[m] == id); m++ {
			if c.by[m] == id {
				e = m + 1
			}
		}
		cl := c.claims[id]
		out = append(out, generate.Span{Start: k, End: e, Text: c.text[k:e], Rule: cl.rule, Role: cl.role})
		k = e
	}
	return out
}

// words is the token phase's words and their list boundaries, and where each was written.
func (r *reading) words() ([]string, []bool) {
	toks, sep, at := splitWords(r.s, r.at)
	shared, sep := shareShape(slices.Clone(toks), sep) // "area and circumference of circles": each measure of circles
	tokAt := make([]origin, len(shared))
	for j, i := range alignWords(toks, shared) {
		tokAt[j] = none // a word shareShape wrote again claims nothing
		if i >= 0 {
			tokAt[j] = at[i]
		}
	}
	r.toks = newTokens(tokAt)
	return shared, sep
}

// markAll uses up every occurrence of a words entry's phrases, recorded as the entry's.
func (r *reading) markAll(toks []string, used []bool, key, role string) {
	matchAll(toks, used, key, true)
	r.toks.note(used, key, role)
}

// claimWords claims the words of the token phase for the steps that marked them, and the
// items of a list that named nothing (the reply names them) as unread.
func (r *reading) claimWords(toks []string, used, consumed []bool, parts []outPart) {
	r.toks.note(used, "unnamed step", roleContext) // a step that marked words without a note
	// out-of-scope topics: left out or refused, and said
	for _, p := range parts {
		r.toks.set(p.at, p.n, "outOfScope", roleNotDone)
	}
	seen := slices.Clone(consumed)
	for _, u := range r.q.unknown {
		w := strings.Fields(u)
		if at := find(toks, seen, w, false); at >= 0 {
			r.toks.set(at, len(w), "unknownItems", roleUnread)
			markUsed(seen, at, len(w))
		}
	}
	r.toks.claimIn(r.rec, seen)
}

// originOf is a document's Origin: the spec that rebuilds the sheet and the reading of the
// request that asked for it. An Origin written before the reading travelled is the spec
// alone, and reads back the same (specFrom reads the spec's fields).
func originOf(s Spec, reading []generate.Span) string {
	b, _ := json.Marshal(struct {
		Spec
		Reading []generate.Span `json:"reading,omitempty"`
	}{s, reading})
	return string(b)
}

// Explain is the reading of a request (the command line's --explain).
func (e *Engine) Explain(req generate.Request) []generate.Span { return read(req.Prompt).reading }
