package offline

import (
	"maps"
	"reflect"
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// edit applies a follow-up message to the sheet's spec, changing only what it asks. ok is
// false when it asks for nothing the offline engine can change.
func edit(s Spec, q request, newSeed func() int64) (Spec, []string, bool) {
	changed := false
	var notes []string
	s.Sections = slices.Clone(s.Sections) // the caller's spec stays as it was, to say what changed
	total := func() int {
		n := 0
		for _, sec := range s.Sections {
			n += sec.Count
		}
		return n
	}
	if q.toLang != "" && q.toLang != s.Lang {
		s.Lang, changed = q.toLang, true
		notes = append(notes, lang(s.Lang).M("inLanguage"))
	}
	l := lang(s.Lang) // the reply is in the sheet's language, the new one after "now in Spanish"
	// Skills named: added ("also add 5 fraction problems") or in place of the sheet's.
	if len(q.sections) > 0 {
		counts := sectionCounts(q)
		var secs []Section
		for i, a := range q.sections {
			p := s.Sections[0].P
			p.Tables, p.Digits, p.Digits2, p.Max, p.RoundTo = q.p.Tables, q.p.Digits, q.p.Digits2, q.p.Max, q.p.RoundTo
			if q.grade >= 0 {
				p.Grade = q.grade
			} else if sk, _ := skills.Get(a.skill); s.Grade < 0 {
				p.Grade = sk.DefaultGrade()
			}
			n := counts[i]
			if q.more > 0 && a.count == 0 {
				n = q.more
			}
			secs = append(secs, Section{Skill: a.skill, Count: n, P: p})
		}
		if q.addSkills || (q.more > 0 && !q.replaceSkills) {
			s.Sections = append(s.Sections, secs...)
		} else {
			for i := range secs { // "change to subtraction": same counts, new skill
				if i < len(s.Sections) && q.sections[i].count == 0 && q.total == 0 {
					secs[i].Count = s.Sections[i].Count
				}
			}
			s.Sections = secs
		}
		q.more = 0
		changed = true
	}
	if q.grade >= 0 && len(q.sections) == 0 {
		s.Grade = q.grade
		for i := range s.Sections {
			s.Sections[i].P.Grade = q.grade
		}
		changed = true
	}
	// One question harder or easier: "make number 3 harder".
	if q.target > 0 && (q.harder || q.easier) {
		if q.target > total() {
			return s, nil, false
		}
		notes = append(notes, oneEdit(&s, q.target, q.harder))
		changed = true
	} else if q.level != 0 || q.onLevel { // a level named: "make it challenging", "at grade level"
		notes = append(notes, levelTo(&s, q.level))
		changed = true
	} else if q.harder || q.easier {
		step := 1
		if q.easier {
			step = -1
		}
		notes = append(notes, levelEdit(&s, step))
		changed = true // understood, even when the questions could go no further (the note says so)
	}
	// Counts.
	was := total()
	if q.more > 0 {
		last := &s.Sections[len(s.Sections)-1]
		last.Count += q.more
		changed = true
	}
	if q.fewer > 0 { // "take out the last 5"
		shrinkTo(&s, max(1, total()-q.fewer))
		changed = true
	} else if n := q.only + q.total; n > 0 && len(q.sections) == 0 {
		shrinkTo(&s, n)
		changed = true
	}
	if n := total(); n > was && len(q.sections) == 0 {
		notes = append(notes, l.M("added", n-was))
	} else if n < was {
		notes = append(notes, l.M("kept", n))
	}
	// Sizes of the numbers, switches and layout.
	for i := range s.Sections {
		p := &s.Sections[i].P
		if len(q.p.Tables) > 0 || q.p.Digits > 0 || q.p.Max > 0 || len(q.p.RoundTo) > 0 {
			if len(q.sections) == 0 {
				p.Tables, p.Digits, p.Digits2, p.Max, p.RoundTo = q.p.Tables, q.p.Digits, q.p.Digits2, q.p.Max, q.p.RoundTo
				changed = true
			}
		}
		if q.p.Remainders != nil {
			p.Remainders, changed = q.p.Remainders, true
		}
		if q.p.Regroup != nil {
			p.Regroup, changed = q.p.Regroup, true
		}
		if q.p.Units != "" {
			p.Units, changed = q.p.Units, true
		}
		if q.p.Vertical {
			p.Vertical, changed = true, true
		}
	}
	if q.columns > 0 {
		s.Columns, changed = q.columns, true
		if q.columns == 1 { // the summary names 2 columns or more, not one
			notes = append(notes, l.M("oneColumn"))
		} else {
			notes = append(notes, l.M("columnsNow", min(q.columns, 4)))
		}
	}
	if q.large {
		s.Large, changed = true, true
	}
	if q.versions > 1 {
		s.Versions, changed = min(q.versions, maxVersions), true
	}
	if q.another {
		s.Version += max(1, s.Versions)
		s.Versions = 0
		changed = true
	}
	if q.newNumbers {
		s.Seed, changed = newSeed(), true
		notes = append(notes, l.M("newNumbers"))
	}
	notes = append(notes, capCounts(&s)...)
	notes = append(notes, unsupported(q)...)
	return s, notes, changed
}

// shrinkTo keeps the first n questions of the sheet, section by section.
func shrinkTo(s *Spec, n int) {
	var out []Section
	for _, sec := range s.Sections {
		if n <= 0 {
			break
		}
		sec.Count = min(sec.Count, n)
		n -= sec.Count
		out = append(out, sec)
	}
	if len(out) == 1 && n > 0 { // "make it 30": grows a one-section sheet
		out[0].Count += n
	}
	s.Sections = out
}

// levelEdit makes every section a step harder (step 1) or easier (-1): "two-digit" becomes
// "three-digit", else the level moves. A section whose questions would come out the same (at
// the end of the scale, or held by a size the teacher asked for: "the 7 times table", "within
// 20") is left as it was. It returns the one sentence that says what changed, or that nothing
// could.
func levelEdit(s *Spec, step int) string {
	l := lang(s.Lang)
	var moved, stuck []Section
	held := false             // a parameter moved, the questions did not: a size asked for holds them
	var kind, from, to string // the change, while every moved section made the same one
	same := true
	for i := range s.Sections {
		was := s.Sections[i]
		k, f, t := stepOf(&s.Sections[i].P, step, l)
		if sameQuestions(s, i, was, s.Sections[i]) {
			p := was.P
			held = held || f != t && (p.Max > 0 || len(p.Tables) > 0 || len(p.RoundTo) > 0)
			s.Sections[i] = was
			stuck = append(stuck, was)
			continue
		}
		if len(moved) == 0 {
			kind, from, to = k, f, t
		}
		same = same && k == kind && f == from && t == to
		moved = append(moved, s.Sections[i])
	}
	word := l.M("harder")
	if step < 0 {
		word = l.M("easier")
	}
	n := 0
	for _, sec := range moved {
		n += sec.Count
	}
	switch {
	case len(moved) == 0 && held:
		return l.M("asAsked")
	case len(moved) == 0 && step > 0:
		return l.M("hardest")
	case len(moved) == 0:
		return l.M("easiest")
	case len(stuck) > 0:
		return l.M("levelSome", sectionList(l, moved), word, sectionList(l, stuck))
	case same:
		return l.M(kind, n, word, to, from)
	}
	return l.M("levelAll", n, word)
}

// stepOf moves one section's numbers a step and names the change, in the words of the reply:
// the digits ("two-digit" → "three-digit") when the request set them, else the level.
func stepOf(p *skills.Params, step int, l *Lang) (kind, from, to string) {
	if p.Digits > 0 {
		names := strings.Split(l.M("digitNames"), ",")
		d := p.Digits + step
		if d < 1 || d > max(7, p.Digits) { // wider numbers do not fit a row
			d = p.Digits
		}
		from, to = names[p.Digits-1], names[d-1]
		p.Digits = d
		return "levelDigits", from, to
	}
	names := strings.Split(l.M("levelNames"), ",") // levels -1 … 2
	v := max(-1, min(2, p.Level+step))
	from, to = names[p.Level+1], names[v+1]
	p.Level = v
	return "levelLevel", from, to
}

// sameQuestions: section i of the sheet writes the same questions as a and as b.
func sameQuestions(s *Spec, i int, a, b Section) bool {
	sk, _ := skills.Get(a.Skill)
	t := lang(s.Lang).T
	seed := sectionSeed(s.Seed, s.Version, i)
	return reflect.DeepEqual(sk.Questions(seed, a.Count, a.P, a.Levels, t), sk.Questions(seed, b.Count, b.P, b.Levels, t))
}

// oneEdit makes question n (from 1, over the sheet's sections) a step harder or easier, and
// says what it did. The question changes only when the skill writes one that its Difficulty
// measures harder (or easier) within what the sheet asks (a larger factor of "the 7 times
// table"); every other question stays as it was. When none can be written, the sheet is left
// as it was and the reply says so.
func oneEdit(s *Spec, n int, harder bool) string {
	l := lang(s.Lang)
	i := 0
	for ; n > s.Sections[i].Count; i++ {
		n -= s.Sections[i].Count
	}
	was := s.Sections[i]
	lv := maps.Clone(was.Levels)
	if lv == nil {
		lv = map[int]int{}
	}
	step := 1
	if !harder {
		step = -1
	}
	lv[n-1] = max(-3, min(3, lv[n-1]+step))
	if lv[n-1] == 0 {
		delete(lv, n-1)
	}
	if len(lv) == 0 {
		lv = nil
	}
	s.Sections[i].Levels = lv
	key := "harder"
	if !harder {
		key = "easier"
	}
	p := was.P
	held := p.Max > 0 || len(p.Tables) > 0 || len(p.RoundTo) > 0 || p.Step > 0
	var moved []string
	for v := range max(1, s.Versions) {
		a := sectionQuestions(s, s.Version+v, i, was)
		b := sectionQuestions(s, s.Version+v, i, s.Sections[i])
		if !reflect.DeepEqual(a[n-1], b[n-1]) {
			moved = append(moved, versionLetter(s.Version+v))
		}
	}
	q := n
	for _, sec := range s.Sections[:i] {
		q += sec.Count
	}
	switch {
	case len(moved) == 0:
		s.Sections[i] = was
		if held {
			return l.M(key+"NoneHeld", q)
		}
		return l.M(key+"None", q)
	case len(moved) < max(1, s.Versions):
		return l.M(key+"OneSome", q, join(moved, l.M("and")))
	case held:
		return l.M(key+"OneHeld", q)
	}
	return l.M(key+"One", q)
}

// levelTo puts every section at the level a message names (-1 easy, 0 the grade's, 1 hard,
// 2 challenge) and says which level the sheet is now at. A section whose questions would come
// out the same (already at that level, or held by a size the teacher asked for) is left as it
// was.
func levelTo(s *Spec, level int) string {
	l := lang(s.Lang)
	names := strings.Split(l.M("levelNames"), ",") // levels -1 … 2
	var moved, stuck []Section
	held, already, up := false, true, false
	from := -9 // the level every moved section was at, while they agree; -2 when they do not
	for i := range s.Sections {
		was := s.Sections[i]
		s.Sections[i].P.Level = level
		if sameQuestions(s, i, was, s.Sections[i]) {
			p := was.P
			held = held || was.P.Level != level && (p.Max > 0 || len(p.Tables) > 0 || len(p.RoundTo) > 0)
			already = already && was.P.Level == level
			up = up || was.P.Level < level
			s.Sections[i] = was
			stuck = append(stuck, was)
			continue
		}
		switch {
		case from == -9:
			from = was.P.Level
		case from != was.P.Level:
			from = -2
		}
		moved = append(moved, s.Sections[i])
	}
	to := names[level+1]
	n := 0
	for _, sec := range moved {
		n += sec.Count
	}
	switch {
	case len(moved) == 0 && already:
		return l.M("alreadyLevel", to)
	case len(moved) == 0 && held:
		return l.M("asAsked")
	case len(moved) == 0 && up:
		return l.M("hardest")
	case len(moved) == 0:
		return l.M("easiest")
	case len(stuck) > 0:
		return l.M("levelToSome", sectionList(l, moved), to, sectionList(l, stuck))
	case from >= -1:
		return l.M("levelTo", n, to, names[from+1])
	}
	return l.M("levelToMixed", n, to)
}

// sectionQuestions is section i of version v of the sheet, written as sec.
func sectionQuestions(s *Spec, v, i int, sec Section) []skills.Item {
	sk, _ := skills.Get(sec.Skill)
	return sk.Questions(sectionSeed(s.Seed, v, i), sec.Count, sec.P, sec.Levels, lang(s.Lang).T)
}
