package wordsheet

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// built is a word sheet made from its spec: the document, the reply and what it says was left out.
type built struct {
	doc     worksheet.Document
	message string
	notes   []string
}

// refusal is a spec that cannot be built: the sentence says what to give instead.
type refusal struct{ message string }

func (r *refusal) Error() string { return r.message }

// Build makes the document of a word sheet. Settings are the request's (title, name fields,
// layout, large print).
func Build(s Spec, set latex.Settings) (worksheet.Document, string, []string, error) {
	b, err := build(context.Background(), s, set)
	if err != nil {
		return worksheet.Document{}, "", nil, err
	}
	return b.doc, b.message, b.notes, nil
}

// build stops with ctx's error when the request ends, however far its layout got.
func build(ctx context.Context, s Spec, set latex.Settings) (built, error) {
	l := lang(s.Lang)
	large := s.Large || set.LargePrint
	exam := set.Layout == worksheet.LayoutExam
	doc := worksheet.Document{
		Title:    strings.TrimSpace(set.Title),
		Language: l.Code,
		Settings: worksheet.Settings{
			Layout: worksheet.LayoutStandard, Columns: 1, LargePrint: large,
			ShowName: set.ShowName, ShowDate: set.ShowDate, ShowPeriod: set.ShowPeriod,
			ShowInstructor: set.ShowInstructor, NarrowMargins: set.NarrowMargins,
		},
	}
	if exam {
		doc.Settings.Layout = worksheet.LayoutExam
	}
	if doc.Title == "" {
		key := "title." + s.Kind
		if s.Kind == KindChart && s.Max == 120 {
			key = "title.chart120"
		}
		doc.Title = l.T(key)
	}
	var b built
	var err error
	switch s.Kind {
	case KindWordSearch:
		b, err = buildWordSearch(ctx, s, l, large)
	case KindCrossword:
		b, err = buildCrossword(ctx, s, l, large)
	case KindScramble:
		b, err = buildScramble(s, l, exam)
	case KindMatching:
		b, err = buildMatching(s, l)
	case KindCloze:
		b, err = buildCloze(s, l)
	case KindSpelling:
		b, err = buildSpelling(s, l, large)
	case KindHandwriting:
		b, err = buildHandwriting(s, l, large, exam)
	case KindBingo:
		b, err = buildBingo(s, l, exam)
	case KindChart:
		b, err = buildChart(s, l, large)
	default:
		err = fmt.Errorf("wordsheet: unknown kind %q", s.Kind)
	}
	if ctx.Err() != nil {
		return built{}, ctx.Err()
	}
	if err != nil {
		return built{}, err
	}
	b.doc.Title, b.doc.Language, b.doc.Settings = doc.Title, doc.Language, doc.Settings
	if s.Kind == KindScramble { // short items: two to a row
		b.doc.Settings.Columns = 2
	}
	b.doc.Origin = s.origin()
	if err := worksheet.Validate(b.doc); err != nil {
		return built{}, fmt.Errorf("wordsheet: the %s it built is not valid: %w", s.Kind, err)
	}
	return b, nil
}

func instructions(text string) worksheet.Block {
	return worksheet.Block{Kind: worksheet.BlockInstructions, Text: text}
}

func question(q worksheet.Question) worksheet.Block {
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q}
}

// drawn is a question that is a drawing: the sheet's and the key's in the same box, no answer
// line (the answer is in the drawing); value names the answer for the exports that list them.
func drawn(text string, sheet, key *worksheet.Figure, value string) worksheet.Question {
	q := worksheet.Question{Kind: worksheet.KindShort, Text: text, Figure: sheet,
		Space: worksheet.Space{Kind: worksheet.SpaceNone}, Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: value}}
	if key != nil {
		q.Answer.Figure = key
	}
	return q
}

func escapeAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = escape(w)
	}
	return out
}

func rngFor(s Spec, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(s.Seed), stream))
}

func buildWordSearch(ctx context.Context, s Spec, l *Lang, large bool) (built, error) {
	words, notes := prepareWords(s.Words, l, maxWords)
	words, inside := insideOthers(words, l)
	notes = append(notes, inside...)
	_, most := gridSize(s, words)
	var fit []string
	for _, w := range words {
		if len(gridLetters(w)) > most {
			notes = append(notes, l.M("tooLong", w, most))
			continue
		}
		fit = append(fit, w)
	}
	if len(fit) == 0 { // say why each word was left out
		return built{}, &refusal{strings.Join(append(notes, needWords(l, KindWordSearch)), " ")}
	}
	ws, left := layWordSearch(ctx, s, fit, l)
	if ws.Grid == nil {
		return built{}, &refusal{l.M("noFit", l.quoted(fit))}
	}
	if len(left) > 0 {
		notes = append(notes, l.M("noFit", l.quoted(left)))
	}
	var placed []string
	for _, w := range fit {
		if slices.ContainsFunc(ws.Placed, func(p Placement) bool { return p.Word == w }) {
			placed = append(placed, w)
		}
	}
	key := s.dirsKey()
	doc := worksheet.Document{Blocks: []worksheet.Block{
		instructions(l.T("do.wordsearch") + " " + l.T("dir."+key)),
		question(drawn(l.T("q.wordsearch", strings.Join(escapeAll(placed), ", ")),
			fig(letterGrid(ws, large, false)), fig(letterGrid(ws, large, true)), strings.Join(escapeAll(placed), ", "))),
	}}
	return built{doc: doc, notes: notes,
		message: l.M("made.wordsearch", len(placed), len(ws.Grid), l.M("dirs."+key))}, nil
}

// layWordSearchFor is the word search a spec builds, for tests.
func layWordSearchFor(s Spec) (WordSearch, []string) {
	l := lang(s.Lang)
	words, _ := prepareWords(s.Words, l, maxWords)
	words, _ = insideOthers(words, l)
	_, most := gridSize(s, words)
	var fit []string
	for _, w := range words {
		if len(gridLetters(w)) <= most {
			fit = append(fit, w)
		}
	}
	return layWordSearch(context.Background(), s, fit, l)
}

func buildCrossword(ctx context.Context, s Spec, l *Lang, large bool) (built, error) {
	var words, clues, dups []string
	seen := map[string]bool{}
	for i, w := range s.Words {
		g := string(gridLetters(w))
		if seen[g] {
			dups = append(dups, w)
			continue
		}
		seen[g] = true
		words, clues = append(words, w), append(clues, s.Clues[i])
	}
	var notes []string
	if len(dups) > 0 {
		notes = append(notes, l.M("duplicate", l.quoted(dups)))
	}
	for i := 0; i < len(words); i++ {
		if n := len(gridLetters(words[i])); n > maxLetters || n < 2 {
			if n < 2 {
				notes = append(notes, l.M("tooShort", words[i]))
			} else {
				notes = append(notes, l.M("tooLong", words[i], maxLetters))
			}
			words, clues = slices.Delete(words, i, i+1), slices.Delete(clues, i, i+1)
			i--
		}
	}
	if len(words) > maxWords {
		notes = append(notes, l.M("tooMany", l.M("kind.crossword"), maxWords, l.quoted(words[maxWords:])))
		words, clues = words[:maxWords], clues[:maxWords]
	}
	if len(words) < 2 {
		return built{}, &refusal{l.M("needPairs", l.M("example.crossword"))}
	}
	cw, left := layCrossword(ctx, words, clues, s.Seed)
	if len(left) > 0 {
		notes = append(notes, l.M("notConnected", l.quoted(left)))
	}
	wrap := func(grid string) string {
		return "\\begin{tabular}{@{}c@{}}\n" + grid + "\\\\[10pt]\n" + clueLists(cw, l) + "\n\\end{tabular}"
	}
	var answers []string
	for _, e := range cw.Entries {
		answers = append(answers, fmt.Sprintf("%d %s", e.Number, string(e.Letters)))
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{
		instructions(l.T("do.crossword")),
		question(drawn(l.T("q.crossword"), fig(wrap(crosswordGrid(cw, large, false))), fig(wrap(crosswordGrid(cw, large, true))), strings.Join(answers, ", "))),
	}}
	return built{doc: doc, notes: notes, message: l.M("made.crossword", len(cw.Entries))}, nil
}

// layCrosswordFor is the crossword a spec builds, for tests.
func layCrosswordFor(s Spec) (Crossword, []string) {
	return layCrossword(context.Background(), s.Words, s.Clues, s.Seed)
}

// scramble shuffles a word's letters into an order that is not the word, nor another word of
// the list, nor an offensive word; ok is false when no such order turns up.
func scramble(word string, others map[string]bool, rng *rand.Rand) (string, bool) {
	letters := []rune(strings.ToLower(string(gridLetters(word))))
	orig := string(letters)
	for range 200 {
		rng.Shuffle(len(letters), func(i, j int) { letters[i], letters[j] = letters[j], letters[i] })
		got := string(letters)
		up := strings.ToUpper(got)
		if got == orig || others[up] || slices.Contains(offensive, up) {
			continue
		}
		return got, true
	}
	return "", false
}

func buildScramble(s Spec, l *Lang, exam bool) (built, error) {
	words, notes := prepareWords(s.Words, l, maxWords)
	others := map[string]bool{}
	for _, w := range words {
		others[string(gridLetters(w))] = true
	}
	rng := rngFor(s, 0x736372)
	var qs []worksheet.Question
	for _, w := range words {
		sc, ok := scramble(w, others, rng)
		if !ok {
			notes = append(notes, l.M("noScramble", w))
			continue
		}
		spaced := strings.Join(strings.Split(sc, ""), " ")
		qs = append(qs, worksheet.Question{Kind: worksheet.KindShort, Text: "{\\large\\texttt{" + escape(spaced) + "}}",
			Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: escape(w)}})
	}
	if len(qs) == 0 {
		return built{}, &refusal{needWords(l, KindScramble)}
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{instructions(l.T("do.scramble"))}}
	doc.Blocks = append(doc.Blocks, grouped(qs, exam, 8, l.T("do.scramble"))...)
	return built{doc: doc, notes: notes, message: l.M("made.scramble", len(qs))}, nil
}

// grouped is questions as blocks; in the exam layout (a question a page) a few to a page, as
// the parts of one question under the stem.
func grouped(qs []worksheet.Question, exam bool, per int, stem string) []worksheet.Block {
	var out []worksheet.Block
	if !exam {
		for _, q := range qs {
			out = append(out, question(q))
		}
		return out
	}
	for i := 0; i < len(qs); i += per {
		g := worksheet.Question{Kind: worksheet.KindGroup, Text: stem, Parts: qs[i:min(i+per, len(qs))]}
		out = append(out, question(g))
	}
	return out
}

func buildMatching(s Spec, l *Lang) (built, error) {
	var pairs []worksheet.Pair
	var notes, dups []string
	seen := map[string]bool{}
	for i, w := range s.Words {
		k := strings.ToLower(w)
		if seen[k] {
			dups = append(dups, w)
			continue
		}
		seen[k] = true
		pairs = append(pairs, worksheet.Pair{Left: escape(w), Right: escape(s.Clues[i])})
	}
	if len(dups) > 0 {
		notes = append(notes, l.M("duplicate", l.quoted(dups)))
	}
	if len(pairs) > maxPairs {
		var out []string
		for _, p := range pairs[maxPairs:] {
			out = append(out, p.Left)
		}
		notes = append(notes, l.M("tooMany", l.M("kind.matching"), maxPairs, l.quoted(out)))
		pairs = pairs[:maxPairs]
	}
	if len(pairs) < 2 {
		return built{}, &refusal{l.M("needPairs", l.M("example.matching"))}
	}
	rng := rngFor(s, 0x6d6174)
	shuffle := rng.Perm(len(pairs))
	for identity(shuffle) {
		shuffle = rng.Perm(len(pairs))
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{
		instructions(l.T("do.matching")),
		question(worksheet.Question{Kind: worksheet.KindMatching, Text: l.T("q.matching"), Pairs: pairs, Shuffle: shuffle}),
	}}
	return built{doc: doc, notes: notes, message: l.M("made.matching", len(pairs))}, nil
}

func identity(p []int) bool {
	for i, v := range p {
		if i != v {
			return false
		}
	}
	return true
}

// clozeBlank is one blank of a cloze passage: the runes it replaces and the answer it holds.
type clozeBlank struct {
	start, end int // in the passage's runes, the marks included
	answer     string
}

// clozeBlanks finds the blanks of a passage: the words marked *like this*, the first place of
// each named word, or every Nth word. missing names the named words not in the passage.
func clozeBlanks(s Spec) (blanks []clozeBlank, missing []string) {
	p := []rune(s.Passage)
	for _, m := range markRe.FindAllStringSubmatchIndex(s.Passage, -1) {
		start, end := len([]rune(s.Passage[:m[0]])), len([]rune(s.Passage[:m[1]]))
		blanks = append(blanks, clozeBlank{start, end, strings.TrimSpace(s.Passage[m[2]:m[3]])})
	}
	words := wordSpans(p)
	taken := func(a, b int) bool {
		return slices.ContainsFunc(blanks, func(c clozeBlank) bool { return a < c.end && c.start < b })
	}
	for _, w := range s.Blank {
		want := string(fold(w))
		found := false
		for _, sp := range words {
			if string(fold(string(p[sp[0]:sp[1]]))) == want && !taken(sp[0], sp[1]) {
				blanks = append(blanks, clozeBlank{sp[0], sp[1], string(p[sp[0]:sp[1]])})
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, w)
		}
	}
	if s.Every > 0 {
		for i, sp := range words {
			if (i+1)%s.Every == 0 && !taken(sp[0], sp[1]) {
				blanks = append(blanks, clozeBlank{sp[0], sp[1], string(p[sp[0]:sp[1]])})
			}
		}
	}
	slices.SortFunc(blanks, func(a, b clozeBlank) int { return a.start - b.start })
	return blanks, missing
}

// wordSpans are the words of a text: runs of letters (an apostrophe or hyphen inside one).
func wordSpans(p []rune) [][2]int {
	var out [][2]int
	for i := 0; i < len(p); {
		if !unicode.IsLetter(p[i]) {
			i++
			continue
		}
		j := i
		for j < len(p) && (unicode.IsLetter(p[j]) || (p[j] == '\'' || p[j] == '’' || p[j] == '-') && j+1 < len(p) && unicode.IsLetter(p[j+1])) {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// clozeText is a passage as inline LaTeX with a blank mark for each blank: the teacher's
// text, escaped, the marks taken off, paragraphs kept.
func clozeText(passage string, blanks []clozeBlank) string {
	p := []rune(passage)
	var b strings.Builder
	at := 0
	for _, bl := range blanks {
		b.WriteString(escapePassage(string(p[at:bl.start])))
		b.WriteString(worksheet.BlankMark)
		at = bl.end
	}
	b.WriteString(escapePassage(string(p[at:])))
	return strings.TrimSpace(b.String())
}

// escapePassage escapes a piece of passage and keeps its paragraphs: a blank line stays one,
// other line breaks become spaces.
func escapePassage(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		paras[i] = strings.ReplaceAll(escape(p), "\n", " ")
	}
	return strings.Join(paras, "\n\n")
}

func buildCloze(s Spec, l *Lang) (built, error) {
	blanks, missing := clozeBlanks(s)
	var notes []string
	if len(missing) > 0 {
		notes = append(notes, l.M("notFound", l.quoted(missing)))
	}
	if len(blanks) == 0 {
		return built{}, &refusal{l.M("needBlanks")}
	}
	q := worksheet.Question{Kind: worksheet.KindBlank, Text: clozeText(s.Passage, blanks)}
	var bank []string
	for _, bl := range blanks {
		q.Blanks = append(q.Blanks, worksheet.Answer{Kind: worksheet.AnswerText, Value: escape(bl.answer)})
		bank = append(bank, escape(bl.answer))
	}
	rng := rngFor(s, 0x636c6f)
	rng.Shuffle(len(bank), func(i, j int) { bank[i], bank[j] = bank[j], bank[i] })
	wordBank := "\\begin{tabular}{|p{0.9\\linewidth}|}\n\\hline\n\\rule{0pt}{14pt}\\textbf{" + l.T("wordBank") + ":}\\quad " +
		strings.Join(bank, "\\quad ") + "\\\\[4pt]\n\\hline\n\\end{tabular}"
	doc := worksheet.Document{Blocks: []worksheet.Block{
		instructions(l.T("do.cloze")),
		{Kind: worksheet.BlockFigure, Figure: fig(wordBank)},
		question(q),
	}}
	return built{doc: doc, notes: notes, message: l.M("made.cloze", len(blanks))}, nil
}

func buildSpelling(s Spec, l *Lang, large bool) (built, error) {
	words, notes := prepareWords(s.Words, l, maxWords)
	if len(words) == 0 {
		return built{}, &refusal{needWords(l, KindSpelling)}
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{instructions(l.T("do.spelling"))}}
	per := 12
	if large {
		per = 8
	}
	for i := 0; i < len(words); i += per {
		chunk := words[i:min(i+per, len(words))]
		doc.Blocks = append(doc.Blocks, question(drawn(l.T("q.spelling"),
			fig(spellingTable(chunk, l, large, false)), fig(spellingTable(chunk, l, large, true)), strings.Join(escapeAll(chunk), ", "))))
	}
	return built{doc: doc, notes: notes, message: l.M("made.spelling", len(words))}, nil
}

func buildHandwriting(s Spec, l *Lang, large, exam bool) (built, error) {
	var its []string
	seen := map[string]bool{}
	for _, w := range s.Words {
		w = strings.Join(strings.Fields(w), " ")
		if !seen[w] && w != "" {
			seen[w] = true
			its = append(its, w)
		}
	}
	if len(its) > maxWords {
		its = its[:maxWords]
	}
	if len(its) == 0 {
		return built{}, &refusal{needWords(l, KindHandwriting)}
	}
	var qs []worksheet.Question
	for _, it := range its {
		shown := it
		if r := []rune(it); len(r) == 1 && unicode.IsLetter(r[0]) { // a letter: its capital and small forms
			shown = string(unicode.ToUpper(r[0])) + string(unicode.ToLower(r[0]))
		}
		qs = append(qs, drawn(l.T("q.handwriting", escape(shown)), fig(handwritingLines(shown, large)), nil, escape(shown)))
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{instructions(l.T("do.handwriting"))}}
	doc.Blocks = append(doc.Blocks, grouped(qs, exam, 4, l.T("do.handwriting"))...)
	return built{doc: doc, message: l.M("made.handwriting", l.quoted(its))}, nil
}

// BingoCards deals n different cards of 24 items each (the centre is free) from items.
func BingoCards(items []string, n int, seed int64) [][]string {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x62696e))
	var cards [][]string
	seen := map[string]bool{}
	for len(cards) < n {
		idx := rng.Perm(len(items))[:24]
		card := make([]string, 25)
		k := 0
		for i := range card {
			if i == 12 {
				continue
			}
			card[i] = items[idx[k]]
			k++
		}
		key := strings.Join(card, "\x00")
		if seen[key] {
			continue
		}
		seen[key] = true
		cards = append(cards, card)
	}
	return cards
}

func buildBingo(s Spec, l *Lang, exam bool) (built, error) {
	its := uniqueWords(s.Words)
	var notes []string
	if len(its) < minBingo {
		return built{}, &refusal{l.M("needItems", len(its), l.M("example.bingo"))}
	}
	if len(its) > maxBingo {
		notes = append(notes, l.M("tooMany", l.M("kind.bingo"), maxBingo, l.quoted(its[maxBingo:])))
		its = its[:maxBingo]
	}
	n := s.Cards
	if n <= 0 {
		n = defaultCard
	}
	if n > maxCards {
		notes = append(notes, l.M("tooManyCards", maxCards, n))
		n = maxCards
	}
	cs := 3.1
	switch {
	case s.PerPage == 2 && exam: // the exam layout gives every question its page
		notes = append(notes, l.M("examOnePerPage"))
		s.PerPage = 1
	case s.PerPage == 2:
		cs = 1.75
		notes = append(notes, l.M("twoPerPage"))
	}
	var doc worksheet.Document
	for i, card := range BingoCards(its, n, s.Seed) {
		if s.PerPage != 2 || i%2 == 0 {
			doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockSection, Title: l.T("card", i+1), NewPage: true})
		}
		doc.Blocks = append(doc.Blocks, question(drawn(l.T("do.bingo"), fig(bingoCard(card, l.T("free"), cs)), nil, l.T("card", i+1))))
	}
	doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockSection, Title: l.T("caller"), NewPage: true},
		question(drawn(l.T("q.caller"), fig(callerList(its)), nil, strings.Join(escapeAll(its), ", "))))
	return built{doc: doc, notes: notes, message: l.M("made.bingo", n, len(its))}, nil
}

// chartHidden is the numbers a chart leaves for the pupil: the skip count's, or a share by level.
func chartHidden(s Spec) map[int]bool {
	max := s.Max
	if max != 120 {
		max = 100
	}
	hidden := map[int]bool{}
	if s.Skip > 0 {
		for n := s.Skip; n <= max; n += s.Skip {
			hidden[n] = true
		}
		return hidden
	}
	count := map[int]int{LevelEasy: 15, LevelMedium: 30, LevelHard: 50}[s.level()] * max / 100
	rng := rngFor(s, 0x636861)
	for _, i := range rng.Perm(max)[:count] {
		hidden[i+1] = true
	}
	return hidden
}

func buildChart(s Spec, l *Lang, large bool) (built, error) {
	max := s.Max
	if max != 120 {
		max = 100
	}
	hidden := chartHidden(s)
	var nums []int
	for n := range hidden {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	var value []string
	for _, n := range nums {
		value = append(value, strconv.Itoa(n))
	}
	do := l.T("do.chart")
	if s.Skip > 0 {
		do = l.T("do.chart.skip", s.Skip)
	}
	doc := worksheet.Document{Blocks: []worksheet.Block{
		instructions(do),
		question(drawn(l.T("q.chart"), fig(numberChart(max, hidden, large, false)), fig(numberChart(max, hidden, large, true)), strings.Join(value, ", "))),
	}}
	name := l.T("title.chart")
	if max == 120 {
		name = l.T("title.chart120")
	}
	return built{doc: doc, message: l.M("made.chart", strings.ToLower(name), len(nums))}, nil
}
