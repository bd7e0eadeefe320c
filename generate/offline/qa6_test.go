package offline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
)

// First run: 93 of 116 read right and written right.

// qa6Phrasings are a sixth round of requests, written as a kindergarten and first-grade
// teacher, a 3rd–5th grade teacher, a middle-school teacher quoting textbook units, an Algebra 1
// teacher, parents on phones, tutors in shorthand, Spanish-speaking teachers (Mexico, Spain, US
// bilingual classrooms), compound requests with counts in words, layout wishes and difficulty
// words. None is in an earlier table. What each must give was decided before the engine read it.
var qa6Phrasings = []phrasing{
	// a kindergarten and first-grade teacher
	{"counting pictures to 10 for my kindergarten class, 8 problems", []string{"count-objects"}, []int{8}, 0, nil},
	{"first grade addition facts to 10, 25 problems", []string{"addition"}, []int{25}, 1, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"1st grade: subtraction within 20, no regrouping, 15", []string{"subtraction"}, []int{15}, 1, func(q request) string {
		return want(q.p.Max == 20 && q.p.Regroup != nil && !*q.p.Regroup, "max %d regroup %v", q.p.Max, q.p.Regroup)
	}},
	{"number bonds for 1st graders", []string{"number-bonds"}, []int{12}, 1, nil},
	{"tens and ones for first grade, 10 questions", []string{"tens-ones"}, []int{10}, 1, nil},
	{"skip count by 5s kindergarten", []string{"skip-counting"}, []int{20}, 0, nil},
	{"missing addend within 10 for grade 1", []string{"missing-addend"}, []int{20}, 1, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"even or odd numbers, first grade, 12", []string{"even-odd"}, []int{12}, 1, nil},
	{"kindergarten: add within 5 and subtract within 5, 8 of each", []string{"addition", "subtraction"}, []int{8, 8}, 0, func(q request) string { return want(q.p.Max == 5, "max %d", q.p.Max) }},
	{"time to the hour for my first graders", []string{"telling-time"}, []int{12}, 1, func(q request) string { return want(q.p.Step == 60, "step %d", q.p.Step) }},
	{"1st grade coins worksheet", []string{"counting-money"}, []int{20}, 1, nil},
	{"compare numbers to 100 first grade greater less", []string{"compare-numbers"}, []int{20}, 1, nil},
	// a 3rd–5th grade teacher
	{"3rd grade: multiplication facts for the 6s and 7s, 24 problems", []string{"multiplication"}, []int{24}, 3, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{6, 7}), "tables %v", q.p.Tables) }},
	{"4th grade multi-digit multiplication 2 digit by 2 digit, 12 problems", []string{"multi-digit-multiplication"}, []int{12}, 4, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Digits2 == 2, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"5th grade long division with 2-digit divisors", []string{"long-division"}, []int{10}, 5, func(q request) string { return want(q.p.Digits2 == 2, "divisor digits %d", q.p.Digits2) }},
	{"rounding to the nearest thousand for 4th graders, 15", []string{"rounding"}, []int{15}, 4, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{1000}), "round to %v", q.p.RoundTo)
	}},
	{"equivalent fractions and simplifying fractions, grade 4, 10 each", []string{"equivalent-fractions", "simplify-fractions"}, []int{10, 10}, 4, nil},
	{"5th grade volume of rectangular prisms, 8 problems", []string{"volume"}, []int{8}, 5, nil},
	{"3rd grade area and perimeter, 8 problems each", []string{"area-rectangles", "perimeter-rectangles"}, []int{8, 8}, 3, nil},
	{"elapsed time word problems for 3rd", []string{"elapsed-time"}, []int{20}, 3, nil},
	{"4th grade: convert improper fractions to mixed numbers and mixed numbers to improper fractions", []string{"improper-to-mixed", "mixed-to-improper"}, []int{10, 10}, 4, nil},
	{"decimals to the hundredths: add and subtract, 5th grade, 12 of each", []string{"add-decimals", "subtract-decimals"}, []int{12, 12}, 5, nil},
	{"multiply a fraction by a whole number grade 4", []string{"multiply-fractions"}, []int{20}, 4, nil},
	{"place value up to the millions for 4th grade", []string{"place-value"}, []int{20}, 4, nil},
	{"3rd grade fractions on a number line, 8", []string{"fraction-number-line"}, []int{8}, 3, nil},
	{"write numbers in expanded form, 3-digit numbers, 3rd grade", []string{"expanded-form"}, []int{20}, 3, func(q request) string { return want(q.p.Digits == 3, "digits %d", q.p.Digits) }},
	{"order of operations no exponents 5th grade 12", []string{"order-of-operations"}, []int{12}, 5, nil},
	{"two-step word problems grade 3", []string{"word-problems-two-step"}, []int{10}, 3, nil},
	{"find a fraction of a whole number, 5th grade, 10", []string{"fraction-of-a-number"}, []int{10}, 5, nil},
	{"roman numerals up to 100, 4th grade", []string{"roman-numerals"}, []int{20}, 4, func(q request) string { return want(q.p.Max == 100, "max %d", q.p.Max) }},
	// a middle-school teacher quoting textbook units
	{"Unit 2: Rational Numbers - adding and subtracting integers, 7th grade", []string{"add-integers", "subtract-integers"}, []int{10, 10}, 7, nil},
	{"Chapter 4 Percents: percent of a number and percent change, 8 each", []string{"percent-of", "percent-change"}, []int{8, 8}, -1, nil},
	{"Lesson 6.2 unit rates and ratios grade 6", []string{"unit-rates", "ratios"}, []int{10, 10}, 6, nil},
	{"Module 3: expressions - evaluate expressions and distributive property, 6th grade", []string{"evaluate-expressions", "distributive-property"}, []int{10, 10}, 6, nil},
	{"Topic 5 review: dividing fractions by fractions, 6th grade, 15", []string{"divide-fractions"}, []int{15}, 6, nil},
	{"Unit 1 test: one-step and two-step equations, 7th grade, 10 each", []string{"one-step-equations", "two-step-equations"}, []int{10, 10}, 7, nil},
	{"lesson 3-4 proportional relationships: solve proportions, 12", []string{"proportions"}, []int{12}, -1, nil},
	{"Chapter 9 Geometry: area of composite figures, 7th grade, 6", []string{"composite-area"}, []int{6}, 7, nil},
	{"dividing decimals 6th grade, 12 problems", []string{"divide-decimals"}, []int{12}, 6, nil},
	{"unit conversions customary 5th grade", []string{"unit-conversions"}, []int{20}, 5, func(q request) string { return want(q.p.Units == "customary", "units %q", q.p.Units) }},
	{"converting between fractions, decimals and percents, 7th grade", []string{"percent-conversions"}, []int{20}, 7, nil},
	{"measuring angles with a protractor grade 4", []string{"angles"}, []int{12}, 4, nil},
	// an Algebra 1 teacher
	{"Algebra 1 warmup: solving multi-step equations with variables on both sides, 8", []string{"multi-step-equations"}, []int{8}, 9, nil},
	{"Alg 1 - solving and graphing inequalities, 10", []string{"inequalities"}, []int{10}, 9, nil},
	{"algebra 1 review: combining like terms and the distributive property, 10 of each", []string{"combine-like-terms", "distributive-property"}, []int{10, 10}, 9, nil},
	{"exponent rules for algebra I, 16 problems", []string{"exponent-properties"}, []int{16}, 9, nil},
	{"Algebra 1 evaluating expressions with integers, 12", []string{"evaluate-expressions"}, []int{12}, 9, nil},
	{"alg1 bellringer: 5 two step equations and 5 inequalities", []string{"two-step-equations", "inequalities"}, []int{5, 5}, 9, nil},
	{"Algebra 1 proportions and ratios review", []string{"proportions", "ratios"}, []int{10, 10}, 9, nil},
	{"simplify expressions by combining like terms, algebra 1, twenty problems", []string{"combine-like-terms"}, []int{20}, 9, nil},
	{"Algebra 1 integer operations review, 6 each", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{6, 6, 6, 6}, 9, nil},
	// parents on phones
	{"my son is in 3rd grade he needs help w multiplication pls", []string{"multiplication"}, []int{20}, 3, nil},
	{"need subtraction worksheet 2nd grade w borrowing", []string{"subtraction"}, []int{20}, 2, func(q request) string { return want(q.p.Regroup != nil && *q.p.Regroup, "regroup %v", q.p.Regroup) }},
	{"can u make fractions worksheet 4th grade adding fractions same denominator", []string{"add-fractions"}, []int{20}, 4, nil},
	{"hw help long divison 5th gr", []string{"long-division"}, []int{10}, 5, nil},
	{"my daughter needs to practice her times tables 1-12", []string{"multiplication"}, []int{20}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, span(1, 12)), "tables %v", q.p.Tables) }},
	{"telling time practice for my 6yo", []string{"telling-time"}, []int{12}, 0, nil},
	{"money practice for 2nd grader, quarters dimes nickels pennies", []string{"counting-money"}, []int{20}, 2, nil},
	{"kid struggling w/ decimals 5th grade adding decimals", []string{"add-decimals"}, []int{20}, 5, nil},
	{"plz make 10 divison problems 3rd grade", []string{"division"}, []int{10}, 3, nil},
	{"simple addtion for my 5 year old", []string{"addition"}, []int{20}, 0, nil},
	{"4th gr rounding hw 10 probs", []string{"rounding"}, []int{10}, 4, nil},
	{"fractons worksheet compare fractions grade 3", []string{"compare-fractions"}, []int{20}, 3, nil},
	// tutors in shorthand
	{"1-step eq, 15, gr6", []string{"one-step-equations"}, []int{15}, 6, nil},
	{"mult 2dig x 2dig x10", []string{"multi-digit-multiplication"}, []int{10}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Digits2 == 2, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"div facts 20q gr3", []string{"division"}, []int{20}, 3, nil},
	{"add/sub fractions like denoms 8 ea", []string{"add-fractions", "subtract-fractions"}, []int{8, 8}, -1, nil},
	{"long div w/ rem, 12", []string{"long-division"}, []int{12}, -1, func(q request) string {
		return want(q.p.Remainders != nil && *q.p.Remainders, "remainders %v", q.p.Remainders)
	}},
	{"% conv 15", []string{"percent-conversions"}, []int{15}, -1, nil},
	{"order of ops, 12, gr5", []string{"order-of-operations"}, []int{12}, 5, nil},
	{"CLT + distrib 10 ea", []string{"combine-like-terms", "distributive-property"}, []int{10, 10}, -1, nil},
	{"simplify fracs x15", []string{"simplify-fractions"}, []int{15}, -1, nil},
	{"elapsed time gr3 8q", []string{"elapsed-time"}, []int{8}, 3, nil},
	{"exp rules 12", []string{"exponent-properties"}, []int{12}, -1, nil},
	{"int +/- 10 each", []string{"add-integers", "subtract-integers"}, []int{10, 10}, -1, nil},
	// Spanish-speaking teachers: Mexico, Spain, US bilingual classrooms
	{"necesito 20 sumas con llevadas para segundo de primaria", []string{"addition"}, []int{20}, 2, func(q request) string {
		return lng("es")(q) + want(q.p.Regroup != nil && *q.p.Regroup, "regroup %v", q.p.Regroup)
	}},
	{"ficha de tablas de multiplicar del 2 al 5 para 2º de primaria", []string{"multiplication"}, []int{20}, 2, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, span(2, 5)), "tables %v", q.p.Tables)
	}},
	{"ecuaciones de dos pasos para 2º de ESO, 15", []string{"two-step-equations"}, []int{15}, 8, lng("es")},
	{"divisiones de dos cifras para quinto de primaria, 12", []string{"long-division"}, []int{12}, 5, lng("es")},
	{"restas sin llevar hasta 100 para primero, 15", []string{"subtraction"}, []int{15}, 1, func(q request) string {
		return lng("es")(q) + want(q.p.Max == 100 && q.p.Regroup != nil && !*q.p.Regroup, "max %d regroup %v", q.p.Max, q.p.Regroup)
	}},
	{"fracciones: suma y resta con distinto denominador, sexto, 8 de cada", []string{"add-fractions", "subtract-fractions"}, []int{8, 8}, 6, lng("es")},
	{"maestra de tercer grado: multiplicaciones y divisiones, 10 de cada una", []string{"multiplication", "division"}, []int{10, 10}, 3, lng("es")},
	{"hoja de trabajo de numeros enteros para 7mo grado", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{10, 10, 10, 10}, 7, lng("es")},
	{"me haces una hoja de reloj, la hora y media hora, para primero", []string{"telling-time"}, []int{12}, 1, func(q request) string { return lng("es")(q) + want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"quiero practicar porcentajes con mis alumnos de sexto, 12 ejercicios", []string{"percent-of"}, []int{12}, 6, lng("es")},
	{"necesito un worksheet de sumas de fracciones para 5th grade", []string{"add-fractions"}, []int{20}, 5, nil},
	{"my students need practica de restas con regrouping, 2nd grade", []string{"subtraction"}, []int{20}, 2, func(q request) string { return want(q.p.Regroup != nil && *q.p.Regroup, "regroup %v", q.p.Regroup) }},
	{"ejercicios de combinar terminos semejantes, algebra 1", []string{"combine-like-terms"}, []int{20}, 9, lng("es")},
	{"propiedad distributiva, 10 ejercicios, 1o de secundaria", []string{"distributive-property"}, []int{10}, 7, lng("es")},
	{"redondeo a la centena, cuarto grado, 15", []string{"rounding"}, []int{15}, 4, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.RoundTo, []int64{100}), "round to %v", q.p.RoundTo)
	}},
	{"área de rectángulos para 3º de primaria", []string{"area-rectangles"}, []int{12}, 3, lng("es")},
	{"10 problemas de dinero y 10 de dar cambio para segundo", []string{"counting-money", "making-change"}, []int{10, 10}, 2, lng("es")},
	{"numeros romanos del 1 al 50 para cuarto", []string{"roman-numerals"}, []int{20}, 4, func(q request) string { return lng("es")(q) + want(q.p.Max == 50, "max %d", q.p.Max) }},
	{"conteo de objetos para preescolar, 10", []string{"count-objects"}, []int{10}, 0, lng("es")},
	// compound requests, counts in words, ranges, "a couple", "a few"
	{"fifteen addition and a dozen subtraction", []string{"addition", "subtraction"}, []int{15, 12}, -1, nil},
	{"twenty to twenty-five multiplication facts", []string{"multiplication"}, []int{25}, -1, nil},
	{"five each of adding, subtracting, multiplying and dividing decimals", []string{"add-decimals", "subtract-decimals", "multiply-decimals", "divide-decimals"}, []int{5, 5, 5, 5}, -1, nil},
	{"10 addition facts plus a couple of word problems", []string{"addition", "word-problems-add-sub"}, []int{10, 2}, -1, nil},
	{"20 multiplication facts and a few division word problems", []string{"multiplication", "word-problems-mul-div"}, []int{20, 3}, -1, nil},
	{"three sections: place value, rounding, and comparing numbers, 6 apiece", []string{"place-value", "rounding", "compare-numbers"}, []int{6, 6, 6}, -1, nil},
	{"twelve to fifteen problems on equivalent fractions", []string{"equivalent-fractions"}, []int{15}, -1, nil},
	{"a dozen each of addition and subtraction", []string{"addition", "subtraction"}, []int{12, 12}, -1, nil},
	{"40 problems total, multiplication and division", []string{"multiplication", "division"}, []int{20, 20}, -1, nil},
	// layout and print
	{"multiplication facts in 3 columns, big print, 24 problems", []string{"multiplication"}, []int{24}, -1, func(q request) string {
		return want(q.columns == 3 && q.large, "columns %d large %v", q.columns, q.large)
	}},
	{"print 2 versions of a 15 question long division quiz", []string{"long-division"}, []int{15}, -1, func(q request) string { return want(q.versions == 2, "versions %d", q.versions) }},
	{"subtraction, vertical format, 2-digit, 20 problems", []string{"subtraction"}, []int{20}, -1, func(q request) string {
		return want(q.p.Vertical && q.p.Digits == 2, "vertical %v digits %d", q.p.Vertical, q.p.Digits)
	}},
	{"addition, single column, larger font, 10", []string{"addition"}, []int{10}, -1, func(q request) string {
		return want(q.columns == 1 && q.large, "columns %d large %v", q.columns, q.large)
	}},
	{"four versions of a ratios quiz, 8 questions", []string{"ratios"}, []int{8}, -1, func(q request) string { return want(q.versions == 4, "versions %d", q.versions) }},
	// difficulty words
	{"very easy addition for kindergarten", []string{"addition"}, []int{20}, 0, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"tricky two-step equations, 10", []string{"two-step-equations"}, []int{10}, -1, func(q request) string { return want(q.level == 1, "level %d", q.level) }},
	{"beginner long division 10 problems", []string{"long-division"}, []int{10}, -1, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"stretch problems: hard percent of a number, 10", []string{"percent-of"}, []int{10}, -1, func(q request) string { return want(q.level == 1, "level %d", q.level) }},
	{"extra challenging order of operations for gifted 5th graders", []string{"order-of-operations"}, []int{20}, 5, func(q request) string { return want(q.level == 2, "level %d", q.level) }},
	{"subtraction, on grade level, 3rd grade", []string{"subtraction"}, []int{20}, 3, func(q request) string { return want(q.level == 0, "level %d", q.level) }},
	{"fácil: sumas de una cifra, 20", []string{"addition"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(q.level == -1 && q.p.Digits == 1, "level %d digits %d", q.level, q.p.Digits)
	}},
	{"multiplicaciones difíciles para cuarto", []string{"multiplication"}, []int{20}, 4, func(q request) string { return lng("es")(q) + want(q.level == 1, "level %d", q.level) }},
	// variations written after the first run, to try the fixes on other words
	{"one-step, two-step and multi-step equations, 4 each", []string{"one-step-equations", "two-step-equations", "multi-step-equations"}, []int{4, 4, 4}, -1, nil},
	{"a couple of place value problems and 10 rounding", []string{"place-value", "rounding"}, []int{2, 10}, -1, nil},
	{"12 subtraction facts plus a few word problems, grade 2", []string{"subtraction", "word-problems-add-sub"}, []int{12, 3}, 2, nil},
	{"clocks to the quarter hour, 2nd grade", []string{"telling-time"}, []int{12}, 2, func(q request) string { return want(q.p.Step == 15, "step %d", q.p.Step) }},
	{"time to the half hour, 8 problems", []string{"telling-time"}, []int{8}, -1, func(q request) string { return want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"multiplication facts, no division", []string{"multiplication"}, []int{20}, -1, nil},
	{"redondeo al millar, 12", []string{"rounding"}, []int{12}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{1000}), "round to %v", q.p.RoundTo)
	}},
	{"Alg 1 distributive property, 12", []string{"distributive-property"}, []int{12}, 9, nil},
	{"addition for my 5yo", []string{"addition"}, []int{20}, 0, nil},
	{"sumas para 1º de primaria, 15", []string{"addition"}, []int{15}, 1, lng("es")},
	{"area and perimeter of rectangles, 5 problems each, grade 3", []string{"area-rectangles", "perimeter-rectangles"}, []int{5, 5}, 3, nil},
	{"restas, quinto, 10", []string{"subtraction"}, []int{10}, 5, lng("es")},
	{"first, 10 addition problems, second, 10 subtraction", []string{"addition", "subtraction"}, []int{10, 10}, -1, nil},
	{"volume of rectangular prisms 5th, 6 probs", []string{"volume"}, []int{6}, 5, nil},
	{"long div, 4th grade, 8", []string{"long-division"}, []int{8}, 4, nil},
	{"div larga, 10, quinto", []string{"long-division"}, []int{10}, 5, lng("es")},
	{"ops combinadas para sexto", []string{"order-of-operations"}, []int{20}, 6, lng("es")},
	{"ecs de 2 pasos, 12", []string{"two-step-equations"}, []int{12}, -1, lng("es")},
}

func TestQA6Phrasings(t *testing.T) {
	if len(qa6Phrasings) < 100 {
		t.Errorf("only %d phrasings", len(qa6Phrasings))
	}
	wrong := checkPhrasings(t, qa6Phrasings, phrasings, qaPhrasings, qa3Phrasings, qa4Phrasings, qa5Phrasings)
	t.Logf("%d of %d QA6 phrasings right", len(qa6Phrasings)-wrong, len(qa6Phrasings))
}

// qa6Start is the sheet the question-level edits change: 12 addition, then 8 subtraction.
const qa6Start = "3rd grade: 12 addition and 8 subtraction problems"

// moved is a list of questions with the one at from (from 1) moved to place to.
func moved(qs []string, from, to int) []string {
	out := slices.Delete(slices.Clone(qs), from-1, from)
	return slices.Insert(out, to-1, qs[from-1])
}

func swapped(qs []string, a, b int) []string {
	out := slices.Clone(qs)
	out[a-1], out[b-1] = out[b-1], out[a-1]
	return out
}

// Question-level edits change only the questions they name; the others stay exactly as they
// were, in the sheet and its key, and the reply says what was done.
func TestQA6QuestionEdits(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", qa6Start)
	was := questionsOf(start.Document)
	if len(was) != 20 {
		t.Fatalf("start has %d questions", len(was))
	}
	for _, c := range []struct {
		prompt string
		want   []string // nil: only question redo changes
		redo   int
		says   string
	}{
		{"swap #3 and #4", swapped(was, 3, 4), 0, "Questions 3 and 4 have changed places"},
		{"switch questions 2 and 5", swapped(was, 2, 5), 0, "Questions 2 and 5 have changed places"},
		{"can you swap number 15 with number 13", swapped(was, 13, 15), 0, "Questions 13 and 15"},
		{"move number 5 to the end", moved(was, 5, 12), 0, "Question 5 is now question 12"},
		{"move question 20 to the beginning", moved(was, 20, 13), 0, "Question 20 is now question 13"},
		{"put #9 first", moved(was, 9, 1), 0, "Question 9 is now question 1"},
		{"move #2 to position 6", moved(was, 2, 6), 0, "Question 2 is now question 6"},
		{"delete question 7", slices.Delete(slices.Clone(was), 6, 7), 0, "I took out question 7; the sheet has 19 questions now"},
		{"take out problem 20 please", was[:19], 0, "I took out question 20"},
		{"remove questions 4 and 9", slices.Delete(slices.Delete(slices.Clone(was), 8, 9), 3, 4), 0, "I took out questions 4 and 9; the sheet has 18 questions now"},
		{"delete #2, #3 and #15", slices.Delete(slices.Delete(slices.Clone(was), 14, 15), 1, 3), 0, "I took out questions 2, 3 and 15"},
		{"quita las preguntas 1 y 20", was[1:19], 0, "Quité las preguntas 1 y 20"},
		{"replace number 2 with a new one", nil, 2, "Question 2 is a new one"},
		{"intercambia la 3 y la 4", swapped(was, 3, 4), 0, "Las preguntas 3 y 4 cambiaron de lugar"},
		{"pasa la 5 al final", moved(was, 5, 12), 0, "La pregunta 5 es ahora la 12"},
		{"quita la pregunta 7", slices.Delete(slices.Clone(was), 6, 7), 0, "Quité la pregunta 7"},
		{"cambia la 2 por otra", nil, 2, "La pregunta 2 es nueva"},
		// numbers past the end, and questions of two sections: a clear sentence, the sheet as it was
		{"swap #3 and #40", was, 0, "there is no question 40"},
		{"delete question 25", was, 0, "The sheet has 20 questions, so there is no question 25"},
		{"redo number 30", was, 0, "there is no question 30"},
		{"move number 30 to the end", was, 0, "there is no question 30"},
		{"swap #2 and #15", was, 0, "Questions 2 and 15 are in different sections"},
		{"move number 3 to position 18", was, 0, "can only move within its own section"},
		{"borra la pregunta 31", was, 0, "no hay pregunta 31"},
	} {
		d, err := qa3Write(e, start.Body, c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		now := questionsOf(d.Document)
		if c.redo > 0 {
			var changed []int
			for k := range min(len(was), len(now)) {
				if was[k] != now[k] {
					changed = append(changed, k+1)
				}
			}
			if len(now) != len(was) || !slices.Equal(changed, []int{c.redo}) {
				t.Errorf("%q: changed %v", c.prompt, changed)
			}
		} else if !slices.Equal(now, c.want) {
			t.Errorf("%q: questions\n%v\nwant\n%v", c.prompt, now, c.want)
		}
		if !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, c.says)
		}
		s, _ := specFrom(d.Body)
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
	// Edits after a reorder keep it: the question named is the one shown at that number.
	swap := writeOn(t, e, start.Body, "swap #3 and #4")
	order := questionsOf(swap.Document)
	harder := questionsOf(writeOn(t, e, swap.Body, "make number 3 harder").Document)
	for k := range order {
		if (harder[k] != order[k]) != (k == 2) {
			t.Errorf("after the swap, make number 3 harder changed question %d", k+1)
		}
	}
	less := writeOn(t, e, start.Body, "delete question 7")
	more := questionsOf(writeOn(t, e, less.Body, "add 3 more").Document)
	if len(more) != 22 || !slices.Equal(more[:19], questionsOf(less.Document)) {
		t.Errorf("add 3 more after a deletion: %d questions, the first changed", len(more))
	}
	// After a deletion, question 7 is the one shown there: redrawn alone, made harder alone, moved.
	after := questionsOf(less.Document)
	for _, p := range []string{"swap #7", "make number 7 harder"} {
		now := questionsOf(writeOn(t, e, less.Body, p).Document)
		var changed []int
		for k := range after {
			if after[k] != now[k] {
				changed = append(changed, k+1)
			}
		}
		if !slices.Equal(changed, []int{7}) {
			t.Errorf("%q after a deletion changed %v", p, changed)
		}
	}
	if now := questionsOf(writeOn(t, e, less.Body, "mueve la 7 al principio").Document); !slices.Equal(now, moved(after, 7, 1)) {
		t.Errorf("mueve la 7 al principio after a deletion: %v", now)
	}
	// "make them harder" after a reorder: every question still answered right, the count kept.
	hard := writeOn(t, e, swap.Body, "make them harder")
	if s, _ := specFrom(hard.Body); total(s) != 20 || len(answersWrong(t, s)) > 0 {
		t.Errorf("make them harder after a swap: %s %v", countsOf(s), answersWrong(t, s))
	}
	shown := questionsOf(writeOn(t, e, swap.Body, "make another version").Document)
	if slices.Equal(shown, order) {
		t.Errorf("another version kept the numbers")
	}
}

// Levels named section by section: each section at its own level, the reply naming them.
func TestQA6SectionLevels(t *testing.T) {
	for _, c := range []struct {
		prompt string
		counts string
		levels []int
		says   []string
	}{
		{"easy addition and hard subtraction", "addition 10 subtraction 10", []int{-1, 1}, []string{"10 addition problems at easy level", "10 subtraction problems at hard level"}},
		{"10 easy and 10 challenge multiplication problems", "multiplication 10 multiplication 10", []int{-1, 2}, []string{"at easy level", "at challenge level"}},
		{"10 easy multiplication problems and 10 hard ones", "multiplication 10 multiplication 10", []int{-1, 1}, []string{"at easy level", "at hard level"}},
		{"3rd grade: 8 easy subtraction, 8 on-level subtraction and 4 challenge subtraction", "subtraction 8 subtraction 8 subtraction 4", []int{-1, 0, 2}, []string{"at grade level", "at challenge level", "grade 3"}},
		{"simple addition, then tricky division, 6 each", "addition 6 division 6", []int{-1, 1}, []string{"6 addition problems at easy level"}},
		{"20 problems: easy addition and hard subtraction", "addition 10 subtraction 10", []int{-1, 1}, []string{"at easy level"}},
		{"8 easy subtraction, 8 on-level subtraction and 4 challenge subtraction", "subtraction 8 subtraction 8 subtraction 4", []int{-1, 0, 2}, []string{"8 subtraction problems at grade level"}},
		{"sumas fáciles y restas difíciles, 8 de cada una", "addition 8 subtraction 8", []int{-1, 1}, []string{"8 sumas de nivel fácil"}},
		{"sumas fáciles y restas difíciles", "addition 10 subtraction 10", []int{-1, 1}, []string{"de nivel fácil", "de nivel difícil"}},
		{"10 multiplicaciones fáciles y 10 de reto", "multiplication 10 multiplication 10", []int{-1, 2}, []string{"de nivel fácil", "de nivel de reto"}},
		// one level: the whole sheet's, and no section named by level
		{"easy addition and subtraction", "addition 10 subtraction 10", []int{-1, -1}, nil},
	} {
		d, err := qa3Write(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		levels := levelsOf(s)
		if countsOf(s) != c.counts || !slices.Equal(levels, c.levels) {
			t.Errorf("%q: %s levels %v, want %s %v", c.prompt, countsOf(s), levels, c.counts, c.levels)
		}
		for _, w := range c.says {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%q: reply %q lacks %q", c.prompt, d.Message, w)
			}
		}
		if c.says == nil && strings.Contains(d.Message, "level") {
			t.Errorf("%q: reply %q names levels", c.prompt, d.Message)
		}
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
	// The same skill at two levels: the two sections' questions differ, the hard ones harder.
	d, _ := qa3Write(New(seeds()), "", "10 easy and 10 challenge multiplication problems")
	qs := questionsOf(d.Document)
	if len(qs) != 20 || slices.Equal(qs[:10], qs[10:]) {
		t.Errorf("the two sections are the same: %v", qs)
	}
}

// A refusal's suggestions fit the grade asked, or the sheet's in a conversation: each is a
// request the engine writes, of a skill taught in that grade.
func TestQA6RefusalsSuggestForTheGrade(t *testing.T) {
	e := New(seeds())
	fourth := writeOn(t, e, "", "4th grade: 10 long division problems")
	for _, c := range []struct {
		body, prompt string
		grade        int
	}{
		{"", "a reading passage for 2nd grade", 2},
		{"", "can you make a spelling list for my kindergartners", 0},
		{"", "an essay prompt for 5th grade", 5},
		{"", "a science worksheet on cells for 7th grade", 7},
		{"", "quadratic formula practice for algebra 1", 9},
		{"", "una lectura de comprensión para tercero", 3},
		{fourth.Body, "now add a reading passage", 4},
		{fourth.Body, "ahora una hoja de ortografía", 4},
	} {
		_, err := qa3Write(e, c.body, c.prompt)
		var u *generate.UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		var offered []string
		for _, part := range strings.Split(u.Message, "“")[1:] {
			offered = append(offered, strings.Split(part, "”")[0])
		}
		if n := len(offered) - 1; n < 2 || n > 3 { // the first quoted is the topic refused
			t.Errorf("%q: %d suggestions in %q", c.prompt, n, u.Message)
			continue
		}
		for _, o := range offered[1:] {
			q := read(o)
			if len(q.sections) != 1 || q.grade != c.grade || q.refused != "" {
				t.Errorf("%q: suggestion %q reads as %d sections, grade %d", c.prompt, o, len(q.sections), q.grade)
				continue
			}
			if sk, _ := skills.Get(q.sections[0].skill); sk.Grades[0] > c.grade || sk.Grades[1] < c.grade {
				t.Errorf("%q: suggestion %q is not taught in grade %d", c.prompt, o, c.grade)
			}
		}
	}
}

// levelsOf are the levels of a sheet's sections, in order.
func levelsOf(s Spec) []int {
	var levels []int
	for _, sec := range s.Sections {
		levels = append(levels, sec.P.Level)
	}
	return levels
}
