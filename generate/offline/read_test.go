package offline

import (
	"fmt"
	"slices"
	"testing"
)

// phrasing is one request as a teacher or parent types it, and what the sheet must hold.
type phrasing struct {
	prompt string
	skills []string
	counts []int
	grade  int // -1: none said
	check  func(q request) string
}

func lng(code string) func(request) string {
	return func(q request) string {
		if q.lang != code {
			return "language " + q.lang
		}
		return ""
	}
}

// The parser must read every one of these right.
var phrasings = []phrasing{
	// counts in digits and words, exact
	{"20 two-digit addition problems", []string{"addition"}, []int{20}, -1, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	{"fifteen subtraction problems within 20", []string{"subtraction"}, []int{15}, -1, func(q request) string { return want(q.p.Max == 20, "max %d", q.p.Max) }},
	{"a dozen multiplication facts", []string{"multiplication"}, []int{12}, -1, nil},
	{"fifty addition facts for 1st grade", []string{"addition"}, []int{50}, 1, nil},
	{"Twenty-five division facts", []string{"division"}, []int{25}, -1, nil},
	{"two dozen subtraction problems", []string{"subtraction"}, []int{24}, -1, nil},
	{"10-15 rounding problems", []string{"rounding"}, []int{15}, -1, nil},
	{"give me thirty 3-digit subtraction questions", []string{"subtraction"}, []int{30}, -1, func(q request) string { return want(q.p.Digits == 3, "digits") }},
	{"Make a worksheet with 15 sums", []string{"addition"}, []int{15}, -1, nil},
	{"I need 8 long division problems for my 5th graders", []string{"long-division"}, []int{8}, 5, nil},
	{"one hundred addition facts", []string{"addition"}, []int{100}, -1, nil},
	{"forty two multiplication problems", []string{"multiplication"}, []int{42}, -1, nil},
	// compound requests: sections in order, with their counts
	{"5 addition, 5 subtraction and 5 multiplication problems", []string{"addition", "subtraction", "multiplication"}, []int{5, 5, 5}, -1, nil},
	{"10 adding fractions and 10 subtracting fractions for grade 5", []string{"add-fractions", "subtract-fractions"}, []int{10, 10}, 5, nil},
	{"four of each operation", []string{"addition", "subtraction", "multiplication", "division"}, []int{4, 4, 4, 4}, -1, nil},
	{"3 of each: addition, subtraction", []string{"addition", "subtraction"}, []int{3, 3}, -1, nil},
	{"20 addition and subtraction problems", []string{"addition", "subtraction"}, []int{10, 10}, -1, nil},
	{"6 area problems and 6 perimeter problems for grade 3", []string{"area-rectangles", "perimeter-rectangles"}, []int{6, 6}, 3, nil},
	{"8 telling time then 4 elapsed time", []string{"telling-time", "elapsed-time"}, []int{8, 4}, -1, nil},
	{"some one-step equations, then 10 two-step equations", []string{"one-step-equations", "two-step-equations"}, []int{10, 10}, -1, nil},
	{"mixed operations for grade 4", []string{"addition", "subtraction", "multiplication", "division"}, []int{10, 10, 10, 10}, 4, nil},
	{"12 ratios, 6 unit rates and 6 proportions", []string{"ratios", "unit-rates", "proportions"}, []int{12, 6, 6}, -1, nil},
	{"five rounding, five place value and five expanded form", []string{"rounding", "place-value", "expanded-form"}, []int{5, 5, 5}, -1, nil},
	{"2 roman numerals and 2 number words", []string{"roman-numerals", "number-words"}, []int{2, 2}, -1, nil},
	{"10 adding integers and 10 subtracting integers", []string{"add-integers", "subtract-integers"}, []int{10, 10}, -1, nil},
	{"addition and subtraction of fractions", []string{"add-fractions", "subtract-fractions"}, []int{10, 10}, -1, nil},
	{"multiplying and dividing decimals, 8 each", []string{"multiply-decimals", "divide-decimals"}, []int{8, 8}, -1, nil},
	{"integer multiplication and division", []string{"multiply-integers", "divide-integers"}, []int{10, 10}, -1, nil},
	// grades, written every way
	{"addition within 10 for kindergarten", []string{"addition"}, []int{20}, 0, nil},
	{"subtraction for second grade", []string{"subtraction"}, []int{20}, 2, nil},
	{"grade 3 multiplication", []string{"multiplication"}, []int{20}, 3, nil},
	{"multiplication for gr 4", []string{"multiplication"}, []int{20}, 4, nil},
	{"division for a 9 year old", []string{"division"}, []int{20}, 3, nil},
	{"fractions for year 5", []string{"simplify-fractions", "add-fractions", "subtract-fractions", "compare-fractions"}, []int{10, 10, 10, 10}, 4, nil},
	{"7th grade integers", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{10, 10, 10, 10}, 7, nil},
	{"multi-step equations for Algebra 1", []string{"multi-step-equations"}, []int{10}, 9, nil},
	{"6th grade percent of a number", []string{"percent-of"}, []int{20}, 6, nil},
	{"grade5 volume", []string{"volume"}, []int{12}, 5, nil},
	// sizes of numbers and tables
	{"the 7 times table", []string{"multiplication"}, []int{20}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{7}), "tables %v", q.p.Tables) }},
	{"7 and 8 times tables, 24 questions", []string{"multiplication"}, []int{24}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{7, 8}), "tables %v", q.p.Tables) }},
	{"mixed times tables up to 12", []string{"multiplication"}, []int{20}, -1, func(q request) string { return want(len(q.p.Tables) == 11, "tables %v", q.p.Tables) }},
	{"times tables 2, 5 and 10", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.Tables, []int64{2, 5, 10}), "tables %v", q.p.Tables)
	}},
	{"dividing by 3", []string{"division"}, []int{20}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{3}), "tables %v", q.p.Tables) }},
	{"2-digit by 2-digit multiplication", []string{"multi-digit-multiplication"}, []int{10}, -1, func(q request) string { return want(q.p.Digits == 2 && q.p.Digits2 == 2, "digits") }},
	{"3 digit by 1 digit division", []string{"long-division"}, []int{10}, -1, nil},
	{"round to the nearest hundred", []string{"rounding"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{100}), "round to %v", q.p.RoundTo)
	}},
	{"rounding to the nearest 10", []string{"rounding"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{10}), "round to %v", q.p.RoundTo)
	}},
	{"skip counting by 5s", []string{"skip-counting"}, []int{20}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, []int64{5}), "by %v", q.p.Tables) }},
	{"addition with numbers up to 100", []string{"addition"}, []int{20}, -1, func(q request) string { return want(q.p.Max == 100, "max %d", q.p.Max) }},
	{"subtraction with numbers between 10 and 50", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.p.Max == 50, "max %d", q.p.Max) }},
	{"double digit addition with regrouping", []string{"addition"}, []int{20}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Regroup != nil && *q.p.Regroup, "digits/regroup")
	}},
	{"3-digit subtraction without borrowing", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.p.Regroup != nil && !*q.p.Regroup, "regroup") }},
	{"division with remainders for grade 4", []string{"division-remainders"}, []int{20}, 4, nil},
	{"long division with remainders", []string{"long-division"}, []int{10}, -1, func(q request) string { return want(q.p.Remainders != nil && *q.p.Remainders, "remainders") }},
	{"long division, no remainders, grade 4", []string{"long-division"}, []int{10}, 4, func(q request) string { return want(q.p.Remainders != nil && !*q.p.Remainders, "remainders") }},
	// layout and difficulty
	{"20 vertical addition problems", []string{"addition"}, []int{20}, -1, func(q request) string { return want(q.p.Vertical, "vertical") }},
	{"subtraction in 2 columns", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.columns == 2, "columns %d", q.columns) }},
	{"telling time, big print", []string{"telling-time"}, []int{12}, -1, func(q request) string { return want(q.large, "large print") }},
	{"large print addition for my grandson", []string{"addition"}, []int{20}, -1, func(q request) string { return want(q.large, "large print") }},
	{"easy subtraction", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"challenge multiplication for gifted kids", []string{"multiplication"}, []int{20}, -1, func(q request) string { return want(q.level == 2, "level %d", q.level) }},
	{"hard fractions to simplify", []string{"simplify-fractions"}, []int{20}, -1, func(q request) string { return want(q.level == 1, "level %d", q.level) }},
	{"3 versions of a two-step equations quiz", []string{"two-step-equations"}, []int{10}, -1, func(q request) string { return want(q.versions == 3, "versions %d", q.versions) }},
	{"make three versions: 10 multiplication facts", []string{"multiplication"}, []int{10}, -1, func(q request) string { return want(q.versions == 3, "versions %d", q.versions) }},
	// typos and informal phrasing
	{"20 substraction problems", []string{"subtraction"}, []int{20}, -1, nil},
	{"multiplcation facts for grade 3", []string{"multiplication"}, []int{20}, 3, nil},
	{"long divison for 5th grade", []string{"long-division"}, []int{10}, 5, nil},
	{"equivelent fractions", []string{"equivalent-fractions"}, []int{20}, -1, nil},
	{"additon within 20", []string{"addition"}, []int{20}, -1, nil},
	{"simplifiying fractions", []string{"simplify-fractions"}, []int{20}, -1, nil},
	{"perimiter of rectangles", []string{"perimeter-rectangles"}, []int{12}, -1, nil},
	{"roman numberals", []string{"roman-numerals"}, []int{20}, -1, nil},
	{"pls make 10 telling time sheets w/ clocks", []string{"telling-time"}, []int{10}, -1, nil},
	{"can u do some times tables for my kid", []string{"multiplication"}, []int{20}, -1, nil},
	{"order of opperations", []string{"order-of-operations"}, []int{20}, -1, nil},
	{"PEMDAS practice, 12 problems", []string{"order-of-operations"}, []int{12}, -1, nil},
	{"inequalitys grade 7", []string{"inequalities"}, []int{12}, 7, nil},
	{"combining like terms", []string{"combine-like-terms"}, []int{20}, -1, nil},
	{"distributive property worksheet", []string{"distributive-property"}, []int{20}, -1, nil},
	{"percent increase and decrease", []string{"percent-change"}, []int{20}, -1, nil},
	{"counting coins", []string{"counting-money"}, []int{20}, -1, nil},
	{"making change from $5", []string{"making-change"}, []int{20}, -1, nil},
	{"even and odd numbers for 2nd graders", []string{"even-odd"}, []int{20}, 2, nil},
	{"comparing numbers with < > =", []string{"compare-numbers"}, []int{20}, -1, nil},
	{"missing addends within 20", []string{"missing-addend"}, []int{20}, -1, nil},
	{"number bonds to 10", []string{"number-bonds"}, []int{12}, -1, nil},
	{"fact families", []string{"fact-families"}, []int{20}, -1, nil},
	{"tens and ones for first grade", []string{"tens-ones"}, []int{20}, 1, nil},
	{"fractions on a number line for grade 3", []string{"fraction-number-line"}, []int{12}, 3, nil},
	{"what fraction is shaded, grade 2", []string{"fraction-models"}, []int{12}, 2, nil},
	{"decimals to fractions", []string{"decimal-to-fraction"}, []int{20}, -1, nil},
	{"unit conversions inches feet yards", []string{"unit-conversions"}, []int{20}, -1, nil},
	{"area of composite shapes", []string{"composite-area"}, []int{12}, -1, nil},
	{"missing angles", []string{"angles"}, []int{12}, -1, nil},
	{"exponents for 6th grade", []string{"exponents"}, []int{20}, 6, nil},
	{"evaluating expressions", []string{"evaluate-expressions"}, []int{20}, -1, nil},
	{"word problems for grade 2", []string{"word-problems-add-sub"}, []int{10}, 2, nil},
	{"multiplication word problems", []string{"word-problems-mul-div"}, []int{10}, -1, nil},
	{"two-step word problems for 4th grade", []string{"word-problems-two-step"}, []int{10}, 4, nil},
	{"place value chart", []string{"place-value-chart"}, []int{12}, -1, nil},
	{"value of the underlined digit", []string{"place-value"}, []int{20}, -1, nil},
	{"rounding decimals to the nearest tenth", []string{"rounding-decimals"}, []int{20}, -1, nil},
	{"mixed numbers to improper fractions", []string{"mixed-to-improper"}, []int{20}, -1, nil},
	{"skip count by 10s", []string{"skip-counting"}, []int{20}, -1, nil},
	{"Can you make me a worksheet with 25 multiplication problems for my 3rd grader?", []string{"multiplication"}, []int{25}, 3, nil},
	{"I need a sheet of 30 mixed addition and subtraction facts within 10 for kindergarten, large print please", []string{"addition", "subtraction"}, []int{15, 15}, 0,
		func(q request) string { return want(q.large && q.p.Max == 10, "large %v max %d", q.large, q.p.Max) }},
	{"Worksheet: adding and subtracting fractions with unlike denominators, 12 problems, grade 5", []string{"add-fractions", "subtract-fractions"}, []int{6, 6}, 5, nil},
	{"10 problems on area and perimeter", []string{"area-rectangles", "perimeter-rectangles"}, []int{5, 5}, -1, nil},
	{"my son is in 4th grade and struggles with long division", []string{"long-division"}, []int{10}, 4, nil},
	{"one-step equations with integers, 16 questions, 2 columns", []string{"one-step-equations"}, []int{16}, -1, func(q request) string { return want(q.columns == 2, "columns") }},
	{"solving proportions word problems", []string{"proportions"}, []int{20}, -1, func(q request) string { return want(q.noWordProblems, "word problems not named") }},
	{"Times tables 6-9 please", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.Tables, []int64{6, 7, 8, 9}), "tables %v", q.p.Tables)
	}},
	{"algebra 1 two step and multi step equations", []string{"two-step-equations", "multi-step-equations"}, []int{5, 5}, 9, nil},
	{"review sheet: 5 rounding, 5 place value, 5 expanded form, 5 roman numerals", []string{"rounding", "place-value", "expanded-form", "roman-numerals"}, []int{5, 5, 5, 5}, -1, nil},
	{"subtraction word problems for grade 1", []string{"word-problems-add-sub"}, []int{10}, 1, nil},
	{"money: counting coins and making change", []string{"counting-money", "making-change"}, []int{10, 10}, -1, nil},
	{"fractions: simplify, add and compare", []string{"simplify-fractions", "add-fractions", "compare-fractions"}, []int{10, 10, 10}, -1, nil},
	{"rounding decimals and adding decimals", []string{"rounding-decimals", "add-decimals"}, []int{10, 10}, -1, nil},
	{"round decimals to the nearest tenth", []string{"rounding-decimals"}, []int{20}, -1, nil},
	{"can you do a worksheet with 40 multiplication facts 0-12", []string{"multiplication"}, []int{40}, -1, func(q request) string { return want(q.p.Max == 12, "max %d", q.p.Max) }},
	{"fractions of a set for grade 3", []string{"fraction-of-a-number"}, []int{20}, 3, nil},
	{"elapsed time word problems grade 3", []string{"elapsed-time"}, []int{20}, 3, func(q request) string { return want(!q.noWordProblems, "said it has no word problems") }},
	{"12 questions on telling time to the quarter hour", []string{"telling-time"}, []int{12}, -1, func(q request) string { return want(q.p.Step == 15, "step %d", q.p.Step) }},
	{"clocks to the half hour for first grade", []string{"telling-time"}, []int{12}, 1, func(q request) string { return want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"long division 4 digit by 1 digit no remainders", []string{"long-division"}, []int{10}, -1, func(q request) string {
		return want(q.p.Digits == 4 && q.p.Digits2 == 1 && q.p.Remainders != nil && !*q.p.Remainders, "digits/remainders")
	}},
	{"perimeter and area of rectangles, large print, 8 problems", []string{"perimeter-rectangles", "area-rectangles"}, []int{4, 4}, -1, func(q request) string { return want(q.large, "large") }},
	{"twenty questions on exponents and order of operations", []string{"exponents", "order-of-operations"}, []int{10, 10}, -1, nil},
	{"round to the nearest 10 and 100", []string{"rounding"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{10, 100}), "round to %v", q.p.RoundTo)
	}},
	// Spanish
	{"Dame 15 ejercicios de multiplicar para tercero", []string{"multiplication"}, []int{15}, 3, lng("es")},
	{"fracciones equivalentes y simplificar fracciones, 10 de cada", []string{"equivalent-fractions", "simplify-fractions"}, []int{10, 10}, -1, lng("es")},
	{"hoja de divisiones con resto para cuarto de primaria", []string{"division-remainders"}, []int{20}, 4, lng("es")},
	{"quiero practicar las tablas del 2 al 5", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{2, 3, 4, 5}), "tables %v", q.p.Tables)
	}},
	{"Quiero 10 problemas de multiplicación de dos cifras para cuarto grado", []string{"multi-digit-multiplication"}, []int{10}, 4, lng("es")},
	{"hazme una hoja de fracciones equivalentes para tercero", []string{"equivalent-fractions"}, []int{20}, 3, lng("es")},
	{"20 sumas de dos cifras para segundo grado", []string{"addition"}, []int{20}, 2, lng("es")},
	{"quince restas hasta 20", []string{"subtraction"}, []int{15}, -1, lng("es")},
	{"la tabla del 7", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{7}), "tables %v", q.p.Tables)
	}},
	{"divisiones largas para quinto grado", []string{"long-division"}, []int{10}, 5, lng("es")},
	{"una docena de problemas de fracciones equivalentes", []string{"equivalent-fractions"}, []int{12}, -1, lng("es")},
	{"5 sumas, 5 restas y 5 multiplicaciones para tercero de primaria", []string{"addition", "subtraction", "multiplication"}, []int{5, 5, 5}, 3, lng("es")},
	{"ecuaciones de dos pasos", []string{"two-step-equations"}, []int{10}, -1, lng("es")},
	{"leer el reloj para primer grado", []string{"telling-time"}, []int{12}, 1, lng("es")},
	{"multiplicaciones con letra grande", []string{"multiplication"}, []int{20}, -1, func(q request) string { return lng("es")(q) + want(q.large, "large") }},
	{"redondear a la centena más cercana", []string{"rounding"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.RoundTo, []int64{100}), "round %v", q.p.RoundTo)
	}},
	{"problemas de suma y resta para segundo grado", []string{"word-problems-add-sub"}, []int{10}, 2, lng("es")},
	{"diez divisiones con residuo", []string{"division-remainders"}, []int{10}, -1, lng("es")},
	{"jerarquía de operaciones, 12 ejercicios", []string{"order-of-operations"}, []int{12}, -1, lng("es")},
	{"sumas de fracciones", []string{"add-fractions"}, []int{20}, -1, lng("es")},
	{"números romanos", []string{"roman-numerals"}, []int{20}, -1, lng("es")},
	{"restas sin llevadas", []string{"subtraction"}, []int{20}, -1, func(q request) string { return lng("es")(q) + want(q.p.Regroup != nil && !*q.p.Regroup, "regroup") }},
	{"4 de cada operación", []string{"addition", "subtraction", "multiplication", "division"}, []int{4, 4, 4, 4}, -1, lng("es")},
	{"área y perímetro para tercer grado", []string{"area-rectangles", "perimeter-rectangles"}, []int{6, 6}, 3, lng("es")},
	{"porcentajes para sexto grado", []string{"percent-of"}, []int{20}, 6, lng("es")},
	{"contar de 5 en 5", []string{"skip-counting"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{5}), "by %v", q.p.Tables)
	}},
	{"fracciones para cuarto grado", []string{"simplify-fractions", "add-fractions", "subtract-fractions", "compare-fractions"}, []int{10, 10, 10, 10}, 4, lng("es")},
	{"sumas de enteros", []string{"add-integers"}, []int{20}, -1, lng("es")},
	// follow-ups naming a level for one question: that question's edit, not the sheet's
	{"make number 3 challenging", nil, nil, -1, oneAt(3, 2, false)},
	{"make question 2 easy", nil, nil, -1, oneAt(2, -1, false)},
	{"make #4 hard", nil, nil, -1, oneAt(4, 1, false)},
	{"put question 5 back at grade level", nil, nil, -1, oneAt(5, 0, true)},
	{"haz la pregunta 3 más fácil", nil, nil, -1, func(q request) string {
		return want(q.target == 3 && q.easier && q.level == 0, "target %d easier %v", q.target, q.easier)
	}},
	{"la 4 de nivel desafío", nil, nil, -1, oneAt(4, 2, false)},
	{"pon la pregunta 2 de nivel fácil", nil, nil, -1, oneAt(2, -1, false)},
	// …and the whole sheet's level when no question is named
	{"make it challenging", nil, nil, -1, oneAt(0, 2, false)},
	{"ponlo de nivel desafío", nil, nil, -1, oneAt(0, 2, false)},
	{"restas fáciles hasta el 20", []string{"subtraction"}, []int{20}, -1, func(q request) string {
		return want(q.target == 0 && q.level == -1 && q.p.Max == 20, "target %d level %d max %d", q.target, q.level, q.p.Max)
	}},
}

// oneAt checks an edit that puts question n (0: the whole sheet) at a level.
func oneAt(n, level int, onLevel bool) func(q request) string {
	return func(q request) string {
		return want(q.target == n && q.level == level && q.onLevel == onLevel && !q.harder && !q.easier,
			"target %d level %d on level %v", q.target, q.level, q.onLevel)
	}
}

func want(ok bool, format string, a ...any) string {
	if ok {
		return ""
	}
	return fmt.Sprintf(format, a...)
}

func TestParserReadsEveryPhrasing(t *testing.T) {
	if len(phrasings) < 100 {
		t.Errorf("only %d phrasings", len(phrasings))
	}
	wrong := 0
	for _, c := range phrasings {
		if p := readWrong(c); p != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
	t.Logf("%d of %d phrasings read right", len(phrasings)-wrong, len(phrasings))
}

// Requests the offline engine cannot write are refused, in the request's language.
func TestRefusals(t *testing.T) {
	for _, c := range []struct{ prompt, lang string }{
		{"a reading comprehension passage about frogs for grade 2", "en"},
		{"write an essay prompt about the civil war", "en"},
		{"science worksheet on photosynthesis", "en"},
		{"spelling words for 1st grade", "en"},
		{"una lectura de comprensión sobre los volcanes", "es"},
		{"hoja de ciencias sobre las plantas", "es"},
		{"make me something nice", "en"},
		{"Una lectura sobre volcanes", "es"},
		{"quiero un poema para mi hija", "es"},
	} {
		q := read(c.prompt)
		if q.lang != c.lang {
			t.Errorf("%q read as %s", c.prompt, q.lang)
		}
		if q.refused == "" && len(q.sections) > 0 {
			t.Errorf("%q: not refused: %+v", c.prompt, q.sections)
		}
	}
}

// Each skill's example request (listed in the README, and offered in refusals) asks for that
// skill, in every language.
func TestEverySkillsExampleAsksForIt(t *testing.T) {
	for _, code := range langOrder {
		for id, sw := range langs[code].Skills {
			q := read(sw.Example)
			if len(q.sections) != 1 || q.sections[0].skill != id || q.refused != "" || q.lang != code {
				t.Errorf("%s example %q reads as %+v (%s, refused %q)", code, sw.Example, q.sections, q.lang, q.refused)
			}
		}
	}
}
