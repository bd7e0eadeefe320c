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

// Helpers that write a sheet and say what is wrong with it: its reading, its counts, its answers.

// readWrong says what the parser got wrong about one phrasing, or "".
func readWrong(c phrasing) string {
	q := read(c.prompt)
	var got []string
	for _, s := range q.sections {
		got = append(got, s.skill)
	}
	counts := sectionCounts(q)
	var problems []string
	if !slices.Equal(got, c.skills) {
		problems = append(problems, fmt.Sprintf("skills %v, want %v", got, c.skills))
	} else if !slices.Equal(counts, c.counts) {
		problems = append(problems, fmt.Sprintf("counts %v, want %v", counts, c.counts))
	}
	if q.grade != c.grade {
		problems = append(problems, fmt.Sprintf("grade %d, want %d", q.grade, c.grade))
	}
	if q.refused != "" {
		problems = append(problems, "refused "+q.refused)
	}
	if c.check != nil {
		if p := c.check(q); p != "" {
			problems = append(problems, p)
		}
	}
	return strings.Join(problems, "; ")
}

// sheetWrong says what is wrong with the sheet written for a phrasing the reader read right:
// its counts, its language, its number of questions, a wrong answer.
func sheetWrong(t *testing.T, c phrasing) string {
	d, err := writeSheet(New(seeds()), "", c.prompt)
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
	_, err := writeSheet(New(seeds()), "", prompt)
	var u *generate.UnsupportedError
	start := map[string]string{"en": "I can't", "es": "No puedo"}[lang]
	if !errors.As(err, &u) || !strings.HasPrefix(u.Message, start) || suggest && strings.Count(u.Message, "“") < 2 {
		return fmt.Sprint(err)
	}
	return ""
}

func writeSheet(e *Engine, body, prompt string) (generate.Draft, error) {
	return e.Write(context.Background(), generate.Request{Prompt: prompt, CurrentBody: body,
		Settings: latex.Settings{Title: "Practice", ShowName: true}}, nil)
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
