// Package check verifies the answers of a worksheet body by computation: wherever a question
// is plain arithmetic, a fraction operation, rounding, place value or a one-variable linear
// equation, the answer in its solution is computed, corrected if wrong, and marked \computed.
package check

import (
	"math/big"
	"regexp"
	"strings"
)

// Change records one corrected answer. Question is 1-based; Part is 1-based, 0 for the
// question itself.
type Change struct {
	Question int
	Part     int
	Was, Now string
}

var (
	itemStart = regexp.MustCompile(`\\(question|part|subpart|subsubpart)(?:\[[^\]]*\])?`)
	itemEnd   = regexp.MustCompile(`\\(?:begin|end)\{(?:parts|subparts|subsubparts|questions|multicols\*?|choices)\}`)
	solBegin  = regexp.MustCompile(`\\begin\{(solution|solutionorbox|solutionorlines|solutionordottedlines|solutionorgrid)\}(?:\[[^\]]*\])?`)
)

// Check verifies every computable answer in body and returns the body with wrong answers
// replaced and \computed after each verified one, plus the list of corrections. Running it
// again on its own output changes nothing.
func Check(body string) (checked string, changes []Change) {
	masked := maskComments(body)
	type edit struct {
		from, to int
		text     string
	}
	var edits []edit
	question, part := 0, 0
	starts := itemStart.FindAllStringSubmatchIndex(masked, -1)
	// approximate: instructions or a heading outside the questions ask to round or estimate;
	// stemApprox: the question whose parts these are does.
	approximate, stemApprox := len(starts) > 0 && approxContext.MatchString(masked[:starts[0][0]]), false
	pending := false // what follows this item governs the next ones, not this one
	for i, st := range starts {
		approximate, pending = approximate || pending, false
		if next := st[1]; next < len(masked) && isLetter(masked[next]) {
			continue // \questions, \partname and the like
		}
		switch masked[st[2]:st[3]] {
		case "question":
			question, part, stemApprox = question+1, 0, false
		case "part":
			part++
		default:
			continue // subparts are not numbered in the change record
		}
		next := len(masked)
		if i+1 < len(starts) {
			next = starts[i+1][0]
		}
		end := next
		if m := itemEnd.FindStringIndex(masked[st[1]:end]); m != nil {
			end = st[1] + m[0]
		}
		span := masked[st[1]:end]
		pending = approxContext.MatchString(masked[end:next])
		sb := solBegin.FindStringSubmatchIndex(span)
		if sb == nil {
			if part == 0 && approxContext.MatchString(span) {
				stemApprox = true
			}
			continue
		}
		closeTag := `\end{` + span[sb[2]:sb[3]] + `}`
		ce := strings.Index(span[sb[1]:], closeTag)
		if ce < 0 {
			continue
		}
		pending = pending || approxContext.MatchString(span[sb[1]+ce:])
		text := masked[st[1] : st[1]+sb[0]]
		if (approximate || stemApprox && part > 0) && !approxContext.MatchString(text) {
			continue // "Estimate each sum": $48 + 37$ is not asked exactly
		}
		p, ok := recognise(text)
		if !ok || question == 0 {
			continue
		}
		from, to := st[1]+sb[1], st[1]+sb[1]+ce
		sol := body[from:to]
		if !readableSolution(p, sol) && strings.TrimSpace(cleanSolution(sol)) != "" {
			continue // an answer we cannot read is not judged either way
		}
		if p.judge(sol) {
			if !computedCmd.MatchString(sol) {
				edits = append(edits, edit{from, to, strings.TrimRight(sol, " \t\n") + ` \computed` + trailingSpace(sol)})
			}
			continue
		}
		if v := problemValue(p); v != nil && statesValue(sol, v) {
			if final, ok := readAnswer(sol, ""); ok && final.val != nil && final.val.Cmp(v) != 0 {
				continue // "15 + 8 = 23" for 23 − 15: the right value is there, read the other way round
			}
		}
		now := p.answer(sol)
		was := strings.TrimSpace(computedCmd.ReplaceAllString(sol, " "))
		changes = append(changes, Change{Question: question, Part: part, Was: was, Now: now})
		edits = append(edits, edit{from, to, " " + now + ` \computed` + trailingSpace(sol)})
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(body[last:e.from])
		b.WriteString(e.text)
		last = e.to
	}
	b.WriteString(body[last:])
	return b.String(), changes
}

// readableSolution reports whether a solution states a value the problem can judge: "forty-two",
// "B" or a rounded "0.67" is neither confirmed nor replaced.
func readableSolution(p problem, sol string) bool {
	unknown := ""
	switch p := p.(type) {
	case equation:
		unknown = p.unknown
	case evaluation:
		unknown = p.name
	}
	switch p := p.(type) {
	case arithmetic, percentProblem, equation, evaluation:
		g, ok := readAnswer(sol, unknown)
		return ok && !approximates(problemValue(p), g)
	case interface{ readable(string) bool }: // quantities, comparisons, expanded forms
		return p.readable(sol)
	}
	return false
}

// statesValue reports whether a solution's working states the value anywhere (v not nil).
func statesValue(sol string, v *big.Rat) bool {
	for _, g := range values(cleanSolution(sol)) {
		if g.val.Cmp(v) == 0 {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// trailingSpace keeps the line break before \end{solution} if the solution had one.
func trailingSpace(sol string) string {
	if strings.HasSuffix(strings.TrimRight(sol, " \t"), "\n") {
		return "\n"
	}
	return " "
}

// maskComments blanks out TeX comments (keeping every offset) so commented-out questions are
// not read; "\%" is a percent sign, not a comment.
func maskComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' {
			i++
			continue
		}
		if b[i] == '%' {
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}
