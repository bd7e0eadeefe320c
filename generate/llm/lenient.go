package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Models that write the JSON without the endpoint enforcing the schema (Ollama without
// format, llama.cpp without a grammar, a proxy that drops response_format) write it the way
// JavaScript allows: comments, trailing commas, numbers and flags as strings ("points": "2",
// "part": "false"), an answer as a number or a list, the choices as one string, and parts
// nested inside their question. The reader here takes all of these as the flat items.

// cleanJSON removes // and /* */ comments and the commas before a closing ] or } outside
// strings, and reads a Python dict as printed (Llama and Qwen write one when asked for JSON
// in plain chat): 'single-quoted' strings and True, False, None.
func cleanJSON(s string) string {
	var b strings.Builder
	in, single := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if single {
			switch {
			case c == '\\' && i+1 < len(s) && s[i+1] == '\'':
				b.WriteByte('\'')
				i++
			case c == '\\' && i+1 < len(s):
				b.WriteByte(c)
				i++
				b.WriteByte(s[i])
			case c == '"':
				b.WriteString(`\"`)
			case c == '\'':
				b.WriteByte('"')
				single = false
			default:
				b.WriteByte(c)
			}
			continue
		}
		if in {
			b.WriteByte(c)
			switch c {
			case '\\':
				if i+1 < len(s) {
					i++
					b.WriteByte(s[i])
				}
			case '"':
				in = false
			}
			continue
		}
		if word := pythonWord(s, i); word != "" {
			b.WriteString(pythonWords[word])
			i += len(word) - 1
			continue
		}
		switch {
		case c == '"':
			in = true
		case c == '\'':
			b.WriteByte('"')
			single = true
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
				continue
			}
			i += 2 + end + 1
			continue
		case c == ',':
			j := i + 1
			for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
				j++
			}
			if j < len(s) && (s[j] == ']' || s[j] == '}') {
				continue // a trailing comma
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

var pythonWords = map[string]string{"True": "true", "False": "false", "None": "null"}

// pythonWord is the Python constant (True, False, None) that starts at s[i] as a whole word.
func pythonWord(s string, i int) string {
	if i > 0 && isWordByte(s[i-1]) {
		return ""
	}
	for w := range pythonWords {
		if strings.HasPrefix(s[i:], w) && (i+len(w) == len(s) || !isWordByte(s[i+len(w)])) {
			return w
		}
	}
	return ""
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// firstObject is the JSON object that starts s, without what follows it (a sentence after
// the JSON, a second object); s itself when the object never closes (an answer cut off).
func firstObject(s string) string {
	depth, in := 0, false
	for i := 0; i < len(s); i++ {
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
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	return s
}

// UnmarshalJSON reads the document with its keys in any case and its items in any of the
// loose forms above.
func (fd *flatDoc) UnmarshalJSON(b []byte) error {
	var fields fieldSet
	var raw json.RawMessage
	title := ""
	// the document wrapped in an object of its own: {"worksheet": {"title": …, "items": […]}}
	// is read inside, its title kept when the inside has none; unwrapped in a loop, at most
	// maxItemNesting times (each unwrapping reads the inside again)
	for wraps := 0; ; wraps++ {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		fields = keyed(m)
		*fd = flatDoc{Title: looseString(fields.get("title", "name", "worksheettitle", "titulo", "título")), Language: looseString(fields.get("language", "lang"))}
		if fd.Title != "" {
			title = fd.Title
		}
		raw = fields.get("items", "questions", "content", "worksheet", "blocks", "sections", "preguntas", "ejercicios", "secciones")
		t := bytes.TrimSpace(raw)
		if len(t) == 0 || t[0] != '{' {
			break
		}
		if wraps >= maxItemNesting {
			return errWrappedTooDeep
		}
		b = t
	}
	fd.Title = title
	_ = json.Unmarshal(fields.get("labels"), &fd.Labels) // optional: a language without a file (worksheet/lang)
	var list []json.RawMessage
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &list); err != nil {
			return err
		}
	}
	// directions written beside the list rather than as its first item
	if d := strings.TrimSpace(looseString(fields.get("instructions", "directions", "instrucciones"))); d != "" {
		fd.Items = append(fd.Items, flatItem{Kind: "instructions", Text: d})
	}
	for _, r := range list {
		fd.Items = append(fd.Items, looseItems(r, false, 0)...)
	}
	// an answer key written as a second list beside the items: the questions again with their
	// answers, or the answers alone ("1. 350"); it goes after the items under its heading,
	// where the answer-key rules take it off the sheet
	heading := "Answer Key"
	for _, name := range []string{"respuestas", "soluciones"} {
		if len(fields.get(name)) > 0 {
			heading = strings.ToUpper(name[:1]) + name[1:]
		}
	}
	if raw := fields.get("answerkey", "answers", "solutions", "key", "respuestas", "soluciones"); len(raw) > 0 {
		var key []json.RawMessage
		if keys, vals, ok := orderedObject(raw); ok {
			// {"1": "11", "2": "10"}: the answers by their question's number
			for i := range keys {
				key = append(key, json.RawMessage(strconv.Quote(keys[i]+". "+vals[i])))
			}
		} else if json.Unmarshal(raw, &key) != nil {
			key = nil
		}
		if len(key) > 0 {
			var items []flatItem
			var lines []string
			for i, r := range key {
				var it []flatItem
				if t := bytes.TrimSpace(r); len(t) > 0 && t[0] == '{' {
					it = looseItems(r, false, 0)
				}
				if len(it) > 0 {
					items = append(items, it...)
				} else if a := strings.TrimSpace(looseString(r)); a != "" {
					if keyLine.MatchString(a) {
						lines = append(lines, a)
					} else {
						lines = append(lines, fmt.Sprintf("%d. %s", i+1, a))
					}
				}
			}
			if len(lines) > 0 {
				items = append(items, flatItem{Kind: "instructions", Text: strings.Join(lines, "\n")})
			}
			if len(items) > 0 {
				fd.Items = append(fd.Items, flatItem{Kind: "section", Title: heading})
				fd.Items = append(fd.Items, items...)
			}
		}
	}
	return nil
}

type fieldSet map[string]json.RawMessage

// keyed indexes an object's fields by their name in lower case without _, - and spaces.
func keyed(m map[string]json.RawMessage) fieldSet {
	out := fieldSet{}
	for k, v := range m {
		key := strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "").Replace(k))
		if _, ok := out[key]; !ok || isNull(out[key]) {
			out[key] = v
		}
	}
	return out
}

func (f fieldSet) get(names ...string) json.RawMessage {
	for _, n := range names {
		if v, ok := f[n]; ok && !isNull(v) {
			return v
		}
	}
	return nil
}

func isNull(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return len(v) == 0 || string(v) == "null"
}

// errWrappedTooDeep: a document wrapped in objects more than maxItemNesting deep.
var errWrappedTooDeep = errors.New("the document is wrapped in objects too deep")

// maxItemNesting is how deep items are read inside items (sections, parts, sub-parts): each
// level reads its whole inside again, so a reply nested thousands deep (JSON allows 10,000)
// stops here instead of costing minutes; what is nested deeper is not read.
const maxItemNesting = 8

// looseItems reads one item, nested depth deep, and the parts nested inside it as the parts
// after it. A part nested deeper is a part too: a part whose own parts carry the answers is a
// stem, and its text goes before its first sub-part's.
func looseItems(raw json.RawMessage, part bool, depth int) []flatItem {
	if depth > maxItemNesting {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		var rows []json.RawMessage
		if json.Unmarshal(raw, &rows) == nil && !part {
			// items grouped in lists of their own (a quiz board's rows): the items in order
			var out []flatItem
			for _, r := range rows {
				out = append(out, looseItems(r, false, depth+1)...)
			}
			return out
		}
		var text string
		if json.Unmarshal(raw, &text) == nil && strings.TrimSpace(text) != "" && !part {
			// a question written as a plain string in the list
			return []flatItem{{Kind: "short", Text: text}}
		}
		return nil
	}
	f := keyed(m)
	it := flatItem{
		Kind:    looseString(f.get("kind", "type", "questiontype", "itemtype", "tipo")),
		Text:    looseString(f.get("text", "question", "questiontext", "prompt", "content", "body", "stem", "front", "q", "pregunta", "texto", "enunciado")),
		Title:   looseString(f.get("title", "heading", "titulo", "título")),
		Choices: looseList(f.get("choices", "options", "answers", "opciones", "alternativas")),
		Blanks:  looseList(f.get("blanks", "blankanswers", "respuestas")),
		Left:    looseList(f.get("left", "leftitems", "terms")),
		Right:   looseList(f.get("right", "rightitems", "definitions")),
		LaTeX:   looseString(f.get("latex", "tikz", "figure")),
		Part:    part || looseBool(f.get("part", "ispart", "subquestion")),
		Points:  looseNumber(f.get("points", "marks", "score")),
		Check:   looseString(f.get("check", "computation", "calculation", "expression", "equation")),
	}
	looseAnswer(&it, f)
	if len(it.Left) == 0 && len(it.Right) == 0 {
		if l, r := loosePairs(f.get("pairs", "matches", "matching")); len(l) > 0 {
			it.Left, it.Right = l, r
		}
	}
	// a section written as an object holding its own questions: its heading, its
	// directions, then its questions
	if nested := f.get("questions", "items", "preguntas", "ejercicios"); len(nested) > 0 && !part {
		var list []json.RawMessage
		if json.Unmarshal(nested, &list) == nil && len(list) > 0 {
			if k := kindOf(it.Kind); k != "" && k != "section" {
				// a passage or figure with the questions about it after it
				out := []flatItem{it}
				for _, r := range list {
					out = append(out, looseItems(r, false, depth+1)...)
				}
				return out
			}
			var out []flatItem
			title := strings.TrimSpace(it.Title)
			if title == "" && kindOf(it.Kind) == "section" {
				title = strings.TrimSpace(it.Text)
			}
			if title != "" {
				out = append(out, flatItem{Kind: "section", Title: title})
			}
			if d := strings.TrimSpace(looseString(f.get("instructions", "directions", "instrucciones"))); d != "" {
				out = append(out, flatItem{Kind: "instructions", Text: d})
			} else if t := strings.TrimSpace(it.Text); t != "" && t != title {
				out = append(out, flatItem{Kind: "instructions", Text: t})
			}
			for _, r := range list {
				out = append(out, looseItems(r, false, depth+1)...)
			}
			return out
		}
	}
	out := []flatItem{it}
	var subs []json.RawMessage
	if p := f.get("parts", "subparts", "subquestions", "subitems", "children"); len(p) > 0 {
		_ = json.Unmarshal(p, &subs)
	}
	var parts []flatItem
	for _, s := range subs {
		parts = append(parts, looseItems(s, true, depth+1)...)
	}
	if len(parts) == 0 {
		return out
	}
	if part && strings.TrimSpace(it.Answer) == "" {
		// a part that is itself a stem: its text leads into its first sub-part
		parts[0].Text = strings.TrimSpace(it.Text + " " + parts[0].Text)
		if parts[0].stem == "" && strings.TrimSpace(it.Text) != "" {
			parts[0].stem = it.Text
		}
		return parts
	}
	return append(out, parts...)
}

// looseString is a string field written as a string, a number, a flag or a list.
func looseString(v json.RawMessage) string { return looseStringIn(v, 0) }

// looseStringIn is looseString of a value nested depth deep in lists: each level reads its
// inside again, so lists past maxItemNesting are not read.
func looseStringIn(v json.RawMessage, depth int) string {
	if isNull(v) || depth > maxItemNesting {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(v, &obj) == nil {
		// {"value": 12.9, "display": "12.9 cm²"}: the value as it is to be shown
		f := keyed(obj)
		if len(f) == 1 {
			for _, v := range f { // {"A": "…"}: an option under its letter
				return looseStringIn(v, depth+1)
			}
		}
		return looseStringIn(f.get("display", "text", "value", "answer", "option", "choice", "label", "content"), depth+1)
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		var parts []string
		for _, e := range list {
			if p := looseStringIn(e, depth+1); p != "" {
				parts = append(parts, p)
			}
		}
		return strings.Join(parts, ", ")
	}
	return strings.TrimSpace(string(v)) // a number or a flag as written: 100, 0.5, false
}

var letterMarker = regexp.MustCompile(`(?:^|[\s,;])\(?([A-Ha-h])[).:]\s+`)

// looseList is a list field written as a list or as one string: "A) solid, B) liquid" is
// split at its letters, other text at its lines or semicolons, else at its commas.
func looseList(v json.RawMessage) []string {
	if isNull(v) {
		return nil
	}
	if keys, vals, ok := orderedObject(v); ok {
		// {"A": "Rabbit", "B": "Oak tree"}: the options under their letters, in order
		return vals[:len(keys)]
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		out := make([]string, 0, len(list))
		for _, e := range list {
			out = append(out, looseString(e))
		}
		return out
	}
	s := strings.TrimSpace(looseString(v))
	if s == "" {
		return nil
	}
	if _, out := letteredOptions(s); len(out) > 0 {
		return out
	}
	for _, sep := range []string{"\n", ";", ","} {
		if strings.Contains(s, sep) {
			var out []string
			for _, p := range strings.Split(s, sep) {
				if p = strings.TrimSpace(p); p != "" {
					out = append(out, p)
				}
			}
			return out
		}
	}
	return []string{s}
}

// lettersInOrder: the markers are A, B, C… (or a, b, c…) in order.
// letteredOptions splits "… A) solid, B) liquid" at its letters A, B, C… in order: the text
// before the first letter and the options. options is nil without two letters in order.
func letteredOptions(s string) (before string, options []string) {
	ms := letterMarker.FindAllStringSubmatchIndex(s, -1)
	// the options are the last run of letters from A: "Which is a gas? A) …" may hold an "a."
	for len(ms) >= 2 && !lettersInOrder(s, ms) {
		ms = ms[1:]
	}
	if len(ms) < 2 {
		return s, nil
	}
	for i, m := range ms {
		end := len(s)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		options = append(options, strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[m[1]:end]), ",;")))
	}
	return strings.TrimSpace(s[:ms[0][0]]), options
}

func lettersInOrder(s string, ms [][]int) bool {
	for i, m := range ms {
		l := strings.ToUpper(s[m[2]:m[3]])
		if l[0] != byte('A'+i) {
			return false
		}
	}
	return true
}

func looseBool(v json.RawMessage) bool {
	var b bool
	if json.Unmarshal(v, &b) == nil {
		return b
	}
	switch strings.ToLower(strings.TrimSpace(looseString(v))) {
	case "true", "yes", "1":
		return true
	}
	return false
}

var leadingNumber = regexp.MustCompile(`^\s*(\d+(?:\.\d+)?)`)

// looseNumber reads 2, "2", "2 points"; anything else is 0.
func looseNumber(v json.RawMessage) float64 {
	var n float64
	if json.Unmarshal(v, &n) == nil {
		return n
	}
	if m := leadingNumber.FindStringSubmatch(looseString(v)); m != nil {
		n, _ = strconv.ParseFloat(m[1], 64)
	}
	return n
}

// loosePairs reads matching written as pairs: [{"left": …, "right": …}], [{"term": …,
// "definition": …}], [["a", "b"]] or {"a": "b"}.
func loosePairs(v json.RawMessage) (left, right []string) {
	if isNull(v) {
		return nil, nil
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) != nil {
		var obj map[string]string
		if json.Unmarshal(v, &obj) == nil {
			for k := range obj {
				left = append(left, k)
			}
			slices.Sort(left) // a JSON object has no order; the sheet shuffles anyway
			for _, k := range left {
				right = append(right, obj[k])
			}
		}
		return left, right
	}
	for _, e := range list {
		var pair []json.RawMessage
		if json.Unmarshal(e, &pair) == nil && len(pair) == 2 {
			left, right = append(left, looseString(pair[0])), append(right, looseString(pair[1]))
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(e, &m) != nil {
			continue
		}
		f := keyed(m)
		l := looseString(f.get("left", "term", "item", "word", "question", "a"))
		r := looseString(f.get("right", "definition", "match", "meaning", "answer", "b"))
		if l != "" || r != "" {
			left, right = append(left, l), append(right, r)
		}
	}
	return left, right
}

// orderedObject reads a JSON object's keys and values (as loose strings) in the order written:
// a Go map would lose the order of options written as {"A": …, "B": …}.
func orderedObject(v json.RawMessage) (keys, vals []string, ok bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || v[0] != '{' {
		return nil, nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		k, _ := t.(string)
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, nil, false
		}
		keys, vals = append(keys, k), append(vals, looseString(raw))
	}
	return keys, vals, len(keys) > 0
}

// withDistractors is the choices of a question written as its answer and lists of wrong ones
// ("wrong_answers", "incorrect_answers", "distractors"): the answer among them at a place
// its question's text picks, so it is not always first and a new reading puts it at the same
// place.
func withDistractors(answer string, f fieldSet) []string {
	var wrong []string
	for _, kinds := range [][]string{{"wrong", "incorrect", "distractor"}, {"silly", "funny"}} {
		for _, k := range slices.Sorted(maps.Keys(f)) {
			if slices.ContainsFunc(kinds, func(w string) bool { return strings.Contains(k, w) }) {
				wrong = append(wrong, looseList(f[k])...)
			}
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	h := fnv.New32a()
	h.Write([]byte(answer))
	at := int(h.Sum32() % uint32(len(wrong)+1))
	return slices.Insert(wrong, at, answer)
}

// choiceMarks are the marks a model puts on the right choice in its text ("Paris ✅") or on
// the wrong ones ("❌").
var choiceMarks = regexp.MustCompile(`\s*(?:✅|✔️?|☑️?|✓|❌|✗|✘|\((?i:correct|richtig|correcto|correcta|correcte|vrai|oikein)\))\s*`)

var rightMark = regexp.MustCompile(`✅|✔|☑|✓|\((?i:correct|richtig|correcto|correcta|correcte|vrai|oikein)\)`)

// markedChoices is the letters of the choices a model marked right: a flag on a choice
// written as an object ({"text": …, "correct": true}) or a ✅ in its text; "" when none is.
func markedChoices(raw json.RawMessage, choices []string) string {
	var list []json.RawMessage
	_ = json.Unmarshal(raw, &list)
	var letters []string
	for i, c := range choices {
		right := rightMark.MatchString(c)
		if i < len(list) {
			var m map[string]json.RawMessage
			if json.Unmarshal(list[i], &m) == nil {
				right = right || looseBool(keyed(m).get("correct", "iscorrect", "right", "iscorrectanswer", "answer", "correcta", "richtig"))
			}
		}
		if right && i < 26 {
			letters = append(letters, string(rune('A'+i)))
		}
	}
	return strings.Join(letters, ", ")
}

// looseAnswer reads an item's answer, its explanation and its kind from the fields a model
// wrote them in: the right choice as its text, a letter, a flag or a ✅; the choices made of
// the right answer and the wrong ones; a kind of the model's own read from the fields.
func looseAnswer(it *flatItem, f fieldSet) {
	it.explain = strings.TrimSpace(looseString(f.get("explanation", "rationale", "reasoning", "workedsolution", "working", "explicacion", "explicación")))
	a := f.get("answer", "correctanswer", "solution", "correct", "back", "respuesta", "respuestacorrecta", "solucion", "solución")
	if len(a) == 0 && len(f.get("q")) > 0 {
		a = f.get("a") // {"q": …, "a": …}
	}
	if len(a) > 0 {
		if list := looseList(a); len(list) > 1 && strings.HasPrefix(strings.TrimSpace(string(a)), "[") {
			it.Answer = strings.Join(list, ", ")
		} else {
			it.Answer = looseString(a)
		}
	}
	if len(it.Choices) == 0 && strings.TrimSpace(it.Answer) != "" {
		it.Choices = withDistractors(it.Answer, f)
	}
	if marked := markedChoices(f.get("choices", "options", "answers", "opciones", "alternativas"), it.Choices); marked != "" && strings.TrimSpace(it.Answer) == "" {
		it.Answer = marked
	}
	for i, c := range it.Choices {
		it.Choices[i] = strings.TrimSpace(choiceMarks.ReplaceAllString(c, " "))
	}
	given := it.Kind
	if k := kindOf(it.Kind); !slices.Contains(itemKinds, k) {
		it.Kind = "" // a kind of the model's own ("computational"): what the fields hold says it
	}
	if strings.TrimSpace(it.Kind) == "" {
		// no kind given: what the fields hold says it ({"question": …} is a question)
		switch {
		case len(it.Choices) > 0:
			it.Kind = "choice"
		case len(it.Left) > 0:
			it.Kind = "matching"
		case len(it.Blanks) > 0:
			it.Kind = "blank"
		case len(f.get("question", "pregunta")) > 0 || strings.TrimSpace(it.Text) != "" && strings.TrimSpace(it.Answer) != "":
			it.Kind = "short"
		default:
			it.Kind = given
		}
	}
}
