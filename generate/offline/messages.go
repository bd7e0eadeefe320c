package offline

import (
	"fmt"
	"slices"
	"strings"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// describe is the chat reply: what the sheet holds, what an edit changed, and anything asked
// that it could not do, in l. lead is the message that opens it: "here", "edited" or
// "unchanged".
func describe(s Spec, q request, notes []string, lead string, l *Lang) string {
	what := sectionList(l, s.Sections)
	if g := s.Sections[0].P.Grade; s.Grade >= 0 || q.grade >= 0 {
		switch {
		case g == 0:
			what += " (" + l.M("kindergarten") + ")"
		case g == 9:
			what += " (" + l.M("algebra") + ")"
		default:
			what += " (" + l.M("grade", g) + ")"
		}
	}
	if s.Columns > 1 {
		what += ", " + l.M("columns", s.Columns)
	} else if s.Columns == 1 && lead == "here" { // an edit to one column says so in a sentence of its own
		what += ", " + l.M("inOneColumn")
	}
	if s.Large {
		what += ", " + l.M("largePrint")
	}
	if s.Paper != "" {
		what += ", " + l.M("paper."+s.Paper)
	}
	if s.Layout == worksheet.LayoutExam {
		what += ", " + l.M("examLayout")
	}
	out := []string{l.M(lead, what)}
	if s.Versions > 1 {
		var letters []string
		for v := range s.Versions {
			letters = append(letters, versionLetter(s.Version+v))
		}
		out = append(out, l.M("versions", join(letters, l.M("and"))))
	} else if q.another && lead != "here" {
		out = []string{l.M("newVersion", versionLetter(s.Version))}
	}
	out = append(out, notes...)
	unsolved := 0 // pasted problems package check cannot compute: the key leaves them to the teacher
	for _, sec := range s.Sections {
		for _, it := range pastedItems(sec.Pasted, l.T) {
			if it.Q.Kind == worksheet.KindOpen {
				unsolved++
			}
		}
	}
	if unsolved > 0 {
		out = append(out, l.M("keyPartly", unsolved))
	} else {
		out = append(out, l.M("key"))
	}
	return strings.Join(out, " ")
}

// sectionList names sections with their counts: "20 addition problems and 6 clocks to read";
// sections at different levels with each one's: "10 multiplication problems at easy level and
// 10 multiplication problems at challenge level".
func sectionList(l *Lang, secs []Section) string {
	mixed := slices.ContainsFunc(secs, func(sec Section) bool { return sec.P.Level != secs[0].P.Level })
	names := strings.Split(l.M("levelNames"), ",") // levels -1 … 2
	var parts []string
	for _, sec := range secs {
		if mixed {
			parts = append(parts, l.M("sectionLevel", sec.Count, l.Skills[sec.Skill].Name, names[max(-1, min(sec.P.Level, 2))+1]))
			continue
		}
		if len(sec.Pasted) > 0 {
			parts = append(parts, l.M("pastedSection", len(sec.Pasted)))
			if more := sec.Count - len(sec.Pasted); more > 0 {
				parts = append(parts, l.M("section", more, l.Skills[sec.Skill].Name))
			}
			continue
		}
		key := "section"
		if sec.Count == 1 { // the skills' names are plurals: "1 question (fraction comparisons)"
			key = "sectionOne"
		}
		parts = append(parts, l.M(key, sec.Count, l.Skills[sec.Skill].Name))
	}
	return join(parts, l.M("and"))
}

func join(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}

// refusal is the reply to a request the offline engine cannot write: short, in the request's
// language, naming nearby things it can do.
func refusal(q request, topic string) error {
	l := lang(q.lang)
	topic = refusedTopic(q, topic)
	if topic == "" {
		topic = l.M("refuseThat")
	}
	return &generate.UnsupportedError{Message: l.M("refuse", topic, examples(l, q.grade, 3))}
}

// nearby are skills to offer instead, most widely useful first.
var nearby = []string{"word-problems-add-sub", "addition", "multiplication", "telling-time", "add-fractions",
	"unit-conversions", "area-rectangles", "one-step-equations", "percent-of", "counting-money", "place-value"}

// examples names n things the offline engine can write, suited to the grade when known:
// skills taught in that grade, those it introduces first, one of each family ("addition and
// subtraction word problems for grade 2", "clocks to read for grade 2", …).
func examples(l *Lang, grade, n int) string {
	if grade >= 0 {
		if out := forGrade(l, grade, n); len(out) >= 2 {
			return join(out, l.M("or"))
		}
	}
	var out []string
	for _, id := range nearby {
		sk, _ := skills.Get(id)
		if grade >= 0 && (grade < sk.Grades[0]-1 || grade > sk.Grades[1]+1) {
			continue
		}
		out = append(out, fmt.Sprintf("“%s”", l.Skills[id].Example))
		if len(out) == n {
			break
		}
	}
	if len(out) < 2 && grade >= 0 { // none near the grade (“algebra 2”): the most useful ones
		return examples(l, -1, n)
	}
	return join(out, l.M("or"))
}

// forGrade is up to n suggestions of skills taught in the grade, one of each family, asked
// for that grade: "place value for grade 2".
func forGrade(l *Lang, grade, n int) []string {
	var cands []*skills.Skill
	for _, sk := range skills.All() {
		if sk.Grades[0] <= grade && grade <= sk.Grades[1] {
			cands = append(cands, sk)
		}
	}
	rank := func(sk *skills.Skill) int { // the nearby list's order, then the rest
		if i := slices.Index(nearby, sk.ID); i >= 0 {
			return i
		}
		return len(nearby)
	}
	slices.SortStableFunc(cands, func(a, b *skills.Skill) int {
		if da, db := grade-a.Grades[0], grade-b.Grades[0]; da != db {
			return da - db // introduced in the grade first
		}
		return rank(a) - rank(b)
	})
	g := l.M("grade", grade)
	switch grade {
	case 0:
		g = l.M("kindergarten")
	case 9:
		g = l.M("algebra")
	}
	var out []string
	families := map[string]bool{}
	for _, sk := range cands {
		if families[sk.Family] {
			continue
		}
		// The skill's name (written with its accents) or else its words, the first that reads
		// back as it alone: a request it writes.
		for _, w := range append([]string{l.Skills[sk.ID].Name}, l.Skills[sk.ID].Words...) {
			ask := l.M("forGrade", w, g)
			if q := read(ask); len(q.sections) == 1 && q.sections[0].skill == sk.ID && q.grade == grade {
				families[sk.Family] = true
				out = append(out, "“"+ask+"”")
				break
			}
		}
		if len(out) == n {
			break
		}
	}
	return out
}
