package offline

import (
	"regexp"
	"strings"

	computed "sheetsmith/generate/check"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// Pasted problems are the sheet: when a teacher pastes their own problems (a numbered list of
// equations or sums, one a line or separated by commas), they are the questions, in their
// order, typeset and solved (package check computes every answer it can), not a hint for new
// ones.

// listMarker is a list's number or letter before a problem: at a line's start, after a colon or
// a sentence, or after the previous problem's last number ("… = 17 2) 3x − 8 = 13"); never the
// closing bracket of "(8 − 3) × 5".
var listMarker = regexp.MustCompile(`(^|\n|[:;]|[.?!]\s|\d\s+|\s\s)\s*(?:\d{1,2}|[a-hA-H])[.)]\s+`)

// pastedProblems finds a teacher's own problems in a request: three or more expressions, or
// two numbered ones, none of them an example ("like 3 + 4"). It returns the request without
// them, and the problems as written.
func pastedProblems(prompt string) (string, []string) {
	marked := listMarker.ReplaceAllString(prompt, "${1}\n")
	numbered := marked != prompt
	var locs [][]int
	for _, loc := range mathExpr.FindAllStringIndex(marked, -1) {
		e := strings.TrimRight(marked[loc[0]:loc[1]], " \t")
		loc[1] = loc[0] + len(e)
		if strings.ContainsAny(e, "0123456789") && isExpr(e) && !isLabel(e, marked[loc[1]:]) {
			locs = append(locs, loc)
		}
	}
	if len(locs) < 3 && !(numbered && len(locs) >= 2) {
		return prompt, nil
	}
	if exampleMarker.MatchString(marked[:locs[0][0]]) {
		return prompt, nil // "problems like 3 + 4, 5 + 6 and 7 + 8": examples
	}
	var items []string
	var rest strings.Builder
	last := 0
	for _, loc := range locs {
		items = append(items, strings.TrimSpace(marked[loc[0]:loc[1]]))
		rest.WriteString(marked[last:loc[0]])
		rest.WriteString(" ")
		last = loc[1]
	}
	rest.WriteString(marked[last:])
	if len(items) > maxQuestions {
		items = items[:maxQuestions]
	}
	return rest.String(), items
}

// sectionRange is "7.3-7.4": a textbook's sections, when a label's word follows ("7.3-7.4 Quiz").
var sectionRange = regexp.MustCompile(`^\d+\.\d+\s*[-−–]\s*\d+\.\d+$`)

// sectionLabel is a section range in a request's text, and the word after it.
var sectionLabel = regexp.MustCompile(`\b\d+\.\d+\s*[-−–]\s*\d+\.\d+\b(\s+\pL+)?`)

// cutLabels takes the textbook's section ranges of quizzes and lessons ("7.3-7.4 Quiz") out of
// a request, the label's word kept: neither a problem, nor a range, nor a count.
func cutLabels(prompt string) string {
	return sectionLabel.ReplaceAllStringFunc(prompt, func(m string) string {
		sub := sectionLabel.FindStringSubmatch(m)
		if isLabel(strings.TrimSpace(strings.TrimSuffix(m, sub[1])), sub[1]) {
			return " " + strings.TrimSpace(sub[1])
		}
		return m
	})
}

// isLabel: the expression names a quiz's or a lesson's sections, not a problem to solve.
func isLabel(e, after string) bool {
	words := strings.Fields(fold(after))
	return sectionRange.MatchString(e) && len(words) > 0 && wordSet("label words")[words[0]]
}

// pastedKind is the skill a list of pasted problems is practice of: the one every problem is
// an instance of, else the first one's ("" when none is recognised).
func pastedKind(items []string) (kind string, same bool) {
	same = true
	for _, it := range items {
		f, ok := formOf(it)
		switch {
		case !ok:
			same = false
		case kind == "":
			kind = f.skill
		case f.skill != kind:
			same = false
		}
	}
	return kind, same && kind != ""
}

var (
	texFraction = regexp.MustCompile(`(\b[a-zA-Z0-9]+)\s*/\s*([a-zA-Z0-9]+\b)`)
	texPower    = regexp.MustCompile(`\^\s*(\d+)`)
	texTimes    = regexp.MustCompile(`(\d|\))\s*[x*]\s*(\d|\()`)
	texBlank    = regexp.MustCompile(`_+|\?`)
)

// texOf typesets a pasted problem: "3/4 + 1/8" → "\frac{3}{4} + \frac{1}{8}", "12 x 7" → "12
// \times 7", "2^5" → "2^{5}", a blank or "?" → a line to write on.
func texOf(p string) string {
	s := strings.NewReplacer("−", "-", "×", `\times `, "÷", `\div `).Replace(p)
	for range 2 { // "12 x 7 x 2": the middle number belongs to both
		s = texTimes.ReplaceAllString(s, `$1 \times $2`)
	}
	s = texFraction.ReplaceAllString(s, `\frac{$1}{$2}`)
	s = texPower.ReplaceAllString(s, `^{$1}`)
	s = texBlank.ReplaceAllString(s, `\underline{\hspace{1cm}}`)
	return strings.Join(strings.Fields(s), " ")
}

// pastedItems are the pasted problems as questions, each answered where package check can
// compute it; one it cannot has room to work and its answer left for the teacher (the key says
// so). Checked stays false: it is the server's word.
func pastedItems(items []string, t skills.Text) []skills.Item {
	doc := worksheet.Document{Title: "pasted", Language: "en"}
	for _, it := range items {
		q := worksheet.Question{Kind: worksheet.KindShort, Text: "$" + texOf(it) + "$", Space: worksheet.Space{Kind: worksheet.SpaceBlank}}
		if strings.Contains(it, "=") {
			q.Space = worksheet.Space{Kind: worksheet.SpaceWork, Size: 2.5} // an equation is solved in steps
		}
		doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q})
	}
	computed.Document(&doc)
	out := make([]skills.Item, 0, len(items))
	for _, b := range doc.Blocks {
		q := *b.Question
		q.Answer.Checked = false
		if q.Answer.Value == "" {
			q.Kind = worksheet.KindOpen
			q.Answer = worksheet.Answer{Kind: worksheet.AnswerText, Value: t("pasted.unsolved")}
			q.Space = worksheet.Space{Kind: worksheet.SpaceWork, Size: 3}
		}
		out = append(out, skills.Item{Q: q})
	}
	return out
}
