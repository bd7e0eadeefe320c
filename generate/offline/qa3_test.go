package offline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// qa3Phrasings are a third round of requests typed as teachers and parents type them (terse,
// chatty, misspelt, Common Core codes, Spanish from Latin American classrooms), none of them
// in the earlier tables. What each must give was decided before the engine read it.
var qa3Phrasings = []phrasing{
	// terse
	{"2nd gr subtraction w regrouping 25 probs", []string{"subtraction"}, []int{25}, 2, func(q request) string { return want(q.p.Regroup != nil && *q.p.Regroup, "regroup") }},
	{"third graders need multiplication facts 0-10", []string{"multiplication"}, []int{20}, 3, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"gr. 4 multi-digit multiplication 2 digit by 2 digit, 12 problems", []string{"multi-digit-multiplication"}, []int{12}, 4, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Digits2 == 2, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"kinder addition within 5, big print", []string{"addition"}, []int{20}, 0, func(q request) string { return want(q.p.Max == 5 && q.large, "max %d large %v", q.p.Max, q.large) }},
	{"8th grade multi step equations with variables on both sides", []string{"multi-step-equations"}, []int{10}, 8, nil},
	{"algebra 1 solving inequalities, 15 problems", []string{"inequalities"}, []int{15}, 9, nil},
	{"pre-algebra combining like terms and distributive property", []string{"combine-like-terms", "distributive-property"}, []int{10, 10}, 7, nil},
	{"fifty two-digit addition problems", []string{"addition"}, []int{50}, -1, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	{"subtraction facts 0-20 fluency drill, 60 problems, 4 columns", []string{"subtraction"}, []int{60}, -1, func(q request) string {
		return want(q.p.Max == 20 && q.columns == 4, "max %d columns %d", q.p.Max, q.columns)
	}},
	{"mutliplication 3 digit by 1 digit", []string{"multi-digit-multiplication"}, []int{10}, -1, func(q request) string {
		return want(q.p.Digits == 3 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"divsion with remainders grade4", []string{"division-remainders"}, []int{20}, 4, nil},
	{"fraction of a number, 5th gr", []string{"fraction-of-a-number"}, []int{20}, 5, nil},
	{"times tables 2-12 mixed, 100 problems", []string{"multiplication"}, []int{100}, -1, func(q request) string { return want(len(q.p.Tables) == 11, "tables %v", q.p.Tables) }},
	{"order of ops for 6th gr", []string{"order-of-operations"}, []int{20}, 6, nil},
	{"integers: adding and subtracting, 12 each, 7th", []string{"add-integers", "subtract-integers"}, []int{12, 12}, 7, nil},
	{"convert between fractions decimals and percents 6th", []string{"percent-conversions"}, []int{20}, 6, nil},
	{"find the area of rectangles w/ whole numbers, 3rd, 10 probs", []string{"area-rectangles"}, []int{10}, 3, nil},
	{"missing addend within 10 for K", []string{"missing-addend"}, []int{20}, 0, func(q request) string { return want(q.p.Max == 10, "max %d", q.p.Max) }},
	{"Grade K counting to 20", []string{"count-objects"}, []int{12}, 0, nil},
	{"30 addition facts, sums to 10, kindergarten, in 2 colums", []string{"addition"}, []int{30}, 0, func(q request) string {
		return want(q.p.Max == 10 && q.columns == 2, "max %d columns %d", q.p.Max, q.columns)
	}},
	{"a quick 10-question quiz on equivalent fractions", []string{"equivalent-fractions"}, []int{10}, -1, nil},
	{"subtracting across zeros", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.p.Regroup != nil && *q.p.Regroup, "regroup") }},
	{"telling time to the nearest minute, 2nd grade", []string{"telling-time"}, []int{12}, 2, func(q request) string { return want(q.p.Step == 1, "step %d", q.p.Step) }},
	{"comparing numbers using <, >, = for 1st grade", []string{"compare-numbers"}, []int{20}, 1, nil},
	// Common Core codes
	{"4.NBT.5", []string{"multi-digit-multiplication"}, []int{10}, 4, nil},
	{"3.OA.7 practice, 30 problems", []string{"multiplication", "division"}, []int{15, 15}, 3, nil},
	{"6.EE.7 one step equations", []string{"one-step-equations"}, []int{20}, 6, nil},
	{"3.NF.3 equivalent fractions", []string{"equivalent-fractions"}, []int{20}, 3, nil},
	{"worksheet for 5.NBT.7, 8 of each", []string{"add-decimals", "subtract-decimals", "multiply-decimals", "divide-decimals"}, []int{8, 8, 8, 8}, 5, nil},
	{"2.OA.2 fluency", []string{"addition", "subtraction"}, []int{10, 10}, 2, func(q request) string { return want(q.p.Max == 20, "max %d", q.p.Max) }},
	// chatty
	{"my son is struggling with his 6s and 7s, can you make him a practice page", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.Tables, []int64{6, 7}), "tables %v", q.p.Tables)
	}},
	{"Can you make me a page of 2 digit by 1 digit multiplication for 4th graders? lots of room to show work", []string{"multi-digit-multiplication"}, []int{10}, 4, func(q request) string {
		return want(q.p.Digits == 2 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"I teach 5th grade and need decimal multiplication, about 16 problems", []string{"multiply-decimals"}, []int{16}, 5, nil},
	{"my daughter is in kinder and needs help counting, can you make something", []string{"count-objects"}, []int{12}, 0, nil},
	{"i need like 40 problems of 2 digit plus 2 digit", []string{"addition"}, []int{40}, -1, func(q request) string { return want(q.p.Digits == 2, "digits %d", q.p.Digits) }},
	{"challenge problems for my advanced 2nd grader: 3 digit addition and subtraction", []string{"addition", "subtraction"}, []int{10, 10}, 2, func(q request) string {
		return want(q.p.Digits == 3 && q.level == 2, "digits %d level %d", q.p.Digits, q.level)
	}},
	{"could you whip up 12 word problems with multiplication for 3rd grade?", []string{"word-problems-mul-div"}, []int{12}, 3, nil},
	{"need big print subtraction within 10 for my dyslexic student", []string{"subtraction"}, []int{20}, -1, func(q request) string { return want(q.large && q.p.Max == 10, "large %v max %d", q.large, q.p.Max) }},
	{"easy subtraction within 10 for a 6 yr old", []string{"subtraction"}, []int{20}, 0, func(q request) string {
		return want(q.p.Max == 10 && q.level == -1, "max %d level %d", q.p.Max, q.level)
	}},
	{"reading clocks to the hour for first grade", []string{"telling-time"}, []int{12}, 1, func(q request) string { return want(q.p.Step == 60, "step %d", q.p.Step) }},
	{"story problem worksheet on adding for 1st grade", []string{"word-problems-add-sub"}, []int{10}, 1, nil},
	{"spelling out numbers in words, grade 2", []string{"number-words"}, []int{20}, 2, nil},
	{"dividing fractions using keep change flip, 6th grade", []string{"divide-fractions"}, []int{20}, 6, nil},
	// compound
	{"addition and subtraction within 20, 15 of each, 3 columns", []string{"addition", "subtraction"}, []int{15, 15}, -1, func(q request) string {
		return want(q.p.Max == 20 && q.columns == 3, "max %d columns %d", q.p.Max, q.columns)
	}},
	{"5 place value, 5 rounding, then 10 addition w/ regrouping for 3rd", []string{"place-value", "rounding", "addition"}, []int{5, 5, 10}, 3, nil},
	{"multiplication facts plus division facts, 20 each", []string{"multiplication", "division"}, []int{20, 20}, -1, nil},
	{"12 area and perimeter problems, then 6 volume", []string{"area-rectangles", "perimeter-rectangles", "volume"}, []int{6, 6, 6}, -1, nil},
	{"fractions: add, subtract, multiply and divide, 5 each, 6th grade", []string{"add-fractions", "subtract-fractions", "multiply-fractions", "divide-fractions"}, []int{5, 5, 5, 5}, 6, nil},
	{"fifty mixed multiplication and division facts for 3rd grade", []string{"multiplication", "division"}, []int{25, 25}, 3, nil},
	{"30 problems: rounding to nearest 10 and nearest 100", []string{"rounding"}, []int{30}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{10, 100}), "round to %v", q.p.RoundTo)
	}},
	{"mixed review 4th grade: 5 long division, 5 multi-digit multiplication, 5 fractions to decimals, 5 rounding", []string{"long-division", "multi-digit-multiplication", "fraction-to-decimal", "rounding"}, []int{5, 5, 5, 5}, 4, nil},
	{"two step equations (10) and multi step equations (10) for algebra 1", []string{"two-step-equations", "multi-step-equations"}, []int{10, 10}, 9, nil},
	{"between 15 and 20 problems on rounding to the nearest hundred", []string{"rounding"}, []int{20}, -1, func(q request) string {
		return want(slices.Equal(q.p.RoundTo, []int64{100}), "round to %v", q.p.RoundTo)
	}},
	{"a dozen and a half division facts", []string{"division"}, []int{18}, -1, nil},
	{"evaluating expressions 6th grade 15 questions", []string{"evaluate-expressions"}, []int{15}, 6, nil},
	{"graphing inequalities on number lines 6th grade", []string{"inequalities"}, []int{12}, 6, nil},
	{"half hour and hour clocks for grade 1", []string{"telling-time"}, []int{12}, 1, func(q request) string { return want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"3 diff versions of a 15 question quiz on 2 step equations", []string{"two-step-equations"}, []int{15}, -1, func(q request) string { return want(q.versions == 3, "versions %d", q.versions) }},
	// Spanish
	{"ejercicios de restas con prestamo para 2do grado", []string{"subtraction"}, []int{20}, 2, func(q request) string {
		return lng("es")(q) + want(q.p.Regroup != nil && *q.p.Regroup, "regroup")
	}},
	{"fichas de multiplicar del 6 y 7", []string{"multiplication"}, []int{20}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{6, 7}), "tables %v", q.p.Tables)
	}},
	{"sumas de 3 cifras con llevadas para tercero, 20 ejercicios", []string{"addition"}, []int{20}, 3, func(q request) string {
		return lng("es")(q) + want(q.p.Digits == 3 && q.p.Regroup != nil && *q.p.Regroup, "digits/regroup")
	}},
	{"necesito una ficha de fracciones equivalentes para 4to de primaria", []string{"equivalent-fractions"}, []int{20}, 4, lng("es")},
	{"tablas de multiplicar del 2 al 9 para tercer grado, 40 ejercicios", []string{"multiplication"}, []int{40}, 3, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, span(2, 9)), "tables %v", q.p.Tables)
	}},
	{"divisiones con residuo de 5to grado", []string{"long-division"}, []int{10}, 5, func(q request) string {
		return lng("es")(q) + want(q.p.Remainders != nil && *q.p.Remainders, "remainders")
	}},
	{"ecuaciones de primer grado para secundaria", []string{"two-step-equations"}, []int{10}, 7, lng("es")},
	{"problemas de porcentajes para primero de secundaria", []string{"percent-of"}, []int{20}, 7, lng("es")},
	{"hoja de ejercicios de perimetro y area, 3er grado, letra grande", []string{"perimeter-rectangles", "area-rectangles"}, []int{6, 6}, 3, func(q request) string { return lng("es")(q) + want(q.large, "large") }},
	{"restas de 2 digitos sin llevar, 30 ejercicios, en 3 columnas", []string{"subtraction"}, []int{30}, -1, func(q request) string {
		return lng("es")(q) + want(q.p.Digits == 2 && q.p.Regroup != nil && !*q.p.Regroup && q.columns == 3, "digits %d columns %d", q.p.Digits, q.columns)
	}},
	{"mi hija va en tercero y le cuesta la division, algo sencillo", []string{"division"}, []int{20}, 3, func(q request) string { return lng("es")(q) + want(q.level == -1, "level %d", q.level) }},
	{"operaciones con fracciones para sexto: suma, resta, multiplicacion y division, 5 de cada", []string{"add-fractions", "subtract-fractions", "multiply-fractions", "divide-fractions"}, []int{5, 5, 5, 5}, 6, lng("es")},
	{"redondeo a la decena mas cercana para tercero", []string{"rounding"}, []int{20}, 3, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.RoundTo, []int64{10}), "round %v", q.p.RoundTo)
	}},
	{"fichas de valor posicional de 2do grado", []string{"place-value"}, []int{20}, 2, lng("es")},
	{"problemas de fracciones de un numero para 5to", []string{"fraction-of-a-number"}, []int{20}, 5, lng("es")},
	{"multiplicaciones de dos cifras por una cifra", []string{"multi-digit-multiplication"}, []int{10}, -1, func(q request) string {
		return lng("es")(q) + want(q.p.Digits == 2 && q.p.Digits2 == 1, "digits %d by %d", q.p.Digits, q.p.Digits2)
	}},
	{"problemas de tiempo transcurrido para 4to grado", []string{"elapsed-time"}, []int{20}, 4, lng("es")},
	{"numeros romanos del 1 al 100", []string{"roman-numerals"}, []int{20}, -1, func(q request) string { return lng("es")(q) + want(q.p.Max == 100, "max %d", q.p.Max) }},
	{"ecuaciones de 2 pasos con enteros, 12 ejercicios, algebra 1", []string{"two-step-equations"}, []int{12}, 9, lng("es")},
	{"comparar fracciones con <, > o =, 4to grado", []string{"compare-fractions"}, []int{20}, 4, lng("es")},
	{"convertir unidades de medida, sistema metrico, 6to", []string{"unit-conversions"}, []int{20}, 6, func(q request) string { return lng("es")(q) + want(q.p.Units == "metric", "units %q", q.p.Units) }},
	{"sumas y restas con numeros negativos para 7mo", []string{"add-integers", "subtract-integers"}, []int{10, 10}, 7, lng("es")},
	{"dame 3 versiones del examen de ecuaciones de un paso", []string{"one-step-equations"}, []int{20}, -1, func(q request) string { return lng("es")(q) + want(q.versions == 3, "versions %d", q.versions) }},
	{"40 multiplicaciones de la tabla del 8 en cuatro columnas", []string{"multiplication"}, []int{40}, -1, func(q request) string {
		return lng("es")(q) + want(slices.Equal(q.p.Tables, []int64{8}) && q.columns == 4, "tables %v columns %d", q.p.Tables, q.columns)
	}},
	{"problemas de dinero: contar monedas, para 1ero", []string{"counting-money"}, []int{20}, 1, lng("es")},
	{"leer la hora: en punto y medias horas, 1er grado", []string{"telling-time"}, []int{12}, 1, func(q request) string { return lng("es")(q) + want(q.p.Step == 30, "step %d", q.p.Step) }},
	{"una docena de divisiones exactas para cuarto", []string{"division"}, []int{12}, 4, func(q request) string {
		return lng("es")(q) + want(q.p.Remainders != nil && !*q.p.Remainders, "remainders")
	}},
	{"quiero 25 ejercicios de sumas de fracciones con distinto denominador para quinto", []string{"add-fractions"}, []int{25}, 5, lng("es")},
}

// qa3Refusals are requests the offline engine cannot write: each gets a short refusal in its
// own language that names things it can write instead.
var qa3Refusals = []struct{ prompt, lang string }{
	{"sight words for kindergarten", "en"},
	{"a word search with fall vocabulary", "en"},
	{"quadratic formula practice for algebra 2", "en"},
	{"trigonometry worksheet for 10th grade", "en"},
	{"graphing linear equations in slope intercept form", "en"},
	{"solving systems of equations by graphing", "en"},
	{"logarithms for 11th grade", "en"},
	{"dividing polynomials", "en"},
	{"can you make a spelling test for my 3rd graders", "en"},
	{"matrices practice for algebra 2", "en"},
	{"hoja de lectura para segundo grado", "es"},
	{"ejercicios de ingles para ninos", "es"},
	{"sopa de letras de animales", "es"},
	{"ejercicios de logaritmos y trigonometria", "es"},
}

// qa3Start is the sheet the follow-ups edit.
const qa3Start = "3rd grade: 10 multiplication facts and 10 division facts"

// qa3FollowUps are follow-up edits on qa3Start; check says what is wrong with the edited sheet.
var qa3FollowUps = []struct {
	prompt string
	check  func(was, now Spec, d generate.Draft) string
}{
	{"make the division ones harder", func(was, now Spec, d generate.Draft) string {
		return want(len(now.Sections) == 2 && sameSection(was, now, 0) && !sameSection(was, now, 1), "sections %+v", now.Sections)
	}},
	{"add 5 rounding problems at the end", func(was, now Spec, d generate.Draft) string {
		return want(skillsOf(now) == "multiplication division rounding" && now.Sections[2].Count == 5 && sameSection(was, now, 0) && sameSection(was, now, 1), "sections %s", countsOf(now))
	}},
	{"can you put it in 2 columns", func(was, now Spec, d generate.Draft) string {
		return want(now.Columns == 2 && sameSection(was, now, 0) && sameSection(was, now, 1), "columns %d", now.Columns)
	}},
	{"this is too easy for my kids", func(was, now Spec, d generate.Draft) string {
		return want(!sameSection(was, now, 0) && !sameSection(was, now, 1) && countsOf(now) == countsOf(was), "%s", countsOf(now))
	}},
	{"swap the division for subtraction", func(was, now Spec, d generate.Draft) string {
		return want(skillsOf(now) == "multiplication subtraction" && countsOf(now) == "multiplication 10 subtraction 10" && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"get rid of the division part", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "multiplication 10" && sameSection(was, now, 0), "%s", countsOf(now))
	}},
	{"only 12 problems total", func(was, now Spec, d generate.Draft) string {
		return want(total(now) == 12, "%s", countsOf(now))
	}},
	{"make it bigger font", func(was, now Spec, d generate.Draft) string {
		return want(now.Large && sameSection(was, now, 0) && sameSection(was, now, 1), "large %v", now.Large)
	}},
	{"I need a different version for my other class", func(was, now Spec, d generate.Draft) string {
		return want(now.Version == 1 && countsOf(now) == countsOf(was), "version %d %s", now.Version, countsOf(now))
	}},
	{"hazla en español por favor", func(was, now Spec, d generate.Draft) string {
		return want(now.Lang == "es" && d.Document.Language == "es" && strings.HasPrefix(d.Message, "Listo") || now.Lang == "es" && !strings.HasPrefix(d.Message, "Here"), "lang %s reply %q", now.Lang, d.Message)
	}},
	{"agrega 4 mas de division", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "multiplication 10 division 14" || countsOf(now) == "multiplication 10 division 10 division 4", "%s", countsOf(now))
	}},
	{"can u make #3 easier", func(was, now Spec, d generate.Draft) string {
		return want(len(now.Sections[0].Levels) == 1 && now.Sections[0].Levels[2] == -1 && sameSection(was, now, 1), "levels %v", now.Sections[0].Levels)
	}},
	{"make 3 versions of this", func(was, now Spec, d generate.Draft) string {
		return want(now.Versions == 3 && countsOf(now) == countsOf(was), "versions %d", now.Versions)
	}},
	{"new numbers pls", func(was, now Spec, d generate.Draft) string {
		return want(now.Seed != was.Seed && countsOf(now) == countsOf(was), "seed %d", now.Seed)
	}},
	{"now make it 4th grade level", func(was, now Spec, d generate.Draft) string {
		return want(now.Sections[0].P.Grade == 4 && now.Sections[1].P.Grade == 4 && countsOf(now) == countsOf(was), "grade %d", now.Sections[0].P.Grade)
	}},
	{"ponle 3 columnas", func(was, now Spec, d generate.Draft) string {
		return want(now.Columns == 3 && sameSection(was, now, 0), "columns %d", now.Columns)
	}},
	{"quita la division", func(was, now Spec, d generate.Draft) string {
		return want(countsOf(now) == "multiplication 10", "%s", countsOf(now))
	}},
}

func sameSection(was, now Spec, i int) bool {
	if i >= len(was.Sections) || i >= len(now.Sections) {
		return false
	}
	a, b := sectionQuestions(&was, was.Version, i, was.Sections[i]), sectionQuestions(&now, now.Version, i, now.Sections[i])
	if len(a) != len(b) || was.Sections[i].Skill != now.Sections[i].Skill {
		return false
	}
	for k := range a {
		if a[k].Q.Text != b[k].Q.Text {
			return false
		}
	}
	return true
}

func skillsOf(s Spec) string {
	var out []string
	for _, sec := range s.Sections {
		out = append(out, sec.Skill)
	}
	return strings.Join(out, " ")
}

func countsOf(s Spec) string {
	var out []string
	for _, sec := range s.Sections {
		out = append(out, fmt.Sprintf("%s %d", sec.Skill, sec.Count))
	}
	return strings.Join(out, " ")
}

func total(s Spec) int {
	n := 0
	for _, sec := range s.Sections {
		n += sec.Count
	}
	return n
}

// answersWrong recomputes every answer of every version of a sheet.
func answersWrong(t *testing.T, s Spec) []string {
	var out []string
	for v := range max(1, s.Versions) {
		for i, sec := range s.Sections {
			for _, it := range sectionQuestions(&s, s.Version+v, i, sec) {
				if want, got := check(t, sec.Skill, it, s.Lang), values(it.Q); !slices.Equal(got, want) {
					out = append(out, fmt.Sprintf("%s: %q answered %q, want %q", sec.Skill, it.Q.Text, got, want))
				}
			}
		}
	}
	return out
}

func qa3Write(e *Engine, body, prompt string) (generate.Draft, error) {
	return e.Write(context.Background(), generate.Request{Prompt: prompt, CurrentBody: body,
		Settings: latex.Settings{Title: "Practice", ShowName: true}}, nil)
}

func TestQA3Sheets(t *testing.T) {
	if len(qa3Phrasings) < 60 {
		t.Errorf("only %d phrasings", len(qa3Phrasings))
	}
	wrong := checkPhrasings(t, qa3Phrasings, phrasings, qaPhrasings)
	t.Logf("%d of %d QA3 phrasings right", len(qa3Phrasings)-wrong, len(qa3Phrasings))
}

func TestQA3Refusals(t *testing.T) {
	wrong := 0
	for _, c := range qa3Refusals {
		if p := refusalWrong(c.prompt, c.lang, true); p != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
	t.Logf("%d of %d QA3 refusals right", len(qa3Refusals)-wrong, len(qa3Refusals))
}

// sheetWrong says what is wrong with the sheet written for a phrasing the reader read right:
// its counts, its language, its number of questions, a wrong answer.
func sheetWrong(t *testing.T, c phrasing) string {
	d, err := qa3Write(New(seeds()), "", c.prompt)
	if err != nil {
		return err.Error()
	}
	s, _ := specFrom(d.Body)
	var got []int
	for _, sec := range s.Sections {
		got = append(got, sec.Count)
	}
	q := read(c.prompt)
	switch {
	case !slices.Equal(got, c.counts):
		return fmt.Sprintf("sheet counts %v", got)
	case d.Document.Language != q.lang:
		return "sheet in " + d.Document.Language
	case len(questionsOf(d.Document)) != total(s)*max(1, s.Versions):
		return fmt.Sprintf("%d questions on the sheet", len(questionsOf(d.Document)))
	case q.lang == "es" && strings.HasPrefix(d.Message, "Here"):
		return "English reply " + d.Message
	}
	return strings.Join(answersWrong(t, s), "; ")
}

// checkPhrasings reads and writes every phrasing of a table, none of which may be in an
// earlier table, and says what is wrong with each; it returns how many were wrong.
func checkPhrasings(t *testing.T, table []phrasing, earlier ...[]phrasing) (wrong int) {
	t.Helper()
	before := slices.Concat(earlier...)
	for _, c := range table {
		if slices.ContainsFunc(before, func(p phrasing) bool { return p.prompt == c.prompt }) {
			t.Errorf("%q is in an earlier table already", c.prompt)
		}
		p := readWrong(c)
		if p == "" {
			p = sheetWrong(t, c)
		}
		if p != "" {
			wrong++
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
	return wrong
}

// refusalWrong says why prompt was not refused in lang, as the offline engine refuses: "I
// can't" or "No puedo", with suggestions quoted when suggest is set; "" when it was.
func refusalWrong(prompt, lang string, suggest bool) string {
	_, err := qa3Write(New(seeds()), "", prompt)
	var u *generate.UnsupportedError
	start := map[string]string{"en": "I can't", "es": "No puedo"}[lang]
	if !errors.As(err, &u) || !strings.HasPrefix(u.Message, start) || suggest && strings.Count(u.Message, "“") < 2 {
		return fmt.Sprint(err)
	}
	return ""
}

func TestQA3FollowUps(t *testing.T) {
	e := New(seeds())
	start, err := qa3Write(e, "", qa3Start)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	if countsOf(was) != "multiplication 10 division 10" || was.Sections[0].P.Grade != 3 {
		t.Fatalf("start: %s", countsOf(was))
	}
	wrong := 0
	for _, c := range qa3FollowUps {
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
	t.Logf("%d of %d QA3 follow-ups right", len(qa3FollowUps)-wrong, len(qa3FollowUps))
}
