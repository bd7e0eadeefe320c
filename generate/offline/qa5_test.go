package offline

import (
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// qa5Phrasings are a fifth round of requests, written as a homeschooling parent, a
// special-education teacher, a tutor in shorthand, Spanish-speaking teachers, a middle-school
// teacher citing textbook units, and requests that put counts and sections in unusual orders.
// None is in an earlier table. What each must give was decided before the engine read it.
var qa5Phrasings = []phrasing{
	// a homeschooling parent, rambling
	{"Hi! So we homeschool and my middle one (she's in 4th grade) has been having a rough time with long division lately, could you maybe put together something with like 15 problems? no remainders please, she's not there yet", []string{"long-division"}, []int{15}, 4, func(q request) string {
		return want(q.p.Remainders != nil && !*q.p.Remainders, "remainders %v", q.p.Remainders)
	}},
	{"ok so my twins just started first grade at home, I'd love a page of adding within 10 and then some take away within 10 too, maybe 12 of each?", []string{"addition", "subtraction"}, []int{12, 12}, 1, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"We're doing a fractions unit this month in our homeschool co-op (5th grade) and I need adding fractions with unlike denominators, about 10, and then 10 subtracting", []string{"add-fractions", "subtract-fractions"}, []int{10, 10}, 5, nil},
	{"My son is 12 and honestly behind in math, we're working on multiplying decimals, can you give him an easy sheet of 10", []string{"multiply-decimals"}, []int{10}, 6, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"long day here lol. just need some telling time practice for my 7 year old, to the half hour, nothing fancy", []string{"telling-time"}, []int{12}, 1, func(q request) string { return want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"My daughter loves money, she's in 2nd grade - counting coins, maybe 8 of them, and could you make it in large print because her eyes get tired", []string{"counting-money"}, []int{8}, 2, func(q request) string { return want(q.large, "large %v", q.large) }},
	{"we are a homeschool family and my oldest is doing pre-algebra this year, he needs practice with one step equations, twenty should do it, thank you so much!!", []string{"one-step-equations"}, []int{20}, 7, nil},
	// a special-education teacher
	{"addition within 10, only 8 problems per page, one column, large print", []string{"addition"}, []int{8}, -1, func(q request) string {
		return want(q.p.Max == 10 && q.columns == 1 && q.large, "max %d columns %d large %v", q.p.Max, q.columns, q.large)
	}},
	{"subtraction facts, numbers only up to 10, 10 problems, big font, no word problems", []string{"subtraction"}, []int{10}, -1, func(q request) string {
		return want(q.p.Max == 10 && q.large && !q.noWordProblems, "max %d large %v nowp %v", q.p.Max, q.large, q.noWordProblems)
	}},
	{"IEP accommodation: 6 two-digit addition problems without regrouping, single column", []string{"addition"}, []int{6}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Regroup != nil && !*q.p.Regroup && q.columns == 1, "digits %d columns %d", q.p.Digits, q.columns)
	}},
	{"for my resource room 3rd graders: 10 multiplication facts, tables 0-5 only", []string{"multiplication"}, []int{10}, 3, func(q request) string {
		return want(slices.Equal(q.p.Tables, span(0, 5)) || slices.Equal(q.p.Tables, span(1, 5)), "tables %v", q.p.Tables)
	}},
	{"fewer problems per page please - 5 money problems for grade 1, large print", []string{"counting-money"}, []int{5}, 1, func(q request) string { return want(q.large, "large %v", q.large) }},
	{"counting objects up to 10, kindergarten, big print, 6 problems", []string{"count-objects"}, []int{6}, 0, func(q request) string { return want(q.large, "large %v", q.large) }},
	{"number bonds to 10 for my special ed class, just 6", []string{"number-bonds"}, []int{6}, -1, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"only numbers up to 10 please: addition and subtraction, 5 each, one column", []string{"addition", "subtraction"}, []int{5, 5}, -1, func(q request) string {
		return want(q.p.Max == 10 && q.columns == 1, "max %d columns %d", q.p.Max, q.columns)
	}},
	// a tutor in shorthand
	{"3dig x 1dig, 12", []string{"multi-digit-multiplication"}, []int{12}, -1, func(q request) string {
		return want(q.p.Digits == 3 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"frac +/- unlike denom 10 each", []string{"add-fractions", "subtract-fractions"}, []int{10, 10}, -1, nil},
	{"2-step eq w/ negatives, 15", []string{"two-step-equations"}, []int{15}, -1, nil},
	{"<,>,= with 2-digit nums, 20", []string{"compare-numbers"}, []int{20}, -1, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	{"$ probs gr2, 10", []string{"counting-money"}, []int{10}, 2, nil},
	{"mult facts 6-9, 40q", []string{"multiplication"}, []int{40}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, span(6, 9)), "tables %v", q.p.Tables) }},
	{"int ops: + - × ÷, 5 ea", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{5, 5, 5, 5}, -1, nil},
	{"gr7 solve 1-step eqs, 20", []string{"one-step-equations"}, []int{20}, 7, nil},
	{"dec -> frac, 12", []string{"decimal-to-fraction"}, []int{12}, -1, nil},
	{"% of a number gr6 15", []string{"percent-of"}, []int{15}, 6, nil},
	{"2dig + 2dig w/ regroup 30", []string{"addition"}, []int{30}, -1, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Regroup != nil && *q.p.Regroup, "digits %d regroup %v", q.p.Digits, q.p.Regroup)
	}},
	{"PEMDAS w/ exponents, 10", []string{"order-of-operations"}, []int{10}, -1, nil},
	{"round to nearest 10/100, 16", []string{"rounding"}, []int{16}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{10, 100}), "round to %v", q.p.RoundTo)
	}},
	{"div w/ rem gr4 x12", []string{"division-remainders"}, []int{12}, 4, nil},
	// Spanish-speaking teachers
	{"Me puede hacer una ficha de repaso de las tablas del 7 y del 8 para tercero, por favor", []string{"multiplication"}, []int{20}, 3, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{7, 8}), "tables %v", q.p.Tables)
	}},
	{"quiero 15 restas llevando para segundo de primaria", []string{"subtraction"}, []int{15}, 2, func(q request) string {
		return lng("es")(q) + want(q.p.Regroup != nil && *q.p.Regroup, "regroup")
	}},
	{"necesito tarea de fracciones equivalentes, 12 ejercicios, 4o grado", []string{"equivalent-fractions"}, []int{12}, 4, lng("es")},
	{"me puedes hacer una hoja de divisiones con residuo para quinto, 10 problemas", []string{"long-division"}, []int{10}, 5, func(q request) string {
		return lng("es")(q) + want(q.p.Remainders != nil && *q.p.Remainders, "remainders")
	}},
	{"ejercicios de sumas y restas hasta el 20, 10 de cada una, para primero", []string{"addition", "subtraction"}, []int{10, 10}, 1, func(q request) string {
		return lng("es")(q) + want(q.p.Max == 20, "max %d", q.p.Max)
	}},
	{"fichas de repaso: numeros romanos, 15", []string{"roman-numerals"}, []int{15}, -1, lng("es")},
	{"ocupo una tarea de ecuaciones de un paso para septimo", []string{"one-step-equations"}, []int{20}, 7, lng("es")},
	{"Necesito un examen para sexto: 10 de porcentaje de un numero", []string{"percent-of"}, []int{10}, 6, lng("es")},
	{"repaso de operaciones combinadas para 1o de secundaria", []string{"order-of-operations"}, []int{20}, 7, lng("es")},
	{"hazme 20 multiplicaciones de dos cifras por una cifra", []string{"multi-digit-multiplication"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(q.p.Digits == 2 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"quiero una hoja con letra grande de sumas hasta 10, en una sola columna", []string{"addition"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(q.large && q.columns == 1 && q.p.Max == 10, "large %v columns %d max %d", q.large, q.columns, q.p.Max)
	}},
	{"me puede hacer 3 versiones de un examen de fracciones: 5 sumas y 5 restas de fracciones", []string{"add-fractions", "subtract-fractions"}, []int{5, 5}, -1, func(q request) string {
		return lng("es")(q) + want(q.versions == 3, "versions %d", q.versions)
	}},
	{"redondeo a la decena mas cercana, 20 ejercicios, tercer grado", []string{"rounding"}, []int{20}, 3, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.RoundTo, []int64{10}), "round to %v", q.p.RoundTo)
	}},
	{"una tarea de area y perimetro para tercero, 6 de cada uno", []string{"area-rectangles", "perimeter-rectangles"}, []int{6, 6}, 3, lng("es")},
	// a middle-school teacher citing textbook units
	{"unit 3 review: integers, 7th grade", []string{"add-integers", "subtract-integers", "multiply-integers", "divide-integers"}, []int{10, 10, 10, 10}, 7, nil},
	{"ratios and rates quiz, 7th grade, 12 questions", []string{"ratios", "unit-rates"}, []int{6, 6}, 7, nil},
	{"distributive property & combining like terms, 8 each", []string{"distributive-property", "combine-like-terms"}, []int{8, 8}, -1, nil},
	{"Lesson 2.4: solving two-step equations, 12 problems", []string{"two-step-equations"}, []int{12}, -1, nil},
	{"chapter 5 test, grade 6: multiply and divide fractions, 10 each", []string{"multiply-fractions", "divide-fractions"}, []int{10, 10}, 6, nil},
	{"Module 4 exit ticket: unit rates, 5 problems", []string{"unit-rates"}, []int{5}, -1, nil},
	{"evaluating algebraic expressions, 6th grade, 15", []string{"evaluate-expressions"}, []int{15}, 6, nil},
	{"laws of exponents review, 8th grade", []string{"exponent-properties"}, []int{20}, 8, nil},
	{"solving one-variable inequalities, 7.EE.4, 10 problems", []string{"inequalities"}, []int{10}, 7, nil},
	// counts and sections in unusual orders
	{"page of 30: first 10 easy addition then 20 harder subtraction", []string{"addition", "subtraction"}, []int{10, 20}, -1, nil},
	{"30 problems, half addition half subtraction", []string{"addition", "subtraction"}, []int{15, 15}, -1, nil},
	{"addition (first 15) then subtraction (last 15)", []string{"addition", "subtraction"}, []int{15, 15}, -1, nil},
	{"multiplication x20 then division x10", []string{"multiplication", "division"}, []int{20, 10}, -1, nil},
	{"first 5 rounding, next 10 place value, last 5 expanded form", []string{"rounding", "place-value", "expanded-form"}, []int{5, 10, 5}, -1, nil},
	{"two sections: 12 addition and 8 subtraction", []string{"addition", "subtraction"}, []int{12, 8}, -1, nil},
	{"a sheet with 40 multiplication facts, then 10 division facts at the bottom", []string{"multiplication", "division"}, []int{40, 10}, -1, nil},
	{"ten to twelve long division problems", []string{"long-division"}, []int{12}, -1, nil},
	// variations written after the first run, to try the fixes on other words
	{"4dig ÷ 1dig, 8", []string{"long-division"}, []int{8}, -1, func(q request) string {
		return want(q.p.Digits == 4 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"+/- within 20, 15 each", []string{"addition", "subtraction"}, []int{15, 15}, -1, func(q request) string { return want(q.p.Max == 20, "max %d", q.p.Max) }},
	{"unidad 4: fracciones equivalentes, 10 ejercicios", []string{"equivalent-fractions"}, []int{10}, -1, lng("es")},
	{"tema 3 repaso de restas", []string{"subtraction"}, []int{20}, -1, lng("es")},
	{"mult facts 2-5 x30", []string{"multiplication"}, []int{30}, -1, func(q request) string { return want(slices.Equal(q.p.Tables, span(2, 5)), "tables %v", q.p.Tables) }},
	{"my daughter is 9, she needs division facts", []string{"division"}, []int{20}, 3, nil},
	{"quick sheet of 12 mixed +/- facts within 10", []string{"addition", "subtraction"}, []int{6, 6}, -1, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"making change from $10, 8 problems", []string{"making-change"}, []int{8}, -1, nil},
}

// qa5Refusals are out-of-scope requests: refused in their own language, naming what it can do.
var qa5Refusals = []struct{ prompt, lang string }{
	{"can you make a reading comprehension worksheet about frogs for my 2nd grader", "en"},
	{"necesito una ficha de ortografia para tercero", "es"},
	{"quadratic formula practice for algebra 1", "en"},
	{"hazme una hoja de derivadas para prepa", "es"},
	{"a science worksheet on the water cycle for 4th grade", "en"},
	{"me puede hacer un examen de historia de Mexico", "es"},
}

// qa5Replies are new sheets whose reply must say something: what was not honoured, a cap.
var qa5Replies = []struct {
	prompt, counts string
	says           []string // each must be in the reply (any one of a "|"-separated list)
}{
	{"20 addition problems with the answers at the bottom", "addition 20", []string{"answer key"}},
	{"150 addition problems", "addition 100", []string{"at most 100"}},
	{"subtraction facts, numbers only up to 10, 10 problems, big font, no word problems", "subtraction 10", []string{"large print"}},
	{"place value, 10 problems, extra space between problems", "place-value 10", []string{"space"}},
	{"multiplication facts, multiple choice, 20", "multiplication 20", []string{"multiple choice"}},
	{"addition within 10, only 8 problems per page, one column, large print", "addition 8", []string{"in one column", "large print"}},
	{"quiero una hoja con letra grande de sumas hasta 10, en una sola columna", "addition 20", []string{"en una sola columna", "letra grande"}},
	{"30 addition problems on one page", "addition 30", []string{"can't promise it fits"}},
	{"2 pages of subtraction for 2nd grade", "subtraction 20", []string{"number of pages"}},
	{"1 page of addition", "addition 20", nil},
	{"2+2 type addition for kinder", "addition 20", nil},
	{"page 2: division facts", "division 20", nil},
	{"sumas hasta 10 con las respuestas abajo", "addition 20", []string{"clave de respuestas|hoja de respuestas"}},
	{"unit 3 review: integers, 7th grade", "add-integers 10 subtract-integers 10 multiply-integers 10 divide-integers 10", []string{"grade 7"}},
}

// qa5Start is the sheet the follow-ups edit.
const qa5Start = "4th grade: 10 addition, 10 subtraction and 10 multiplication"

var qa5FollowUps = []struct {
	prompt string
	check  func(was, now Spec, d generate.Draft) string
}{
	{"swap #5", func(was, now Spec, d generate.Draft) string {
		a, b := sectionQuestions(&was, was.Version, 0, was.Sections[0]), sectionQuestions(&now, now.Version, 0, now.Sections[0])
		changed := 0
		for k := range a {
			if k < len(b) && a[k].Q.Text != b[k].Q.Text {
				changed++
			}
		}
		return want(changed == 1 && a[4].Q.Text != b[4].Q.Text && sameSection(was, now, 1) && sameSection(was, now, 2), "changed %d", changed)
	}},
	{"remove the last section", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 subtraction 10" && sameSection(was, now, 0) && sameSection(was, now, 1), "%s", countsOf(now))
	}},
	{"more space between problems", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && (now.Columns == 1 || strings.Contains(d.Message, "space")), "%s columns %d", countsOf(now), now.Columns)
	}},
	{"can you put the answers at the bottom", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "answer key"), "%s", countsOf(now))
	}},
	{"make it fit on one page", func(was, now Spec, d generate.Draft) string {
		return want(strings.Contains(d.Message, "page"), "%s", countsOf(now))
	}},
	{"less problems", func(was, now Spec, d generate.Draft) string {
		return want(total(now) < total(was) && skillsOf(now) == skillsOf(was), "%s", countsOf(now))
	}},
	{"fewer problems please", func(was, now Spec, d generate.Draft) string {
		return want(total(now) < total(was) && skillsOf(now) == skillsOf(was), "%s", countsOf(now))
	}},
	{"make the subtraction ones harder", func(was, now Spec, d generate.Draft) string {
		return want(sameSection(was, now, 0) && !sameSection(was, now, 1) && sameSection(was, now, 2), "%s", countsOf(now))
	}},
	{"put it in one column with bigger print", func(was, now Spec, d generate.Draft) string {
		return want(now.Columns == 1 && now.Large && sameSection(was, now, 0) && sameSection(was, now, 2), "columns %d large %v", now.Columns, now.Large)
	}},
	{"quita la ultima seccion", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 subtraction 10" && !strings.HasPrefix(d.Message, "Done"), "%s %q", countsOf(now), d.Message)
	}},
	{"menos ejercicios por favor", func(was, now Spec, d generate.Draft) string {
		return want(total(now) < total(was) && skillsOf(now) == skillsOf(was) && !strings.HasPrefix(d.Message, "Done"), "%s %q", countsOf(now), d.Message)
	}},
	{"add 5 word problems at the end", func(was, now Spec, d generate.Draft) string {
		return want(len(now.Sections) == 4 && strings.HasPrefix(now.Sections[3].Skill, "word-problems") && now.Sections[3].Count == 5 && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"change #2 to be easier", func(was, now Spec, d generate.Draft) string {
		return want(now.Sections[0].Levels[1] == -1 && len(now.Sections[0].Levels) == 1 && sameSection(was, now, 1), "levels %v", now.Sections[0].Levels)
	}},
	{"take out the multiplication and make it 2 columns", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 subtraction 10" && now.Columns == 2 && sameSection(was, now, 0), "%s columns %d", countsOf(now), now.Columns)
	}},
	{"swap question 3", func(was, now Spec, d generate.Draft) string { return onlyQuestionChanged(was, now, 3) }},
	{"replace #7", func(was, now Spec, d generate.Draft) string { return onlyQuestionChanged(was, now, 7) }},
	{"cambia la 4", func(was, now Spec, d generate.Draft) string { return onlyQuestionChanged(was, now, 4) }},
	{"give me a different #10", func(was, now Spec, d generate.Draft) string { return onlyQuestionChanged(was, now, 10) }},
	{"can you redo problem 25", func(was, now Spec, d generate.Draft) string { return onlyQuestionChanged(was, now, 25) }},
	{"delete section 2", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 multiplication 10" && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"get rid of the first part", func(was, now Spec, d generate.Draft) string {
		same := true // the sections kept keep their questions
		for j := range now.Sections {
			a, b := sectionQuestions(&was, was.Version, j+1, was.Sections[j+1]), sectionQuestions(&now, now.Version, j, now.Sections[j])
			same = same && len(a) == len(b) && a[0].Q.Text == b[0].Q.Text && a[len(a)-1].Q.Text == b[len(b)-1].Q.Text
		}
		return want(countsOf(now) == "subtraction 10 multiplication 10" && same, "%s same %v", countsOf(now), same)
	}},
	{"quita la segunda parte", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 multiplication 10" && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"drop the 2nd section", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 10 multiplication 10" && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"too many problems", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 5 subtraction 5 multiplication 5", "%s", countsOf(now))
	}},
	{"not so many questions", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 5 subtraction 5 multiplication 5", "%s", countsOf(now))
	}},
	{"no tantos ejercicios", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "addition 5 subtraction 5 multiplication 5", "%s", countsOf(now))
	}},
	{"answers on the same page please", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "answer key"), "%s %q", countsOf(now), d.Message)
	}},
	{"con las respuestas al final", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "clave de respuestas"), "%s %q", countsOf(now), d.Message)
	}},
	{"spread them out more", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "space"), "%s %q", countsOf(now), d.Message)
	}},
	{"mas espacio entre los ejercicios", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "espacio"), "%s %q", countsOf(now), d.Message)
	}},
	{"can it fit on a single page?", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "page"), "%s %q", countsOf(now), d.Message)
	}},
	{"que quepa en una sola hoja", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == countsOf(was) && sameSection(was, now, 0) && strings.Contains(d.Message, "página"), "%s %q", countsOf(now), d.Message)
	}},
	{"redo number 12", func(was, now Spec, d generate.Draft) string {
		return want(sameSection(was, now, 0) && !sameSection(was, now, 1) && sameSection(was, now, 2), "%s", countsOf(now))
	}},
}

// onlyQuestionChanged says what is wrong unless question n of the sheet (from 1) alone changed.
func onlyQuestionChanged(was, now Spec, n int) string {
	if countsOf(was) != countsOf(now) {
		return countsOf(now)
	}
	var changed []int
	k := 0
	for i := range was.Sections {
		a, b := sectionQuestions(&was, was.Version, i, was.Sections[i]), sectionQuestions(&now, now.Version, i, now.Sections[i])
		for j := range a {
			k++
			if a[j].Q.Text != b[j].Q.Text {
				changed = append(changed, k)
			}
		}
	}
	return want(slices.Equal(changed, []int{n}), "changed %v, want only %d", changed, n)
}

func TestQA5Sheets(t *testing.T) {
	wrong := checkPhrasings(t, qa5Phrasings, phrasings, qaPhrasings, qa3Phrasings, qa4Phrasings)
	t.Logf("%d of %d QA5 phrasings right", len(qa5Phrasings)-wrong, len(qa5Phrasings))
}

func TestQA5Refusals(t *testing.T) {
	for _, c := range qa5Refusals {
		if p := refusalWrong(c.prompt, c.lang, true); p != "" {
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
}

func TestQA5Replies(t *testing.T) {
	for _, c := range qa5Replies {
		d, err := qa3Write(New(seeds()), "", c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		s, _ := specFrom(d.Body)
		if countsOf(s) != c.counts {
			t.Errorf("%q: %s, want %s", c.prompt, countsOf(s), c.counts)
		}
		for _, w := range c.says {
			if !slices.ContainsFunc(strings.Split(w, "|"), func(x string) bool { return strings.Contains(d.Message, x) }) {
				t.Errorf("%q: reply %q does not say %q", c.prompt, d.Message, w)
			}
		}
		if w := answersWrong(t, s); len(w) > 0 {
			t.Errorf("%q: %s", c.prompt, strings.Join(w, "; "))
		}
	}
}

func TestQA5FollowUps(t *testing.T) {
	e := New(seeds())
	start, err := qa3Write(e, "", qa5Start)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	if countsOf(was) != "addition 10 subtraction 10 multiplication 10" || was.Sections[0].P.Grade != 4 {
		t.Fatalf("start: %s", countsOf(was))
	}
	wrong := 0
	defer func() { t.Logf("%d of %d QA5 follow-ups right", len(qa5FollowUps)-wrong, len(qa5FollowUps)) }()
	for _, c := range qa5FollowUps {
		d, err := qa3Write(e, start.Body, c.prompt)
		problem := ""
		if err != nil {
			problem = err.Error()
		} else {
			now, _ := specFrom(d.Body)
			problem = c.check(was, now, d)
			if w := answersWrong(t, now); len(w) > 0 {
				problem += strings.Join(w, "; ")
			}
			if problem != "" {
				problem += " — reply " + d.Message
			}
		}
		if problem != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, problem)
		}
	}
}
