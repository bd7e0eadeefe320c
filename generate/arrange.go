package generate

import (
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"sheetsmith/worksheet"
)

// Arrange puts a document's options where a fair sheet has them, whoever wrote it: the right
// answers of multiple-choice questions spread evenly over the positions (models put it at B
// most of the time), and every matching question's right column permuted (a model lists the
// pairs in order, so its key would read 1-A, 2-B, 3-C). Options that are ordered keep their
// order: numbers go smallest first, and a question whose options name each other ("all of the
// above", "A and B") is left as written.
//
// The arrangement is a function of the document's questions alone (seeded by their text, and
// made from the options in a canonical order), so arranging twice, or again after an edit
// that left a question alone, gives the same sheet.
func Arrange(doc *worksheet.Document) {
	dropTitleHeading(doc)
	var choices []*worksheet.Question
	var visit func(q *worksheet.Question)
	visit = func(q *worksheet.Question) {
		switch q.Kind {
		case worksheet.KindChoice:
			choices = append(choices, q)
		case worksheet.KindMatching:
			permuteMatching(q)
		}
		for i := range q.Parts {
			visit(&q.Parts[i])
		}
	}
	for i := range doc.Blocks {
		if q := doc.Blocks[i].Question; q != nil {
			visit(q)
		}
	}
	spreadAnswers(choices)
}

// seedOf is a seed from texts: the same texts give the same arrangement.
func seedOf(texts ...string) uint64 {
	h := fnv.New64a()
	for _, t := range texts {
		h.Write([]byte(t))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// permuteMatching gives a matching question printed in the written order a seeded order of
// its right column with no item beside its own match (when there are at least two pairs).
// A question that already has an order of its own (the offline engine's) keeps it.
func permuteMatching(q *worksheet.Question) {
	n := len(q.Pairs)
	if n < 2 || (len(q.Shuffle) == n && !identity(q.Shuffle)) {
		return
	}
	texts := []string{q.Text}
	for _, p := range q.Pairs {
		texts = append(texts, p.Left, p.Right)
	}
	r := rand.New(rand.NewPCG(seedOf(texts...), 1))
	order := r.Perm(n)
	for try := 0; try < 50 && fixedPoint(order); try++ {
		order = r.Perm(n)
	}
	if fixedPoint(order) { // rare: a rotation has none
		for i := range order {
			order[i] = (i + 1) % n
		}
	}
	q.Shuffle = order
}

func identity(order []int) bool {
	for i, v := range order {
		if i != v {
			return false
		}
	}
	return true
}

func fixedPoint(order []int) bool {
	for i, v := range order {
		if i == v {
			return true
		}
	}
	return false
}

// namesOthers matches an option that refers to the other options, whose place is its meaning.
var namesOthers = regexp.MustCompile(`(?i)\b(all|none|both|neither)\b.*\b(above|these|them|previous)\b|^\s*(both|neither|all|none)\b|\b[A-H]\s*(and|&|or|y|et|und|e)\s*[A-H]\b|\b(todas|ninguna|ambas)\b`)

// spreadAnswers moves the right answer of each multiple-choice question to a position drawn
// so that, over the sheet, each position holds about as many right answers as any other.
func spreadAnswers(qs []*worksheet.Question) {
	var free []*worksheet.Question
	var keys []string
	for _, q := range qs {
		if ordered(q) {
			continue
		}
		free = append(free, q)
		keys = append(keys, canonical(q)...)
	}
	r := rand.New(rand.NewPCG(seedOf(keys...), 2))
	var schedule []int // positions 0 … n-1 in a seeded order, drawn afresh each round
	size := 0
	for _, q := range free {
		n := len(q.Choices)
		if len(schedule) == 0 || size != n {
			schedule, size = r.Perm(n), n
		}
		target := schedule[0]
		schedule = schedule[1:]
		place(q, target, r)
	}
}

// ordered reports whether a question's options keep their written order (and sorts numbers).
func ordered(q *worksheet.Question) bool {
	if len(q.Choices) < 2 || q.Select > 1 {
		return true
	}
	numbers := make([]float64, len(q.Choices))
	numeric := true
	for i, c := range q.Choices {
		if namesOthers.MatchString(c.Text) {
			return true
		}
		v, ok := number(c.Text)
		numbers[i], numeric = v, numeric && ok
	}
	if numeric {
		idx := make([]int, len(q.Choices))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case numbers[a] < numbers[b]:
				return -1
			case numbers[a] > numbers[b]:
				return 1
			}
			return 0
		})
		sorted := make([]worksheet.Choice, len(idx))
		for i, j := range idx {
			sorted[i] = q.Choices[j]
		}
		q.Choices = sorted
		return true
	}
	return false
}

var numberNoise = strings.NewReplacer("$", "", `\,`, "", ",", "", " ", "", `\%`, "", "%", "", `\$`, "")

// number reads an option that is a plain number ("12", "$3.5$", "1,200", "-4", "25%").
func number(s string) (float64, bool) {
	v, err := strconv.ParseFloat(numberNoise.Replace(strings.TrimSpace(s)), 64)
	return v, err == nil
}

// canonical is a question's text and its options in a fixed order, whatever order they came in.
func canonical(q *worksheet.Question) []string {
	opts := make([]string, len(q.Choices))
	for i, c := range q.Choices {
		opts[i] = c.Text
	}
	slices.Sort(opts)
	return append([]string{q.Text}, opts...)
}

// place puts the right option at target and the others, in a seeded order, around it.
func place(q *worksheet.Question, target int, r *rand.Rand) {
	var right *worksheet.Choice
	var others []worksheet.Choice
	sorted := slices.Clone(q.Choices)
	slices.SortStableFunc(sorted, func(a, b worksheet.Choice) int { return strings.Compare(a.Text, b.Text) })
	for i := range sorted {
		if sorted[i].Correct && right == nil {
			right = &sorted[i]
		} else {
			others = append(others, sorted[i])
		}
	}
	if right == nil {
		return // no right answer to place (the key leaves it empty)
	}
	r.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	out := make([]worksheet.Choice, 0, len(q.Choices))
	out = append(out, others[:target]...)
	out = append(out, *right)
	out = append(out, others[target:]...)
	q.Choices = out
}

// dropTitleHeading drops a heading that only repeats the sheet's title (a model that starts
// its document with \section*{the title}): the server prints the title once, in the header.
func dropTitleHeading(doc *worksheet.Document) {
	plain := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}), " ")
	}
	for i, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			return
		}
		if b.Kind == worksheet.BlockSection && !b.NewPage && plain(b.Title) != "" && plain(b.Title) == plain(doc.Title) {
			doc.Blocks = slices.Delete(doc.Blocks, i, i+1)
			return
		}
	}
}
