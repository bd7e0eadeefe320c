package offline

import (
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// Follow-up edits as parents and teachers type them, on a sheet written first.

// Follow-up edits as parents and teachers type them, each on the same first sheet: what the
// edited sheet must hold.
func TestFollowUpsOnAdditionSheet(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", "20 addition problems within 20 for 1st grade")
	before := questionsOf(start.Document)
	for _, c := range []struct {
		prompt      string
		n, cols     int
		large       bool
		lang        string
		sameNumbers bool
	}{
		{"can you add five more", 25, 4, false, "en", true},
		{"take out the last 5", 15, 4, false, "en", true},
		{"put it in 3 columns", 20, 3, false, "en", true},
		{"bigger print please", 20, 1, true, "en", true},
		{"use 2 columns instead", 20, 2, false, "en", true},
		{"5 more please", 25, 4, false, "en", true},
		{"now in spanish", 20, 4, false, "es", true},
		{"otra versión", 20, 4, false, "en", false},
		{"make it 30 problems", 30, 4, false, "en", true},
		{"quita las ultimas 4", 16, 4, false, "en", true},
	} {
		d := writeOn(t, e, start.Body, c.prompt)
		qs := questionsOf(d.Document)
		s := d.Document.Settings
		same := strings.Join(qs[:min(len(qs), 15)], "|") == strings.Join(before[:15], "|")
		if len(qs) != c.n || s.Columns != c.cols || s.LargePrint != c.large || d.Document.Language != c.lang || same != c.sameNumbers {
			t.Errorf("%q: %d questions, %d columns, large %v, %s, same numbers %v", c.prompt, len(qs), s.Columns, s.LargePrint, d.Document.Language, same)
		}
	}
}

// multDivStart is the sheet the follow-ups edit.
const multDivStart = "3rd grade: 10 multiplication facts and 10 division facts"

// multDivFollowUps are follow-up edits on multDivStart; check says what is wrong with the edited sheet.
var multDivFollowUps = []struct {
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

func TestFollowUpsOnMultiplicationAndDivision(t *testing.T) {
	e := New(seeds())
	start, err := writeSheet(e, "", multDivStart)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	if countsOf(was) != "multiplication 10 division 10" || was.Sections[0].P.Grade != 3 {
		t.Fatalf("start: %s", countsOf(was))
	}
	wrong := 0
	for _, c := range multDivFollowUps {
		d, err := writeSheet(e, start.Body, c.prompt)
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
	t.Logf("%d of %d QA3 follow-ups right", len(multDivFollowUps)-wrong, len(multDivFollowUps))
}

// threeSectionStart is the sheet the follow-ups edit.
const threeSectionStart = "4th grade: 10 addition, 10 subtraction and 10 multiplication"

var threeSectionFollowUps = []struct {
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

func TestFollowUpsOnThreeSections(t *testing.T) {
	e := New(seeds())
	start, err := writeSheet(e, "", threeSectionStart)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	if countsOf(was) != "addition 10 subtraction 10 multiplication 10" || was.Sections[0].P.Grade != 4 {
		t.Fatalf("start: %s", countsOf(was))
	}
	wrong := 0
	defer func() {
		t.Logf("%d of %d QA5 follow-ups right", len(threeSectionFollowUps)-wrong, len(threeSectionFollowUps))
	}()
	for _, c := range threeSectionFollowUps {
		d, err := writeSheet(e, start.Body, c.prompt)
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

// twoSectionStart is the sheet the question-level edits change: 12 addition, then 8 subtraction.
const twoSectionStart = "3rd grade: 12 addition and 8 subtraction problems"

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
func TestQuestionEdits(t *testing.T) {
	e := New(seeds())
	start := writeOn(t, e, "", twoSectionStart)
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
		d, err := writeSheet(e, start.Body, c.prompt)
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

// "pon" with a level or a layout changes the sheet; with a count or a skill alone it adds.
// Sections added with a level are written at that level, and the sheet's own stay as they were.
func TestPonChangesOrAdds(t *testing.T) {
	e := New(seeds())
	start, err := writeSheet(e, "", multDivStart)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := specFrom(start.Body)
	for _, c := range []struct {
		prompt, counts string
		changed        []int // sections whose questions changed
		says           string
	}{
		{"pon las multiplicaciones fáciles", "multiplication 10 division 10", []int{0}, "10 multiplicaciones ahora son de nivel fácil"},
		{"ponme las divisiones de nivel reto", "multiplication 10 division 10", []int{1}, "10 divisiones ahora son de nivel de reto"},
		{"ponlas más difíciles", "multiplication 10 division 10", []int{0, 1}, ""},
		{"ponlas en 3 columnas", "multiplication 10 division 10", nil, "3 columnas"},
		{"pon 5 más", "multiplication 10 division 15", nil, "Añadí 5 preguntas"},
		{"pon restas", "multiplication 10 division 10 subtraction 20", nil, "20 restas"},
		// A level named with sections added is theirs: the sheet's own stay as they were.
		{"pon 10 sumas fáciles", "multiplication 10 division 10 addition 10", []int{}, "Escribí 10 sumas de nivel fácil; el resto quedó como estaba."},
		{"add 10 easy addition problems", "multiplication 10 division 10 addition 10", []int{}, "I wrote the 10 addition problems at easy level; the rest stayed as they were."},
		{"also add 5 challenging subtraction problems", "multiplication 10 division 10 subtraction 5", []int{}, "at challenge level"},
	} {
		d, err := writeSheet(e, start.Body, c.prompt)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		now, _ := specFrom(d.Body)
		if countsOf(now) != c.counts || !strings.Contains(d.Message, c.says) {
			t.Errorf("%q: %s, reply %q; want %s and %q", c.prompt, countsOf(now), d.Message, c.counts, c.says)
		}
		if c.changed != nil {
			for i := range was.Sections {
				if changed := !sameSection(was, now, i); changed != slices.Contains(c.changed, i) {
					t.Errorf("%q: section %d changed %v", c.prompt, i, changed)
				}
			}
		}
	}
}
