package llm

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
	"sheetsmith/generate/llm/normalize"
	"sheetsmith/worksheet"
)

// The model engine asks for the worksheet as JSON through the endpoint's structured output
// (response_format json_schema: OpenAI, Ollama, vLLM and llama.cpp servers read it). The schema
// is flat on purpose: one list of items, every field a string, a list of strings, a number or a
// flag, so small local models fill it reliably. The server turns the items into a
// worksheet.Document and validates it.

// flatDoc is the JSON a model writes.
type flatDoc struct {
	Title string `json:"title"`
	// Language (BCP 47) and Labels, the sheet's chrome words in it (worksheet.Document's).
	Language string            `json:"language"`
	Labels   *worksheet.Labels `json:"labels"`
	Items    []flatItem        `json:"items"`
	// cutPart: the JSON was cut off inside a question's nested parts; its complete parts
	// were kept and the unfinished one left out.
	cutPart bool
}

// flatItem is one instruction, passage, section heading, figure or question. A question with
// Part set is a sub-question ((a), (b)…) of the question before it.
type flatItem struct {
	Kind    string   `json:"kind"`
	Text    string   `json:"text"`
	Title   string   `json:"title"`
	Answer  string   `json:"answer"`
	Choices []string `json:"choices"`
	Blanks  []string `json:"blanks"`
	Left    []string `json:"left"`
	Right   []string `json:"right"`
	LaTeX   string   `json:"latex"`
	Part    bool     `json:"part"`
	Points  float64  `json:"points"`
	// Check is the computation that gives a numeric answer (worksheet.Answer's Check).
	Check string `json:"check"`
	// stem is the text of a part's own stem that the reader moved into this part (parts
	// nested three deep); the reply names it.
	stem string
	// explain is the model's explanation of its answer ("explanation": …), which the key
	// prints after a worded answer.
	explain string
}

var itemKinds = []string{"instructions", "passage", "section", "figure",
	worksheet.KindShort, worksheet.KindChoice, worksheet.KindTrueFalse, worksheet.KindBlank, worksheet.KindMatching, worksheet.KindOpen}

// documentSchema is the JSON schema sent as response_format. Every property is required and
// no other is allowed, as OpenAI's strict mode asks; the other servers accept the same.
var documentSchema = func() json.RawMessage {
	str := map[string]any{"type": "string"}
	strs := map[string]any{"type": "array", "items": str}
	item := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"kind": map[string]any{"type": "string", "enum": itemKinds}, "text": str, "title": str, "answer": str,
			"choices": strs, "blanks": strs, "left": strs, "right": strs, "latex": str,
			"part": map[string]any{"type": "boolean"}, "points": map[string]any{"type": "number"}, "check": str,
		},
		"required":             []string{"kind", "text", "title", "answer", "choices", "blanks", "left", "right", "latex", "part", "points", "check"},
		"additionalProperties": false,
	}
	labelNames := []string{"name", "date", "period", "instructor", "answerKey", "true", "false", "legend", "missing", "point", "points"}
	labelProps := map[string]any{}
	for _, n := range labelNames {
		labelProps[n] = str
	}
	labels := map[string]any{"type": "object", "properties": labelProps, "required": labelNames, "additionalProperties": false}
	schema := map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"title": str, "language": str, "labels": labels, "items": map[string]any{"type": "array", "items": item}},
		"required":             []string{"title", "language", "labels", "items"},
		"additionalProperties": false,
	}
	b, _ := json.Marshal(schema)
	return b
}()

func documentFormat() *openai.ChatCompletionResponseFormat {
	return &openai.ChatCompletionResponseFormat{
		Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
		JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
			Name: "worksheet", Schema: documentSchema, Strict: true,
			Description: "A printable worksheet: instructions, passages, figures, section headings and questions with their answers.",
		},
	}
}

// documentPrompt explains the items; the schema fixes their shape.
const documentPrompt = `You write printable worksheets for teachers and parents as JSON: {"title": ..., "items": [...]}.
The server typesets the sheet and its answer key from your items, and writes the title, the Name/Date fields and the layout itself.

Each item has every field; leave the fields its kind does not use empty ("", [], false, 0).
Kinds:
- "instructions": text = a short line of directions.
- "passage": title (optional) and text = a reading passage for the questions after it (paragraphs separated by a blank line).
- "section": title = a heading that starts a new group of questions.
- "figure": latex = one tikzpicture, pgfplots axis (\begin{axis}) or tabular for the questions after it; text = an optional caption. Never \includegraphics: the server has no image files.
- "short": a computation or short answer. answer = the answer only: "68", "3/4", "2 1/3", "x = 5", "Paris".
- "choice": multiple choice. choices = the options without letters; answer = the letter of the correct option ("B").
- "truefalse": answer = "true" or "false".
- "blank": text with ___ (three underscores) where each blank goes; blanks = one answer per ___, in order.
- "matching": left and right = the matching items, each right[i] the match of left[i] (the server shuffles them).
- "open": a written response; answer = a model answer or what a good answer contains.
Set part = true on a question that is a sub-question ((a), (b)…) of the question before it; that question's text is the shared stem.
points: marks for a question, 0 if none.
check: for a question whose answer is a number, the arithmetic that gives it with the question's own numbers ("47 - 12", "3 * (4 + 5)", "2/3 * 18") or the equation it solves ("s + 12 = 47"); "" for any other question. The server computes it to check your answer.

Text is plain text with maths in $...$ ($7 \times 8$, $\frac{3}{4}$, $x^2$); units with \SI{9.8}{\metre\per\second\squared} or \qty{3}{\kilo\gram}, chemistry with \ce{H2O}. Escape \% \& \# \$ in text.
Every question has its correct answer: the server checks what it can compute and prints the rest in the key as you wrote it.
language: the sheet's language as a code ("en", "es", "ru", "zh", "ar"…); write the whole sheet in it. labels: the words the server prints around the questions, in that language: name, date, period (class period), instructor, answerKey ("Answer Key"), true, false, legend ("marks an answer checked by computation"), missing ("Figure not available"), point, points; plain words only.`

// documentMessages assembles a generation that asks for a document; an edit sends the
// current document and asks for the whole changed document.
func documentMessages(req generate.Request) []openai.ChatCompletionMessage {
	msgs := []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: documentPrompt}}
	msgs = append(msgs, historyMessages(req.History)...)
	var b strings.Builder
	edit := req
	edit.CurrentBody = "" // the document below stands for the body
	b.WriteString(userMessage(edit))
	if req.CurrentDocument != nil {
		cur, _ := json.MarshalIndent(toFlat(*req.CurrentDocument), "", " ")
		b.WriteString("\n\nThis is the current worksheet as JSON. Change only what the request asks; copy every other item exactly as it is, and answer with the whole document:\n")
		b.Write(cur)
	}
	return append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: b.String()})
}

var fence = regexp.MustCompile("(?is)```(?:jsonl?|ndjson)?\\s*\n(.*?)\n\\s*```")

var (
	objectStart = regexp.MustCompile(`\{\s*(?:"|'|//|/\*)`)
	itemsKey    = regexp.MustCompile(`(?i)"(?:items|questions)"`)
)

// parseFlat reads a model's JSON answer; a Markdown fence or a sentence around the JSON is
// tolerated. ok is false when the answer is not this JSON at all: the model ignored the schema.
func parseFlat(raw string) (flatDoc, bool) {
	fd, _, ok := readFlat(raw)
	return fd, ok
}

// readFlat is parseFlat that also reports cut: the JSON stopped in the middle (at the model's
// length limit) and only its complete items were kept.
func readFlat(raw string) (fd flatDoc, cut bool, ok bool) {
	s := strings.TrimSpace(raw)
	if m := fence.FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(m[1])
	}
	s = fromLines(s)
	if !strings.HasPrefix(s, "{") {
		// "Here is the worksheet: {…}" — the JSON object inside the chat
		loc := objectStart.FindStringIndex(s)
		if loc == nil {
			return flatDoc{}, false, false
		}
		s = s[loc[0]:]
	}
	// the object alone (not a sentence or a second object after it), its comments and
	// trailing commas removed
	s = repairEscapes(firstObject(cleanJSON(s)))
	if err := json.Unmarshal([]byte(s), &fd); err != nil {
		whole, inPart, found := completeItems(s)
		if !found {
			return flatDoc{}, false, false
		}
		fd = flatDoc{}
		if json.Unmarshal([]byte(whole), &fd) != nil {
			return flatDoc{}, false, false
		}
		cut = true
		if inPart && len(fd.Items) > 0 {
			fd.cutPart = true
		}
	}
	if len(fd.Items) == 0 {
		return flatDoc{}, false, false
	}
	return fd, cut, true
}

// fromLines reads JSON Lines (one item an object a line, as flashcard decks are written, or
// a bare list of items) as a document of those items.
func fromLines(s string) string {
	if strings.HasPrefix(s, "[") {
		return `{"items":` + s + `}`
	}
	lines := strings.Split(s, "\n")
	if len(lines) < 2 {
		return s
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && (!strings.HasPrefix(l, "{") || !strings.HasSuffix(l, "}")) {
			return s
		}
	}
	return `{"items":[` + strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "" }), ",") + `]}`
}

// repairEscapes doubles the backslash of LaTeX commands a model wrote into JSON strings
// unescaped: "\sqrt{2}" is not JSON at all (\s is no escape) and "\frac", "\times", "\beta",
// "\right", "\neq" read as a form feed, a tab, a backspace, a return or a new line followed by
// letters. A JSON escape stays one where it is followed by no LaTeX command name.
func repairEscapes(s string) string {
	var b strings.Builder
	in := false
	changed := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !in {
			if c == '"' {
				in = true
			}
			b.WriteByte(c)
			continue
		}
		switch c {
		case '"':
			in = false
		case '\\':
			if i+1 >= len(s) {
				break
			}
			next := s[i+1]
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			word := s[i+1 : j]
			switch {
			case next == '\\' || next == '"' || next == '/' || next == 'u' && isUnicodeEscape(s[i+1:]):
				b.WriteByte(c)
				b.WriteByte(next)
				i++
				continue
			case strings.IndexByte("bfnrt", next) >= 0 && (len(word) < 2 || !worksheet.LaTeXCommand(word)):
				b.WriteByte(c)
				b.WriteByte(next)
				i++
				continue
			}
			// not a JSON escape, or a LaTeX command a JSON escape would eat
			b.WriteString(`\\`)
			changed = true
			continue
		}
		b.WriteByte(c)
	}
	if !changed {
		return s
	}
	return b.String()
}

func isUnicodeEscape(s string) bool {
	if len(s) < 5 {
		return false
	}
	for _, c := range s[1:5] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// completeItems closes JSON cut off inside its item list after the last complete item:
// `{"title": "T", "items": [{…}, {…}, {"kind": "sho` becomes `{"title": "T", "items": [{…}, {…}]}`.
// An item cut off inside its nested parts keeps its complete parts: `[{…}, {"text": "A patio",
// "parts": [{…}, {"text": "Find its ar` becomes `[{…}, {"text": "A patio", "parts": [{…}]}]}`;
// inPart then reports that an unfinished part was left out.
func completeItems(s string) (closed string, inPart bool, ok bool) {
	loc := itemsKey.FindStringIndex(s)
	if loc == nil {
		return "", false, false
	}
	start := loc[0]
	in := false
	var stack []byte // the open [ and { after the items key
	var lists []bool // for each open bracket: the items list or a list of parts
	last := -1
	var closers []byte
	lastDepth := 0
	for i := start; i < len(s); i++ {
		c := s[i]
		if in {
			switch c {
			case '\\':
				i++
			case '"':
				in = false
			}
			continue
		}
		switch c {
		case '"':
			in = true
		case '[', '{':
			stack = append(stack, c)
			listed := len(stack) == 1 // the items list itself
			if m := keyBefore.FindStringSubmatch(s[max(start, i-64):i]); c == '[' && m != nil {
				listed = listed || partsKey[strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(m[1]))]
			}
			lists = append(lists, listed)
		case ']', '}':
			if len(stack) == 0 {
				return "", false, false // the list closed: the JSON is malformed, not cut
			}
			stack, lists = stack[:len(stack)-1], lists[:len(lists)-1]
			if len(stack) == 0 {
				return "", false, false
			}
			// an object closed inside the items or a list of parts: an item, or a part of one
			if c == '}' && stack[len(stack)-1] == '[' && lists[len(lists)-1] {
				last, lastDepth = i, len(stack)
				closers = closers[:0]
				for j := len(stack) - 1; j >= 0; j-- {
					closers = append(closers, map[byte]byte{'[': ']', '{': '}'}[stack[j]])
				}
			}
		}
	}
	if last < 0 {
		return "", false, false
	}
	// the items list is the first open bracket: closing it (and the document) ends the JSON
	return s[:last+1] + string(closers) + "}", lastDepth > 1, true
}

var (
	keyBefore = regexp.MustCompile(`"([A-Za-z_-]+)"\s*:\s*$`)
	// partsKey: the names the loose reader reads a question's nested parts from
	partsKey = map[string]bool{"parts": true, "subparts": true, "subquestions": true, "subitems": true, "children": true}
)

var (
	numberAnswer   = regexp.MustCompile(`^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$`)
	fractionAnswer = regexp.MustCompile(`^-?\d+(?:\s+\d+)?\s*/\s*\d+$`)
	exprAnswer     = regexp.MustCompile(`^\$?[^$]*[=<>^\\][^$]*\$?$|^\$.*\$$`)
)

// answerOf types a short answer from how it is written.
func answerOf(v string) worksheet.Answer {
	v = strings.TrimSpace(v)
	switch {
	case numberAnswer.MatchString(v):
		return worksheet.Answer{Kind: worksheet.AnswerNumber, Value: v}
	case fractionAnswer.MatchString(v):
		return worksheet.Answer{Kind: worksheet.AnswerFraction, Value: v}
	case exprAnswer.MatchString(v) && !strings.Contains(strings.Trim(v, "$"), "$") && !textOnly(v):
		return worksheet.Answer{Kind: worksheet.AnswerExpression, Value: strings.Trim(v, "$ ")}
	}
	return worksheet.Answer{Kind: worksheet.AnswerText, Value: v}
}

var (
	textSuperscript = regexp.MustCompile(`\\text(?:super|sub)script\{[^{}]*\}`)
	unitPower       = regexp.MustCompile(`(\pL)([²³])`)
)

// textOnly: a value whose only commands are raised or lowered text ("40 m\textsuperscript{2}")
// and that holds no maths: text, not an expression to set in maths.
func textOnly(v string) bool {
	if !textSuperscript.MatchString(v) {
		return false
	}
	rest := textSuperscript.ReplaceAllString(v, "")
	return !strings.ContainsAny(rest, `\$=<>^`)
}

// fixAnswer is fixText for an answer: a unit's power written as ² or ³ after a letter (m²,
// cm³) is raised text, \textsuperscript{2}, as the LaTeX path's normaliser writes it.
func fixAnswer(s string, fixes *[]string) string {
	s = fixText(s, fixes)
	if !strings.Contains(s, "$") {
		s = unitPower.ReplaceAllStringFunc(s, func(m string) string {
			r := []rune(m)
			return string(r[0]) + `\textsuperscript{` + map[rune]string{'²': "2", '³': "3"}[r[1]] + "}"
		})
	}
	return s
}

// escapeBare escapes the characters TeX reads as commands in a text field: a bare % would
// comment out the rest of the line, & and # stop the compile. Models write "25% of 80". An &
// inside maths or an environment (an alignment's column break) stays.
func escapeBare(s string) string {
	var b strings.Builder
	math, envs := false, 0
	for i, r := range s {
		escaped := i > 0 && s[i-1] == '\\'
		switch {
		case r == '$' && !escaped:
			math = !math
		case r == '\\' && strings.HasPrefix(s[i:], `\begin{`):
			envs++
		case r == '\\' && strings.HasPrefix(s[i:], `\end{`) && envs > 0:
			envs--
		}
		if (r == '%' || r == '#' || r == '&' && !math && envs == 0) && !escaped {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// fixText makes a text field typeset as the LaTeX path's body would: escapes, Unicode maths,
// maths written in text, display maths made inline. fixes are the normaliser's notes.
func fixText(s string, fixes *[]string) string {
	if strings.TrimSpace(s) == "" {
		return strings.TrimSpace(s)
	}
	s, fx := normalize.FromHTML(s)
	*fixes = append(*fixes, fx...)
	out, fx := normalize.Text(escapeBare(s))
	*fixes = append(*fixes, fx...)
	return out
}

// blankMark is what models write for a blank instead of ___: a drawn line, escaped
// underscores, a longer run of underscores.
var blankMark = regexp.MustCompile(`\\underline\{\\hspace\*?\{[^}]*\}\}|\\underline\{(?:\\ |~|\s)*\}|\\rule\{[^}]*\}\{[^}]*\}|(?:\\_){3,}|\\answerblank(?:\[[^\]]*\])?|\\fillin(?:\[[^\]]*\])?|_{4,}`)

// unit is one top-level block with, for a question, the items of its parts.
type unit struct {
	items []flatItem
	block worksheet.Block
}

// document turns the items into a document. Where prev is the document being edited, a
// question (with its parts) that comes back unchanged is taken over from prev exactly as it
// was, so an edit that touches one question leaves the others byte for byte as they were.
func (fd flatDoc) document(prev *worksheet.Document) (worksheet.Document, error) {
	doc, _, err := fd.build(prev)
	return doc, err
}

// build is document with the notes the chat reply owes the teacher: what the server moved,
// removed or changed in the items to make them a worksheet.
func (fd flatDoc) build(prev *worksheet.Document) (worksheet.Document, []string, error) {
	kept := map[string][]worksheet.Block{}
	if prev != nil {
		for _, u := range units(*prev) {
			k := unitKey(u.items)
			kept[k] = append(kept[k], u.block)
		}
	}
	var fixes []string
	doc := worksheet.Document{Title: fixText(fd.Title, &fixes), Language: strings.TrimSpace(fd.Language), Labels: fd.Labels}
	if prev != nil {
		doc.Language, doc.Settings = prev.Language, prev.Settings
		if prev.Labels != nil {
			doc.Labels = prev.Labels
		}
	}
	var problems []string
	var group []flatItem
	seen := map[string]bool{}
	var repeated, stems []string
	inKey := false // after an answer-key heading: the questions again, with their answers
	flush := func() {
		if len(group) == 0 {
			return
		}
		k := unitKey(group)
		if isQuestion(group[0].Kind) && seen[k] && !inKey {
			// the same question again, word for word: a model repeating itself
			repeated = append(repeated, group[0].Text)
			group = nil
			return
		}
		seen[k] = true
		if old := kept[unitKey(group)]; len(old) > 0 {
			doc.Blocks = append(doc.Blocks, old[0])
			kept[unitKey(group)] = old[1:]
		} else {
			b, errs := blockOf(group, len(doc.Blocks)+1)
			problems = append(problems, errs...)
			doc.Blocks = append(doc.Blocks, b)
		}
		group = nil
	}
	items, notes := answerKeyAtEnd(fd.Items)
	var unexplained []string
	var distractors []string
	items = figuresFromText(items)
	for i, it := range items {
		it.Kind = kindOf(it.Kind)
		if it.explain != "" && isQuestion(it.Kind) {
			// the key prints a worded answer with its explanation; a number, a letter or a
			// truth value has no room for one (the checker reads the number alone)
			if a := strings.TrimSpace(it.Answer); it.Kind == worksheet.KindOpen || it.Kind == worksheet.KindShort && a != "" && answerOf(a).Kind == worksheet.AnswerText {
				it.Answer, it.explain = strings.TrimRight(a, ". ")+". "+it.explain, ""
			} else if it.Kind == worksheet.KindChoice {
				it.explain = fixText(it.explain, &fixes) // the key prints it under the choices
			} else {
				unexplained = append(unexplained, it.Text)
			}
		}
		if it.Kind == worksheet.KindMatching && len(it.Right) > len(it.Left) && len(it.Left) >= 2 {
			var extra []string
			it.Right, extra = matchRights(it.Left, it.Right, it.Answer)
			distractors = append(distractors, extra...)
		}
		if isQuestion(it.Kind) && strings.TrimSpace(it.Answer) == "" && len(it.Blanks) == 0 {
			// "52 - 27 = ____ (Answer: 25)": the answer written into the question's text
			if m := inlineAnswer.FindStringSubmatchIndex(it.Text); m != nil {
				g := 2
				if m[g] < 0 {
					g = 4
				}
				// "Write your answer: ____" asks; it answers nothing
				if a := strings.TrimSpace(it.Text[m[g]:m[g+1]]); strings.IndexFunc(a, unicode.IsLetter) >= 0 || strings.IndexFunc(a, unicode.IsDigit) >= 0 {
					it.Answer, it.Text = a, strings.TrimSpace(it.Text[:m[0]])
				}
			}
		}
		if it.Kind == worksheet.KindChoice && len(it.Choices) == 0 {
			// "Which …? A) one B) two": the options written into the question's text
			if stem, options := letteredOptions(it.Text); len(options) > 0 {
				it.Text, it.Choices = stem, options
			}
		}
		if it.Kind == worksheet.KindShort {
			it.Text = trailingBlank.ReplaceAllString(it.Text, "")
			it.Text = selfNumber.ReplaceAllString(it.Text, "")
			it.Answer = bareAnswer(it.Answer)
		}
		if it.stem != "" {
			stems = append(stems, it.stem)
		}
		if it.Kind == worksheet.KindBlank {
			it.Text = blankMark.ReplaceAllString(it.Text, "___")
			if len(it.Blanks) == 0 && strings.TrimSpace(it.Answer) != "" {
				it.Blanks = []string{it.Answer} // the blanks' answers written as the answer
			}
			if n := strings.Count(it.Text, "___"); len(it.Blanks) == 1 && n > 1 {
				if split := splitAnswers(it.Blanks[0]); len(split) == n {
					it.Blanks = split
				}
			}
		}
		if it.Kind == worksheet.KindChoice {
			it.Choices, it.Answer = choiceLetters(it.Choices, it.Answer)
		}
		it.Text, it.Title, it.Answer = fixText(it.Text, &fixes), fixText(it.Title, &fixes), fixAnswer(it.Answer, &fixes)
		for _, list := range [][]string{it.Choices, it.Left, it.Right} {
			for j := range list {
				list[j] = fixText(list[j], &fixes)
			}
		}
		for j := range it.Blanks {
			it.Blanks[j] = fixAnswer(it.Blanks[j], &fixes)
		}
		if it.Part {
			if len(group) == 0 || !isQuestion(group[0].Kind) {
				problems = append(problems, fmt.Sprintf("item %d is a part (part = true) but no question comes before it.", i+1))
				continue
			}
			group = append(group, it)
			continue
		}
		flush()
		if it.Kind == "section" && generate.IsKeyHeading(strings.TrimSpace(it.Title+" "+it.Text)) {
			inKey = true
		}
		group = []flatItem{it}
	}
	flush()
	if len(unexplained) > 0 {
		notes = append(notes, fmt.Sprintf("The model explained %d answers whose key shows only the value (the first is “%s”); the explanations are not in the key.", len(unexplained), plainQuote(unexplained[0])))
	}
	if len(distractors) > 0 {
		notes = append(notes, fmt.Sprintf("The matching had more answers on the right than items on the left; the sheet matches one to one, so I left out the extra ones (%s).", strings.Join(distractors, ", ")))
	}
	if n := generate.RepeatedNote(repeated); n != "" {
		notes = append(notes, n)
	}
	if n := generate.DeepPartsNote(stems); n != "" {
		notes = append(notes, n)
	}
	// an answer key written as the questions again, after a heading: answers, not questions
	notes = append(notes, generate.KeyQuestions(&doc)...)
	notes = append(notes, normalize.Notices(fixes)...)
	if len(problems) > 0 {
		return doc, notes, fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return doc, notes, nil
}

// plainQuote is the start of a question's text for a sentence of the reply.
func plainQuote(s string) string { return generate.PlainQuote(s) }

// splitAnswers splits "solid, liquid" into the answers of several blanks.
func splitAnswers(s string) []string {
	for _, sep := range []string{";", ","} {
		if strings.Contains(s, sep) {
			var out []string
			for _, p := range strings.Split(s, sep) {
				out = append(out, strings.TrimSpace(p))
			}
			return out
		}
	}
	return []string{s}
}

// choicePrefix is the letter a model writes before each choice: "A) 7 €", "b. 14", "(C) gas".
var choicePrefix = regexp.MustCompile(`^\s*\(?([A-Ha-h])[).:]\s+`)

// choiceLetters takes the letters off choices that all carry them in order (the sheet
// letters the choices itself); an answer written with its letter ("C) 12 €", "C. 40%") is
// that letter.
func choiceLetters(choices []string, answer string) ([]string, string) {
	if len(choices) < 2 {
		return choices, answer
	}
	for i, c := range choices {
		m := choicePrefix.FindStringSubmatch(c)
		if m == nil || strings.ToUpper(m[1])[0] != byte('A'+i) {
			return choices, answer
		}
	}
	out := make([]string, len(choices))
	for i, c := range choices {
		out[i] = choicePrefix.ReplaceAllString(c, "")
	}
	if m := choicePrefix.FindStringSubmatch(answer); m != nil {
		answer = strings.ToUpper(m[1])
	}
	return out, answer
}

// answerKeyHeading names a list of answers a model put after the questions instead of in
// them: "Answer Key", "Answers", "Solutions".
var (
	answerKeyHeading = generate.KeyHeading
	keyLine          = regexp.MustCompile(`^\s*(\d{1,3})[.):]\s+(.+?)\s*$`)
	keyLetterLine    = regexp.MustCompile(`^\s*\(?[a-zA-Z][.)]\s+(.+?)\s*$`)
)

// answerKeyAtEnd moves an answer key written as items after the last question (a section
// "Answer Key" and a list "1. 350, 2. 2,700…") into the answers of the questions it numbers,
// so the students' sheet does not show it; an answer the question already has is kept.
func answerKeyAtEnd(items []flatItem) ([]flatItem, []string) {
	last := -1
	for i, it := range items {
		if isQuestion(kindOf(it.Kind)) {
			last = i
		}
	}
	start := -1
	for i := last + 1; i < len(items); i++ {
		it := items[i]
		if answerKeyHeading.MatchString(it.Title) || answerKeyHeading.MatchString(it.Text) && keyLines(it.Text) != nil {
			start = i
			break
		}
	}
	if start < 0 {
		return items, nil
	}
	answers := map[int]string{}
	for _, it := range items[start:] {
		for n, a := range keyLines(answerKeyHeading.ReplaceAllString(it.Text, "")) {
			answers[n] = a
		}
	}
	if len(answers) == 0 {
		return items, nil
	}
	out := slices.Clone(items[:start])
	n := 0
	for i, it := range out {
		if !isQuestion(kindOf(it.Kind)) || it.Part {
			continue
		}
		n++
		a, ok := answers[n]
		if !ok {
			continue
		}
		switch kindOf(it.Kind) {
		case worksheet.KindBlank:
			if len(it.Blanks) == 0 {
				out[i].Blanks = splitAnswers(a)
			}
		case worksheet.KindMatching:
		default:
			if strings.TrimSpace(it.Answer) == "" {
				out[i].Answer = a
			}
		}
	}
	return out, []string{"The model listed the answers after the questions, so I moved them into the answer key and off the students' sheet."}
}

// keyLines reads "1. 350\n2. 2,700" (or on one line, "1) 350 2) 2,700") as answers by number.
func keyLines(s string) map[int]string {
	out := map[int]string{}
	lines := strings.Split(s, "\n")
	if len(lines) == 1 {
		lines = oneLineKey.Split(s, -1)
		if len(lines) > 1 { // the split lost the numbers: put them back
			nums := oneLineKey.FindAllStringSubmatch(s, -1)
			for i := 1; i < len(lines); i++ {
				lines[i] = nums[i-1][1] + ". " + lines[i]
			}
		}
	}
	// each answer under its label; a key that numbers by part ("Part A: a) 700 b) 6,405 …
	// Part B: a) 4,600") or restarts its numbers lists the answers in the questions' order
	var nums []int
	var answers []string
	inOrder := true
	for _, l := range lines {
		if m := keyLine.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			inOrder = inOrder && (len(nums) == 0 || n > nums[len(nums)-1])
			nums, answers = append(nums, n), append(answers, strings.TrimSpace(m[2]))
		} else if m := keyLetterLine.FindStringSubmatch(l); m != nil {
			inOrder = false
			nums, answers = append(nums, 0), append(answers, strings.TrimSpace(m[1]))
		}
	}
	if len(answers) == 0 {
		return nil
	}
	for i, a := range answers {
		if inOrder {
			out[nums[i]] = a
		} else {
			out[i+1] = a
		}
	}
	return out
}

var oneLineKey = regexp.MustCompile(`\s+(\d{1,3})[.)]\s`)

// kindSynonyms are the names models give the kinds when they write JSON without the schema's
// enum (an endpoint that ignores response_format): "multiple_choice", "true_false"…
var kindSynonyms = map[string]string{
	"multiplechoice": worksheet.KindChoice, "mc": worksheet.KindChoice, "mcq": worksheet.KindChoice, "multiple": worksheet.KindChoice,
	"tf": worksheet.KindTrueFalse, "trueorfalse": worksheet.KindTrueFalse, "boolean": worksheet.KindTrueFalse,
	"fillintheblank": worksheet.KindBlank, "fillintheblanks": worksheet.KindBlank, "fillblank": worksheet.KindBlank, "fill": worksheet.KindBlank, "cloze": worksheet.KindBlank, "blanks": worksheet.KindBlank,
	"shortanswer": worksheet.KindShort, "computation": worksheet.KindShort, "calculation": worksheet.KindShort, "numeric": worksheet.KindShort, "question": worksheet.KindShort,
	"match": worksheet.KindMatching, "matchup": worksheet.KindMatching,
	// Spanish
	"opcionmultiple": worksheet.KindChoice, "seleccionmultiple": worksheet.KindChoice, "verdaderofalso": worksheet.KindTrueFalse, "verdaderoofalso": worksheet.KindTrueFalse,
	"respuestacorta": worksheet.KindShort, "calculo": worksheet.KindShort, "cálculo": worksheet.KindShort, "completar": worksheet.KindBlank, "rellenar": worksheet.KindBlank,
	"relacionar": worksheet.KindMatching, "emparejar": worksheet.KindMatching, "unir": worksheet.KindMatching, "abierta": worksheet.KindOpen, "desarrollo": worksheet.KindOpen,
	"instrucciones": "instructions", "lectura": "passage", "seccion": "section", "sección": "section", "figura": "figure", "tabla": "figure",
	"openresponse": worksheet.KindOpen, "openended": worksheet.KindOpen, "essay": worksheet.KindOpen, "longanswer": worksheet.KindOpen, "extendedresponse": worksheet.KindOpen, "written": worksheet.KindOpen,
	"instruction": "instructions", "directions": "instructions", "reading": "passage", "text": "passage",
	"heading": "section", "header": "section", "image": "figure", "diagram": "figure", "table": "figure", "graph": "figure",
}

// kindOf reads an item's kind, with the names models use for it.
func kindOf(k string) string {
	k = strings.ToLower(strings.TrimSpace(k))
	if slices.Contains(itemKinds, k) {
		return k
	}
	squashed := strings.NewReplacer("_", "", "-", "", " ", "", "/", "").Replace(k)
	if slices.Contains(itemKinds, squashed) {
		return squashed
	}
	if kind, ok := kindSynonyms[squashed]; ok {
		return kind
	}
	return k
}

var (
	trueWords = map[string]bool{"true": true, "t": true, "yes": true, "verdadero": true, "v": true, "vrai": true, "wahr": true,
		"richtig": true, "verdadeiro": true, "cierto": true, "vero": true, "correct": true}
	falseWords = map[string]bool{"false": true, "f": true, "no": true, "falso": true, "faux": true, "falsch": true,
		"incorrect": true, "nein": true, "non": true}
)

// truthOf reads a true/false answer as "true" or "false" ("T", "True.", "Falso"); any other
// answer is kept for Validate to name.
func truthOf(a string) string {
	v := strings.ToLower(strings.Trim(strings.TrimSpace(a), ".!()*"))
	switch {
	case trueWords[v]:
		return "true"
	case falseWords[v]:
		return "false"
	}
	// "T (true)", "False - it is the weather over many years": the truth words it holds,
	// when they agree
	truth := ""
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
		t := ""
		switch {
		case trueWords[w] && w != "v":
			t = "true"
		case falseWords[w] && w != "no":
			t = "false"
		default:
			continue
		}
		if truth != "" && truth != t {
			return v
		}
		truth = t
	}
	if truth != "" {
		return truth
	}
	return v
}

func isQuestion(kind string) bool {
	switch kind {
	case "instructions", "passage", "section", "figure":
		return false
	}
	return true
}

var (
	includeGraphics = regexp.MustCompile(`\\includegraphics\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}`)
	drawing         = regexp.MustCompile(`\\begin\{(?:tikzpicture|axis|tabular|array|circuitikz)\}|\\draw\b|\\(?:add)?plot\b|\\node\b`)
	boxCommand      = regexp.MustCompile(`\\(?:fbox|framebox|mbox|makebox|textbf|textit|emph)\b(?:\[[^\]]*\])*|\\parbox\s*(?:\[[^\]]*\])*\{[^}]*\}|\\(?:begin|end)\{(?:center|minipage|framed|mdframed)\}(?:\{[^}]*\})?|\\(?:centering|raggedright|small|large|Large|normalsize)\b`)
)

// figureOf is a figure's LaTeX, or the missing image it names: the server has no image
// files, so \includegraphics{map.png} is a labelled box (and the reply names the file).
func figureOf(latex string) *worksheet.Figure {
	latex = strings.TrimSpace(latex)
	if m := includeGraphics.FindStringSubmatch(latex); m != nil && !drawing.MatchString(latex) {
		return &worksheet.Figure{Missing: strings.TrimSpace(m[1])}
	}
	return &worksheet.Figure{LaTeX: worksheet.StripFigureComments(worksheet.CodeListings(latex))}
}

// textFigure: a figure that draws nothing and holds only words in a box (a word bank in
// \fbox{\parbox{…}{…}}) is that text.
func textFigure(latex string) (string, bool) {
	if strings.TrimSpace(latex) == "" || drawing.MatchString(latex) || includeGraphics.MatchString(latex) {
		return "", false
	}
	t := boxCommand.ReplaceAllString(latex, "")
	t = strings.NewReplacer(`\quad`, "\x01", `\qquad`, "\x01\x01", `\\`, "\n", `\hfill`, " ").Replace(t)
	t = strings.NewReplacer("{", "", "}", "").Replace(t)
	if strings.Contains(t, `\`) || strings.TrimSpace(t) == "" {
		return "", false
	}
	var lines []string
	for _, l := range strings.Split(t, "\n") {
		if l = strings.Join(strings.Fields(strings.ReplaceAll(l, "\x01", " \x01 ")), " "); l != "" {
			lines = append(lines, strings.ReplaceAll(l, " \x01 ", " \\quad "))
		}
	}
	text, _ := normalize.Text(strings.Join(lines, "\n\n"))
	return text, true
}

// unitKey identifies a unit's content, for recognising an unchanged question in an edit.
func unitKey(items []flatItem) string {
	items = slices.Clone(items)
	for i := range items { // a list left out is the empty list
		for _, l := range []*[]string{&items[i].Choices, &items[i].Blanks, &items[i].Left, &items[i].Right} {
			if *l == nil {
				*l = []string{}
			}
		}
	}
	b, _ := json.Marshal(items)
	return string(b)
}

// blockOf turns one non-part item and its parts into a block.
func blockOf(items []flatItem, n int) (worksheet.Block, []string) {
	it := items[0]
	switch it.Kind {
	case "instructions":
		return worksheet.Block{Kind: worksheet.BlockInstructions, Text: strings.TrimSpace(it.Text)}, nil
	case "passage":
		return worksheet.Block{Kind: worksheet.BlockPassage, Title: strings.TrimSpace(it.Title), Text: strings.TrimSpace(it.Text)}, nil
	case "section":
		title := strings.TrimSpace(it.Title)
		if title == "" {
			title = strings.TrimSpace(it.Text)
		}
		return worksheet.Block{Kind: worksheet.BlockSection, Title: title}, nil
	case "figure":
		if text, ok := textFigure(it.LaTeX); ok {
			// a box of words (a word bank): text, which the sheet sets as a passage
			return worksheet.Block{Kind: worksheet.BlockPassage, Title: strings.TrimSpace(it.Text), Text: text}, nil
		}
		f := figureOf(it.LaTeX)
		f.Caption = strings.TrimSpace(it.Text)
		if f.LaTeX == "" && f.Missing == "" { // a picture the model could only name: a visible box, and the reply says so
			f.Missing, f.Caption = f.Caption, ""
			if f.Missing == "" {
				f.Missing = "a picture"
			}
		}
		return worksheet.Block{Kind: worksheet.BlockFigure, Figure: f}, nil
	}
	q, problems := questionOf(it, fmt.Sprintf("item %d", n))
	for i, p := range items[1:] {
		pq, errs := questionOf(p, fmt.Sprintf("item %d part %d", n, i+1))
		problems = append(problems, errs...)
		q.Parts = append(q.Parts, pq)
	}
	if len(q.Parts) > 0 && (q.Kind == worksheet.KindShort || q.Kind == worksheet.KindOpen) && strings.TrimSpace(q.Answer.Value) == "" {
		q.Kind, q.Answer = worksheet.KindGroup, worksheet.Answer{} // a stem: its parts carry the answers
	}
	return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q}, problems
}

var (
	choiceLetter = regexp.MustCompile(`^\(?([A-Za-z])[).:]?$`)
	choiceNumber = regexp.MustCompile(`^\(?(\d{1,2})[).:]?$`)
	// answerLabel is what a model writes before the answer itself: "Answer: B", "Correct: 2".
	answerLabel = regexp.MustCompile(`(?i)^(?:(?:the\s+)?(?:correct\s+)?(?:answer|choice|option)(?:\s+is\b|\s*:)?|correct\s*:)\s*`)
)

var (
	// trailingBlank is a line for the answer at the end of a short question ("7 × 8 = ____"):
	// the sheet draws the question's answer line itself
	trailingBlank = regexp.MustCompile(`\s*(?:_{3,}|(?:\\_){3,}|\\underline\{\\hspace\*?\{[^}]*\}\}|\\rule\{[^}]*\}\{[^}]*\}|\\answerblank(?:\[[^\]]*\])?)\s*\.?\s*$`)
	// selfNumber is the number a model wrote before a question ("1. ", "Question 3: ", "4) "):
	// the sheet numbers its questions itself
	// inlineAnswer is an answer a model wrote at the end of its question's text:
	// "(Answer: 25)", "[Answer: 118]", "Answer: 36 stickers"
	inlineAnswer = regexp.MustCompile(`(?i)\s*(?:[(\[]\s*(?:answer|ans|respuesta|réponse|antwort|resposta)\s*[:=]\s*([^)\]]+?)\s*[)\]]|\b(?:answer|respuesta|réponse|antwort|resposta)\s*:\s*([^\n]+?))\s*\.?\s*$`)
	selfNumber   = regexp.MustCompile(`^\s*(?:(?i:question|q|problem|pregunta)\s*\d{1,3}\s*[.):]|\d{1,3}[.)])\s+`)
	matchPair    = regexp.MustCompile(`(\d{1,2})\s*[-–=:.)]*\s*(?:→|->)?\s*\(?([A-Za-z])\b`)
)

// bareAnswer is a short answer without what a model writes around it: "Answer: 54", "= 54",
// "**60**", "132.".
func bareAnswer(a string) string {
	a = strings.TrimSpace(a)
	if strings.HasPrefix(a, "**") && strings.HasSuffix(a, "**") && len(a) > 4 {
		a = strings.TrimSpace(a[2 : len(a)-2])
	}
	a = strings.TrimSpace(answerLabel.ReplaceAllString(a, ""))
	if strings.HasPrefix(a, "=") && !strings.Contains(a[1:], "=") {
		a = strings.TrimSpace(a[1:])
	}
	if t := strings.TrimSuffix(a, "."); t != a && numberAnswer.MatchString(t) {
		a = t
	}
	return a
}

// matchRights pairs each left item with its right item when the right column has extra
// items (distractors): by the answer's "1-C, 2-A" where it names every left item, else
// right[i] for left[i]. extra are the right items left over.
func matchRights(left, right []string, answer string) (pairs, extra []string) {
	used := make([]bool, len(right))
	pairs = make([]string, len(left))
	ms := matchPair.FindAllStringSubmatch(answer, -1)
	byAnswer := len(ms) == len(left)
	for _, m := range ms {
		n, _ := strconv.Atoi(m[1])
		r := int(strings.ToUpper(m[2])[0] - 'A')
		if n < 1 || n > len(left) || r >= len(right) || pairs[n-1] != "" || used[r] {
			byAnswer = false
			break
		}
		pairs[n-1], used[r] = right[r], true
	}
	if !byAnswer {
		pairs, used = append([]string(nil), right[:len(left)]...), make([]bool, len(right))
		for i := range left {
			used[i] = true
		}
	}
	for i, r := range right {
		if !used[i] {
			extra = append(extra, r)
		}
	}
	return pairs, extra
}

func questionOf(it flatItem, where string) (worksheet.Question, []string) {
	q := worksheet.Question{Kind: it.Kind, Text: strings.TrimSpace(it.Text), Points: it.Points}
	var problems []string
	if strings.TrimSpace(it.LaTeX) != "" {
		q.Figure = figureOf(it.LaTeX)
	}
	switch it.Kind {
	case worksheet.KindShort:
		q.Answer = answerOf(it.Answer)
		q.Answer.Check = strings.TrimSpace(it.Check)
	case worksheet.KindOpen:
		q.Answer = worksheet.Answer{Kind: worksheet.AnswerText, Value: strings.TrimSpace(it.Answer)}
	case worksheet.KindTrueFalse:
		q.Answer = worksheet.Answer{Kind: worksheet.AnswerText, Value: truthOf(it.Answer)}
	case worksheet.KindChoice:
		var picked []int
		answer := strings.TrimSpace(it.Answer)
		for _, a := range []string{answer, answerLabel.ReplaceAllString(answer, "")} {
			for i, c := range it.Choices { // the answer written out instead of its letter
				if len(picked) == 0 && strings.EqualFold(strings.TrimSpace(c), a) {
					picked = append(picked, i)
				}
			}
		}
		answer = answerLabel.ReplaceAllString(answer, "")
		if len(picked) == 0 {
			for _, a := range strings.FieldsFunc(answer, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
				if m := choiceLetter.FindStringSubmatch(a); m != nil {
					picked = append(picked, int(strings.ToUpper(m[1])[0]-'A'))
				} else if m := choiceNumber.FindStringSubmatch(a); m != nil {
					// "2": the options counted from 1, as they are read aloud
					n, _ := strconv.Atoi(m[1])
					picked = append(picked, n-1)
				}
			}
		}
		for _, c := range it.Choices {
			q.Choices = append(q.Choices, worksheet.Choice{Text: strings.TrimSpace(c)})
		}
		for _, i := range picked {
			if i < 0 || i >= len(q.Choices) {
				problems = append(problems, fmt.Sprintf("%s: the answer %q names no choice; give the letter of the correct choice (A to %c).", where, it.Answer, 'A'+len(q.Choices)-1))
				continue
			}
			q.Choices[i].Correct = true
		}
		if len(picked) > 1 {
			q.Select = len(picked)
		}
		if it.explain != "" {
			// the explanation of the answer: room under the choices, filled in the key only
			q.Answer = worksheet.Answer{Kind: worksheet.AnswerText, Value: it.explain}
			q.Space = worksheet.Space{Kind: worksheet.SpaceWork, Size: 0.5}
		}
	case worksheet.KindBlank:
		for _, b := range it.Blanks {
			q.Blanks = append(q.Blanks, answerOf(b))
		}
	case worksheet.KindMatching:
		if len(it.Left) != len(it.Right) {
			problems = append(problems, fmt.Sprintf("%s: left has %d items and right %d; give one right item per left item.", where, len(it.Left), len(it.Right)))
		}
		for i := range min(len(it.Left), len(it.Right)) {
			q.Pairs = append(q.Pairs, worksheet.Pair{Left: strings.TrimSpace(it.Left[i]), Right: strings.TrimSpace(it.Right[i])})
		}
	default:
		problems = append(problems, fmt.Sprintf("%s: kind %q is unknown; use one of %s.", where, it.Kind, strings.Join(itemKinds, ", ")))
	}
	return q, problems
}

// units splits a document into its top-level blocks with their flat items.
func units(doc worksheet.Document) []unit {
	var out []unit
	for _, b := range doc.Blocks {
		out = append(out, unit{items: flatOf(b), block: b})
	}
	return out
}

// toFlat writes a document as the JSON a model reads and writes.
func toFlat(doc worksheet.Document) flatDoc {
	fd := flatDoc{Title: doc.Title, Items: []flatItem{}, Language: doc.Language, Labels: doc.Labels}
	for _, b := range doc.Blocks {
		fd.Items = append(fd.Items, flatOf(b)...)
	}
	return fd
}

func empty(kind string) flatItem {
	return flatItem{Kind: kind, Choices: []string{}, Blanks: []string{}, Left: []string{}, Right: []string{}}
}

// flatOf writes one block as items: a question is followed by its parts.
func flatOf(b worksheet.Block) []flatItem {
	switch b.Kind {
	case worksheet.BlockInstructions:
		it := empty("instructions")
		it.Text = b.Text
		return []flatItem{it}
	case worksheet.BlockPassage:
		it := empty("passage")
		it.Title, it.Text = b.Title, b.Text
		return []flatItem{it}
	case worksheet.BlockSection:
		it := empty("section")
		it.Title = b.Title
		return []flatItem{it}
	case worksheet.BlockFigure:
		it := empty("figure")
		if b.Figure != nil {
			it.LaTeX, it.Text = b.Figure.LaTeX, b.Figure.Caption
		}
		return []flatItem{it}
	}
	if b.Question == nil {
		return nil
	}
	items := []flatItem{questionItem(*b.Question, false)}
	for _, p := range b.Question.Parts {
		items = append(items, questionItem(p, true))
	}
	return items
}

func questionItem(q worksheet.Question, part bool) flatItem {
	kind := q.Kind
	if kind == worksheet.KindGroup {
		kind = worksheet.KindShort
	}
	it := empty(kind)
	it.Text, it.Part, it.Points = q.Text, part, q.Points
	if q.Figure != nil {
		it.LaTeX = q.Figure.LaTeX
	}
	switch q.Kind {
	case worksheet.KindChoice:
		var letters []string
		for i, c := range q.Choices {
			it.Choices = append(it.Choices, c.Text)
			if c.Correct {
				letters = append(letters, string(rune('A'+i)))
			}
		}
		it.Answer = strings.Join(letters, ", ")
		it.explain = q.Answer.Value
	case worksheet.KindBlank:
		for _, a := range q.Blanks {
			it.Blanks = append(it.Blanks, a.Value)
		}
	case worksheet.KindMatching:
		for _, p := range q.Pairs {
			it.Left, it.Right = append(it.Left, p.Left), append(it.Right, p.Right)
		}
	case worksheet.KindGroup:
	default:
		it.Answer, it.Check = q.Answer.Value, q.Answer.Check
	}
	return it
}

// questionCount counts a document's numbered questions.
func questionCount(doc worksheet.Document) int {
	n := 0
	for _, b := range doc.Blocks {
		if b.Kind == worksheet.BlockQuestion {
			n++
		}
	}
	return n
}

// DocumentFromJSON reads a reply in the flat schema into a validated document, as the engine
// does (for tools that replay recorded replies, such as the benchmarks): answers left out
// that the check computes are no problem, as in the engine.
func DocumentFromJSON(raw string) (worksheet.Document, error) {
	fd, ok := parseFlat(raw)
	if !ok {
		return worksheet.Document{}, fmt.Errorf("not a worksheet in the JSON schema")
	}
	doc, err := fd.document(nil)
	if err != nil {
		return doc, err
	}
	return doc, generate.ValidateChecked(doc)
}
