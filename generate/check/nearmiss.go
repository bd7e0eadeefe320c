package check

import (
	"regexp"
	"strings"
)

// A question whose words do more than its maths is not the maths alone: "What is 5 more than
// $3 \times 4$?", "Round $3.46 + 2.38$ to the nearest tenth", "Evaluate … then double it".
// Reading only the maths would "correct" a right answer, so such questions stay unchecked.

var (
	// furtherStep: wording that asks for something done to the result, or for an approximation.
	furtherStep = regexp.MustCompile(`(?i)\b(?:round\w*|nearest|decimal places?|significant|about|approximately|approximate|estimat\w*|then|double|twice|triple|half|halve|redonde\w*|aproximad\w*|luego|después|despues|cercan[oa])\b`)
	// resultProperty: something about the result rather than the result: its square, its
	// opposite, its digits, its remainder, how many tens it holds.
	resultProperty = regexp.MustCompile(`(?i)\b(?:squared?|cubed?|roots?|reciprocal|opposite|absolute|inverse|factorial|factors?|multiples?|prime|digits?|tens|hundreds|thousands|tenths|hundredths|ones|doble|triple|mitad|cuadrado|cubo|raíz|recíproco|inverso|opuesto|absoluto|cifras?|dígitos?|decenas|centenas)\b` +
		// the remainder alone ("What is the remainder when …"), not "the quotient and remainder"
		`|(?i)\b(?:what is|what's|find|write|give)\s+(?:only\s+)?the\s+remainder\b|\bremainder\s+(?:when|of|left)\b|\b(?:cuál es|halla|encuentra|escribe)\s+(?:solo\s+)?el\s+(?:residuo|resto)\b`)
	// relativeStep: "5 more than", "fewer than": another quantity beside the maths.
	relativeStep = regexp.MustCompile(`(?i)\b(?:more|less|fewer|greater|smaller|larger|bigger)\s+than\b|\b(?:más|menos)\s+que\b`)
	// approxContext: instructions, a heading or a title asking to round or estimate govern the
	// questions after them ("Estimate each sum", "Round answers to the nearest tenth").
	// "Round 2" is a title, not an instruction.
	approxContext = regexp.MustCompile(`(?i)\b(?:rounding|round(?:ed)?\s+(?:to|each|all|every|your|answers?|off|the|it|them)|nearest|estimat\w*|decimal places?|significant figures?|approximat\w*|redonde\w*|aproxim\w*|estima\w*|cifras? decimal\w*)\b`)
	// numberWord: a number written in words is data the maths does not hold.
	numberWord = regexp.MustCompile(`(?i)\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|dozen|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|docena)\b`)
	// vulgarFraction: "½" in the words is a number too.
	vulgarFraction = regexp.MustCompile(`[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]`)
	// itemLabel and pointsMark: a question's own number or points are not its data.
	itemLabel = regexp.MustCompile(`^\s*(?:\d{1,3}[.)]|\(\d{1,3}\)|\(?[a-h]\))\s+`)
	// pointsMark: "(2 points)" anywhere, a bare "[2]" or "(2)" only at the very end.
	pointsMark = regexp.MustCompile(`(?i)[(\[]\s*\d+\s*(?:points?|pts?\.?|marks?|puntos?)\s*[)\]]|(?:\\hfill\s*)?[(\[]\s*\d+\s*[)\]]\s*$`)
	proseNum   = regexp.MustCompile(`\d+(?:\.\d+)?`)
)

// stripLabels removes a leading item number and points marks from a question's text.
func stripLabels(text string) string {
	return pointsMark.ReplaceAllString(itemLabel.ReplaceAllString(text, ""), " ")
}

// wordsAddData reports whether the prose around a question's maths (math replaced by "@")
// holds data or steps the maths does not: a number not in the maths, a further step, a
// property of the result. computing (the maths is an expression to work out, not a value to
// compare or convert) also refuses number words and "more than" and the like.
func wordsAddData(prose string, mathNums []string, computing bool) bool {
	if furtherStep.MatchString(prose) || resultProperty.MatchString(prose) {
		return true
	}
	if computing && (relativeStep.MatchString(prose) || numberWord.MatchString(prose) || vulgarFraction.MatchString(prose)) {
		return true
	}
	inMath := map[string]bool{}
	for _, n := range mathNums {
		inMath[n] = true
	}
	for _, n := range proseNum.FindAllString(commaGroup.ReplaceAllString(prose, "$1$2"), -1) {
		if !inMath[n] {
			return true
		}
	}
	return false
}

// numbersOf lists the numbers written in plain expressions.
func numbersOf(exprs ...string) []string {
	var out []string
	for _, e := range exprs {
		out = append(out, proseNum.FindAllString(e, -1)...)
	}
	return out
}

// onlyNumbersOf reports whether every number in s lies inside run: "What is 7 times 8, plus
// 5?" has a 5 the run "7*8" does not read.
func onlyNumbersOf(s, run string) bool {
	return len(proseNum.FindAllString(s, -1)) == len(proseNum.FindAllString(run, -1))
}

// blankBetweenMath joins "$7 + $ ___ $ = 15$" into one formula with a blank in it.
var blankBetweenMath = regexp.MustCompile(`\$\s*(?:_{3,}|(?:\\_\s*){3,}|\\answerblank(?:\[[^\]]*\])?)\s*\$`)

func joinBlankedMath(text string) string {
	return blankBetweenMath.ReplaceAllStringFunc(text, func(m string) string {
		return ` \square `
	})
}

// joinedEquation reports whether a formula joined across a blank is an equation; a joined
// "$3$ ___ $5$" is not read as a comparison no one asked for.
func joinedEquation(text string) bool {
	for _, m := range mathSegment.FindAllString(text, -1) {
		if strings.Contains(m, `\square`) && !strings.Contains(m, "=") {
			return false
		}
	}
	return true
}
