package check

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"sheetsmith/worksheet"
)

// Document checks every answer of a worksheet document that can be computed from its own
// question: a right answer is marked Checked, a wrong (or missing) one is replaced by the
// computed value, marked Checked and listed in the changes. Every other answer is left as the
// engine wrote it with Checked false: Checked is the server's word, never an engine's.
// Running it again on its own output changes nothing.
func Document(doc *worksheet.Document) []Change {
	if doc == nil {
		return nil
	}
	var changes []Change
	n := 0
	// A title, heading or instructions asking to round or estimate govern the questions after
	// them: "$48 + 37$" under "Estimate each sum" is not asked exactly.
	docApprox, approx := approxContext.MatchString(doc.Title), false
	for i := range doc.Blocks {
		b := doc.Blocks[i]
		switch b.Kind {
		case worksheet.BlockSection:
			approx = approxContext.MatchString(b.Title)
		case worksheet.BlockInstructions, worksheet.BlockPassage:
			approx = approx || approxContext.MatchString(b.Title+" "+b.Text)
		}
		q := b.Question
		if b.Kind != worksheet.BlockQuestion || q == nil {
			continue
		}
		n++
		if separatorsAmbiguous(doc.Language, questionTexts(q)...) {
			clearChecked(q)
			clearParts(q.Parts)
			continue // "3,5" in a Spanish sheet: three and a half, or thirty-five?
		}
		outer := docApprox || approx
		changes = append(changes, checkIn(q, n, 0, outer)...)
		if stemDefines(q.Text) {
			clearParts(q.Parts)
			continue // a part may use the stem's variables: read alone it would mean something else
		}
		outer = outer || approxContext.MatchString(q.Text)
		for j := range q.Parts {
			changes = append(changes, checkIn(&q.Parts[j], n, j+1, outer)...)
			clearParts(q.Parts[j].Parts) // sub-parts are not checked
		}
	}
	return changes
}

// questionTexts lists a question's text, answers and choices, and its parts', for a look at
// how their numbers are written.
func questionTexts(q *worksheet.Question) []string {
	out := []string{q.Text, q.Answer.Value}
	for _, b := range q.Blanks {
		out = append(out, b.Value)
	}
	for _, c := range q.Choices {
		out = append(out, c.Text)
	}
	for i := range q.Parts {
		out = append(out, questionTexts(&q.Parts[i])...)
	}
	return out
}

// checkIn checks a question under instructions that may ask to round or estimate: there only
// a question that says so itself (and so says how) is read.
func checkIn(q *worksheet.Question, number, part int, approximate bool) []Change {
	if approximate && !approxContext.MatchString(q.Text) {
		clearChecked(q)
		return nil
	}
	return checkQuestion(q, number, part)
}

// stemDefines: the stem gives something a part may refer to (a variable, an equation).
func stemDefines(text string) bool {
	for _, m := range mathSegment.FindAllStringSubmatch(text, -1) {
		for _, g := range m[1:] {
			if g != "" && (strings.Contains(g, "=") || hasLetter.MatchString(plainMath(textCmd.ReplaceAllString(g, "")))) {
				return true
			}
		}
	}
	return false
}

func clearParts(parts []worksheet.Question) {
	for i := range parts {
		clearChecked(&parts[i])
		clearParts(parts[i].Parts)
	}
}

func clearChecked(q *worksheet.Question) {
	q.Answer.Checked = false
	for i := range q.Blanks {
		q.Blanks[i].Checked = false
	}
}

// checkQuestion checks one question's own answer (not its parts).
func checkQuestion(q *worksheet.Question, number, part int) []Change {
	clearChecked(q)
	var a *worksheet.Answer
	switch {
	case q.Kind == worksheet.KindChoice:
		return checkChoice(q, number, part)
	case q.Kind == worksheet.KindShort:
		a = &q.Answer
	case q.Kind == worksheet.KindOpen && q.Figure == nil:
		// a reader may take "\$0.85" for a sentence; only a word problem's strict reader judges it
		if p, ok := recogniseWordProblem(q.Text); ok && !choiceCmds.MatchString(q.Text) {
			if qp, isQ := p.(quantity); isQ && readableQuantity(qp, q.Answer.Value) {
				a = &q.Answer
				break
			}
		}
		return nil
	case q.Kind == worksheet.KindBlank && len(q.Blanks) == 1 && strings.Count(q.Text, worksheet.BlankMark) == 1:
		a = &q.Blanks[0]
	default:
		return nil
	}
	if q.Figure != nil {
		return nil // the figure may hold data the text does not
	}
	p, ok := recognise(q.Text)
	if !ok {
		if p, ok = fromCheck(q.Text, a.Check); !ok {
			return nil
		}
		if num, words, ok := valueWithWords(a.Value); ok {
			return checkWorded(p, a, num, words, number, part)
		}
	}
	right, readable := judgeTyped(p, a.Value)
	if !readable {
		separators := []*regexp.Regexp{workedSeparator}
		if _, isSum := p.(arithmetic); isSum {
			separators = append(separators, restatedSum)
		}
		for _, sep := range separators {
			head, last, math, ok := workedAnswer(a.Value, sep)
			if !ok || sep == restatedSum && statesValue(head, problemValue(p)) {
				continue // "15 + 8 = 23" for 23 − 15 states the right value the other way round
			}
			if changes, judged := checkWorked(p, a, head, last, math, number, part); judged {
				return changes
			}
		}
		plain := emphasis.ReplaceAllString(a.Value, "$1")
		if last, ok := lastRow(a.Value); ok {
			right, readable = judgeTyped(p, last) // aligned working: the last row is the result
		} else if _, isSum := p.(arithmetic); isSum && endsOnValue.MatchString(plain) && readableSolution(p, plain) {
			right, readable = p.judge(plain), true // a sentence around the value: "The answer is 82."
			if v := problemValue(p); !right && v != nil && statesValue(plain, v) {
				return nil // the right value is there, read the other way round
			}
		}
	}
	if right {
		a.Checked = true
		return nil
	}
	if !readable && strings.TrimSpace(a.Value) != "" {
		return nil // an answer we cannot read is not judged either way
	}
	kind, value := typedAnswer(p, *a)
	was := a.Value
	a.Kind, a.Value, a.Checked = kind, value, true
	return []Change{{Question: number, Part: part, Was: was, Now: value}}
}

// workedSeparator ends the working of an answer that shows its steps before its result:
// "3x = 15, so x = 5", "$2x = 14 \Rightarrow x = 7$", "2x = 14; x = 7". restatedSum ends the
// restated question of an arithmetic answer: "$345 + 278 = 613$", "$= 954$".
var (
	workedSeparator = regexp.MustCompile(`(?i)(,?\s+(?:so|thus|therefore|hence|then|entonces|donc|also)\s+|\s*(?:\\Rightarrow|\\implies|\\therefore|⇒|→|;)\s*|,\s+)`)
	restatedSum     = regexp.MustCompile(`\s*=\s*`)
)

// workedAnswer splits an answer that shows its working into the working (head, kept as
// written) and its result (last): the last statement after a separator. math says the result
// was written inside $…$ of its own.
func workedAnswer(value string, separator *regexp.Regexp) (head, last string, math, ok bool) {
	v := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "."))
	locs := separator.FindAllStringIndex(v, -1)
	if len(locs) == 0 {
		return "", "", false, false
	}
	cut := locs[len(locs)-1]
	head, last = v[:cut[1]], strings.TrimSpace(v[cut[1]:])
	if strings.Count(head, "$")%2 == 1 {
		// the separator is inside maths ($2x = 14 \Rightarrow x = 7$): the result closes it
		if !strings.HasSuffix(last, "$") {
			return "", "", false, false
		}
		last = strings.TrimSuffix(last, "$")
		return head, last, true, last != ""
	}
	if strings.HasPrefix(last, "$") && strings.HasSuffix(last, "$") && strings.Count(last, "$") == 2 {
		return head, strings.Trim(last, "$"), true, true
	}
	return head, last, false, last != "" && !strings.Contains(last, "$")
}

// fromCheck is the problem an engine's check states ("47 - 12", "s + 12 = 47") for a question
// whose text the recogniser cannot read (a word problem in the engine's own words): trusted
// only when each of its numbers is a number of the question, so a check cannot bring its own
// data.
func fromCheck(text, check string) (problem, bool) {
	check = strings.TrimSpace(check)
	if check == "" || len(check) > 200 || strings.ContainsAny(check, "$\\") && !strings.Contains(check, `\times`) {
		return nil, false
	}
	given := map[string]bool{}
	for _, n := range numbersOf(digitGroups.ReplaceAllString(Plain(text), "$1$2")) {
		given[n] = true
	}
	for _, n := range numbersOf(digitGroups.ReplaceAllString(check, "$1$2")) {
		if !given[n] {
			return nil, false
		}
	}
	if strings.Contains(check, "=") {
		return recognise("Solve $" + check + "$.")
	}
	return recognise("$" + check + " =$")
}

// digitGroups is a thousands separator between digits: "1,250" is 1250.
var digitGroups = regexp.MustCompile(`(\d),(\d{3})`)

// valueWithWords reads an answer that is a number and the words of what it counts ("35
// stickers", "$12.50 dollars"): the number and the words after it.
func valueWithWords(value string) (num, words string, ok bool) {
	m := numberWords.FindStringSubmatch(strings.TrimSpace(value))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

var numberWords = regexp.MustCompile(`^\\?\$?(-?\d[\d,]*(?:\.\d+)?)(\s+[\p{L} ]+\.?)$`)

// checkWorded judges the number of an answer written with words and, when it is wrong, writes
// the computed number in its place, the words kept.
func checkWorded(p problem, a *worksheet.Answer, num, words string, number, part int) []Change {
	right, readable := judgeTyped(p, num)
	if !readable {
		return nil
	}
	if right {
		a.Checked = true
		return nil
	}
	_, value := typedAnswer(p, worksheet.Answer{Value: num})
	was := a.Value
	a.Value, a.Checked = strings.Replace(a.Value, num, value, 1), true
	return []Change{{Question: number, Part: part, Was: was, Now: a.Value}}
}

// lastRow is the last row of working set in rows ("\begin{aligned}2x &= 14\\ x &= 7\end{aligned}"):
// the result, read without the alignment marks.
func lastRow(value string) (string, bool) {
	i := strings.LastIndex(value, `\\`)
	if i < 0 {
		return "", false
	}
	last := strings.NewReplacer(`\end{aligned}`, "", `\end{align*}`, "", "&", "").Replace(value[i+2:])
	return strings.TrimSpace(last), strings.TrimSpace(last) != ""
}

// endsOnValue: a sentence whose last word is its value ("The answer is 82."), not a unit.
var endsOnValue = regexp.MustCompile(`\d\$?\s*\.?\s*$`)

// emphasis is a value set in bold or underlined: "\textbf{82}".
var emphasis = regexp.MustCompile(`\\(?:textbf|emph|underline|boxed|mathbf)\{([^{}]*)\}`)

// checkWorked judges the result of an answer that shows its working and, when it is wrong,
// writes the computed result in its place, the working kept. judged is false when the result
// cannot be read.
func checkWorked(p problem, a *worksheet.Answer, head, last string, math bool, number, part int) (changes []Change, judged bool) {
	right, readable := judgeTyped(p, last)
	if !readable {
		return nil, false
	}
	if right {
		a.Checked = true
		return nil, true
	}
	_, value := typedAnswer(p, worksheet.Answer{Kind: a.Kind, Value: last})
	if math && strings.Count(head, "$")%2 == 1 {
		value += "$" // the result closes the maths its working opened
	} else if math {
		value = "$" + value + "$"
	}
	was := a.Value
	a.Value, a.Checked = head+value, true
	return []Change{{Question: number, Part: part, Was: was, Now: a.Value}}, true
}

// checkChoice moves the mark of a multiple-choice question whose answer can be computed to
// the one choice that states it, when the engine marked another. Questions with several
// answers to select, or where no single choice states the value, are left as written.
func checkChoice(q *worksheet.Question, number, part int) []Change {
	if q.Select > 1 || q.Figure != nil {
		return nil
	}
	p, ok := recognise(q.Text)
	if !ok {
		return nil
	}
	right, marked := -1, -1
	for i, c := range q.Choices {
		if c.Correct {
			if marked >= 0 {
				return nil // more than one marked: Validate's to report
			}
			marked = i
		}
		isRight, readable := judgeTyped(p, c.Text)
		if !readable {
			return nil // a choice we cannot read: the question is not ours to judge
		}
		if isRight {
			if right >= 0 {
				return nil // two choices state the value
			}
			right = i
		}
	}
	if right < 0 || right == marked {
		return nil
	}
	label := func(i int) string { return fmt.Sprintf("%c (%s)", 'A'+i, Plain(q.Choices[i].Text)) }
	was := ""
	if marked >= 0 {
		was = label(marked)
		q.Choices[marked].Correct = false
	}
	q.Choices[right].Correct = true
	return []Change{{Question: number, Part: part, Was: was, Now: label(right)}}
}

// strictValue reads a typed answer that is one value and nothing else ("14", "y = 14",
// "$\frac{3}{4}$", "3 R 2", "75%"); name, when set, is the only variable it may name.
func strictValue(value, name string) (g given, named string, ok bool) {
	if decimalComma.MatchString(value) {
		return given{}, "", false
	}
	s := cleanSolution(value)
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.ReplaceAll(s, `\%`, "%")), "."))
	s = strings.TrimSpace(strings.TrimSuffix(s, "%"))
	if m := namedValue.FindStringSubmatch(s); m != nil {
		named, s = m[1], m[2]
	}
	if ms := remainderForm.FindStringSubmatch(s); ms != nil && strings.TrimSpace(remainderForm.ReplaceAllString(s, "")) == "" {
		q, _ := new(big.Int).SetString(ms[1], 10)
		r, _ := new(big.Int).SetString(ms[2], 10)
		return given{form: "remainder", q: q, r: r}, named, true
	}
	vs := values(s)
	if len(vs) != 1 {
		return given{}, named, false
	}
	rest := strings.TrimSpace(valueToken.ReplaceAllString(s, ""))
	if rest != "" && rest != "-" {
		return given{}, named, false
	}
	return vs[0], named, true
}

var namedValue = regexp.MustCompile(`^([a-zA-Z])\s*=\s*(.+)$`)

// judgeTyped: right says the answer is the computed one; readable says it could be read at
// all (an unreadable answer is neither confirmed nor corrected).
func judgeTyped(p problem, value string) (right, readable bool) {
	if g, _, ok := strictValue(value, ""); ok && approximates(problemValue(p), g) {
		return false, false
	}
	switch p := p.(type) {
	case arithmetic:
		g, named, ok := strictValue(value, "")
		if !ok {
			return false, false
		}
		if named != "" {
			return false, true
		}
		return p.judgeGiven(g), true
	case percentProblem:
		g, named, ok := strictValue(value, "")
		if !ok {
			return false, false
		}
		return named == "" && g.form != "remainder" && g.val.Cmp(p.val) == 0, true
	case quantity:
		return p.judgeValue(value)
	case equation:
		return judgeNamed(value, p.unknown, p.val)
	case evaluation:
		return judgeNamed(value, p.name, p.val)
	case interface{ readable(string) bool }: // comparison, expanded form: their own shapes
		if !p.readable(value) {
			return false, false
		}
		return p.(problem).judge(value), true
	}
	return false, false
}

// judgeNamed: "y = 14" or "14" for a question that asks for y; "x = 14" is wrong.
func judgeNamed(value, name string, want *big.Rat) (right, readable bool) {
	g, named, ok := strictValue(value, name)
	if !ok {
		return false, false
	}
	if named != "" && named != name {
		return false, true
	}
	return g.form != "remainder" && g.val.Cmp(want) == 0, true
}

// typedAnswer is the computed answer in the typed form closest to the engine's.
func typedAnswer(p problem, old worksheet.Answer) (kind, value string) {
	g, named, _ := strictValue(old.Value, "")
	form := g.form
	switch p := p.(type) {
	case arithmetic:
		if form == "remainder" || (form == "" || form == "int") && p.divA != nil && !p.val.IsInt() {
			q, r := new(big.Int).QuoRem(p.divA, p.divB, new(big.Int))
			return worksheet.AnswerText, fmt.Sprintf("%s R %s", q, r)
		}
		if p.form != "" {
			form = p.form
		}
		if (form == "" || form == "int") && p.decimals {
			form = "decimal"
		}
		if p.lowest && form == "decimal" {
			form = "fraction"
		}
		return typedValue(p.val, form)
	case percentProblem:
		_, v := typedValue(p.val, "decimal")
		return worksheet.AnswerNumber, v + `\%`
	case quantity:
		kind := old.Kind
		if kind == "" || strings.TrimSpace(old.Value) == "" {
			kind = worksheet.AnswerText
		}
		return kind, p.answer(old.Value)
	case equation:
		return namedAnswer(p.unknown, p.val, form, named != "" || old.Kind == worksheet.AnswerExpression)
	case evaluation:
		return namedAnswer(p.name, p.val, form, named != "" || old.Kind == worksheet.AnswerExpression)
	}
	return worksheet.AnswerExpression, strings.Trim(p.answer(old.Value), "$")
}

func namedAnswer(name string, v *big.Rat, form string, withName bool) (kind, value string) {
	if form == "remainder" {
		form = ""
	}
	if name == "" || name == "#" || !withName {
		return typedValue(v, form)
	}
	return worksheet.AnswerExpression, name + " = " + formatValue(v, form)
}

// typedValue writes a value as a number ("1,250", "-3.5") or a fraction ("3/4", "2 1/3").
func typedValue(r *big.Rat, form string) (kind, value string) {
	if r.IsInt() {
		return worksheet.AnswerNumber, strings.ReplaceAll(formatInt(r.Num()), "{,}", ",")
	}
	if form == "decimal" {
		if s, ok := finiteDecimal(r); ok {
			return worksheet.AnswerNumber, s
		}
	}
	sign := ""
	a := new(big.Rat).Abs(r)
	if r.Sign() < 0 {
		sign = "-"
	}
	if form == "mixed" && a.Cmp(big.NewRat(1, 1)) > 0 {
		w := new(big.Int).Quo(a.Num(), a.Denom())
		rest := new(big.Int).Sub(a.Num(), new(big.Int).Mul(w, a.Denom()))
		return worksheet.AnswerFraction, fmt.Sprintf("%s%s %s/%s", sign, w, rest, a.Denom())
	}
	return worksheet.AnswerFraction, fmt.Sprintf("%s%s/%s", sign, a.Num(), a.Denom())
}

// Sentence is the correction in one plain sentence for the chat reply:
// "I corrected the answer to question 4: 75, not 85."
func (c Change) Sentence() string {
	where := fmt.Sprintf("question %d", c.Question)
	if c.Part > 0 {
		where += "(" + partLetter(c.Part) + ")"
	}
	now, was := Plain(c.Now), Plain(c.Was)
	if was == "" {
		return fmt.Sprintf("I filled in the missing answer to %s: %s.", where, now)
	}
	return fmt.Sprintf("I corrected the answer to %s: %s, not %s.", where, now, was)
}

func partLetter(n int) string {
	if n >= 1 && n <= 26 {
		return string(rune('a' + n - 1))
	}
	return fmt.Sprint(n)
}

var (
	plainFrac2  = regexp.MustCompile(`\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}`)
	plainMixed2 = regexp.MustCompile(`(\d)\s*\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}`)
	plainCmdArg = regexp.MustCompile(`\\(?:text|textbf|mathrm|mathbf|boxed|emph|textit)\s*\{([^{}]*)\}`)
)

var plainReplacer = strings.NewReplacer("$", "", `\(`, "", `\)`, "", "{,}", ",", `\%`, "%", `\times`, "×", `\div`, "÷",
	`\cdot`, "·", `\leq`, "≤", `\geq`, "≥", `\le`, "≤", `\ge`, "≥", `\,`, " ", `\;`, " ", `\ `, " ", "~", " ", `\computed`, "")

// Plain writes an answer's inline LaTeX as chat text: "$\frac{3}{4}$" → "3/4".
func Plain(tex string) string {
	s := plainDegree.ReplaceAllString(tex, "°")
	s = plainSquared.ReplaceAllString(s, "²")
	s = strings.ReplaceAll(s, `\$`, "¤")
	s = plainCmdArg.ReplaceAllString(s, "$1")
	s = plainMixed2.ReplaceAllString(s, "$1 $2/$3")
	s = plainFrac2.ReplaceAllString(s, "$1/$2")
	s = plainReplacer.Replace(s)
	s = strings.ReplaceAll(s, "¤", "$")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

var (
	plainDegree  = regexp.MustCompile(`\^\s*\{?\s*\\circ\s*\}?|\\textdegree\b|\\degree\b`)
	plainSquared = regexp.MustCompile(`\$?\^\s*\{?\s*2\s*\}?\$?|\\textsuperscript\s*\{\s*2\s*\}`)
)

func readableQuantity(p quantity, value string) bool {
	_, readable := p.judgeValue(value)
	return readable
}
