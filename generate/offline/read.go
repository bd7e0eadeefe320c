package offline

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
)

// request is what one message asks for, read with the vocabulary of every language.
// Fields left zero were not mentioned.
type request struct {
	lang     string // the language the message is written in
	said     string // the same, when enough of its words say so ("" when it is short or unclear: "3 more")
	toLang   string // "now in Spanish": the sheet's language changes
	sections []asked
	total    int  // "20 problems" for the whole sheet
	each     int  // "4 of each"
	grade    int  // -1 not said; 0 kindergarten … 8; 9 Algebra 1
	level    int  // -1 easy, 1 hard, 2 challenge
	onLevel  bool // "at grade level": the level named is the grade's own (0)
	p        skills.Params
	columns  int
	large    bool
	versions int

	another, newNumbers, harder, easier bool
	more, only, target                  int
	fewer                               int // "take out the last 5"
	addSkills, replaceSkills            bool
	refused                             string   // a topic the offline engine cannot write
	unsupported                         []string // wishes it cannot honour ("multiple choice")
	asForm                              []string // skills said of another's questions ("with negative exponents"): not followed
	noWordProblems                      bool     // "word problems" of a skill that has none
	removeSkills, swap                  bool     // "get rid of the division", "swap the division for subtraction"
	standards                           []standard
	stdCodes                            []string          // the codes of standards, as written: "2.OA.2"
	answerDecimal                       bool              // "answers as decimals"
	leftOut                             []string          // out-of-scope parts of a request whose other parts are written
	unknown                             []string          // items of a list of skills that name no skill nor known topic: "tangrams"
	assumed                             []assumption      // what the reader took to be meant where the words left a real choice
	double                              bool              // "double the multiplication", "el doble"
	definite                            bool              // every skill named is named as one already there: "the division ones"
	wishes                              []string          // layout wishes the sheet cannot honour, as message keys: "answers at the bottom"
	fewerAll                            bool              // "less problems": every section shorter
	dropSection                         int               // "remove the last section": its number from 1; -1 the last
	redo                                int               // "swap #5": question 5 drawn again, the rest kept
	levels                              bool              // "easy addition and hard subtraction": each section's level is its own
	swapQ                               [2]int            // "swap #3 and #4": two questions change places
	moveQ                               [2]int            // "move number 5 to the end": the question, and its place (-1 the end, 0 the start)
	dropQ                               []int             // "delete questions 7 and 9": those questions alone taken out
	took                                map[string]string // constraint kind (skills.Takes…) → the words that set it
	rest                                []string          // meaningful words no reading used, as written: named in the reply
	prompt                              string            // the message as written
	rec                                 *record           // what each word of prompt was read as (readAs)
	reading                             []generate.Span   // the reading of the message as the teacher wrote it (read)
	pasted                              []string          // the teacher's own problems, pasted: the sheet's questions
	settings                            said              // the document's settings the request names (settingwords.go)
}

// assumption is one thing the reader assumed, as a message key and its arguments.
type assumption struct {
	key  string
	args []any
}

// gradeName and skillName are arguments of an assumption written in the reply's language:
// "grade 2" or "kindergarten", a skill's name.
type (
	gradeName int
	skillName string
)

// asked is one section the message names, in the order it names them.
type asked struct {
	skill    string
	count    int
	pos, sub int    // where it is named: the word, and the order among skills named by one phrase
	n        int    // how many words name it (0: none of its own, as a domain's usual mix)
	phrase   string // the words that named it
	again    []int  // where it is named again ("… subtraction within 10. Maybe 20 subtraction problems")
	level    int    // its own level, when the message names levels section by section (request.levels)
}

// inLanguageOf is the first phrase of a words entry (to) in the language whose phrases of
// another entry (of) the text m uses: "3 pasos o más" is "varios pasos".
func inLanguageOf(m, of, to string) string {
	words := strings.Fields(m)
	for _, code := range langOrder {
		for _, p := range langs[code].phrases[of] {
			if len(p) > 0 && len(langs[code].phrases[to]) > 0 && containsRun(words, p) {
				return strings.Join(langs[code].phrases[to][0], " ")
			}
		}
	}
	for _, code := range langOrder {
		if ps := langs[code].phrases[to]; len(ps) > 0 {
			return strings.Join(ps[0], " ")
		}
	}
	return ""
}

// containsRun: the words hold the phrase's words in a row.
func containsRun(words, p []string) bool {
	for i := 0; i+len(p) <= len(words); i++ {
		if slices.Equal(words[i:i+len(p)], p) {
			return true
		}
	}
	return false
}

// alt is a regexp alternation of the phrases of a words entry in every language, longest
// first; an entry no language has never matches.
func alt(key string) string {
	var ps []string
	for _, code := range langOrder {
		for _, p := range langs[code].phrases[key] {
			if len(p) > 0 { // a phrase of punctuation alone ("&") has no words: it would match anything
				ps = append(ps, regexp.QuoteMeta(strings.Join(p, " ")))
			}
		}
	}
	return alternation(ps)
}

// expand is every language's abbreviations and what they stand for; abbreviations matches them.
var expand, abbreviations = func() (map[string]string, *regexp.Regexp) {
	m := map[string]string{}
	var keys []string
	for _, code := range langOrder {
		for k, v := range langs[code].short {
			m[k] = v
			keys = append(keys, regexp.QuoteMeta(k))
		}
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	return m, regexp.MustCompile(`(^|\s)(` + strings.Join(keys, "|") + `)(\s|$)`)
}()

// submatches turns a match's index pairs into its groups' text ("" for a group that did not take part).
func submatches(s string, loc []int) []string {
	m := make([]string, 0, len(loc)/2)
	for i := 0; i < len(loc); i += 2 {
		if loc[i] < 0 {
			m = append(m, "")
		} else {
			m = append(m, s[loc[i]:loc[i+1]])
		}
	}
	return m
}

// read reads one message. A level named with a question ("make number 3 challenging", "la 4
// de nivel desafío") is for that question; when no skill is named, the number is read as
// the question's.
func read(prompt string) (q request) {
	as := newAsRead(prompt) // the reading: what each step cuts is its span
	var pasted []string
	var forms []form
	defer func() { q.reading = readingOf(as, q, pasted, forms) }() // last: of what the reader made of it
	defer func() { q.bound() }()
	prompt, settings := cutSettings(prompt) // "A4", "16 point font", "exam format": the document's settings
	as.cut(prompt, "settings said", roleSetting)
	prompt = sizesOfMultiplication(prompt) // "multiplication 2 x 2": two-digit by two-digit
	as.cut(prompt, "sizes of multiplication", "")
	defer func() { q.settings, q.large = settings, q.large || settings.large }()
	prompt = cutLabels(prompt) // "7.3-7.4 Quiz": the textbook's sections
	as.cut(prompt, "textbook label", roleContext)
	prompt, pasted = pastedProblems(prompt) // "1. 2x + 3 = 11 2. …": the questions themselves
	as.cut(prompt, "pasted problems", rolePasted)
	prompt, forms = cutExamples(prompt) // "like x + 5 = 12": the questions' form, no sections nor counts
	as.cut(prompt, "example", roleExample)
	prompt = cutExampleSentences(prompt) // "For example, 25 is what % of 56?": no counts, no sections
	as.cut(prompt, "example sentence", roleExample)
	q = readAs(prompt, false)
	if len(pasted) > 0 && q.refused == "" {
		q.pasted = pasted
		if kind, _ := pastedKind(pasted); len(q.sections) == 0 { // a new sheet, whatever else it says
			q.sections = []asked{{skill: pick("order-of-operations", kind)}}
		}
		notDone(&q)
		return q
	}
	if !q.harder && !q.easier && (q.level != 0 || q.onLevel) && len(q.sections) == 0 && q.target == 0 {
		if one := readAs(prompt, true); one.target > 0 && len(one.sections) == 0 {
			return one
		}
	}
	applyExamples(&q, forms)
	reviewOfGrade(&q)
	oneAsked(&q)
	notDone(&q)
	return q
}

// readAs reads one message; levelTarget reads "number 3" with a level named as a question's.
func readAs(prompt string, levelTarget bool) request {
	q := request{grade: -1, took: map[string]string{}, prompt: prompt, rec: newRecord(prompt)}
	r := reading{q: &q, levelTarget: levelTarget, bareLo: -1, rec: q.rec}
	r.s, r.at = foldAt(prompt)
	for _, rule := range textRules {
		rule.apply(&r)
	}
	toks, sep := r.words()
	note := r.toks.note
	sentences := sentencesOf(prompt, toks)
	used := make([]bool, len(toks))
	flag := func(key string) bool { return matchAll(toks, used, key, true) }

	converting := readWords(toks, used, &r)

	// "… and simplify the answer": what every fraction skill's answers are already (in
	// simplest form), no section of fractions to simplify
	r.markAll(toks, used, "answers simplified", roleFormat)
	// "a sub plan", "for early finishers": words of a skill's that name none
	r.markAll(toks, used, "no skill", roleContext)
	// "use factor trees", "area model multiplication": a way of working the sheet does not draw,
	// named; its words name a skill only when no other words do ("factor trees for 6th grade").
	before := slices.Clone(used)
	methods := occurrences(toks, used, "methods", false)
	for i, m := range methods {
		methods[i] = originalOf(prompt, strings.Fields(m))
	}
	note(used, "methods", roleNotDone)
	q.sections = findSkills(toks, sep, used, &q, r.toks.noter(used, roleSkill))
	if len(q.sections) == 0 && len(methods) > 0 {
		copy(used, before)
		note(used, "", "") // the methods' words, taken back
		q.sections = findSkills(toks, sep, used, &q, r.toks.noter(used, roleSkill))
	}
	q.sections = measureOfShapeNamed(toks, used, q.sections)
	note(used, "measureOfShapeNamed", roleSkill)
	roundAnswers := answersRounded(toks, used, &q)
	note(used, "answersRounded", roleConstraint)
	if len(q.sections) == 0 && converting {
		q.sections = []asked{{skill: "unit-conversions", pos: len(toks)}}
	}
	if r.firstDegree != "" { // "ecuaciones de primer grado" read as the linear equations' skill, and said
		for _, a := range q.sections {
			if strings.HasSuffix(a.phrase, " "+inLanguageOf(r.firstDegree, "first degree", "first degree as")) {
				q.assumed = append(q.assumed, assumption{"assumedFirstDegree", []any{r.firstDegree, skillName(a.skill)}})
			}
		}
	}
	skillTok := make([]bool, len(toks)) // the words that named skills
	for i := range used {
		skillTok[i] = used[i] && !before[i]
	}
	standardSections(toks, used, &q)
	note(used, "standardSections", roleSkill)
	sectionsOfSettings(&r, len(toks))
	if r.noStories {
		q.noWordProblems = false
	}
	q.definite = definite(toks, q)
	q.removeSkills = flag("remove section")
	q.swap = flag("swap")
	// "pon 5 divisiones", "pon 5 más" add; "pon las multiplicaciones fáciles", "ponlas en 2
	// columnas" set a level or a layout, and add nothing unless a count is given.
	put := flag("put")
	q.addSkills = flag("add")
	if put && !q.addSkills {
		change := q.level != 0 || q.onLevel || q.harder || q.easier || q.columns > 0 || q.large || q.p.Vertical || q.versions > 0
		q.addSkills = !change || slices.ContainsFunc(toks, isNumber)
	}
	note(used, "edit verbs", roleEdit)
	parts := outOfScope(toks, used, &q)
	partTok := make([]bool, len(toks)) // the words of out-of-scope topics: named by partly, if at all
	for _, p := range parts {
		markUsed(partTok, p.at, p.n)
	}
	partly(toks, sep, skillTok, parts, &q)
	pct := percentsAndTimes(toks, used)
	note(used, "percents and durations", roleContext)
	if q.refused == "" { // "and 5 synthetic division problems": the count of a part left out is none of the sheet's
		for _, p := range parts {
			k := p.at - 1 // "and 6 using the quadratic formula": the words saying how, between
			if k >= 0 && matchAll(toks[k:k+1], []bool{false}, "articles", false) {
				k--
			}
			k -= formOfEnding(toks, k+1)
			if k >= 0 && isNumber(toks[k]) && !used[k] && slices.Contains(q.leftOut, p.words) {
				used[k] = true
			}
		}
	}
	note(used, "count of a part left out", roleNotDone)
	pct = append(pct, valuesListed(toks, sep, used, &r)...)
	note(used, "valuesListed", roleConstraint)
	numbered := numberedSentences(prompt)
	q.sections = slices.DeleteFunc(q.sections, func(a asked) bool { return contextOnly(toks, sentences, numbered, a, q.sections) })
	assignCounts(toks, sep, used, &q, r.toks.noter(used, roleCount))
	onlyOfSection(&q)
	q.sections = slices.DeleteFunc(q.sections, func(a asked) bool { return kindOfEarlier(a, q.sections) || headsKinds(a, q.sections) })
	stepsOfEquations(toks, sentences, &q) // "two-step equations … add/subtract then divide": their steps
	for _, k := range pct {
		used[k] = false
	}
	sectionLevels(toks, sep, &q)
	operationsAsked(toks, &q)
	if q.refused == "" && len(q.sections) > 0 {
		q.unknown = unknownItems(toks, sep, used, skillTok, partTok)
	}
	consumed := slices.Clone(used)
	for i := range consumed {
		consumed[i] = consumed[i] || partTok[i]
	}
	q.rest = slices.Concat(leftovers(prompt, toks, consumed), roundAnswers, q.asForm, methods)
	r.claimWords(toks, used, consumed, parts)
	return q
}

// percentsAndTimes are the numbers of "10%, 25% and 50%" (percents) and "for about 30
// minutes" (a time): no counts, marked used while counts are read (named in the reply if
// nothing uses them).
func percentsAndTimes(toks []string, used []bool) (pct []int) {
	for k := 0; k+1 < len(toks); k++ {
		if (toks[k+1] == "%" || occursAt(toks, k+1, "durations")) && !used[k] && isNumber(toks[k]) {
			used[k] = true
			pct = append(pct, k)
		}
	}
	return pct
}

func boolp(b bool) *bool { return &b }

// wordRule: the words of a language files' entry set a field of the request; a constraint's
// (kind, one of skills.Takes…) are kept for the reply. set gets each occurrence's words.
type wordRule struct {
	key, kind string
	role      string // what the reading records of the words
	set       func(q *request, words string)
}

// wordRules are read in order, each group's first rule whose words occur winning ("no
// remainders" before "remainders", "challenge" before "hard"); the words are used up.
var wordRules = [][]wordRule{
	{{"no remainders", skills.TakesRemainders, roleConstraint, func(q *request, _ string) { q.p.Remainders = boolp(false) }},
		{"remainders", skills.TakesRemainders, roleConstraint, func(q *request, _ string) { q.p.Remainders = boolp(true) }}},
	{{"no regroup", skills.TakesRegroup, roleConstraint, func(q *request, _ string) { q.p.Regroup = boolp(false) }},
		{"regroup", skills.TakesRegroup, roleConstraint, func(q *request, _ string) { q.p.Regroup = boolp(true) }}},
	{{"across zeros", skills.TakesZeros, roleConstraint, func(q *request, _ string) { q.p.Zeros, q.p.Regroup = true, boolp(true) }}}, // a borrow across zeros regroups
	{{"unlike denominators", skills.TakesLike, roleConstraint, func(q *request, _ string) { q.p.Like = boolp(false) }},
		{"like denominators", skills.TakesLike, roleConstraint, func(q *request, _ string) { q.p.Like = boolp(true) }}},
	{{"pi in terms", skills.TakesPi, roleConstraint, func(q *request, _ string) { q.p.Pi = "pi" }},
		{"pi as 3.14", skills.TakesPi, roleConstraint, func(q *request, _ string) { q.p.Pi = "3.14" }}},
	{{"large print", "", roleSetting, func(q *request, _ string) { q.large = true }}},
	{{"fewer all", "", roleEdit, func(q *request, _ string) { q.fewerAll = true }}},
	{{"half hour step", skills.TakesStep, roleConstraint, minuteStep(30)}}, // the clocks' minutes: the finest said
	{{"quarter hour step", skills.TakesStep, roleConstraint, minuteStep(15)}},
	{{"five minute step", skills.TakesStep, roleConstraint, minuteStep(5)}},
	{{"one minute step", skills.TakesStep, roleConstraint, minuteStep(1)}},
	{{"hour step", skills.TakesStep, roleConstraint, minuteStep(60)}},
	{{"answer decimal", "", roleFormat, func(q *request, _ string) { q.answerDecimal = true }}},
	// "the answers should be integers": what equations' answers are; a division's have no remainder
	{{"answer whole", skills.TakesWhole, roleConstraint, func(q *request, _ string) {
		if q.p.Remainders == nil {
			q.p.Remainders = boolp(false)
		}
	}}},
	// "in simplest form", "as mixed numbers": how fraction answers are always written
	{{"answer fraction", "", roleFormat, func(*request, string) {}}},
	{{"answer mixed", "", roleFormat, func(*request, string) {}}},
	{{"vertical", skills.TakesVertical, roleConstraint, func(q *request, _ string) { q.p.Vertical = true }},
		{"horizontal", "", roleSetting, func(*request, string) {}}},
	{{"another version", "", roleEdit, func(q *request, _ string) { q.another = true }}},
	{{"new numbers", "", roleEdit, func(q *request, _ string) { q.newNumbers = true }}},
	{{"hard side", "", roleLevel, func(q *request, _ string) { q.level = 1 }}, // "keep it on the easier side": a level, not an edit
		{"easy side", "", roleLevel, func(q *request, _ string) { q.level = -1 }}},
	{{"harder", "", roleLevel, func(q *request, _ string) { q.harder = true }}},
	{{"easier", "", roleLevel, func(q *request, _ string) { q.easier = true }}},
	{{"on level", "", roleLevel, func(q *request, _ string) { q.onLevel = true }}},
	{{"challenge", "", roleLevel, func(q *request, _ string) { q.level = 2 }},
		{"hard", "", roleLevel, func(q *request, _ string) { q.level = 1 }},
		{"easy", "", roleLevel, func(q *request, _ string) { q.level = -1 }}},
}

// minuteStep sets the clocks' minutes to step, or to a finer step said as well ("to the hour
// and half hour").
func minuteStep(step int64) func(*request, string) {
	return func(q *request, _ string) {
		if q.p.Step > 0 {
			q.p.Step = min(q.p.Step, step)
		} else {
			q.p.Step = step
		}
	}
}

// numbered is each phrase, and each with its last word in the other number: "word search" and
// "word searches", "logarithms" and "logarithm".
func numbered(ps [][]string) [][]string {
	var out [][]string
	for _, p := range ps {
		out = append(out, p)
		last := p[len(p)-1]
		var other []string
		switch {
		case strings.HasSuffix(last, "ches") || strings.HasSuffix(last, "shes") || strings.HasSuffix(last, "xes"):
			other = []string{strings.TrimSuffix(last, "es")}
		case strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && len(last) > 3:
			other = []string{strings.TrimSuffix(last, "s")}
		case strings.HasSuffix(last, "ch") || strings.HasSuffix(last, "sh") || strings.HasSuffix(last, "x"):
			other = []string{last + "es"}
		case len(last) > 3:
			other = []string{last + "s"}
		}
		for _, w := range other {
			out = append(out, append(slices.Clone(p[:len(p)-1]), w))
		}
	}
	return out
}

// startsSkill: the words begin one of a skill's phrases, of two words or more, exactly
// ("modelos de fracciones").
func startsSkill(words []string) bool {
	for _, sp := range allPhrases {
		if len(sp.words) > 1 && len(sp.words) <= len(words) && slices.Equal(words[:len(sp.words)], sp.words) {
			return true
		}
	}
	return false
}

var (
	numberRange = regexp.MustCompile(`(\d+)\s*(?:-|` + alt("range to") + `)\s*(\d+)`)
	digitRun    = regexp.MustCompile(`\d+`)
)

func numbersIn(s string) []int64 {
	var out []int64
	if m := numberRange.FindStringSubmatch(s); m != nil { // "6-9"
		for n := atoi(m[1]); n <= min(atoi(m[2]), 20); n++ {
			out = append(out, n)
		}
		return out
	}
	for _, f := range digitRun.FindAllString(s, -1) {
		if n := atoi(f); n >= 1 && n <= 20 && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func span(lo, hi int64) []int64 {
	var out []int64
	for i := lo; i <= hi; i++ {
		out = append(out, i)
	}
	return out
}

func altOf(ps [][]string) string {
	var out []string
	for _, p := range ps {
		out = append(out, regexp.QuoteMeta(strings.Join(p, " ")))
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return "(?:" + strings.Join(out, "|") + ")"
}

// has reports whether any language's phrase for key occurs in s.
func has(s, key string) bool {
	toks := strings.Fields(s)
	return matchAll(toks, make([]bool, len(toks)), key, false)
}

// detectLang is the language most of the message's common words belong to (English on a tie).
func detectLang(s string) string {
	toks := strings.Fields(s)
	best, bestN := "en", 0
	for _, code := range langOrder {
		n := 0
		for _, p := range langs[code].phrases["markers"] {
			for _, t := range toks {
				if t == p[0] {
					n++
				}
			}
		}
		for _, t := range toks { // "primero", "vinte": a language's own number words
			if _, ok := langs[code].ords[t]; ok {
				n++
			} else if _, ok := langs[code].numbers[t]; ok {
				n++
			}
		}
		for _, p := range langs[code].phrases["refuse"] {
			if strings.Contains(" "+strings.Join(toks, " ")+" ", " "+strings.Join(p, " ")+" ") {
				n += 2
			}
		}
		for _, p := range ownPhrases[code] { // "secundaria": words no other language has
			if strings.Contains(" "+strings.Join(toks, " ")+" ", " "+strings.Join(p, " ")+" ") {
				n++
			}
		}
		for _, sp := range allPhrases {
			if sp.lang == code && strings.Contains(" "+strings.Join(toks, " ")+" ", " "+strings.Join(sp.words, " ")+" ") {
				n += 2
			}
		}
		if n > bestN {
			best, bestN = code, n
		}
	}
	return best
}

// saidIn is the language a message is clearly written in, or "": at least two of its words
// (common words, or words of phrases of the vocabulary no other language uses) are that
// language's, and more of them than of any other. "hazlas más fáciles" is Spanish; "3 more"
// and "5 más" say too little to tell.
func saidIn(s string) string {
	toks := strings.Fields(s)
	best, bestN, second := "", 0, 0
	for _, code := range langOrder {
		ours := make([]bool, len(toks)) // the words this language's vocabulary has
		mark := func(p []string) {
			for i := 0; i+len(p) <= len(toks); i++ {
				if slices.Equal(toks[i:i+len(p)], p) {
					markUsed(ours, i, len(p))
				}
			}
		}
		for _, p := range langs[code].phrases["markers"] {
			mark(p)
		}
		for _, p := range ownPhrases[code] {
			mark(p)
		}
		for _, sp := range allPhrases {
			if sp.lang == code {
				mark(sp.words)
			}
		}
		n := 0
		for _, ok := range ours {
			if ok {
				n++
			}
		}
		switch {
		case n > bestN:
			best, bestN, second = code, n, bestN
		case n > second:
			second = n
		}
	}
	if bestN < 2 || bestN == second {
		return ""
	}
	return best
}

// ownPhrases are each language's phrases for settings and edits ("mas faciles", "make it")
// that no other language's file has: words that say which language a message is in. The
// phrases that name a language to write in ("in spanish" is in Spanish's file) say nothing of it.
var ownPhrases = func() map[string][][]string {
	all := map[string]map[string]bool{}
	for _, code := range langOrder {
		all[code] = map[string]bool{}
		for key, ps := range langs[code].phrases {
			if key == "markers" || key == "to language" {
				continue
			}
			for _, p := range ps {
				all[code][strings.Join(p, " ")] = true
			}
		}
	}
	out := map[string][][]string{}
	for _, code := range langOrder {
		var own []string
		for p := range all[code] {
			shared := strings.Trim(p, "#0123456789 ") == ""
			for _, other := range langOrder {
				shared = shared || other != code && all[other][p]
			}
			if !shared {
				own = append(own, p)
			}
		}
		sort.Strings(own)
		for _, p := range own {
			out[code] = append(out[code], strings.Fields(p))
		}
	}
	return out
}()

// --- fuzzy phrase matching ---

// close reports whether a request word is a skill word, allowing a typo or two in long words.
func close(a, b string) bool {
	if a == b {
		return true
	}
	if len(b) < 6 || a == "" || a[0] != b[0] || strings.ContainsAny(a, "0123456789") {
		return false
	}
	limit := 1
	if len(b) >= 9 {
		limit = 2
	}
	return levenshtein(a, b) <= limit
}

// closeShort is a typo of a short word inside a longer phrase ("telling tme"): one letter
// missing, added or changed, the first letter kept.
func closeShort(a, b string) bool {
	return !vocabulary[a] && len(b) >= 4 && len(b) < 6 && a != "" && a[0] == b[0] && !strings.ContainsAny(a, "0123456789") && levenshtein(a, b) <= 1
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// find is the first place the phrase occurs in unused words, or -1.
func find(toks []string, used []bool, p []string, fuzzy bool) int {
	for i := 0; i+len(p) <= len(toks); i++ {
		ok := true
		for j, w := range p {
			if used[i+j] || !(toks[i+j] == w || (fuzzy && (close(toks[i+j], w) || len(p) > 1 && closeShort(toks[i+j], w)))) {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// findApart is find for a skill's phrase, not running across a list's comma: "factoring,
// quadratics" are two items, not "factoring quadratics". A phrase that is itself a list
// may: the language file writes its commas ("mean, median, mode").
func findApart(toks []string, sep, used []bool, sp skillPhrase, fuzzy bool) int {
	p := sp.words
	for from := 0; from < len(toks); {
		at := find(toks[from:], used[from:], p, fuzzy)
		if at < 0 {
			return -1
		}
		at += from
		ok := true
		for j := 1; j < len(p); j++ {
			ok = ok && (!sep[at+j] || sp.commas[j])
		}
		// A word the skill's own phrases use only with others is no typo of its one-word
		// phrase: "system" names systems of equations only in "system of equations", and
		// "number system" is not "systems".
		if len(p) == 1 && toks[at] != p[0] && skillWords[sp.skill][toks[at]] {
			ok = false
		}
		if ok {
			return at
		}
		from = at + 1
	}
	return -1
}

func markUsed(used []bool, at, n int) {
	for k := at; k < at+n; k++ {
		used[k] = true
	}
}

// matchAll reports whether one of key's phrases (any language) occurs; with mark, every
// occurrence is used up.
func matchAll(toks []string, used []bool, key string, mark bool) bool {
	if mark {
		return len(occurrences(toks, used, key, false)) > 0
	}
	for _, p := range keyPhrases(key) {
		if find(toks, used, p, false) >= 0 {
			return true
		}
	}
	return false
}

// occurrences uses up every occurrence of key's phrases, longest first, and returns their words;
// with typos a phrase of several words may be misspelt ("accross zeros", "like denominaters").
func occurrences(toks []string, used []bool, key string, typos bool) []string {
	var out []string
	for _, p := range keyPhrases(key) {
		fuzzy := typos && len(p) > 1
		var held []int // near matches through a word the reader knows: no typo ("adding fractions, answers")
		for at := find(toks, used, p, fuzzy); at >= 0; at = find(toks, used, p, fuzzy) {
			if !misspelt(toks[at:at+len(p)], p) {
				used[at], held = true, append(held, at)
				continue
			}
			markUsed(used, at, len(p))
			out = append(out, strings.Join(p, " "))
		}
		for _, at := range held {
			used[at] = false
		}
	}
	return out
}

// misspelt reports whether words are phrase p, as written or with typos: a word that differs
// from p's is a typo only when it is no word of the reader's own (a known word means itself).
func misspelt(words, p []string) bool {
	for j, w := range words {
		if w != p[j] && vocabulary[w] {
			return false
		}
	}
	return true
}

// keyPhrases is a words entry's phrases in every language, longest first.
func keyPhrases(key string) [][]string {
	var ps [][]string
	for _, code := range langOrder {
		ps = append(ps, langs[code].phrases[key]...)
	}
	sort.SliceStable(ps, func(i, j int) bool { return len(ps[i]) > len(ps[j]) })
	return ps
}

type skillPhrase struct {
	skill, lang string
	words       []string
	commas      []bool // a comma may come before the word: the phrase is a list ("mean, median, mode")
}

var allPhrases = func() []skillPhrase {
	var out []skillPhrase
	for _, code := range langOrder {
		ids := make([]string, 0, len(langs[code].Skills))
		for id := range langs[code].Skills {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			for _, w := range langs[code].Skills[id].Words {
				sp := skillPhrase{skill: id, lang: code}
				comma := false
				for _, t := range strings.Fields(unhyphen(numbersToDigits(fold(w)))) {
					if t == "," {
						comma = true
						continue
					}
					sp.words, sp.commas, comma = append(sp.words, t), append(sp.commas, comma), false
				}
				out = append(out, sp)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].words) > len(out[j].words) })
	return out
}()

// skillWords are the words of each skill's phrases.
var skillWords = func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, sp := range allPhrases {
		if out[sp.skill] == nil {
			out[sp.skill] = map[string]bool{}
		}
		for _, w := range sp.words {
			out[sp.skill][w] = true
		}
	}
	return out
}()

// vocabulary is every word of every skill phrase: a word of the vocabulary is no typo.
var vocabulary = func() map[string]bool {
	v := map[string]bool{}
	for _, sp := range allPhrases {
		for _, w := range sp.words {
			v[w] = true
		}
	}
	return v
}()

// storySkills are told as stories already: "elapsed time word problems" are these.
var storySkills = map[string]bool{"elapsed-time": true, "making-change": true, "unit-rates": true, "percent-change": true,
	"word-problems-add-sub": true, "word-problems-mul-div": true, "word-problems-two-step": true}

// numberSkills ask one thing of each number given: "12 numbers" of them is 12 questions.
var numberSkills = map[string]bool{"prime-factorization": true, "list-factors": true, "list-multiples": true, "even-odd": true,
	"roman-numerals": true, "number-words": true, "rounding": true, "expanded-form": true, "square-roots": true, "place-value": true, "prime-composite": true}

// numbersAsked: w is "numbers" and every section asks one thing of each number.
func numbersAsked(w string, secs []asked) bool {
	return (w == "numbers" || w == "numeros") && len(secs) > 0 && !slices.ContainsFunc(secs, func(a asked) bool { return !numberSkills[a.skill] })
}

var opSkills = []string{"addition", "subtraction", "multiplication", "division"}

// domainOf maps the four operations (and comparing, ordering, rounding) to their fraction,
// decimal and integer skills, as the skills declare them.
var domainOf = skills.DomainForms()

// findSkills finds the skills a message names, in its order: the longest phrases first (so
// "adding fractions" is not addition), each word used once, typos allowed; then the skill
// refiners (refine_order.go) settle, in their order, what the phrases found mean.
func findSkills(toks []string, sep, used []bool, q *request, note func(rule, role string)) []asked {
	var found []asked
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["mixed ops"] {
			if at := find(toks, used, p, true); at >= 0 {
				markUsed(used, at, len(p))
				for i, op := range opSkills {
					found = append(found, asked{skill: op, pos: at, sub: i, n: len(p)})
				}
			}
		}
	}
	// Among phrases of one length, the words as written before a typo of another language's
	// ("divisões" is Portuguese division, not a misspelt Spanish "divisores"); longer phrases
	// still go first, typos and all ("adding fractoins" is not addition).
	var passes []struct {
		sp    skillPhrase
		fuzzy bool
	}
	for i := 0; i < len(allPhrases); {
		j := i
		for j < len(allPhrases) && len(allPhrases[j].words) == len(allPhrases[i].words) {
			j++
		}
		for _, fuzzy := range []bool{false, true} {
			for _, sp := range allPhrases[i:j] {
				passes = append(passes, struct {
					sp    skillPhrase
					fuzzy bool
				}{sp, fuzzy})
			}
		}
		i = j
	}
	for _, ps := range passes {
		sp := ps.sp
		for {
			at := findApart(toks, sep, used, sp, ps.fuzzy)
			if at < 0 {
				break
			}
			markUsed(used, at, len(sp.words))
			phrase := strings.Join(toks[at:at+len(sp.words)], " ")
			found = append(found, asked{skill: sp.skill, pos: at, n: len(sp.words), phrase: phrase})
			// a name of several skills ("factors and multiples") is a section of each
			for _, other := range allPhrases {
				if other.skill != sp.skill && slices.Equal(other.words, sp.words) && !slices.ContainsFunc(found, func(f asked) bool { return f.pos == at && f.skill == other.skill }) {
					found = append(found, asked{skill: other.skill, pos: at, sub: len(found), n: len(sp.words), phrase: phrase})
				}
			}
		}
	}
	note("skill phrases", "")
	rf := refining{toks: toks, sep: sep, used: used, q: q, found: found}
	for _, r := range skillRefiners {
		r.run(&rf)
		note(r.name, r.role)
	}
	return rf.found
}

// remaindersOf: the words asking for remainders are said of the division named at found[i]:
// the last named before them ("20 division facts and 10 division problems with remainders"),
// or every one when none is named before them.
func remaindersOf(toks []string, found []asked, i int) bool {
	for k := range toks {
		if !occursAt(toks, k, "remainders") {
			continue
		}
		owner := -1
		for j, f := range found {
			if f.skill == "division" && f.pos < k {
				owner = j
			}
		}
		if owner < 0 || owner == i {
			return true
		}
	}
	return false
}

// countOwner is the section a count at word k follows when every section before k but the
// last has its count: that last one, still without a count; -1 when there is none such.
func countOwner(secs []asked, starts []int, k int) int {
	owner := -1
	for i := range secs {
		if starts[i] >= k {
			break
		}
		if secs[i].count == 0 {
			if owner >= 0 {
				return -1 // two sections without a count: the number is the sheet's to share
			}
			owner = i
		}
	}
	return owner
}

// countAfter is the section a count at word k is for when no section before it lacks one: the
// first named after it, in its sentence, still without a count, no number between; -1 when
// there is none such.
func countAfter(secs []asked, starts []int, toks []string, sentences []int, k int) int {
	for i := range secs {
		if starts[i] < k && secs[i].count == 0 {
			return -1
		}
	}
	for i := range secs {
		if starts[i] > k {
			if secs[i].count > 0 || starts[i] >= len(toks) || sentences[starts[i]] != sentences[k] || slices.ContainsFunc(toks[k+1:starts[i]], isNumber) {
				return -1
			}
			return i
		}
	}
	return -1
}

// assignCounts gives each section the count written before it ("5 X, 5 Y and 5 Z"), or
// shares a count for the whole sheet ("20 addition and subtraction problems"): the count
// refiners (refine_order.go) do, in their order.
func assignCounts(toks []string, sep, used []bool, q *request, note func(rule, role string)) {
	// Positions of the sections' phrases, in words.
	starts := make([]int, len(q.sections))
	for i, sec := range q.sections {
		starts[i] = min(sec.pos, len(toks))
	}
	c := counting{toks: toks, sep: sep, used: used, q: q, sentences: sentencesOf(q.prompt, toks), starts: starts, order: slices.Clone(starts)}
	for _, r := range countRefiners {
		r.run(&c)
		note(r.name, r.role)
	}
}

// itemIn: a word for problems is among toks[from:to], a phrase of several words whole ("of
// them", not the "of" of "area of circles").
func itemIn(toks []string, from, to int) bool {
	for k := from; k < to; k++ {
		if !itemWords[toks[k]] {
			continue
		}
		for _, code := range langOrder {
			for _, p := range langs[code].phrases["items"] {
				if k+len(p) <= len(toks) && slices.Equal(toks[k:k+len(p)], p) {
					return true
				}
			}
		}
	}
	return false
}

// outPart is an out-of-scope topic a message names: where, and its words.
type outPart struct {
	at, n int
	words string
}

// listWords join the items of a list: "exponents and scientific notation".
var listWords = wordSet("list words")

// partly decides what the out-of-scope topics a message names do. A topic that is an item of
// its own in a list with skills ("fractions, decimals and a short reading passage", "10
// addition problems and a word search") is left out, and the skills written; any other
// (every topic of a request that names no skill, or one the skills' words are part of:
// "graphing linear equations in slope intercept form") refuses the request, as it did.
func partly(toks []string, sep, skillTok []bool, parts []outPart, q *request) {
	if len(parts) == 0 {
		return
	}
	// The longest of overlapping topics ("reading passage", not "passage"), in their order.
	sort.SliceStable(parts, func(i, j int) bool {
		if parts[i].at != parts[j].at {
			return parts[i].at < parts[j].at
		}
		return parts[i].n > parts[j].n
	})
	first := parts[0].words // the refusal names the topic said first: "photosynthesis", then "vocabulary support"
	var kept []outPart
	for _, p := range parts {
		if len(kept) > 0 && p.at < kept[len(kept)-1].at+kept[len(kept)-1].n {
			continue
		}
		kept = append(kept, p)
	}
	inside := func(a asked) bool { // a skill named within a topic's words ("systems of equations")
		for _, p := range kept {
			end := a.pos + max(1, a.n)
			if a.pos < p.at+p.n && end > p.at && a.n > 0 {
				return true
			}
		}
		return false
	}
	secs := slices.DeleteFunc(slices.Clone(q.sections), inside)
	skillIn := func(from, to int) bool {
		for k := max(0, from); k < min(to, len(toks)); k++ {
			if skillTok[k] {
				return true
			}
		}
		return false
	}
	sentences := sentencesOf(q.prompt, toks)
	isListed := map[int]bool{} // the topics found listed, by their first word
	// listed: the topic is set off from a skill by a list's comma or joining word, with at most
	// three words of its own between ("and a short reading passage"); or it qualifies a topic
	// listed ("plus a word search with math vocabulary"); or it is in a sentence naming no skill
	// ("My class is studying linear functions. I'd like 8 slope questions …").
	listed := func(p outPart) bool {
		own := true // no skill named in the topic's sentence
		for k := range toks {
			own = own && !(sentences[k] == sentences[p.at] && skillTok[k])
		}
		if own {
			return true
		}
		for j, steps := p.at, 0; ; steps++ { // backwards
			if sep[j] {
				if skillIn(0, j) {
					return true
				}
				break
			}
			k := j - 1
			if k < 0 || steps > 3 {
				break
			}
			if isNumber(toks[k]) || itemWords[toks[k]] || matchAll(toks[k:k+1], []bool{false}, "articles", false) {
				steps-- // "and also 3 geometry questions about lines of symmetry": no words of their own
			}
			if listWords[toks[k]] { // (before the skills' words: "plus" may have been read as addition's)
				if skillIn(0, k) {
					return true
				}
				break
			}
			// "20 multiplication facts with a color by number picture": a thing (an indefinite
			// article) said to come with a skill's questions ("with", "including") is a part of
			// its own; "probability with tree diagrams" asks for a way of working them.
			if w := formOfEnding(toks, k); w > 0 && matchAll(toks[k:k+1], []bool{false}, "indefinite articles", false) {
				if skillIn(0, k-w) {
					return true
				}
				break
			}
			if skillTok[k] {
				break
			}
			if q := slices.IndexFunc(kept, func(o outPart) bool { return o.at <= k && k < o.at+o.n }); q >= 0 {
				return isListed[kept[q].at] // "a word search with math vocabulary"
			}
			j = k
		}
		for j, steps := p.at+p.n, 0; j < len(toks) && steps <= 3; j, steps = j+1, steps+1 { // forwards
			if sep[j] || listWords[toks[j]] {
				return skillIn(j, len(toks))
			}
			if skillTok[j] {
				break
			}
		}
		return false
	}
	ok := len(secs) > 0
	for _, p := range kept {
		isListed[p.at] = listed(p)
		ok = ok && isListed[p.at]
	}
	if !ok {
		q.refused = first
		return
	}
	// "plus a word search": a list's word read as addition's joins the part left out
	secs = slices.DeleteFunc(secs, func(a asked) bool {
		return a.n == 1 && listWords[toks[a.pos]] && slices.ContainsFunc(kept, func(p outPart) bool {
			k := a.pos + 1
			for k < p.at && matchAll(toks[k:k+1], []bool{false}, "articles", false) {
				k++
			}
			return k == p.at
		})
	})
	q.sections = secs
	for _, p := range kept {
		q.leftOut = append(q.leftOut, p.words)
	}
}

// kinds are the skills that are a kind of an operation, as the skills declare them: long
// division is division, the multiplication and division word problems are both.
var kinds = skills.Kinds()

// kindOfEarlier: an operation named by a word or two, no word for problems among them ("division
// facts" are a section), with no count of its own, after a section that is a kind of it, says
// more of that section ("long division, divide by whole numbers", "multiplication word
// problems, half of them division"), not a section of facts.
func kindOfEarlier(a asked, secs []asked) bool {
	if w := strings.Fields(a.phrase); a.n > 2 || a.count > 0 || itemIn(w, 0, len(w)) {
		return false
	}
	return slices.ContainsFunc(secs, func(b asked) bool { return b.pos < a.pos && slices.Contains(kinds[b.skill], a.skill) })
}

// operationsAsked: a section named as operations on its numbers ("multiplying numbers in
// scientific notation") is at least at the level from which its skill's questions operate.
func operationsAsked(toks []string, q *request) {
	// "20 scientific notation questions … some converting and some multiplying": an operation
	// named alone, with no count, is the operating section's
	operates := func(a asked) bool { sk, _ := skills.Get(a.skill); _, ok := sk.OperatesFrom(); return ok && a.n > 0 }
	if slices.ContainsFunc(q.sections, operates) {
		var ops []int // where the operations are named
		q.sections = slices.DeleteFunc(q.sections, func(b asked) bool {
			op := b.n == 1 && b.count == 0 && slices.Contains(opSkills, b.skill) && b.pos < len(toks) && occursAt(toks, b.pos, "operations")
			if op {
				ops = append(ops, b.pos)
			}
			return op
		})
		i := slices.IndexFunc(q.sections, operates)
		q.sections[i].again = append(q.sections[i].again, ops...)
	}
	for i, a := range q.sections {
		sk, _ := skills.Get(a.skill)
		from, ok := sk.OperatesFrom()
		at := append([]int{a.pos}, a.again...)
		if !ok || !slices.ContainsFunc(at, func(k int) bool {
			return k < len(toks) && matchAll(toks[k:min(k+2, len(toks))], make([]bool, min(2, len(toks)-k)), "operations", false)
		}) {
			continue
		}
		if !q.levels {
			for j := range q.sections {
				q.sections[j].level = q.level
			}
			q.levels = true
		}
		q.sections[i].level = max(q.sections[i].level, from)
	}
}

// headsKinds: a family's name ("place value", "linear equations", "porcentajes") with no count of
// its own, followed at once by a kind of it ("place value: tens and ones, and expanded form"),
// heads the kinds that follow; it is no section of its own.
func headsKinds(a asked, secs []asked) bool {
	w := strings.Fields(a.phrase)
	if a.count > 0 || !slices.ContainsFunc(langOrder, func(code string) bool {
		return slices.ContainsFunc(langs[code].phrases["family names"], func(p []string) bool { return slices.Equal(p, w) })
	}) {
		return false
	}
	return slices.ContainsFunc(secs, func(b asked) bool { return b.pos == a.pos+a.n && b.skill != a.skill && kin(a.skill, b.skill) })
}

// inRefused: a word of toks[at:at+n] is one of a phrase of several words for an
// out-of-scope topic ("a color by number picture").
func inRefused(toks []string, at, n int) bool {
	for _, code := range langOrder {
		for _, p := range numbered(langs[code].phrases["refuse"]) {
			for i := max(0, at-len(p)+1); len(p) > 1 && i < at+n && i+len(p) <= len(toks); i++ {
				if slices.Equal(toks[i:i+len(p)], p) {
					return true
				}
			}
		}
	}
	return false
}

// contextOnly: a section named once, in a sentence that holds no number ("We are doing a money
// unit", "My class is reviewing exponents and scientific notation"), when a later sentence that
// holds one names a section of its kin or whose words hold its own ("6 money word problems",
// "10 problems on the laws of exponents"), says what the class is doing: the sections asked
// for are the later ones.
func contextOnly(toks []string, sentences []int, numbered map[int]bool, a asked, secs []asked) bool {
	if len(a.again) > 0 || a.n == 0 || a.pos >= len(toks) {
		return false
	}
	numberIn := func(s int) bool {
		for k, t := range toks {
			if sentences[k] == s && isNumber(t) {
				return true
			}
		}
		return false
	}
	s := sentences[a.pos]
	if numberIn(s) {
		return false
	}
	// a count in a sentence between that names no skill is this one's: "on the distributive
	// property. Just 6 problems like 4(x + 3). Then 6 combining like terms"
	countsOf := func(s2 int) bool {
		return numbered[s2] && !slices.ContainsFunc(secs, func(b asked) bool { return b.pos < len(toks) && sentences[b.pos] == s2 })
	}
	words := strings.Fields(a.phrase)
	return slices.ContainsFunc(secs, func(b asked) bool {
		if b.skill == a.skill || b.pos >= len(toks) || sentences[b.pos] <= s || !numberIn(sentences[b.pos]) {
			return false
		}
		for s2 := s + 1; s2 < sentences[b.pos]; s2++ {
			if countsOf(s2) {
				return false
			}
		}
		return kin(a.skill, b.skill) || len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return !skillHasWord(b.skill, w) })
	})
}

// onlyOfSection: "just 6" is the count of the one section without one when the others have
// theirs ("the distributive property. Just 6 problems like 4(x + 3). Then 6 combining like
// terms"), not the sheet's total.
func onlyOfSection(q *request) {
	if q.only == 0 {
		return
	}
	none := slices.IndexFunc(q.sections, func(a asked) bool { return a.count == 0 })
	if none < 0 || slices.IndexFunc(q.sections[none+1:], func(a asked) bool { return a.count == 0 }) >= 0 || len(q.sections) < 2 {
		return
	}
	q.sections[none].count, q.only = q.only, 0
}

// occursAt: a phrase of key begins at toks[at].
func occursAt(toks []string, at int, key string) bool {
	return slices.ContainsFunc(keyPhrases(key), func(p []string) bool {
		return at+len(p) <= len(toks) && slices.Equal(toks[at:at+len(p)], p)
	})
}

// sectionAt: toks[k] is a word of a section's phrase, where it is first named.
func sectionAt(secs []asked, k int) bool {
	return slices.ContainsFunc(secs, func(a asked) bool {
		return k >= a.pos && k < a.pos+max(1, a.n) || slices.Contains(a.again, k) // where it is named again too
	})
}

// isNumber: a word written in digits alone.
func isNumber(t string) bool { return t != "" && strings.Trim(t, "0123456789") == "" }

// formOfEnding is how many words of a phrase saying what the questions include ("with",
// "including") end just before toks[end]; 0 when none does.
func formOfEnding(toks []string, end int) int {
	n := 0
	for _, p := range keyPhrases("form of") {
		if start := end - len(p); start >= 0 && len(p) > n && slices.Equal(toks[start:end], p) {
			n = len(p)
		}
	}
	return n
}

// saidOfQuestions is where a phrase saying what the questions include ("with", "that
// include", "where they") starts, ending at most three words before a skill's words, no count
// among them nor a list's count before it; -1 when there is none.
func saidOfQuestions(toks []string, at int) int {
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["form of"] {
			for end := at; end >= max(0, at-3); end-- {
				start := end - len(p)
				if start < 0 || !slices.Equal(toks[start:end], p) {
					continue
				}
				// ("and 10 using the distributive property": a count after "and" makes a section;
				// "a worksheet with area of triangles": what the sheet holds)
				if slices.ContainsFunc(toks[end:at], isNumber) || start >= 2 && isNumber(toks[start-1]) && listJoins[toks[start-2]] || start >= 1 && pageWords[toks[start-1]] {
					return -1
				}
				return start
			}
		}
	}
	return -1
}

// pageWords name the sheet: "a worksheet with …".
var pageWords = wordSet("page words")

// countBetween: "with …" follows a count of its own, after the section's sentence: "two-step
// equations. Then 5 challenge problems with variables on both sides" is a section of its own
// ("Can you give me 15 problems, and include a few with mixed numbers" is not).
func countBetween(toks []string, sentences []int, levels map[int]int, from, with int) bool {
	items := false // "5 problems with", not "include 3 with" (a part of the questions)
	for k := with - 1; k >= from && sentences[k] == sentences[with] && sentences[from-1] != sentences[with]; k-- {
		if isNumber(toks[k]) {
			return items
		}
		items = items || itemWords[toks[k]]
		if _, level := levels[k]; !itemWords[toks[k]] && !level {
			return false
		}
	}
	return false
}

// namesSkill are the words that name a skill or a domain alone: "fractions", "división".
var namesSkill = func() map[string]bool {
	out := wordSet("fractions", "decimals", "integers")
	for _, sp := range allPhrases {
		if len(sp.words) == 1 {
			out[sp.words[0]] = true
		}
	}
	return out
}()

// masteredBefore: a phrase saying the child already has a skill ("knows", "is doing great
// with", "ya domina"), or will have it later ("before we move on to"), ends just before the
// skill's words, a possessive or article between; not a count nor a skill's word ("we
// finished circles. 6 circumference": circles are done, not the circumference).
func masteredBefore(toks []string, at int, found []asked) bool {
	for _, code := range langOrder {
		for _, p := range slices.Concat(langs[code].phrases["mastered"], langs[code].phrases["later"]) {
			for end := at; end >= max(0, at-2); end-- {
				if start := end - len(p); start < 0 || !slices.Equal(toks[start:end], p) {
					continue
				}
				free := true
				for k := end; k < at; k++ {
					free = free && !isNumber(toks[k]) && !namesSkill[toks[k]] && !slices.ContainsFunc(found, func(g asked) bool { return g.pos <= k && k < g.pos+g.n })
				}
				if free {
					return true
				}
			}
		}
	}
	return false
}

// negations before a skill's phrase say it is not wanted: "no exponents", "sin fracciones".
// listJoins set off a list's last item: "addition, subtraction and tangrams"; orWords offer a choice.
var negations, listJoins, orWords = wordSet("negations"), wordSet("list joins"), wordSet("or")

// startsWithPhrase: the words begin with a phrase of a words entry.
func startsWithPhrase(words, key string) bool {
	w := strings.Fields(words)
	return slices.ContainsFunc(keyPhrases(key), func(p []string) bool { return len(p) < len(w) && slices.Equal(w[:len(p)], p) })
}

// closingWords end a message ("please", "gracias"); numberHeads come before a number that is
// no count ("divisible by 3", "from 20", "del 5").
var closingWords, numberHeads = wordSet("closing words"), wordSet("number heads")

// roundVerbs and answerNouns say rounding is of another skill's answers: "round answers to the nearest tenth".
var roundVerbs, answerNouns = wordSet("round verbs"), wordSet("answer nouns")

// knownWords are the words of the vocabulary's settings, edits and common words ("for",
// "please", "stuff"): no item of a list the reader failed to recognise is made of them.
var knownWords = func() map[string]bool {
	k := map[string]bool{}
	for _, code := range langOrder {
		for key, ps := range langs[code].phrases {
			if key == "items" {
				continue
			}
			for _, p := range ps {
				for _, w := range p {
					k[w] = true
				}
			}
		}
		for w := range langs[code].numbers {
			k[w] = true
		}
		for w := range langs[code].ords {
			k[w] = true
		}
	}
	return k
}()

var plainWord = regexp.MustCompile(`^[a-z][a-z'-]*$`)

// unknownItems are the items of a list of skills that name nothing the reader knows:
// "addition, subtraction and tangrams", "tangrams and 10 addition problems". The message is
// cut in items at commas and joining words; an item is unknown when, but for articles before
// it and, at the message's end, common words after it, it is one to three words none of which the reader read or
// knows. Only items of a list that ends with a joining word ("X, Y and Z") and whose other
// items all name skills are named, so no sentence's own words ("multiplication and
// division, urgent", "addition and subtraction for my class") are taken for one.
func unknownItems(toks []string, sep, used, skillTok, partTok []bool) []string {
	type segment struct {
		from, to int
		join     bool   // set off from the item before by a joining word
		skill    bool   // names a skill
		words    string // not a skill: its unknown words, or "" when it has none
		counts   bool   // only words read already: "6 of each"
	}
	var segs []segment
	start, join := 0, false
	for k := 0; k <= len(toks); k++ {
		if k < len(toks) && !sep[k] && !listJoins[toks[k]] {
			continue
		}
		if k > start {
			segs = append(segs, segment{from: start, to: k, join: join})
			join = false
		}
		if k == len(toks) {
			break
		}
		start = k
		if listJoins[toks[k]] {
			join, start = true, k+1
		}
	}
	articles := [][]string{}
	for _, code := range langOrder {
		articles = append(articles, langs[code].phrases["articles"]...)
	}
	sort.SliceStable(articles, func(i, j int) bool { return len(articles[i]) > len(articles[j]) })
	for i := range segs {
		g := &segs[i]
		if slices.Contains(skillTok[g.from:g.to], true) {
			g.skill = true
			continue
		}
		g.counts = false
		for k := g.from; k < g.to; k++ {
			if !used[k] && !itemWords[toks[k]] && !isNumber(toks[k]) {
				g.counts = false
				break
			}
			g.counts = g.counts || itemWords[toks[k]] || isNumber(toks[k])
		}
		if g.counts {
			continue
		}
		from, to := g.from, g.to
		for _, a := range articles {
			if from+len(a) <= to && slices.Equal(toks[from:from+len(a)], a) {
				from += len(a)
				break
			}
		}
		for to > from && g.to == len(toks) && knownWords[toks[to-1]] && !used[to-1] && !partTok[to-1] { // at the end: "tangrams for", "tangrams please"
			to--
		}
		// "a tangram activity at the end for early finishers": the item ends at a preposition
		if k := slices.IndexFunc(toks[from:to], func(w string) bool { return itemEnds[w] }); k > 0 && to-from > 3 {
			to = from + k
		}
		ok, content := to > from && to-from <= 3, false
		for k := from; ok && k < to; k++ {
			w := toks[k]
			switch {
			case used[k] || partTok[k] || !plainWord.MatchString(w):
				ok = false
			case itemWords[w]: // "tangram puzzles": the item's own word for problems
			case knownWords[w] || vocabulary[w] || len(w) < 3:
				ok = false
			default:
				content = true
			}
		}
		if ok && content {
			g.words = strings.Join(toks[from:to], " ")
		}
	}
	var out []string
	for i := 0; i < len(segs); {
		j := i // a run of items, each a skill or unknown words
		for j < len(segs) && (segs[j].skill || segs[j].words != "" || segs[j].counts) {
			j++
		}
		run := segs[i:j]
		skills := slices.ContainsFunc(run, func(g segment) bool { return g.skill })
		if len(run) >= 2 && skills && run[len(run)-1].join {
			for _, g := range run {
				if g.words != "" {
					out = append(out, g.words)
				}
			}
		}
		i = max(j, i+1)
	}
	return out
}

// itemEnds are the words an item of a list ends before: "a tangram activity at the end".
var itemEnds = wordSet("item ends")

// definiteWords say a skill is one the sheet has: "the division ones", "las divisiones".
var definiteWords, sectionWords = wordSet("definite articles", "demonstratives"), wordSet("section word")

// definite: every skill the message names is named as one already there ("make the division
// ones challenging"), and no count is given for it.
func definite(toks []string, q request) bool {
	if len(q.sections) == 0 || q.total > 0 || q.each > 0 || q.only > 0 {
		return false
	}
	for _, a := range q.sections {
		if a.n == 0 || a.pos >= len(toks) {
			return false
		}
		before := a.pos > 0 && definiteWords[toks[a.pos-1]]
		after := a.pos+a.n < len(toks) && (itemWords[toks[a.pos+a.n]] || sectionWords[toks[a.pos+a.n]])
		if !before && !after || slices.ContainsFunc(toks, func(t string) bool { return strings.Trim(t, "0123456789") == "" }) {
			return false
		}
	}
	return true
}
