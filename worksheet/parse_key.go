package worksheet

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"sheetsmith/latex"
)

// An answer key a reply prints after its questions (a heading, then a numbered list or a
// line "1. T  2. F …") is the questions' answers, never the students' sheet. The heading is
// known in every language the server has words for: its "answer key" label (or that label's
// last word, "Respuestas" of "Clave de respuestas") and the plain "answers" and "solutions".

var keyWords = func() map[string]bool {
	// a solution written after its exercise is headed in the singular as often as not
	// (never "Answer": that labels a line to write on)
	words := map[string]bool{"answers": true, "solutions": true, "answer key": true, "solution": true,
		"lösung": true, "lösungen": true, "musterlösung": true, "lösungsvorschlag": true, "solución": true, "soluciones": true,
		"respuestas": true, "réponses": true, "corrigé": true, "correction": true,
		"ответы": true, "решение": true, "ratkaisu": true, "ratkaisut": true, "vastaukset": true, "løsning": true, "løsninger": true}
	for _, l := range labelsByLanguage {
		k := strings.ToLower(strings.TrimSpace(l.AnswerKey))
		words[k] = true
		if f := strings.Fields(k); len(f) > 1 {
			words[f[len(f)-1]] = true
		}
	}
	return words
}()

// trueFalseWords reads a key's true or false in any of the languages: the word or its
// first letter.
var trueFalseWords = func() map[string]string {
	m := map[string]string{"t": "true", "f": "false", "true": "true", "false": "false"}
	for _, l := range labelsByLanguage {
		for word, v := range map[string]string{l.True: "true", l.False: "false"} {
			w := strings.ToLower(strings.TrimSpace(word))
			m[w] = v
			if r := []rune(w); len(r) > 0 {
				if _, taken := m[string(r[0])]; !taken {
					m[string(r[0])] = v
				}
			}
		}
	}
	return m
}()

// trueFalseAsked is a question's "True or false:" (or the letters to circle, "T F") in any
// of the languages.
var trueFalseAsked = func() *regexp.Regexp {
	var t, f []string
	for _, l := range labelsByLanguage {
		t, f = append(t, regexp.QuoteMeta(l.True)), append(f, regexp.QuoteMeta(l.False))
	}
	return regexp.MustCompile(`(?i)^\s*(\\textbf\{)?\s*(true|t|` + strings.Join(t, "|") + `)\b\s*(\pL{1,4}|/|\\quad|\\qquad)?\s*(false|f|` + strings.Join(f, "|") + `)\b\s*[:?.]?\s*(\})?\s*[:?.]?\s*(\\quad\s*|\\qquad\s*)?`)
}()

// trueFalseAnswer reads a solution that is true or false in any of the languages, maybe with
// its reason after it ("False --- changing a subscript…"): "true", "false" or "".
func trueFalseAnswer(sol string) string {
	w := strings.ToLower(strings.Trim(firstWord(clean(sol)), ".,;:!"))
	if v, ok := trueFalseWords[w]; ok && (len([]rune(w)) > 1 || len(strings.Fields(sol)) == 1) {
		return v
	}
	return ""
}

// answerLabel is the label a model writes before an answer line ("Answer:").
var answerLabel = regexp.MustCompile(`(?i)(\\(textit|textbf|emph)\{)?\s*(answers?|respuestas?|réponses?|antwort|resposta)\s*:\s*\}?\s*$`)

// keyLead is the key's heading written at the start of a paragraph: "\textbf{Answers:} 1. …",
// "\textit{Answer key: 1. T, …}", "Answer Key: …".
var keyLead = regexp.MustCompile(`^\s*(?:\\(?:textbf|textit|emph)\{)?\s*([\p{L} ]{3,30}?)\s*:\s*\}?\s*`)

// isKeyHeading reports whether a heading names an answer key.
func isKeyHeading(s string) bool {
	s = strings.ToLower(strings.TrimSpace(strings.Trim(clean(s), " :.")))
	return keyWords[s]
}

// keyNumber is an answer's number in a key: "1.", "2)" or "(3)" at the start or after a
// separator.
var keyNumber = regexp.MustCompile(`(?:^|[\s,;]|\\quad\b|\\qquad\b|\\\\)\(?(\d{1,3})\s*[.):]\s+`)

// keySeparator is what a key sets between its answers.
var keySeparator = regexp.MustCompile(`(?:\s|\\quad\b|\\qquad\b|\\\\|\\hfill\b|\\par\b|\\newline\b|[,;])+$`)

// numberedAnswers reads "1. T \quad 2. F, 3) 12" into answers by number.
func numberedAnswers(s string) map[int]string {
	out := map[int]string{}
	locs := keyNumber.FindAllStringSubmatchIndex(s, -1)
	for i, m := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		v := strings.TrimSpace(keySeparator.ReplaceAllString(s[m[1]:end], ""))
		if _, seen := out[n]; !seen && v != "" {
			out[n] = v
		}
	}
	return out
}

// readKey takes an answer key written after the questions out of the blocks and gives its
// answers to the questions they number, where a question has none of its own. items are
// the key's list items, read at the top level after a key heading.
func readKey(p *parser) {
	bs := p.out
	at := -1
	seenQuestion := false
	for i, b := range bs {
		if b.Kind == BlockQuestion {
			seenQuestion = true
			continue
		}
		if !seenQuestion || at >= 0 {
			continue
		}
		switch {
		case b.Kind == BlockSection && isKeyHeading(b.Title):
			at = i
		case b.Kind == BlockPassage || b.Kind == BlockInstructions:
			if m := keyLead.FindStringSubmatch(b.Text); m != nil && isKeyHeading(m[1]) && len(numberedAnswers(b.Text[len(m[0]):])) > 0 {
				at = i
			}
		}
	}
	if at < 0 || keyByPart(p, at) {
		return
	}
	answers := map[int]string{}
	for n, v := range p.keyItems {
		answers[n+1] = v
	}
	listed := 0
	for _, b := range bs[at:] {
		if b.Kind == BlockFigure {
			return
		}
		if q := b.Question; q != nil {
			// a key list read as questions: each "question" is an answer, in order
			listed++
			if answered(*q) || strings.HasSuffix(strings.TrimSpace(q.Text), "?") {
				return // questions after the heading: not a key of answers
			}
			if _, ok := answers[listed]; !ok {
				answers[listed] = q.Text
			}
			continue
		}
		text := b.Text
		if m := keyLead.FindStringSubmatch(text); m != nil && isKeyHeading(m[1]) {
			text = text[len(m[0]):]
		}
		for n, v := range numberedAnswers(text) {
			if _, ok := answers[n]; !ok {
				answers[n] = v
			}
		}
	}
	if len(answers) == 0 {
		return
	}
	p.out = bs[:at]
	p.keyRead = true
	n := 1
	for _, b := range p.out {
		q := b.Question
		if b.Kind != BlockQuestion || q == nil {
			continue
		}
		if v, ok := rowLetters(answers, n, q); ok && !matchingAnswer.MatchString(answers[n]) {
			// the key numbers a matching's rows, a letter each: they take a number each
			n += len(q.Parts)
			p.answer(q, v)
			continue
		}
		if k := strings.Count(q.Text, BlankMark); k > 1 && len(q.Blanks) == 0 && len(clozeNumbers(q.Text)) == k {
			// the key numbers a passage's blanks: they take a number each
			for b := range k {
				q.Blanks = append(q.Blanks, parseAnswer(answers[n+b]))
			}
			n += k
			continue
		}
		if v, ok := answers[n]; ok && !answered(*q) {
			p.answer(q, v)
		}
		n++
	}
}

// rowLetters reads the letters a key gives the rows of a matching still to pair (a list of
// blanks beside its options), numbered from n, as one key "1-C, 2-A…".
func rowLetters(answers map[int]string, n int, q *Question) (string, bool) {
	k := len(q.Parts)
	if k < 2 || len(q.Choices) != k || answered(*q) {
		return "", false
	}
	var pairs []string
	for i := range k {
		v := strings.Trim(answers[n+i], " .")
		if len(v) != 1 || !strings.ContainsAny(strings.ToUpper(v), "ABCDEFGH") {
			return "", false
		}
		pairs = append(pairs, strconv.Itoa(i+1)+"-"+strings.ToUpper(v))
	}
	return strings.Join(pairs, ", "), true
}

// answered reports whether a question already carries its answer.
func answered(q Question) bool {
	if q.Answer.Value != "" || len(q.Pairs) > 0 {
		return true
	}
	for _, c := range q.Choices {
		if c.Correct {
			return true
		}
	}
	for _, b := range q.Blanks {
		if b.Value != "" {
			return true
		}
	}
	for _, sub := range q.Parts {
		if answered(sub) {
			return true
		}
	}
	return false
}

// answer gives a question the key's answer and reads its kind again with it.
func (p *parser) answer(q *Question, v string) {
	v = strings.TrimSpace(v)
	if len(q.Parts) > 0 && len(q.Choices) > 0 && matchingAnswer.MatchString(strings.ToUpper(keySeparator.ReplaceAllString(v, ""))) {
		v = strings.ToUpper(v) // "1c, 2e": the letters name the options
		// a list of blanks beside a list of options, and a key pairing them: a matching
		var left, right []string
		for _, sub := range q.Parts {
			left = append(left, clean(strings.ReplaceAll(sub.Text, BlankMark, "")))
		}
		for _, c := range q.Choices {
			right = append(right, c.Text)
		}
		if pairsFromKey(q, left, right, v) {
			q.Parts, q.Choices = nil, nil
			return
		}
	}
	if len(q.Parts) > 0 {
		// "(a) T \quad (b) F": each part its own
		locs := partMark.FindAllStringSubmatchIndex(v, -1)
		for i, m := range locs {
			end := len(v)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			k := int(v[m[2]] - 'a')
			if k < len(q.Parts) && !answered(q.Parts[k]) {
				p.answer(&q.Parts[k], strings.TrimSpace(keySeparator.ReplaceAllString(v[m[1]:end], "")))
			}
		}
		return
	}
	if tf := trueFalseAnswer(v); tf != "" && q.Kind != KindChoice && q.Kind != KindBlank && (len(strings.Fields(v)) > 1 || len(firstWord(v)) > 1 || trueFalseAsked.MatchString(q.Text)) {
		q.Kind, q.Answer = KindTrueFalse, Answer{Value: tf}
		q.Text = strings.TrimSpace(trueFalseAsked.ReplaceAllString(q.Text, ""))
		return
	}
	if q.Kind == KindBlank {
		q.Blanks = nil
		for _, b := range splitList(v, strings.Count(q.Text, BlankMark)) {
			q.Blanks = append(q.Blanks, parseAnswer(b))
		}
		return
	}
	q.Kind = ""
	p.kind(q, v)
}

// partMark is a part's letter in a key: "(a)".
var partMark = regexp.MustCompile(`\(([a-h])\)\s*`)

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// partLabel is a part's letter heading a section ("A. Der, die oder das?", "Part B") or
// starting its answers in a key ("A: 1. der, 2. die", "B: 1c, 2e").
var partLetter = regexp.MustCompile(`^\s*(?:\\textbf\{)?\s*(?:Part|Teil|Parte|Partie)?\s*([A-H])\s*[:.)]\}?\s*`)

// keyByPart reads a key after the heading at bs[at] that answers part by part ("A: 1. der …",
// "B: 1c, 2e …"), each part's answers in order for the questions of the section its letter
// heads; it reports whether the key was such and was read.
func keyByPart(p *parser, at int) bool {
	bs := p.out
	sections := map[string]int{} // a part's letter: its section's block
	for i, b := range bs[:at] {
		if m := partLetter.FindStringSubmatch(b.Title); b.Kind == BlockSection && m != nil {
			sections[m[1]] = i
		}
	}
	parts := map[string]string{}
	for k, b := range bs[at:] {
		if k == 0 && b.Kind == BlockSection {
			continue // the heading
		}
		if b.Kind != BlockPassage && b.Kind != BlockInstructions {
			return false
		}
		for _, para := range strings.Split(b.Text, "\n\n") {
			if m := partLetter.FindStringSubmatch(para); m != nil {
				if _, ok := sections[m[1]]; ok {
					parts[m[1]] = para[len(m[0]):]
					continue
				}
			}
			if strings.TrimSpace(para) != "" && (len(parts) > 0 || !keyLine(para)) {
				return false
			}
		}
	}
	if len(parts) < 2 {
		return false
	}
	p.out, p.keyRead = bs[:at], true
	for letter, text := range parts {
		var qs []*Question
		for _, b := range bs[sections[letter]+1 : at] {
			if b.Kind == BlockSection {
				break
			}
			if b.Question != nil && !answered(*b.Question) {
				qs = append(qs, b.Question)
			}
		}
		if len(qs) == 1 && matchingAnswer.MatchString(strings.ToUpper(keySeparator.ReplaceAllString(text, ""))) {
			p.answer(qs[0], text)
			continue
		}
		locs := keyNumber.FindAllStringSubmatchIndex(text, -1)
		for i, m := range locs {
			end := len(text)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			if i < len(qs) {
				p.answer(qs[i], strings.TrimSpace(keySeparator.ReplaceAllString(text[m[1]:end], "")))
			}
		}
	}
	return true
}

// A worked solution after its exercise (a "Lösung" or "Solution" heading, then prose, display
// maths and lists) is the exercise's key: every block under the heading, up to the heading of
// the next exercise, goes to the key, part by part when it is marked "(a)", "Teil (b):"…
// like the exercise's questions, whole otherwise. An exercise with no question of its own
// (a statement to prove) becomes one open question.

// solutionPart opens a paragraph of a solution that answers one part: "(a)", "\textbf{Teil
// (b):}", "c)", "\textbf{2. …}" (a word may come before the letter or number).
var solutionPart = regexp.MustCompile(`^\s*(?:\\(?:textbf|textit|emph)\{)?\s*(?:\pL+\.?\s+)?(?:\(?([a-h])\)|\(?([1-9])(?:\)|\.\s))\s*[:.]?\s*\}?\s*[:.]?`)

// proseLength is how long a paragraph of a key is when it is a worked solution, not a list
// of short answers.
const proseLength = 120

// solutionKeys moves every worked solution out of the sheet; it reports whether it moved one.
// Strict, a solution whose parts are not the exercise's is left for the numbered-key reader.
func solutionKeys(p *parser, strict bool) bool {
	bs := headingsOut(p.out)
	var heads []int
	for i, b := range bs {
		if b.Kind == BlockSection && isKeyHeading(strings.TrimRight(strings.TrimSpace(b.Title), ":.")) {
			heads = append(heads, i)
		}
	}
	var out []Block
	moved := false
	from, exercise := 0, 0 // the next block to copy; where the current exercise starts in out
	for n, h := range heads {
		next := len(bs)
		if n+1 < len(heads) {
			next = heads[n+1]
		}
		end := next
		for k := h + 1; k < next; k++ {
			if bs[k].Kind == BlockSection && !solutionPart.MatchString(bs[k].Title) {
				end = k // the heading of the next exercise
				break
			}
		}
		for _, b := range bs[from:h] {
			if b.Kind == BlockSection {
				exercise = len(out) + 1
			}
			out = append(out, b)
		}
		if exercise > len(out) {
			exercise = len(out)
		}
		if !prose(bs[h+1:end]) || !solve(p, out[exercise:], bs[h+1:end], strict) {
			if !strict && prose(bs[h+1:end]) {
				// printed, it would be on the students' sheet
				p.problem("the solution under %q answers no question the reader found, so it cannot go to the answer key.", bs[h].Title)
			}
			out = append(out, bs[h:end]...)
		} else {
			moved = true
		}
		from = end
	}
	if !moved {
		return false
	}
	p.out = append(out, bs[from:]...)
	p.keyRead = true
	return true
}

// headingsOut splits a passage at a bold key heading among its paragraphs ("\textbf{Lösung:}"
// between the exercise and its solution), so the heading heads what follows it.
func headingsOut(bs []Block) []Block {
	var out []Block
	for _, b := range bs {
		if b.Kind != BlockPassage {
			out = append(out, b)
			continue
		}
		paras := strings.Split(b.Text, "\n\n")
		from := 0
		for k, para := range paras {
			m := boldOnly.FindStringSubmatch(strings.TrimSpace(para))
			if m == nil || !isKeyHeading(strings.TrimRight(strings.TrimSpace(m[1]), ":.")) {
				continue
			}
			if k > from || b.Title != "" && from == 0 {
				out = append(out, Block{Kind: BlockPassage, Title: b.Title, Text: strings.Join(paras[from:k], "\n\n")})
				b.Title = ""
			}
			out = append(out, Block{Kind: BlockSection, Title: m[1]})
			from = k + 1
		}
		if from == 0 {
			out = append(out, b)
		} else if from < len(paras) {
			out = append(out, Block{Kind: BlockPassage, Text: strings.Join(paras[from:], "\n\n")})
		}
	}
	return out
}

// prose reports whether the blocks under a key heading are a worked solution.
func prose(region []Block) bool {
	for _, b := range region {
		for _, para := range strings.Split(b.Text, "\n\n") {
			if utf8.RuneCountInString(para) > proseLength {
				return true
			}
		}
	}
	return false
}

// solve gives the solution written in region to the questions of exercise; it reports
// whether they took it.
func solve(p *parser, exercise []Block, region []Block, strict bool) bool {
	var paras []string
	var drawing *Figure
	listed := 0
	for _, b := range region {
		switch {
		case b.Kind == BlockFigure && drawing == nil && b.Figure.Missing == "":
			drawing = b.Figure
		case b.Kind == BlockFigure:
			paras = append(paras, `\textit{[`+latex.EscapeText(captionOrNone(b.Figure))+`]}`)
		case b.Question != nil:
			// a list the solution wrote was read as questions: its items are the solution's
			paras = append(paras, b.Question.Text)
			listed++
		default:
			if b.Title != "" {
				paras = append(paras, `\textbf{`+b.Title+`}`)
			}
			if b.Text != "" {
				paras = append(paras, strings.Split(b.Text, "\n\n")...)
			}
		}
	}
	var qs []*Question
	for k := range exercise {
		if q := exercise[k].Question; q != nil && !answered(*q) {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		// the exercise's statement is its one question
		for k := len(exercise) - 1; k >= 0; k-- {
			if exercise[k].Kind == BlockPassage {
				exercise[k] = Block{Kind: BlockQuestion, Question: &Question{Text: joinTitle(exercise[k])}}
				p.nq++
				qs = []*Question{exercise[k].Question}
				break
			}
		}
	}
	if len(qs) == 0 {
		return false
	}
	// the parts, when the solution marks as many as the exercise asks
	var parts [][]string
	for _, para := range paras {
		if solutionPart.MatchString(para) || len(parts) == 0 {
			parts = append(parts, nil)
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], para)
	}
	if !solutionPart.MatchString(paras[0]) && len(parts) > 1 {
		// what comes before the first part introduces them all: it goes with the first
		parts[1] = append(parts[0], parts[1]...)
		parts = parts[1:]
	}
	if strict && len(qs) > 1 && len(parts) != len(qs) {
		return false
	}
	p.nq -= listed
	if len(qs) == 1 && len(qs[0].Parts) == len(parts) && len(parts) > 1 {
		for k := range qs[0].Parts {
			sub := &qs[0].Parts[k]
			p.answer(sub, withoutPart(strings.Join(parts[k], "\n\n")))
			sub.Kind = KindOpen
		}
		qs[0].Answer.Figure = drawing
		return true
	}
	if len(parts) != len(qs) {
		parts = [][]string{paras}
		qs = qs[:1]
	}
	for k, q := range qs {
		text := strings.Join(parts[k], "\n\n")
		if len(qs) > 1 {
			text = withoutPart(text)
		}
		if len(q.Parts) > 0 {
			q.Answer = Answer{Kind: AnswerText, Value: strings.TrimSpace(text), Figure: drawing}
			continue // the solution answers the parts together
		}
		q.Space = Space{}
		p.answer(q, text)
		q.Kind = KindOpen
		if k == 0 && drawing != nil {
			q.Answer.Figure = drawing
		}
	}
	return true
}

// withoutPart is a part's solution without its mark, when the mark is a whole group
// ("\textbf{Teil (a):}"); a mark inside a bold heading ("\textbf{1. Funktion …}") stays.
func withoutPart(text string) string {
	m := solutionPart.FindString(text)
	if strings.Count(m, "{") != strings.Count(m, "}") {
		return text
	}
	return strings.TrimSpace(strings.TrimPrefix(text, m))
}

// joinTitle is a passage's title and text as one text.
func joinTitle(b Block) string {
	if b.Title == "" {
		return b.Text
	}
	return `\textbf{` + b.Title + `} ` + b.Text
}

func captionOrNone(f *Figure) string {
	if f != nil && f.Caption != "" {
		return f.Caption
	}
	if f != nil && f.Missing != "" {
		return f.Missing
	}
	return "…"
}
