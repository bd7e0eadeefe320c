package offline

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// The reader's patterns carry no words of a language: those live in the language files, so
// that another language is another file. What is left in a pattern once its {keys} and regexp
// escapes are taken out is punctuation, digits and the reader's own tokens.
func TestReaderPatternsHaveNoWords(t *testing.T) {
	own := []string{"digit", "x", "s", "k", "cc", "oa", "nbt", "nf", "md", "g", "rp", "ns", "ee", "sp", "f", "a", "b", "c", "d", "e", "z"}
	patCall := regexp.MustCompile("pat\\(`([^`]*)`")
	escapes := regexp.MustCompile(`\\[a-zA-Z]|\{=?[a-z ]+\}`)
	for _, file := range []string{"textrules.go", "numbers.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range patCall.FindAllStringSubmatch(string(src), -1) {
			for _, w := range regexp.MustCompile(`[a-zA-Z]+`).FindAllString(escapes.ReplaceAllString(m[1], " "), -1) {
				if !slices.Contains(own, w) {
					t.Errorf("%s: the pattern %q has the word %q: put it in the language files", file, m[1], w)
				}
			}
		}
	}
}

// Every {key} a rule names is a words entry some language has (a misspelt key would match
// nothing and drop the rule in silence).
func TestReaderPatternKeysExist(t *testing.T) {
	src, _ := os.ReadFile("textrules.go")
	nums, _ := os.ReadFile("numbers.go")
	for _, m := range patKey.FindAllStringSubmatch(string(src)+string(nums), -1) {
		key, found := m[2], false
		for _, code := range langOrder {
			found = found || len(langs[code].phrases[key]) > 0 || len(langs[code].values[key]) > 0
		}
		if !found && key != "key" { // "{key}" in a comment
			t.Errorf("{%s%s}: no language has words for it", m[1], key)
		}
	}
}

// A text rule changes what the request says, in both languages.
func TestTextRules(t *testing.T) {
	for _, c := range []struct {
		prompt string
		check  func(q request) bool
	}{
		{"10 multiplication problems by 2-digit numbers", func(q request) bool { return q.p.Digits2 == 2 && q.sections[0].skill == "multi-digit-multiplication" }},
		{"division by 1-digit numbers, 12 problems, grade 4", func(q request) bool { return q.p.Digits2 == 1 && q.sections[0].skill == "long-division" }},
		{"10 long division problems with only 2-digit divisors", func(q request) bool { return q.p.Digits2 == 2 && q.only == 0 }},
		{"count by 5s and by 10s, 12 questions", func(q request) bool { return slices.Equal(q.p.Tables, []int64{5, 10}) }},
		{"tablas del 2 al 5, 12 ejercicios", func(q request) bool {
			return slices.Equal(q.p.Tables, []int64{2, 3, 4, 5}) && q.total == 12
		}},
		{"redondeo a la centena más cercana", func(q request) bool { return slices.Equal(q.p.RoundTo, []int64{100}) }},
		{"ecuaciones de segundo grado", func(q request) bool { return q.grade == -1 && q.sections[0].skill == "quadratic-equations" }},
		{"una hoja a doble cara de sumas", func(q request) bool { return !q.double }},
		{"haz el doble", func(q request) bool { return q.double && q.said == "es" }},
		{"my son is 8, and he needs subtraction", func(q request) bool { return q.grade == 2 }},
		{"clocks to the nearest 5 minutes", func(q request) bool { return q.p.Step == 5 }},
		{"1 page of addition, 2 full pages of subtraction", func(q request) bool { return slices.Contains(q.wishes, "pages") }},
		{"quita la última sección", func(q request) bool { return q.dropSection == -1 }},
		{"count by 2s, 5s, 10s and now 100s, 12 rows", func(q request) bool { return slices.Equal(q.p.Tables, []int64{2, 5, 10, 100}) }},
		{"contar de 5 en 5 y de 10 en 10", func(q request) bool { return slices.Equal(q.p.Tables, []int64{5, 10}) }},
		{"10 rounding to the nearest ten, 10 to the nearest hundred, and 10 to the nearest thousand", func(q request) bool {
			return slices.Equal(q.p.RoundTo, []int64{10, 100, 1000}) && q.sections[0].count == 30
		}},
		{"round to nearest 10/100, 16", func(q request) bool { return slices.Equal(q.p.RoundTo, []int64{10, 100}) }},
		{"division facts, divisors 2 to 9", func(q request) bool { return slices.Equal(q.p.Tables, []int64{2, 3, 4, 5, 6, 7, 8, 9}) && q.p.Max == 0 }},
		{"We finished circles. I need 6 circumference and 6 area problems, round answers to the nearest tenth", func(q request) bool {
			return len(q.sections) == 2 && q.sections[1].skill == "circle-area" && len(q.rest) > 0
		}},
		{"12 equivalent fractions, keep it on the easier side", func(q request) bool { return q.level == -1 }},
		{"15 problems like 48 ÷ 6 = ?", func(q request) bool { return q.sections[0].skill == "division" }},
		{"12 like 3/4 = ?/12", func(q request) bool { return q.sections[0].skill == "equivalent-fractions" }},
		{"12 like 7 + ? = 12", func(q request) bool { return q.sections[0].skill == "missing-addend" }},
	} {
		if q := read(c.prompt); !c.check(q) {
			t.Errorf("%q: read as grade %d, sections %v, params %+v", c.prompt, q.grade, q.sections, q.p)
		}
	}
}
