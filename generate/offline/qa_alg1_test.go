package offline

import (
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
)

// qaAlg1Phrasings are requests for the grade 8 and Algebra 1 skills, written as a middle- or
// high-school teacher (or a Spanish-speaking one) would type them; none is in an earlier table.
var qaAlg1Phrasings = []phrasing{
	// slope
	{"find the slope given two points, 15 problems, 8th grade", []string{"slope"}, []int{15}, 8, nil},
	{"slope formula practice, challenge level", []string{"slope"}, []int{20}, -1, func(q request) string { return want(q.level == 2, "level %d", q.level) }},
	{"20 problemas de pendiente de una recta para octavo grado", []string{"slope"}, []int{20}, 8, lng("es")},
	// slope and y-intercept
	{"identify slope and y-intercept, 12 questions, grade 8", []string{"slope-intercept"}, []int{12}, 8, nil},
	{"pendiente y ordenada al origen, 10 ejercicios", []string{"slope-intercept"}, []int{10}, -1, lng("es")},
	// writing y = mx + b
	{"12 problems: write the equation of the line given the slope and a point", []string{"write-linear-equations"}, []int{12}, -1, nil},
	{"writing equations of lines in slope intercept form for algebra 1", []string{"write-linear-equations"}, []int{20}, 9, nil},
	{"ecuación de la recta que pasa por dos puntos, 10 ejercicios", []string{"write-linear-equations"}, []int{10}, -1, lng("es")},
	// parallel and perpendicular lines
	{"writing equations of parallel and perpendicular lines, 10 problems, algebra 1", []string{"parallel-perpendicular-lines"}, []int{10}, 9, nil},
	{"rectas paralelas y perpendiculares, 12 ejercicios", []string{"parallel-perpendicular-lines"}, []int{12}, -1, lng("es")},
	// function notation
	{"evaluating functions, 15 problems, 8th grade", []string{"function-notation"}, []int{15}, 8, nil},
	{"function notation practice for algebra 1", []string{"function-notation"}, []int{20}, 9, nil},
	{"evaluar funciones, 10 ejercicios", []string{"function-notation"}, []int{10}, -1, lng("es")},
	// arithmetic sequences
	{"arithmetic sequences, find the nth term, 12 problems", []string{"arithmetic-sequences"}, []int{12}, -1, nil},
	{"sucesiones aritméticas para tercero de secundaria", []string{"arithmetic-sequences"}, []int{20}, 9, lng("es")},
	// systems
	{"solving systems of equations by elimination, 15 problems for algebra 1", []string{"systems-of-equations"}, []int{15}, 9, nil},
	{"systems of linear equations substitution method 8th grade", []string{"systems-of-equations"}, []int{20}, 8, nil},
	{"sistemas de ecuaciones lineales por el metodo de sustitucion, 12 ejercicios", []string{"systems-of-equations"}, []int{12}, -1, lng("es")},
	// absolute value equations
	{"absolute value equations, 12 problems, algebra 1", []string{"absolute-value-equations"}, []int{12}, 9, nil},
	{"ecuaciones con valor absoluto, 10 ejercicios", []string{"absolute-value-equations"}, []int{10}, -1, lng("es")},
	// polynomials
	{"adding and subtracting polynomials, 16 problems", []string{"add-subtract-polynomials"}, []int{16}, -1, nil},
	{"suma y resta de polinomios, 10 ejercicios", []string{"add-subtract-polynomials"}, []int{10}, -1, lng("es")},
	{"FOIL practice 20 problems", []string{"multiply-polynomials"}, []int{20}, -1, nil},
	{"multiply a monomial by a polynomial, easy, 10", []string{"multiply-polynomials"}, []int{10}, -1, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"multiplicacion de polinomios, 10 ejercicios", []string{"multiply-polynomials"}, []int{10}, -1, lng("es")},
	// factoring
	{"factor trinomials, 15 problems, algebra 1", []string{"factoring-trinomials"}, []int{15}, 9, nil},
	{"factoring quadratics, hard", []string{"factoring-trinomials"}, []int{20}, -1, func(q request) string { return want(q.level == 1, "level %d", q.level) }},
	{"factorización de trinomios, 12 ejercicios", []string{"factoring-trinomials"}, []int{12}, -1, lng("es")},
	{"factor out the GCF, 10 problems", []string{"factoring-gcf"}, []int{10}, -1, nil},
	{"sacar factor común, 12 ejercicios", []string{"factoring-gcf"}, []int{12}, -1, lng("es")},
	{"difference of squares and perfect square trinomials, 12 problems", []string{"factoring-special-cases"}, []int{12}, -1, nil},
	{"diferencia de cuadrados, 10 ejercicios", []string{"factoring-special-cases"}, []int{10}, -1, lng("es")},
	// quadratics
	{"solving quadratics by factoring, 12 problems, algebra 1", []string{"quadratic-equations"}, []int{12}, 9, nil},
	{"zero product property practice", []string{"quadratic-equations"}, []int{20}, -1, nil},
	{"ecuaciones cuadráticas por factorización, 10 ejercicios", []string{"quadratic-equations"}, []int{10}, -1, lng("es")},
	{"ecuaciones de segundo grado para tercero de secundaria, 12 ejercicios", []string{"quadratic-equations"}, []int{12}, 9, lng("es")},
	// exponent rules
	{"properties of exponents with negative exponents, 8th grade, 20 problems", []string{"exponent-properties"}, []int{20}, 8, nil},
	{"exponent rules 15 problems", []string{"exponent-properties"}, []int{15}, -1, nil},
	{"negative and zero exponents", []string{"exponent-properties"}, []int{20}, -1, nil},
	{"leyes de los exponentes para octavo, 15 ejercicios", []string{"exponent-properties"}, []int{15}, 8, lng("es")},
	// scientific notation
	{"multiplying and dividing numbers in scientific notation, 12 problems", []string{"scientific-notation"}, []int{12}, -1, nil},
	{"scientific notation for 8th grade, a dozen", []string{"scientific-notation"}, []int{12}, 8, nil},
	{"converting between scientific notation and standard form, grade 8", []string{"scientific-notation"}, []int{20}, 8, nil},
	{"notación científica, 15 ejercicios, octavo grado", []string{"scientific-notation"}, []int{15}, 8, lng("es")},
	// square roots
	{"simplifying radicals 20 problems algebra 1", []string{"square-roots"}, []int{20}, 9, nil},
	{"square roots of perfect squares, easy, 12", []string{"square-roots"}, []int{12}, -1, func(q request) string { return want(q.level == -1, "level %d", q.level) }},
	{"raíces cuadradas para octavo, 10 ejercicios", []string{"square-roots"}, []int{10}, 8, lng("es")},
	// Common Core codes
	{"8.EE.C.8 practice", []string{"systems-of-equations"}, []int{20}, 8, nil},
	{"8.EE.A.4 review, 12 problems", []string{"scientific-notation"}, []int{12}, 8, nil},
	// together
	{"10 factoring trinomials and 10 solving quadratics by factoring", []string{"factoring-trinomials", "quadratic-equations"}, []int{10, 10}, -1, nil},
	{"slope, systems of equations and scientific notation, 5 each", []string{"slope", "systems-of-equations", "scientific-notation"}, []int{5, 5, 5}, -1, nil},
}

// qaAlg1Refusals are Algebra 1 topics the skills do not write (graphs, other methods):
// refused in their own language.
var qaAlg1Refusals = []struct{ prompt, lang string }{
	{"graphing linear equations using slope and y-intercept", "en"},
	{"quadratic formula worksheet", "en"},
	{"completing the square practice", "en"},
	{"dividing polynomials", "en"},
	{"factoring by grouping", "en"},
	{"factoring the sum of cubes", "en"},
	{"absolute value inequalities", "en"},
	{"find the slope of a line from a graph", "en"},
	{"productos notables", "es"},
	{"resolver sistemas de ecuaciones por el metodo grafico", "es"},
	{"ecuaciones cuadraticas con la formula general", "es"},
}

func TestQAAlg1Sheets(t *testing.T) {
	checkPhrasings(t, qaAlg1Phrasings, phrasings, qaPhrasings, qa3Phrasings, qa4Phrasings, qa5Phrasings)
}

func TestQAAlg1Refusals(t *testing.T) {
	for _, c := range qaAlg1Refusals {
		if p := refusalWrong(c.prompt, c.lang, false); p != "" {
			t.Errorf("%q: %s", c.prompt, p)
		}
	}
}

// Each level of the Algebra 1 skills is what its comment promises a teacher: undefined
// slopes only at challenge and whole-number slopes on easy sheets; factored equations on easy
// quadratic sheets and fraction roots at challenge; a ≠ 1 when factoring at challenge;
// negative exponents only from challenge; easy scientific notation without negative powers;
// systems and absolute value equations without a solution only at challenge.
func TestAlgebra1LevelsKeepTheirPromises(t *testing.T) {
	items := func(id string, level int) []skills.Item {
		sk, _ := skills.Get(id)
		var out []skills.Item
		for seed := int64(1); seed <= 20; seed++ {
			out = append(out, sk.Questions(seed, 10, skills.Params{Grade: 9, Level: level}, nil, lang("en").T)...)
		}
		return out
	}
	count := func(its []skills.Item, f func(skills.Item) bool) int {
		n := 0
		for _, it := range its {
			if f(it) {
				n++
			}
		}
		return n
	}
	undefined := func(it skills.Item) bool { return it.Q.Answer.Value == "undefined" }
	for level := -1; level <= 1; level++ {
		if n := count(items("slope", level), undefined); n > 0 {
			t.Errorf("slope level %d: %d undefined slopes", level, n)
		}
		if n := count(items("exponent-properties", level), func(it skills.Item) bool { return strings.Contains(it.Q.Text, "^{-") }); n > 0 {
			t.Errorf("exponent rules level %d: %d negative exponents", level, n)
		}
	}
	if n := count(items("slope", 2), undefined); n == 0 {
		t.Errorf("no undefined slope at challenge")
	}
	if n := count(items("slope", -1), func(it skills.Item) bool { return strings.Contains(it.Q.Answer.Value, "/") }); n > 0 {
		t.Errorf("easy slopes: %d fractions", n)
	}
	if n := count(items("quadratic-equations", -1), func(it skills.Item) bool { return !strings.Contains(it.Q.Text, ")") }); n > 0 {
		t.Errorf("easy quadratics: %d not factored", n)
	}
	if n := count(items("quadratic-equations", 2), func(it skills.Item) bool { return strings.Contains(it.Q.Answer.Value, `\frac`) }); n == 0 {
		t.Errorf("challenge quadratics: no fraction roots")
	}
	if n := count(items("factoring-trinomials", 2), func(it skills.Item) bool { return strings.HasPrefix(it.Q.Text, "$x^{2}") }); n > 0 {
		t.Errorf("challenge factoring: %d with a = 1", n)
	}
	if n := count(items("exponent-properties", 2), func(it skills.Item) bool { return strings.Contains(it.Q.Text, "^{-") }); n == 0 {
		t.Errorf("challenge exponent rules: no negative exponents")
	}
	special := func(it skills.Item) bool { // no single solution
		return !strings.HasPrefix(it.Q.Answer.Value, "(") && !strings.HasPrefix(it.Q.Answer.Value, "x =")
	}
	if n := count(items("systems-of-equations", 1), special); n > 0 {
		t.Errorf("harder systems: %d without a single solution", n)
	}
	if n := count(items("systems-of-equations", 2), special); n == 0 {
		t.Errorf("challenge systems: never parallel lines or one line twice")
	}
	if n := count(items("absolute-value-equations", 1), special); n > 0 {
		t.Errorf("harder absolute value equations: %d without a solution", n)
	}
	if n := count(items("absolute-value-equations", 2), special); n == 0 {
		t.Errorf("challenge absolute value equations: never one without a solution")
	}
	if n := count(items("scientific-notation", -1), func(it skills.Item) bool { return strings.Contains(it.Q.Text+it.Q.Answer.Value, "^{-") }); n > 0 {
		t.Errorf("easy scientific notation: %d negative powers", n)
	}
}

// Grade 8 square roots are of perfect squares (8.EE.A.2); Algebra 1's mix in roots to simplify.
func TestSquareRootsFollowTheGrade(t *testing.T) {
	sk, _ := skills.Get("square-roots")
	radicals := func(grade int) int {
		n := 0
		for _, it := range sk.Questions(3, 40, skills.Params{Grade: grade}, nil, lang("en").T) {
			if strings.Contains(it.Q.Answer.Value, `\sqrt`) {
				n++
			}
		}
		return n
	}
	if g8, g9 := radicals(8), radicals(9); g8 != 0 || g9 < 10 {
		t.Errorf("radicals to simplify: %d of 40 at grade 8, %d at Algebra 1", g8, g9)
	}
}

// A skill asked for before the grade it is taught in is written at its easiest: whole-number
// slopes for grade 6, monic trinomials with positive terms for grade 7.
func TestAlgebraAskedEarlyIsEasy(t *testing.T) {
	qs := func(id string, grade int) []skills.Item {
		sk, _ := skills.Get(id)
		return sk.Questions(5, 30, skills.Params{Grade: grade}, nil, lang("en").T)
	}
	for _, it := range qs("slope", 6) {
		if strings.Contains(it.Q.Answer.Value, "/") || strings.Contains(it.Q.Text, "-") {
			t.Errorf("grade 6 slope: %q answered %q", it.Q.Text, it.Q.Answer.Value)
		}
	}
	for _, it := range qs("factoring-trinomials", 7) {
		if strings.Contains(it.Q.Text, "-") || !strings.HasPrefix(it.Q.Text, "$x^{2}") {
			t.Errorf("grade 7 factoring: %q", it.Q.Text)
		}
	}
}
