package generate

import (
	"fmt"
	"regexp"
	"strings"

	"sheetsmith/worksheet"
)

// The repairs here apply to a document however it was written (the model's JSON, or LaTeX
// parsed into a document), so both ways get the same rule and the same sentence in the reply.

// Tidy applies the document repairs a body parsed from LaTeX needs, in order: an answer key
// written as questions after the sheet moves into the answers, a question written twice is
// kept once, parts nested three deep are flattened. It returns the reply's sentences.
func Tidy(doc *worksheet.Document) []string {
	var notes []string
	notes = append(notes, KeyQuestions(doc)...)
	notes = append(notes, DropRepeated(doc)...)
	notes = append(notes, FlattenDeepParts(doc)...)
	return notes
}

var (
	latexFrac    = regexp.MustCompile(`\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}`)
	latexCommand = regexp.MustCompile(`\\[a-zA-Z]+\*?`)
)

// PlainQuote is the start of a question's text for a sentence of the reply.
func PlainQuote(s string) string {
	s = latexFrac.ReplaceAllString(s, "$1/$2")
	s = strings.NewReplacer(`\times`, "×", `\div`, "÷", `\cdot`, "·", `\le`, "≤", `\ge`, "≥", `\ne`, "≠", `\%`, "%", `\&`, "&", `\$`, "\x02").Replace(s)
	s = strings.NewReplacer("$", "", "{", "", "}", "", "\x02", "$").Replace(latexCommand.ReplaceAllString(s, ""))
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "…"
	}
	return s
}

// RepeatedNote is the reply's sentence for the questions (their texts) a model wrote twice;
// "" when there are none.
func RepeatedNote(texts []string) string {
	switch len(texts) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("The model wrote the question “%s” twice, so I kept it once.", PlainQuote(texts[0]))
	}
	return fmt.Sprintf("The model wrote %d questions twice (the first is “%s”), so I kept each once.", len(texts), PlainQuote(texts[0]))
}

// DropRepeated removes a top-level question a model wrote twice: the same question (text,
// choices, parts; numbering and spacing aside) where one copy states no answer or both state
// the same one. The copy with the answer keeps its place; the other goes.
func DropRepeated(doc *worksheet.Document) []string {
	var qs []int // the blocks holding questions
	for i, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion && b.Question != nil {
			qs = append(qs, i)
		}
	}
	drop := map[int]bool{}
	var repeated []string
	for n, i := range qs {
		for _, j := range qs[n+1:] {
			a, b := doc.Blocks[i].Question, doc.Blocks[j].Question
			if drop[i] || drop[j] || !sameQuestion(*a, *b) {
				continue
			}
			switch {
			case hasAnswer(*b) && !hasAnswer(*a):
				drop[i] = true
			case !hasAnswer(*b) || answerText(*a) == answerText(*b):
				drop[j] = true
			default:
				continue // two answers: not a repeat, the teacher sees both
			}
			repeated = append(repeated, a.Text)
		}
	}
	if len(repeated) == 0 {
		return nil
	}
	out := doc.Blocks[:0:0]
	for i, b := range doc.Blocks {
		if !drop[i] {
			out = append(out, b)
		}
	}
	doc.Blocks = out
	return []string{RepeatedNote(repeated)}
}

// sameQuestion: two questions ask the same, whatever their answers: the same text, choices
// and parts.
func sameQuestion(a, b worksheet.Question) bool {
	if !sameText(a.Text, b.Text) && a.Text != b.Text || len(a.Choices) != len(b.Choices) || len(a.Parts) != len(b.Parts) || len(a.Pairs) != len(b.Pairs) {
		return false
	}
	for i := range a.Choices {
		if a.Choices[i].Text != b.Choices[i].Text {
			return false
		}
	}
	for i := range a.Parts {
		if !sameQuestion(a.Parts[i], b.Parts[i]) {
			return false
		}
	}
	return true
}

// DeepPartsNote is the reply's sentence for parts nested three deep that were flattened.
func DeepPartsNote(texts []string) string {
	if len(texts) == 0 {
		return ""
	}
	return fmt.Sprintf("The model nested parts three deep, which the sheet cannot number, so I put the text of “%s” before its first sub-part.", PlainQuote(texts[0]))
}

// FlattenDeepParts lifts parts nested deeper than the sheet numbers them ((a), then (i)): a
// sub-part that is a stem for parts of its own gives way to them, its text going before the
// first one's. A stem with an answer of its own keeps its place and its answer, its sub-parts
// following it.
func FlattenDeepParts(doc *worksheet.Document) []string {
	var moved []string
	var flatten func(parts []worksheet.Question, depth int) []worksheet.Question
	flatten = func(parts []worksheet.Question, depth int) []worksheet.Question {
		var out []worksheet.Question
		for _, p := range parts {
			if len(p.Parts) == 0 {
				out = append(out, p)
				continue
			}
			if depth < 2 {
				p.Parts = flatten(p.Parts, depth+1)
				out = append(out, p)
				continue
			}
			subs := flatten(p.Parts, depth)
			moved = append(moved, p.Text)
			if p.Kind == worksheet.KindGroup || !hasAnswer(p) {
				subs[0].Text = strings.TrimSpace(p.Text + " " + subs[0].Text)
				out = append(out, subs...)
				continue
			}
			p.Parts = nil
			out = append(out, p)
			out = append(out, subs...)
		}
		return out
	}
	for i := range doc.Blocks {
		if q := doc.Blocks[i].Question; q != nil && len(q.Parts) > 0 {
			q.Parts = flatten(q.Parts, 1)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	return []string{DeepPartsNote(moved)}
}

// hasAnswer: the question states an answer of its own.
func hasAnswer(q worksheet.Question) bool {
	if strings.TrimSpace(q.Answer.Value) != "" || len(q.Blanks) > 0 || len(q.Pairs) > 0 {
		return true
	}
	for _, c := range q.Choices {
		if c.Correct {
			return true
		}
	}
	return false
}

// KeyHeading names an answer key a model wrote after its questions: "Answer Key",
// "Answers", "Solutions", "Respuestas", "Soluciones", "Réponses", "Corrigé", "Lösungen".
var KeyHeading = regexp.MustCompile(`(?i)^\s*(?:\\textbf\{)?(?:answer\s*key|answers|solutions|respuestas|soluciones|clave(?:\s+de\s+respuestas)?|solucionario|r[ée]ponses|corrig[ée]s?|l[öo]sungen)\}?\s*:?\s*`)

// IsKeyHeading: the whole title names an answer key.
func IsKeyHeading(title string) bool {
	loc := KeyHeading.FindStringIndex(title)
	return loc != nil && strings.TrimSpace(title[loc[1]:]) == ""
}

var (
	leadNumber = regexp.MustCompile(`^\s*(?:\(?\d{1,3}[.):](?:\s+|$)|\\textbf\{\d{1,3}[.):]?\}\s*)`)
	notWord    = regexp.MustCompile(`[^\p{L}\p{N}]+`)
)

// sameText compares two question texts as a reader would: numbering, spacing, case and
// punctuation aside.
func sameText(a, b string) bool {
	norm := func(s string) string {
		return strings.TrimSpace(notWord.ReplaceAllString(strings.ToLower(leadNumber.ReplaceAllString(s, "")), " "))
	}
	na, nb := norm(a), norm(b)
	return na != "" && na == nb
}

// KeyNote is the reply's sentence for an answer key written as questions after the sheet.
func KeyNote(heading string, conflicts []int) string {
	s := fmt.Sprintf("The model repeated the questions with their answers under “%s” after the sheet, so I moved the answers into the answer key and off the students' sheet.", strings.TrimRight(PlainQuote(heading), ": "))
	switch len(conflicts) {
	case 0:
	case 1:
		s += fmt.Sprintf(" Its answer to question %d differed from the one given with the question, which I kept; please check it.", conflicts[0])
	default:
		var ns []string
		for _, n := range conflicts {
			ns = append(ns, fmt.Sprint(n))
		}
		s += fmt.Sprintf(" Its answers to questions %s differed from the ones given with the questions, which I kept; please check them.", strings.Join(ns, ", "))
	}
	return s
}

// KeyQuestions recognises an answer key a model wrote as questions: after the sheet's
// questions, a heading ("Answer Key", "Respuestas") followed only by the same questions again
// with their answers. The key's answers fill the answers the sheet's questions lack (an answer
// a question has is kept, and a different one in the key is named), and the key leaves the
// students' sheet. Each key question is matched to a sheet question by its text, else by its
// place when the key has as many questions as the sheet; a key that does not match is left.
func KeyQuestions(doc *worksheet.Document) []string {
	start := -1
	questions := 0
	for i, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			questions++
		}
		if b.Kind == worksheet.BlockSection && questions > 0 && IsKeyHeading(b.Title) {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var key []worksheet.Question
	for _, b := range doc.Blocks[start+1:] {
		switch {
		case b.Kind == worksheet.BlockQuestion && b.Question != nil:
			key = append(key, *b.Question)
		case b.Kind == worksheet.BlockInstructions:
		default:
			return nil // a passage, a figure or another section: more than a key
		}
	}
	var sheet []*worksheet.Question
	for i := range doc.Blocks[:start] {
		if doc.Blocks[i].Kind == worksheet.BlockQuestion && doc.Blocks[i].Question != nil {
			sheet = append(sheet, doc.Blocks[i].Question)
		}
	}
	if len(key) == 0 {
		return nil
	}
	match := make([]int, len(key))
	for i, k := range key {
		match[i] = -1
		for j, q := range sheet {
			if sameText(k.Text, q.Text) {
				match[i] = j
				break
			}
		}
		if match[i] < 0 && len(key) == len(sheet) && answerAlone(k) && !hasAnswer(*sheet[i]) && len(sheet[i].Parts) == 0 {
			match[i] = i // "1. 350": the answer alone, for the question in its place
		}
		if match[i] < 0 {
			return nil
		}
	}
	var conflicts []int
	for i, k := range key {
		j := match[i]
		if !sameText(k.Text, sheet[j].Text) {
			// "1. 350": the key question is the answer alone
			k = worksheet.Question{Kind: worksheet.KindShort, Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: leadNumber.ReplaceAllString(k.Text, "")}}
		}
		if fillAnswers(sheet[j], k) {
			conflicts = append(conflicts, j+1)
		}
	}
	heading := doc.Blocks[start].Title
	doc.Blocks = doc.Blocks[:start]
	return []string{KeyNote(heading, conflicts)}
}

// answerAlone: a key "question" that is an answer written alone ("350", "B", "Paris"), not a
// question of its own: short, unanswered, no parts, no question mark.
func answerAlone(k worksheet.Question) bool {
	t := strings.TrimSpace(leadNumber.ReplaceAllString(k.Text, ""))
	return t != "" && len([]rune(t)) <= 40 && !strings.ContainsAny(t, "?¿") && !hasAnswer(k) && len(k.Parts) == 0 && len(k.Choices) == 0
}

// fillAnswers gives q the answers of k (the same question in the key) that q lacks; it
// reports whether k answers differently where q has an answer.
func fillAnswers(q *worksheet.Question, k worksheet.Question) (conflict bool) {
	if !hasAnswer(*q) {
		switch {
		case len(q.Choices) > 0 && len(k.Choices) == len(q.Choices):
			for i := range q.Choices {
				q.Choices[i].Correct = k.Choices[i].Correct
			}
			q.Select = k.Select
		case len(q.Choices) > 0 && strings.TrimSpace(k.Answer.Value) != "":
			// the key names the choice: "B", or its text
			a := strings.Trim(strings.TrimSpace(k.Answer.Value), "().")
			for i, c := range q.Choices {
				if len(a) == 1 && strings.EqualFold(a, string(rune('A'+i))) || strings.EqualFold(a, strings.TrimSpace(c.Text)) {
					q.Choices[i].Correct = true
					break
				}
			}
		case strings.Count(q.Text, worksheet.BlankMark) > 0 && len(k.Blanks) > 0:
			q.Blanks = k.Blanks
		case len(q.Pairs) == 0 && strings.TrimSpace(k.Answer.Value) != "":
			q.Answer = k.Answer
			if q.Kind == worksheet.KindGroup || q.Kind == "" {
				q.Kind = worksheet.KindShort
			}
			if k.Kind == worksheet.KindTrueFalse || k.Kind == worksheet.KindOpen {
				q.Kind = k.Kind
			}
		}
	} else if hasAnswer(k) && answerText(*q) != answerText(k) {
		conflict = true
	}
	for i := range q.Parts {
		if i < len(k.Parts) && fillAnswers(&q.Parts[i], k.Parts[i]) {
			conflict = true
		}
	}
	return conflict
}

// answerText is a question's own answer written out, for comparing two.
func answerText(q worksheet.Question) string {
	var parts []string
	for i, c := range q.Choices {
		if c.Correct {
			parts = append(parts, string(rune('A'+i)))
		}
	}
	for _, b := range q.Blanks {
		parts = append(parts, b.Value)
	}
	for _, p := range q.Pairs {
		parts = append(parts, p.Left+"="+p.Right)
	}
	parts = append(parts, q.Answer.Value)
	return strings.ToLower(strings.Join(strings.Fields(strings.Join(parts, " ")), " "))
}
