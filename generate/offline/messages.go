package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

const canDo = `Offline I can write arithmetic practice: addition, subtraction, multiplication and times tables, division (with or without remainders), fractions (simplify, add and subtract, compare), rounding, and place value. For example: "20 two-digit addition problems", "the 7 times table", "division with remainders for grade 4, in two columns", "round to the nearest 100".`

const configureModel = `To write other worksheets, an administrator can connect a language model: set OPENAI_BASE_URL, OPENAI_MODEL and the model's secret key on the server (see Configuration in the README).`

const cannotEdit = `I couldn't tell what to change. Offline I can make the problems harder or easier, change how many there are ("only 10 questions", "add 5 more"), change the numbers ("use numbers up to 1000", "two-digit"), switch the operation ("change to subtraction"), use new numbers, or change the layout ("vertical", "in two columns"). ` + configureModel

const notOurSheet = `This worksheet was not written by the offline engine, so I can't edit it without a language model. I can write a new arithmetic worksheet instead. ` + canDo + " " + configureModel

// refersToSheet: a message about the sheet on screen rather than a request for a new one.
var refersToSheet = regexp.MustCompile(`\b(them|these|those|it|this|instead|change|harder|easier|more|fewer|only|remove|replace|add \d+|columns?|vertical|horizontal|again)\b`)

func cannotWrite(in intent) string {
	if in.wordProblems {
		return `I can't write word problems without a language model. ` + canDo + " " + configureModel
	}
	if in.otherTopic != "" {
		return fmt.Sprintf(`I can't write worksheets on %s without a language model. `, in.otherTopic) + canDo + " " + configureModel
	}
	return `I can't write that worksheet offline. ` + canDo + " " + configureModel
}

var opNames = map[string]string{
	opAdd: "addition", opSub: "subtraction", opMul: "multiplication", opDiv: "division",
	opFracSimpl: "fraction simplifying", opFracAdd: "fraction addition", opFracSub: "fraction subtraction",
	opFracCompare: "fraction comparison", opRound: "rounding", opPlaceValue: "place value", opExpanded: "expanded form",
}

// describe is the assistant's chat reply: what the sheet now holds.
func describe(s Spec, edited bool) string {
	adj, what, suffix := "", "", ""
	var names []string
	allFrac := true
	for _, op := range s.Ops {
		names = append(names, opNames[op])
		allFrac = allFrac && family(op) == "frac"
	}
	what = joinAnd(names)
	if allFrac && len(s.Ops) > 1 {
		what = "fraction"
		suffix = " (simplify, add and subtract, compare)"
	}
	if len(s.Ops) == 1 {
		l := s.Levels[s.Ops[0]]
		switch s.Ops[0] {
		case opAdd, opSub:
			switch {
			case l.SumMax > 0:
				suffix = fmt.Sprintf(" within %d", l.SumMax)
			case l.A.Min > 0 && l.A == l.B && l.A == digits(digitCount(l.A.Max)):
				adj = digitWord(digitCount(l.A.Max)) + " "
			case l.A == l.B:
				suffix = fmt.Sprintf(" with numbers up to %d", l.A.Max)
			}
		case opMul, opDiv:
			isDigits := func(r Range) bool { return r == digits(digitCount(r.Max)) || r == Range{2, 9} }
			switch {
			case len(l.Tables) > 0 && s.Ops[0] == opDiv:
				suffix = " dividing by " + tablesText(l.Tables)
			case len(l.Tables) == 1:
				suffix = fmt.Sprintf(" from the %d times table", l.Tables[0])
			case len(l.Tables) > 0:
				suffix = fmt.Sprintf(" from the %s times tables", tablesText(l.Tables))
			case isDigits(l.A) && isDigits(l.B):
				adj = fmt.Sprintf("%s by %s ", digitWord(digitCount(l.A.Max)), digitWord(digitCount(l.B.Max)))
			case s.Ops[0] == opDiv:
				suffix = fmt.Sprintf(" with numbers up to %d", l.A.Max)
			default:
				suffix = fmt.Sprintf(" with factors from %d to %d", l.A.Min, l.A.Max)
			}
		case opRound:
			var units []string
			for _, u := range l.RoundTo {
				units = append(units, fmt.Sprint(u))
			}
			suffix = " to the nearest " + joinOr(units)
		}
	}
	if s.Remainders && slices.Contains(s.Ops, opDiv) {
		suffix += " with remainders"
	}
	if s.Vertical && slices.ContainsFunc(s.Ops, func(op string) bool { return op == opAdd || op == opSub || op == opMul }) {
		suffix += " in column form"
	}
	if s.Columns > 1 {
		suffix += fmt.Sprintf(", in %d columns", s.Columns)
	}
	lead := "Here are"
	if edited {
		lead = "Done. Here are"
	}
	noun := "problems"
	if s.Count == 1 {
		noun = "problem"
	}
	return fmt.Sprintf("%s %d %s%s %s%s. Every answer in the key is computed.", lead, s.Count, adj, what, noun, suffix)
}

func digitWord(n int) string {
	words := []string{"", "single-digit", "two-digit", "three-digit", "four-digit", "five-digit", "six-digit"}
	if n < len(words) {
		return words[n]
	}
	return fmt.Sprintf("%d-digit", n)
}

func tablesText(ts []int64) string {
	if len(ts) > 3 && ts[len(ts)-1]-ts[0] == int64(len(ts)-1) {
		return fmt.Sprintf("%d to %d", ts[0], ts[len(ts)-1])
	}
	var parts []string
	for _, t := range ts {
		parts = append(parts, fmt.Sprint(t))
	}
	return joinAnd(parts)
}

func joinAnd(xs []string) string { return join(xs, "and") }
func joinOr(xs []string) string  { return join(xs, "or") }

func join(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}
