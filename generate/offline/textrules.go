package offline

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// The reader's text phase is one ordered table of rules. Each rule is a pattern written with
// the language files' words ({key} is every language's phrases of that words entry, {=key}
// the words of a map entry such as the ordinals) and what a match does: set fields of the
// request and cut its words (set), cut them but keep one group's words for the skills'
// phrases (keep), or write them as other words (rewrite). A few steps are plain functions
// (fn). The order is the reading's: grades before counts ("grade 3" is no three problems),
// ranges before rounding ("del 1 al 100" is a range), and so on. No English or Spanish word
// is written here: another language is another file.

// reading is the state of one message's text phase.
type reading struct {
	q           *request
	s           string   // the message, folded, as rules cut and rewrite it
	at          []origin // where each byte of s was written in the message
	rec         *record  // the words rules claimed, where the message wrote them
	toks        *tokens  // the steps that marked each word of the token phase
	levelTarget bool     // "number 3" is a question's, with a level named

	gradeBy     string // what set the grade when the reader worked it out: "prealgebra", "secundaria", "year", "age"
	byYearOrAge string // the year or age said
	doubleLang  string // the language "el doble", "double" was said in
	firstDegree string // "ecuaciones de primer grado", as said, read as linear equations
	digitsOp    string // "3-digit x 1-digit" with no skill named: the operation
	plural      []int64
	pluralWords string // "his 6s and 7s": tables, when nothing else is named
	bareLo      int64  // "facts 6-9": the range's low end
	rangeWords  string
	noStories   bool   // "no word problems"
	storyWords  string // "word problems on multiplication": the words for word problems, said of a topic
}

// took keeps the first words that set a constraint, for the reply.
func (r *reading) took(kind, words string) {
	if _, ok := r.q.took[kind]; !ok {
		r.q.took[kind] = strings.Join(strings.Fields(strings.ReplaceAll(words, "\x00", " ")), " ")
	}
}

// grade sets the grade, and what set it ("" for a grade said as one).
func (r *reading) grade(n int64, by string) { r.q.grade, r.gradeBy = int(n), by }

// A rule's name and role are what the reading records of the words it cuts or drops (a rule
// with no role only writes words in others' place: those who read them claim them).
type textRule struct {
	name    string
	role    string
	re      *regexp.Regexp
	when    func(r *reading) bool                            // the rule applies only when this holds
	set     func(r *reading, m []string)                     // each match, cut in turn from the start
	keep    int                                              // with set: the group whose words stay
	rewrite func(r *reading, m []string, rest string) string // each match, in one pass: its new words (m[0] leaves it)
	fn      func(r *reading)
}

func (t textRule) apply(r *reading) {
	switch {
	case t.when != nil && !t.when(r):
	case t.fn != nil:
		old, oldAt := r.s, r.at
		t.fn(r)
		if r.s != old {
			var dropped []origin
			r.at, dropped = carry(old, oldAt, r.s)
			r.rec.claim(t.name, t.role, dropped...)
		}
	case t.rewrite != nil:
		var b textBuilder
		last := 0
		for _, loc := range t.re.FindAllStringSubmatchIndex(r.s, -1) {
			b.copy(r, last, loc[0])
			words := t.rewrite(r, submatches(r.s, loc), r.s[loc[1]:])
			at, dropped := carry(r.s[loc[0]:loc[1]], r.at[loc[0]:loc[1]], words)
			b.write(words, at)
			r.rec.claim(t.name, t.role, dropped...)
			last = loc[1]
		}
		if last > 0 {
			b.copy(r, last, len(r.s))
			r.s, r.at = b.s.String(), b.at
		}
	default:
		for {
			loc := t.re.FindStringSubmatchIndex(r.s)
			if loc == nil {
				return
			}
			m := submatches(r.s, loc)
			if t.set != nil {
				t.set(r, m)
			}
			var b textBuilder
			b.copy(r, 0, loc[0])
			b.write(" ", nil)
			cut := r.at[loc[0]:loc[1]]
			if t.keep > 0 {
				if k0, k1 := loc[2*t.keep], loc[2*t.keep+1]; k0 >= 0 {
					b.copy(r, k0, k1)
					cut = slices.Concat(r.at[loc[0]:k0], r.at[k1:loc[1]])
				}
				b.write(" \x00 ", nil)
			}
			r.rec.claim(t.name, t.role, cut...)
			b.copy(r, loc[1], len(r.s))
			r.s, r.at = b.s.String(), b.at
		}
	}
}

// textBuilder writes a new text and its bytes' origins.
type textBuilder struct {
	s  strings.Builder
	at []origin
}

func (b *textBuilder) copy(r *reading, from, to int) {
	b.s.WriteString(r.s[from:to])
	b.at = append(b.at, r.at[from:to]...)
}

// write writes words at the origins given (nil: none, words of the reader's own).
func (b *textBuilder) write(words string, at []origin) {
	b.s.WriteString(words)
	if at == nil {
		for range len(words) {
			b.at = append(b.at, none)
		}
	}
	b.at = append(b.at, at...)
}

var patKey = regexp.MustCompile(`\{(=?)([a-z ]+)\}`)

// pat compiles a rule's pattern: {key} is the words entry's phrases in every language,
// {=key} the words of a map entry.
func pat(p string) *regexp.Regexp {
	return regexp.MustCompile(patKey.ReplaceAllStringFunc(p, func(k string) string {
		g := patKey.FindStringSubmatch(k)
		if g[1] == "=" {
			return altValues(g[2])
		}
		return alt(g[2])
	}))
}

// altValues is an alternation of the words of every language's map entry, longest first.
func altValues(key string) string {
	var ws []string
	for _, code := range langOrder {
		for w := range langs[code].values[key] {
			ws = append(ws, regexp.QuoteMeta(w))
		}
	}
	return alternation(ws)
}

func alternation(ws []string) string {
	sort.Slice(ws, func(i, j int) bool { return len(ws[i]) > len(ws[j]) || len(ws[i]) == len(ws[j]) && ws[i] < ws[j] })
	ws = slices.Compact(ws)
	if len(ws) == 0 {
		return `(?:[^\s\S])` // no language has the words: the rule never matches
	}
	return "(?:" + strings.Join(ws, "|") + ")"
}

// wordValue is a map entry's number for a word, in any language.
func wordValue(key, w string) int64 {
	for _, code := range langOrder {
		if n, ok := langs[code].values[key][w]; ok {
			return n
		}
	}
	return 0
}

// wordSet is the one-word phrases of words entries, in every language.
func wordSet(keys ...string) map[string]bool {
	out := map[string]bool{}
	for _, code := range langOrder {
		for _, key := range keys {
			for _, p := range langs[code].phrases[key] {
				if len(p) == 1 {
					out[p[0]] = true
				}
			}
		}
	}
	return out
}

// langOf is the language whose phrases of a words entry include the words ("" for none).
func langOf(key, words string) string {
	w := strings.Fields(words)
	for _, code := range langOrder {
		for _, p := range langs[code].phrases[key] {
			if slices.Equal(p, w) {
				return code
			}
		}
	}
	return ""
}

func addWish(q *request, key string) {
	if !slices.Contains(q.wishes, key) {
		q.wishes = append(q.wishes, key)
	}
}

// itemWords are the first words of the words for questions ("problems", "ejercicios").
var itemWords = func() map[string]bool {
	out := map[string]bool{}
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["items"] {
			out[p[0]] = true
		}
	}
	return out
}()

// questionWords follow an ordinal that numbers a question rather than a grade: "the 3rd one".
var questionWords = wordSet("question words")

// textRules is the text phase, in its order: shorthand and words for numbers first, then the
// wishes the sheet cannot honour, edits, grades (before any count: "grade 3" is no three
// problems), layout and counts said as such, the sizes of the numbers and tables, and last
// ranges and rounding ("del 1 al 100" is a range before rounding reads "al 100").
var textRules = slices.Concat(shorthandRules(), wishRules(), editRules(), gradeRules(), layoutRules(), sizeRules(), rangeRules())

// ordinal is an ordinal's suffix ("3rd", "5to"); tableList a list of tables ("6, 7 and 8").
const (
	ordinal   = `(?:{ordinal suffixes}|{short ordinal suffixes})`
	tableList = `((?:(?:1?\d|20)\b\s*(?:(?:,|-|(?:{list joins}|{range to})\b)\s*(?:{list articles}\s+)?)?\s*)+)`
)

// shorthandRules write words for numbers and shorthand as the rules after them read them.
func shorthandRules() []textRule {
	return []textRule{
		// Words for numbers and shorthand first: "double-digit", "twenty-five", "1-step eqs", "40q".
		{name: "double digit", role: roleConstraint, re: pat(`\b{double}[\s-]*{digits}\b`), rewrite: func(*reading, []string, string) string { return " 2-digit " }},
		{name: "double count", role: roleCount, re: pat(`\b({double count})\b((?:\s*-?\s*{double not count}\b)?)`), rewrite: func(r *reading, m []string, _ string) string {
			if strings.TrimSpace(m[2]) != "" {
				return m[0] // "double-sided", "double spaced" are no count
			}
			r.q.double = true
			if r.doubleLang == "" {
				r.doubleLang = langOf("double count", m[1])
			}
			return " "
		}},
		{name: "number words", role: "", fn: func(r *reading) { r.s = unhyphen(numbersToDigits(r.s)) }},
		// "one and two-step": both kinds, no count; "one step and two step": each a kind.
		{name: "one and two step", role: "", re: pat(`\b(\d)\s*-?\s*({pair joins})\s+(\d)[\s-]*({steps})\b`), rewrite: func(_ *reading, m []string, _ string) string {
			return m[1] + "-" + m[4] + " " + m[2] + " " + m[3] + "-" + m[4]
		}},
		{name: "step kinds", role: "", re: pat(`\b([12])\s+({step kinds})\b`), rewrite: func(_ *reading, m []string, _ string) string { return m[1] + "-" + m[2] }},
		{name: "many steps", role: "", re: pat(`\b(?:[3-9]|1\d)[\s-]*{steps}(?:\s+{or more})?\b`), rewrite: func(_ *reading, m []string, _ string) string {
			return inLanguageOf(m[0], "steps", "many steps") // "3 steps or more": multi-step, no count
		}},
		{name: "abbreviations", fn: abbreviate}, {name: "abbreviations", fn: abbreviate}, // twice: two abbreviations in a row share the space between them
		{name: "digit abbreviations", role: "", re: pat(`(\d)\s*-?\s*{digit abbreviations}\b`), rewrite: func(_ *reading, m []string, _ string) string { return m[1] + "-digit" }},
		{name: "count suffixes", role: "", re: pat(`\b(\d+)({count suffixes})\b`), rewrite: func(_ *reading, m []string, _ string) string { // "40q"
			return m[1] + " " + inLanguageOf(m[2], "count suffixes", "items")
		}},
		{name: "amount sign", role: roleFiller, re: pat(`\$\s+(\d)`), rewrite: func(_ *reading, m []string, _ string) string { return m[1] }},                                  // "$5" is an amount, not money problems
		{name: "operation example", role: roleExample, re: pat(`\b\d+\s*([+×÷])\s*\d+\b`), rewrite: func(_ *reading, m []string, _ string) string { return " " + m[1] + " " }}, // "2+2 type problems": an example, no count
		{name: "count after x", role: "", re: pat(`(^|\s)x(\d+)\b`), rewrite: func(_ *reading, m []string, _ string) string { return m[1] + "@" + m[2] }},                      // "multiplication x20": a count assignCounts reads
		{name: "operation signs", role: "", re: pat(`(?:^|\s)([-+−x×÷](?:\s+[-+−x×÷])+)(?:\s|$)`), rewrite: operationSigns},                                                    // "+/-", "+ - × ÷"
		// "8 word problems on multiplication and 8 on division": the topic's own word problems,
		// where the language files have the phrase ("multiplication word problems").
		{name: "word problems on a topic", role: "", re: pat(`\b({word problems})\s+{topic words}\s+([a-z]+)\b`), rewrite: func(r *reading, m []string, _ string) string {
			if !isSkillPhrase(m[2] + " " + m[1]) {
				return m[0]
			}
			r.storyWords = m[1]
			return m[2] + " " + m[1]
		}},
		{name: "count on a topic", role: "", re: pat(`\b(\d+)\s+{topic words}\s+([a-z]+)\b`), when: func(r *reading) bool { return r.storyWords != "" }, rewrite: func(r *reading, m []string, _ string) string {
			if !isSkillPhrase(m[2] + " " + r.storyWords) {
				return m[0]
			}
			return m[1] + " " + m[2] + " " + r.storyWords
		}},
		{name: "language", role: "", fn: func(r *reading) {
			r.q.lang, r.q.said = detectLang(r.s), saidIn(r.s)
			if r.q.said == "" { // "el doble" alone says its language
				r.q.said = r.doubleLang
			}
		}},
		{name: "to language", role: roleSetting, fn: func(r *reading) { // the sheet's language: "now in Spanish"
			for _, code := range langOrder {
				if re := toLang[code]; re != nil && re.MatchString(r.s) {
					r.q.toLang = code
					r.s = re.ReplaceAllString(r.s, " ")
				}
			}
		}},
	}
}

// wishRules: wishes of layout the sheet cannot honour ("answers at the bottom", "make it fit
// on one page"): said in the reply, and their words ("one page") no count.
func wishRules() []textRule {
	var rules []textRule
	for _, key := range []string{"answers bottom", "more space", "one page"} {
		rules = append(rules, textRule{name: "wish", role: roleNotDone, re: pat(`\b{` + key + `}\b`), set: func(r *reading, _ []string) { addWish(r.q, key) }})
	}
	return rules
}

// editRules read a follow-up's edits of the sheet and its pages.
func editRules() []textRule {
	return []textRule{
		// "1 page of addition", "2 hojas de restas": pages are no count; more than one is a wish.
		{name: "pages", role: roleSetting, re: pat(`\b(\d+)\s+(?:{full}\s+)?{page words}\b`), set: func(r *reading, m []string) {
			if atoi(m[1]) > 1 {
				addWish(r.q, "pages")
			}
		}},
		// Edits: "remove the last section", "swap #3 and #4", "move number 5 to the end".
		{name: "remove section", role: roleEdit, re: pat(`\b{remove section}\s+(?:{definite articles}\s+)?(?:({last words}|{=ordinals}|\d)` + ordinal + `?\s+{section word}|{section word}\s+(\d))\b`), set: func(r *reading, m []string) {
			switch w := m[1] + m[2]; {
			case has(w, "last words"):
				r.q.dropSection = -1
			case ordinalOf(w) > 0:
				r.q.dropSection = int(ordinalOf(w))
			default:
				r.q.dropSection = int(atoi(w))
			}
		}},
		{name: "swap questions", role: roleEdit, re: pat(`\b{swap verbs}\s+(?:{definite articles}\s+)?(?:{number}s?\s*)?(\d+)\s+(?:{list joins}|{with})\s+(?:{definite articles}\s+)?(?:{number}\s*)?(\d+)\b`), set: func(r *reading, m []string) {
			r.q.swapQ = [2]int{int(atoi(m[1])), int(atoi(m[2]))}
		}},
		{name: "move question", role: roleEdit, re: pat(`\b{move verbs}\s+(?:{definite articles}\s+)?(?:{number}\s*)?(\d+)\s+(?:{to place}\s+)?(?:{definite articles}\s+)?(?:({to the end}|{to the start})|(?:{position words}|{number})\s*(\d+))\b`), set: func(r *reading, m []string) {
			to := int(atoi(m[3]))
			switch {
			case has(m[2], "to the end"):
				to = -1
			case m[2] != "":
				to = 0
			}
			r.q.moveQ = [2]int{int(atoi(m[1])), to}
		}},
		{name: "delete questions", role: roleEdit, re: pat(`\b{delete verbs}\s+(?:{definite articles}\s+)?(?:{number}s?\s*(\d+(?:\s*(?:,|{list joins}\b)\s*(?:{number}\s*)?\d+)*)\b)`), when: noLevelChange, set: func(r *reading, m []string) {
			for _, n := range digitRun.FindAllString(m[1], -1) {
				r.q.dropQ = append(r.q.dropQ, int(atoi(n)))
			}
		}},
		{name: "redo question", role: roleEdit, re: pat(`\b{redo verbs}\s+(?:{definite articles}\s+(?:{items}\s+)?)?(?:{number}\s*)(\d+)\b(?:\s+(?:{with}|{for})\s+(?:{articles}\s+)?{new words}(?:\s+(?:1|{items}))?\b)?` +
			`|\b{redo verbs alone}\s+(?:{definite articles}\s+)?(\d+)\s*(?:$|[,;.]|{please})`), when: noLevelChange, set: func(r *reading, m []string) {
			r.q.redo = int(atoi(m[1] + m[2]))
		}},
	}
}

// gradeRules read the grade, a textbook's numbering and Common Core codes.
func gradeRules() []textRule {
	return []textRule{
		// "unit 3 review", "lesson 2.4": a textbook's numbering, no grade nor count; a second
		// number followed by a word for problems is the count ("lesson 4 12 problems").
		{name: "textbook part", role: roleContext, re: pat(`\b{textbook part}\s+(\d+)(?:(?:\s+|\.)(\d+))?\b`), rewrite: func(_ *reading, m []string, rest string) string {
			if next := strings.Fields(rest); m[2] != "" && len(next) > 0 && itemWords[next[0]] {
				return " " + m[2]
			}
			return " "
		}},
		// Grades before any count: "grade 3" is not three problems. "ecuaciones de segundo
		// grado" are quadratic, "de primer grado" linear (and the reply says so), no grade.
		{name: "second degree", role: "", re: pat(`\b{equation nouns}\s+{second degree}\b`), rewrite: func(_ *reading, m []string, _ string) string {
			return inLanguageOf(m[0], "second degree", "second degree as")
		}},
		{name: "first degree", role: "", re: pat(`\b({equation nouns})\s+{first degree}\b`), rewrite: func(r *reading, m []string, rest string) string {
			if startsSkill(append([]string{m[1]}, strings.Fields(rest)...)) { // "… de primer grado de un paso": the kind named after them
				return m[1]
			}
			if r.firstDegree == "" {
				r.firstDegree = m[0]
			}
			return m[1] + " " + inLanguageOf(m[0], "first degree", "first degree as")
		}},
		// Common Core codes: "4.NBT.5", "3.OA.C.7", "K.CC.5" (folded: "4 nbt 5").
		{name: "common core code", role: "", re: pat(`\b([k1-8])\s+(cc|oa|nbt|nf|md|g|rp|ns|ee|sp|f)\s+(?:[a-d]\s+)?(\d{1,2})(?:\s+[a-e]\b)?`), rewrite: func(r *reading, g []string, _ string) string {
			code := strings.ToUpper(g[1] + "." + g[2] + "." + g[3])
			st, ok := standards[code]
			if !ok {
				return g[0]
			}
			r.q.standards = append(r.q.standards, st)
			r.q.stdCodes = append(r.q.stdCodes, code)
			return " \x01std" + strconv.Itoa(len(r.q.standards)-1) + " "
		}},
		{name: "kindergarten", role: roleContext, re: pat(`\b{kindergarten}\b`), set: func(r *reading, _ []string) { r.q.grade = 0 }},
		{name: "grade k", role: roleContext, re: pat(`\b(?:{grade}|{for})\s+k\b`), set: func(r *reading, _ []string) { r.q.grade = 0 }},
		// Pre-algebra is taught in 7th and 8th grade; secundaria's first year is 7th grade.
		{name: "prealgebra grade", role: roleContext, re: pat(`\b{prealgebra}\b`), set: func(r *reading, _ []string) { r.grade(7, "prealgebra") }},
		{name: "algebra grade", role: roleContext, re: pat(`\b{algebra}\b`), set: func(r *reading, _ []string) { r.grade(9, "") }},
		{name: "secondary year", role: roleContext, re: pat(`\b(?:({=ordinals})|([1-3])` + ordinal + `)\s+(?:{grade}\s+)?(?:{of}\s+)?{secondary school}\b`), set: func(r *reading, m []string) {
			r.grade(max(ordinalOf(m[1]), atoi(m[2]))+6, "")
		}},
		{name: "secondary", role: roleContext, re: pat(`\b(?:{definite articles}\s+)?{secondary alone}\b`), set: func(r *reading, _ []string) {
			if r.q.grade < 0 {
				r.grade(7, "secundaria")
			}
		}},
		{name: "ordinal grade", role: roleContext, re: pat(`\b({=ordinals})\s+(?:{of}\s+)?{grade}\b`), set: gradeOrdinal},
		// "7th grade 15 questions": an ordinal's grade before "grade 15" is read as a number.
		{name: "grade ordinal number", role: roleContext, re: pat(`\b(\d{1,2}){ordinal suffixes}\s+{grade}\b`), set: gradeNumber},
		{name: "grade for ordinal", role: roleContext, re: pat(`\b{grade for}\s+({=ordinals})\b`), set: gradeOrdinal},
		{name: "ordinal alone", role: roleContext, fn: gradeOrdinalAlone},
		{name: "grade number", role: roleContext, re: pat(`\b{grade}\s*(\d{1,2})\b`), set: gradeNumber},
		{name: "number grade", role: roleContext, re: pat(`\b(\d{1,2})` + ordinal + `?\s+{grade}\b`), set: gradeNumber},
		{name: "for an ordinal", role: roleContext, re: pat(`\b{for}\s+(?:{definite articles}\s+)?(\d{1,2}){ordinal suffixes}\b`), set: gradeNumber}, // "integers for 7th"
		{name: "grade for number", role: roleContext, re: pat(`\b{grade for}\s+([1-8])` + ordinal + `\b`), set: gradeNumber},                         // "para 5to"
		// "integers, 7th", "para 5to": an ordinal alone is the grade, unless it numbers a question.
		{name: "ordinal as grade", role: roleContext, re: pat(`\b([1-8]){ordinal suffixes}\b(\s+[a-z#]+)?`), when: noGrade, rewrite: func(r *reading, g []string, _ string) string {
			if next := strings.TrimSpace(g[2]); questionWords[next] || itemWords[next] {
				return g[0] // "the 3rd one", "the 2nd question"
			}
			r.grade(atoi(g[1]), "")
			return " " + g[2]
		}},
		{name: "standard's grade", role: "", when: noGrade, fn: func(r *reading) { // a Common Core code's grade
			for _, st := range r.q.standards {
				r.q.grade = st.grade
			}
		}},
		// "year 4" (British) and "my 8 year old" are grades the reader works out, and says; a
		// grade said as well is the grade.
		{name: "year", role: roleContext, re: pat(`\b{year}\s*(\d{1,2})\b`), set: func(r *reading, m []string) {
			if r.q.grade < 0 {
				r.grade(atoi(m[1])-1, "year")
				r.byYearOrAge = m[1]
			}
		}},
		{name: "age", role: roleContext, re: pat(`\b(\d{1,2})[\s-]*{age}\b|\b{age before}\s*(\d{1,2})\b|\b{child nouns}(?:\s+{child is}|'s)\s+(\d{1,2})(?:\s*,|\s+{age joins}\b)`), set: func(r *reading, m []string) {
			if r.q.grade < 0 {
				r.byYearOrAge = m[1] + m[2] + m[3]
				r.grade(max(0, atoi(r.byYearOrAge)-6), "age")
			}
		}},
		{name: "grade assumed", role: "", fn: gradeAssumed},
	}
}

// layoutRules read the layout, versions, edits by number and counts said as such.
func layoutRules() []textRule {
	return []textRule{
		// Layout, versions, edits.
		{name: "columns", role: roleSetting, re: pat(`\b(\d)\s+{column words}\b`), set: func(r *reading, m []string) { r.q.columns = int(atoi(m[1])) }},
		{name: "one column", role: roleSetting, re: pat(`\b{one column}\b`), set: func(r *reading, _ []string) { r.q.columns = 1 }},
		// "6 versions", "6 modelos", but not "6 modelos de fracciones": a word for versions that
		// begins a skill's phrase names the skill, and its number is the skill's count.
		{name: "versions", role: roleSetting, re: pat(`\b(\d+)\s+(?:{distinct}\s+)?{versions}\b`), rewrite: func(r *reading, m []string, rest string) string {
			if startsSkill(append(strings.Fields(m[0])[1:], strings.Fields(rest)...)) {
				return m[0]
			}
			r.q.versions = int(atoi(m[1]))
			return " "
		}},
		{name: "question number", role: roleEdit, re: pat(`(?:\b{number}|#)\s*(\d+)\b`), when: func(r *reading) bool { return !noLevelChange(r) || r.levelTarget }, set: func(r *reading, m []string) {
			r.q.target = int(atoi(m[1])) // "make number 3 harder", "haz la 3 más difícil"
		}},
		{name: "remove last", role: roleEdit, re: pat(`\b{remove verbs}\s+(?:{definite articles}\s+)?(?:{last words}\s+)?(\d+)\b`), set: func(r *reading, m []string) { r.q.fewer = int(atoi(m[1])) }},
		{name: "more", role: roleEdit, re: pat(`\b(?:(?:{add verbs}|{more lead})\s+)?(\d+)\s+{more words}\b`), set: func(r *reading, m []string) { r.q.more = int(atoi(m[1])) }},
		{name: "add more", role: roleEdit, re: pat(`\b{add verbs}\s+(\d+)\b`), set: func(r *reading, m []string) { r.q.more = int(atoi(m[1])) }},
		// "each with 7 numbers", "8 numbers each", "conjuntos de 5 datos": a data set's size.
		{name: "data size", role: roleConstraint, re: pat(`\b(?:{each}\s+)?{with}\s+(\d+)\s+{data values}(?:\s+{each set})?\b|\b(\d+)\s+{data values}\s+{each set}\b|\b{data sets}\s+{of}\s+(\d+)\s+{data values}\b`), set: func(r *reading, m []string) {
			r.q.p.Size = atoi(m[1] + m[2] + m[3])
			r.took(skills.TakesSize, m[0])
		}},
		{name: "count each", role: roleCount, re: pat(`\b(\d+)\s+(?:{items}\s+)?(?:{of}\s+)?({each})\b`), keep: 2, set: func(r *reading, m []string) { r.q.each = int(atoi(m[1])) }}, // "8 problems each"
		{name: "sheet of", role: roleCount, re: pat(`\b{sheet of}\s+(\d+)(?:\s|$)`), set: func(r *reading, m []string) { r.q.total = int(atoi(m[1])) }},                              // "a sheet of 10"
		{name: "only", role: roleCount, re: pat(`\b{only}\s+(\d+)(?:\s|$)`), set: func(r *reading, m []string) { r.q.only = int(atoi(m[1])) }},
	}
}

// sizeRules read the sizes of the numbers, bills, divisors, tables and steps.
func sizeRules() []textRule {
	return []textRule{
		// Sizes of the numbers: "3-digit x 1-digit" (with no skill named, the sign says which).
		{name: "digits by digits", role: roleConstraint, re: pat(`\b(\d)-digit\s+(?:{number nouns}\s+)?({times words}|{division words}|{digits by}|×|÷)\s+(?:{articles}\s+)?(\d)-digit\b`), set: func(r *reading, m []string) {
			r.q.p.Digits, r.q.p.Digits2, r.digitsOp = int(atoi(m[1])), int(atoi(m[3])), m[2]
			r.took(skills.TakesDigits, m[0])
			r.took(skills.TakesDigits2, m[0])
		}},
		// "with 2-digit divisors", "divisor de 2 cifras": the divisor's size.
		{name: "divisor digits", role: roleConstraint, re: pat(`\b(?:{with}\s+(?:{articles}\s+)?)?(\d)-digit\s+{divisor nouns}\b|\b{divisor nouns}\s+{of}\s+(\d)-digit\b`), set: func(r *reading, m []string) {
			r.q.p.Digits2 = int(atoi(m[1] + m[2]))
			r.took(skills.TakesDigits2, m[0])
		}},
		// "multiplication by 2-digit numbers", "dividing by a 1-digit number": the second number's size.
		{name: "by digits", role: roleConstraint, re: pat(`\b({operation by}(?:\s+{items})?)\s+{by}\s+(?:{articles}\s+)?(\d)-digit\b`), keep: 1, set: func(r *reading, m []string) {
			r.q.p.Digits2 = int(atoi(m[2]))
			r.took(skills.TakesDigits2, m[0])
		}},
		// "a $20 bill", "a 5 dollar bill", "un billete de 20 pesos": the bill paid with.
		{name: "bill", role: roleConstraint, re: pat(`(?:\$\s*)?\b(\d+)\s+{bill words}\b|\b{bill words}\s+{of}\s+(\d+)(?:\s+{currency})?\b`), set: func(r *reading, m []string) {
			r.q.p.Bill = atoi(m[1] + m[2])
			r.took(skills.TakesBill, m[0])
		}},
		{name: "digits", role: roleConstraint, re: pat(`\b(\d)-digit\b`), set: func(r *reading, m []string) { r.q.p.Digits = int(atoi(m[1])); r.took(skills.TakesDigits, m[0]) }},
		// "divisors 2 to 9", "divisores del 2 al 9": the divisors are the tables, not a maximum.
		{name: "divisors range", role: roleConstraint, re: pat(`\b{divisor nouns}\s+(?:{between}\s+)?(\d{1,2})\s*(?:-|{range to})\s*(\d{1,2})\b`), set: func(r *reading, m []string) {
			r.q.p.Tables = span(atoi(m[1]), min(atoi(m[2]), 20))
			r.took(skills.TakesTables, m[0])
		}},
		// Tables: "tables 0-5", "times tables up to 10", "tablas del 2 al 5", "the 6 and 7 tables", "multiply by 3".
		{name: "tables range", role: roleConstraint, re: pat(`\b{table}\s+(\d{1,2})\s*(?:-|{range to})\s*(\d{1,2})\b`), set: func(r *reading, m []string) {
			r.q.p.Tables = span(atoi(m[1]), atoi(m[2]))
			r.took(skills.TakesTables, m[0])
		}},
		{name: "tables up to", role: roleConstraint, re: pat(`\b({times tables}|{table})\s+{up to}\s+(\d{1,2})\b`), keep: 1, set: func(r *reading, m []string) {
			r.q.p.Tables = span(2, max(2, min(atoi(m[2]), 20)))
			r.took(skills.TakesTables, m[0])
		}},
		// tables go to 20: "tables 6, 7 and 8, 40 facts" counts 40 facts
		{name: "tables list", role: roleConstraint, re: pat(`\b({times tables}|{tables of})\s+(?:{of}\s+|{for}\s+)?` + tableList), rewrite: func(r *reading, m []string, rest string) string {
			list, count := m[2], ""
			if at := digitRun.FindAllStringIndex(list, -1); len(at) > 1 && startsWithItem(rest) { // "tablas del 2 al 5, 12 ejercicios": the last number is the count
				list, count = list[:at[len(at)-1][0]], ", "+list[at[len(at)-1][0]:] // the count stands apart from "del"
			}
			tablesIn(2)(r, []string{m[0], m[1], list})
			return " " + m[1] + " \x00 " + count
		}},
		{name: "tables before", role: roleConstraint, re: pat(`\b(?:{definite articles}\s+)?((?:\d{1,2}'?s?\s*(?:,|(?:{list joins}|{or})\b)?\s*)+?)\s*({times tables}|{table})\b`), keep: 2, set: tablesIn(1)},
		{name: "operation by numbers", role: roleConstraint, re: pat(`\b({operation by})\s+{by}\s+((?:\d{1,2}\s*(?:,|(?:{list joins}|{or})\b)?\s*)+)`), keep: 1, set: tablesIn(2)},
		{name: "plural numbers", role: roleConstraint, re: pat(`\b(\d{1,2})'?s((?:\s*(?:,|(?:{list joins}|{or})\b)\s*\d{1,2}'?s\b)*)`), when: func(r *reading) bool { return !countBy.MatchString(r.s) }, set: func(r *reading, m []string) {
			r.plural = append(r.plural, numbersIn(m[0])...)
			r.pluralWords = m[0]
		}},
		// "de 2 en 2": skip counting's step, and the skill's own words ("contar de n en n").
		{name: "step from in", role: roleConstraint, re: pat(`\b{step from}\s+(\d+)\s+{step in}\s+(\d+)\b`), rewrite: func(r *reading, m []string, _ string) string {
			r.q.p.Tables = append(r.q.p.Tables, atoi(m[1])) // "de 5 en 5 y de 10 en 10": both steps
			r.took(skills.TakesTables, m[0])
			return digitRun.ReplaceAllString(m[0], "n")
		}},
		{name: "count by", role: roleConstraint, re: countBy, keep: 1, set: func(r *reading, m []string) { // "count by 5s and by 10s … half by 10s": every step named, once
			r.q.p.Tables = append(r.q.p.Tables, atoi(m[2]+m[4]))
			for _, n := range digitRun.FindAllString(m[3], -1) { // steps go to 100 ("and now 100s"), tables to 20
				r.q.p.Tables = append(r.q.p.Tables, atoi(n))
			}
			r.took(skills.TakesTables, m[0])
		}},
		// Ranges before rounding's "al 100": "números romanos del 1 al 100" is a range.
		{name: "count range", role: roleCount, re: pat(`\b(\d+)\s*(?:-|{range to}|{or})\s*(\d+)\s+((?:[a-z]+\s+){0,3}?){items}\b`), keep: 3, set: func(r *reading, m []string) {
			r.q.total = int(max(atoi(m[1]), atoi(m[2])))
		}},
		{name: "between", role: roleConstraint, re: pat(`\b{between}\s+(\d+)\s+(?:-|{range to}|{list joins})\s+(\d+)\b`), set: func(r *reading, m []string) {
			r.q.p.Max, r.bareLo, r.rangeWords = max(atoi(m[1]), atoi(m[2])), min(atoi(m[1]), atoi(m[2])), m[0]
			r.took(skills.TakesMax, m[0])
		}},
	}
}

// rangeRules read ranges, clocks' minutes and rounding's places.
func rangeRules() []textRule {
	return []textRule{
		// Clocks to the nearest 5 minutes: a clock's step, not rounding.
		{name: "nearest minutes", role: "", re: pat(`\b(?:{to place}\s+(?:{definite articles}\s+)?)?{nearest}\s+(\d+)\s+({minute words})\b`), rewrite: func(_ *reading, m []string, _ string) string {
			return " " + m[1] + " " + inLanguageOf(m[2], "minute words", "minute words")
		}},
		{name: "nearest place", role: roleConstraint, re: pat(`\b{nearest}\s+({=rounding places})(?:\s+{nearest after})?\b`), set: func(r *reading, m []string) {
			r.q.p.RoundTo = append(r.q.p.RoundTo, wordValue("rounding places", m[1]))
			r.took(skills.TakesRoundTo, m[0])
		}},
		// "nearest 10 and 100", "nearest 10/100", "nearest 10, the nearest 100"; not "nearest ten, 10 to the
		// nearest hundred" nor "nearest 100, and 10 to the nearest 1000": a number that a place follows is a count.
		{name: "nearest number", role: roleConstraint, re: pat(`\b{nearest}\s+(\d+)s?((?:\s*,?\s*(?:{list joins}|{or})\s+(?:{definite articles}\s+)?(?:{nearest}\s+)?|\s*,\s*(?:{definite articles}\s+)?{nearest}\s+|\s+)(10{1,5})s?\b)?\b|\b(\d+)\s+{nearest after}\b`), rewrite: func(r *reading, m []string, rest string) string {
			place := func(n int64) {
				if n == 10 || n == 100 || n == 1000 || n == 10000 || n == 100000 {
					r.q.p.RoundTo = append(r.q.p.RoundTo, n)
					r.took(skills.TakesRoundTo, m[0])
				}
			}
			place(atoi(m[1] + m[4]))
			if m[3] == "" {
				return " "
			}
			if next := strings.Fields(rest); len(next) > 0 && (has(next[0], "to place") || has(next[0], "nearest")) {
				return " " + m[2] // the count of the next place
			}
			place(atoi(m[3]))
			return " "
		}},
		{name: "range", role: roleConstraint, re: pat(`\b(\d+)\s*(?:-|\s{through}\s)\s*(\d+)\b`), set: func(r *reading, m []string) { // "6-9", "0 through 5"
			r.q.p.Max, r.bareLo, r.rangeWords = max(atoi(m[1]), atoi(m[2])), min(atoi(m[1]), atoi(m[2])), m[0]
			r.took(skills.TakesMax, m[0])
		}},
		{name: "within", role: roleConstraint, re: pat(`\b({within})\s+(\d+)\b`), set: func(r *reading, m []string) {
			n := atoi(m[2])
			if has(m[1], "to place") && n < 5 {
				return
			}
			if has(m[1], "below") { // "under 20", "menos de 20": 19 at most
				n--
			}
			r.q.p.Max = n
			r.took(skills.TakesMax, m[0])
		}},
		{name: "tables bounded", role: "", fn: func(r *reading) { r.q.p.Tables = bounded(r.q.p).Tables }}, // each once, in the order said
		{name: "no word problems", role: roleFormat, re: pat(`\b{negations}\s+(?:{any}\s+)?{word problems}\b`), set: func(r *reading, _ []string) { r.noStories = true }},
	}
}

// countBy is "count by 5s and by 10s", "skip counting by 2", "by 5s".
var countBy = pat(`\b({count by})\s+(?:{by}\s+)?(\d+)'?s?\b((?:\s*(?:,|(?:{list joins}|{or})\b)\s*(?:(?:{by}|{list fillers})\s+)?\d+'?s\b)*)|\b{by}\s+(\d+)'?s\b()`)

func tablesIn(group int) func(r *reading, m []string) {
	return func(r *reading, m []string) {
		r.q.p.Tables = append(r.q.p.Tables, numbersIn(m[group])...)
		r.took(skills.TakesTables, m[0])
	}
}

// isSkillPhrase: the words are one of a skill's phrases.
func isSkillPhrase(words string) bool {
	w := strings.Fields(words)
	return slices.ContainsFunc(allPhrases, func(sp skillPhrase) bool { return slices.Equal(sp.words, w) })
}

// startsWithItem: the text begins with a word for questions ("12 ejercicios").
func startsWithItem(s string) bool {
	w := strings.Fields(s)
	return len(w) > 0 && itemWords[w[0]]
}

func noGrade(r *reading) bool { return r.q.grade < 0 }

// noLevelChange: the message asks for no question harder or easier ("make number 3 harder"
// names a question, not one to delete or draw again).
func noLevelChange(r *reading) bool { return !has(r.s, "harder") && !has(r.s, "easier") }

func gradeNumber(r *reading, m []string) { r.grade(atoi(m[1]), "") }

func gradeOrdinal(r *reading, m []string) { r.grade(ordinalOf(m[1]), "") }

func ordinalOf(w string) int64 { return wordValue("ordinals", w) }

// gradeOrdinalAlone: "…, sexto, 8 de cada": an ordinal of the request's language standing
// alone between commas is the grade, unless the language orders a list with it ("first, …").
func gradeOrdinalAlone(r *reading) {
	if re := ordinalAlone[r.q.lang]; re != nil && r.q.grade < 0 {
		r.s = re.ReplaceAllStringFunc(r.s, func(m string) string {
			r.grade(ordinalOf(re.FindStringSubmatch(m)[1]), "")
			return " , "
		})
	}
}

var ordinalAlone = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for _, code := range langOrder {
		var ws []string
		markers := wordSetOf(code, "list markers")
		for w := range langs[code].values["ordinals"] {
			if !markers[w] {
				ws = append(ws, regexp.QuoteMeta(w))
			}
		}
		if len(ws) > 0 {
			out[code] = regexp.MustCompile(`[,;:]\s*(` + alternation(ws) + `)\s*(?:[,;]|$)`)
		}
	}
	return out
}()

func wordSetOf(code, key string) map[string]bool {
	out := map[string]bool{}
	for _, p := range langs[code].phrases[key] {
		out[strings.Join(p, " ")] = true
	}
	return out
}

// toLang is "now in Spanish", per language.
var toLang = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for _, code := range langOrder {
		if ps := langs[code].phrases["to language"]; len(ps) > 0 {
			out[code] = regexp.MustCompile(`\b` + altOf(ps) + `\b`)
		}
	}
	return out
}()

// gradeAssumed keeps the grade in range, and what the reader assumed to reach it.
func gradeAssumed(r *reading) {
	q := r.q
	if q.grade != -1 {
		q.grade = max(0, min(q.grade, 9))
	}
	switch r.gradeBy {
	case "prealgebra":
		q.assumed = append(q.assumed, assumption{"assumedPreAlgebra", []any{q.grade}})
	case "secundaria":
		q.assumed = append(q.assumed, assumption{"assumedSecundaria", []any{q.grade}})
	case "year":
		q.assumed = append(q.assumed, assumption{"assumedYear", []any{atoi(r.byYearOrAge), gradeName(q.grade)}})
	case "age":
		q.assumed = append(q.assumed, assumption{"assumedAge", []any{atoi(r.byYearOrAge), gradeName(q.grade)}})
	}
}

// abbreviate writes a tutor's abbreviations ("clt", "w/", "eqs") as the words they stand for.
func abbreviate(r *reading) {
	r.s = abbreviations.ReplaceAllStringFunc(r.s, func(w string) string {
		m := abbreviations.FindStringSubmatch(w)
		return m[1] + expand[m[2]] + m[3]
	})
}

// operationSigns reads a run of operation signs ("+/-", "+ - × ÷") as the operations.
func operationSigns(_ *reading, g []string, _ string) string {
	var out []string
	for _, w := range strings.Fields(g[1]) {
		out = append(out, map[string]string{"-": "−", "x": "×"}[w]+strings.Trim(w, "-x"))
	}
	if !slices.ContainsFunc(out, func(w string) bool { return w == "+" || w == "÷" || w == "−" }) {
		return g[0]
	}
	return " " + strings.Join(out, " ") + " "
}
