package offline

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// edit applies a follow-up message to the sheet's spec, changing only what it asks, and says
// what changed in l, the reply's language (replyLang). ok is false when it asks for nothing
// the offline engine can change. Its edits that draw questions again and again stop early
// when ctx ends (the caller then answers with ctx's error, not the spec).
func edit(ctx context.Context, s Spec, q request, newSeed func() int64, l *Lang) (Spec, []string, bool) {
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
		notes = append(notes, l.M("inLanguage"))
	}
	// A section named by its place: "remove the last section", "quita la segunda parte".
	if q.dropSection != 0 {
		i := q.dropSection - 1
		if q.dropSection < 0 {
			i = len(s.Sections) - 1
		}
		if i >= len(s.Sections) || len(s.Sections) < 2 {
			return s, nil, false
		}
		pinSlots(s.Sections)
		s.Sections = slices.Delete(s.Sections, i, i+1)
		changed = true
	}
	// Skills on the sheet named: removed ("get rid of the division"), swapped for another
	// ("swap the division for subtraction"), or made harder or easier ("the division ones").
	var named map[string]bool
	if len(q.sections) > 0 && namesSheetSkills(s, q) {
		on := map[string]bool{}
		var to []asked
		for _, a := range q.sections {
			if slices.ContainsFunc(s.Sections, func(sec Section) bool { return sec.Skill == a.skill }) {
				on[a.skill] = true
			} else {
				to = append(to, a)
			}
		}
		switch {
		case q.removeSkills:
			pinSlots(s.Sections)
			kept := slices.DeleteFunc(slices.Clone(s.Sections), func(sec Section) bool { return on[sec.Skill] })
			if len(kept) == 0 {
				return s, nil, false
			}
			s.Sections = kept
		case q.swap:
			if len(on) != 1 || len(to) != 1 {
				return s, nil, false
			}
			for i, sec := range s.Sections {
				if on[sec.Skill] {
					p := sec.P
					if sk, _ := skills.Get(to[0].skill); s.Grade < 0 {
						p.Grade = sk.DefaultGrade()
					}
					if to[0].count > 0 {
						sec.Count = to[0].count
					}
					s.Sections[i] = Section{Skill: to[0].skill, Count: sec.Count, P: p}
				}
			}
		default:
			named = on
		}
		q.sections = nil
		changed = true
	}
	// Skills named: added ("also add 5 fraction problems") or in place of the sheet's.
	added := false // sections added at a level named with them: the others keep theirs
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
			if q.levels { // "add 5 easy and 5 hard subtraction problems": each its own
				for i := range secs {
					secs[i].P.Level = q.sections[i].level
				}
				added = true
			} else if q.level != 0 && q.target == 0 { // "add 10 easy addition problems": the level is the new questions'
				for i := range secs {
					secs[i].P.Level = q.level
				}
				added = true
				names := strings.Split(l.M("levelNames"), ",") // levels -1 … 2
				notes = append(notes, l.M("addedAtLevel", sectionList(l, secs), names[min(q.level, 2)+1]))
			}
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
			s.Sections[i].At = nil // every question at the new grade's level
		}
		changed = true
	}
	// Sections just named with their counts are within one sheet before any is written (the
	// edits below draw questions); the sentence saying so comes with the others on counts.
	capped := capCounts(&s, l)
	// Questions by number moved, swapped or taken out: "swap #3 and #4", "delete question 7".
	if q.swapQ[0] > 0 || q.moveQ[0] > 0 || len(q.dropQ) > 0 {
		notes = append(notes, reorder(&s, q, l)...)
		changed = true // understood, even when a number names no question (the note says so)
	}
	// One question drawn again: "swap #5", "redo number 12".
	if q.redo > 0 {
		if q.redo > total() { // understood: the reply says there is no such question
			notes = append(notes, l.M("noSuchQuestion", q.redo, total()))
		} else {
			notes = append(notes, redo(ctx, &s, q.redo, l))
		}
		changed = true
	}
	// One question harder or easier: "make number 3 harder".
	if q.target > 0 && (q.harder || q.easier) {
		if q.target > total() {
			return s, nil, false
		}
		notes = append(notes, oneEdit(ctx, &s, q.target, q.harder, l))
		changed = true
	} else if q.target > 0 && (q.level != 0 || q.onLevel) { // "make number 3 challenging"
		if q.target > total() {
			return s, nil, false
		}
		notes = append(notes, oneLevel(ctx, &s, q.target, q.level, l))
		changed = true
	} else if (q.level != 0 || q.onLevel) && !added { // a level named: "make it challenging", "at grade level", "the division ones challenging"
		notes = append(notes, levelTo(ctx, &s, q.level, l, named))
		changed = true
	} else if q.harder || q.easier {
		step := 1
		if q.easier {
			step = -1
		}
		notes = append(notes, levelEdit(ctx, &s, step, l, named))
		changed = true // understood, even when the questions could go no further (the note says so)
	}
	// Counts.
	was := total()
	if q.double { // "double the multiplication", "twice as many": that section's count, or the sheet's
		notes = append(notes, double(&s, named, l)...)
		changed = true
	}
	if q.more > 0 {
		last := &s.Sections[len(s.Sections)-1]
		last.Count += q.more
		changed = true
	}
	if q.fewerAll && q.fewer == 0 && q.only == 0 && q.total == 0 && len(q.sections) == 0 { // "less problems": every section about half
		for i := range s.Sections {
			s.Sections[i].Count = max(1, (s.Sections[i].Count+1)/2)
		}
		if n := total(); n < was {
			notes = append(notes, l.M("fewerEach", n))
			was = n // said: no "kept the first" sentence
			changed = true
		}
	}
	if q.fewer > 0 { // "take out the last 5"
		shrinkTo(&s, max(1, total()-q.fewer))
		changed = true
	} else if n := q.only + q.total; n > 0 && len(q.sections) == 0 {
		shrinkTo(&s, n)
		changed = true
	}
	capped = append(capped, capCounts(&s, l)...) // what was added is said as the sheet holds it
	if n := total(); n > was && len(q.sections) == 0 && !q.double {
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
				s.Sections[i].At = nil // every question at the new size
				changed = true
			}
		}
		if q.p.Remainders != nil {
			p.Remainders, changed = q.p.Remainders, true
		}
		if q.p.Regroup != nil {
			p.Regroup, changed = q.p.Regroup, true
		}
		if q.p.Like != nil {
			p.Like, changed = q.p.Like, true
		}
		if q.p.Zeros {
			p.Zeros, changed = true, true
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
	notes = append(notes, capped...)
	notes = append(notes, capCounts(&s, l)...)
	notes = append(notes, unsupported(q, l)...)
	if len(q.wishes) > 0 { // "put the answers at the bottom": understood, and the reply says why not
		changed = true
	}
	return s, notes, changed
}

// redo draws question n (from 1, over the sheet's sections) again at its own level and
// digits, and keeps every other question of every version as it was.
func redo(ctx context.Context, s *Spec, n int, l *Lang) string {
	i, k := locate(s, n)
	k--
	was := s.Sections[i]
	d := was.drawn(k) // the key of its At
	a, ok := was.At[d]
	if !ok {
		a = skills.At{Level: was.P.Level, Digits: was.P.Digits}
	}
	for roll := a.Roll + 1; roll <= a.Roll+30 && roll <= 100 && ctx.Err() == nil; roll++ {
		now := was
		now.At = maps.Clone(was.At)
		if now.At == nil {
			now.At = map[int]skills.At{}
		}
		b := a
		b.Roll = roll
		now.At[d] = b
		ok := true
		for v := range max(1, s.Versions) {
			x, y := sectionQuestions(s, s.Version+v, i, was), sectionQuestions(s, s.Version+v, i, now)
			for j := range x {
				if (j == k) == reflect.DeepEqual(x[j], y[j]) {
					ok = false
				}
			}
		}
		if ok {
			s.Sections[i] = now
			return l.M("redone", n)
		}
	}
	return l.M("redoneNone", n)
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
// "three-digit", else the level moves. Every question then either moved that way by its
// skill's Difficulty, in every version, or is exactly as it was (moveSection): the reply
// counts the questions that moved. A section none of whose questions would move (at the end
// of the scale, or held by a size the teacher asked for: "the 7 times table", "within 20") is
// left as it was. It returns the one sentence that says what changed, or that nothing could.
func levelEdit(ctx context.Context, s *Spec, step int, l *Lang, only map[string]bool) string {
	var moved, stayed []Section // the questions that moved, and those that stayed, as sections with those counts
	held := false               // a parameter moved, the questions did not: a size asked for holds them
	var kind, from, to string   // the change, while every moved section made the same one
	same := true                // every moved section made the same change, named by kind, from and to
	for i := range s.Sections {
		was := s.Sections[i]
		if only != nil && !only[was.Skill] || ctx.Err() != nil { // "make the division ones harder": the others stay
			stayed = append(stayed, was)
			continue
		}
		k, f, t := stepOf(&s.Sections[i].P, step, l)
		n, plain := moveSection(ctx, s, i, was, step)
		if n == 0 {
			p := was.P
			held = held || f != t && (p.Max > 0 || len(p.Tables) > 0 || len(p.RoundTo) > 0)
			s.Sections[i] = was
			stayed = append(stayed, was)
			continue
		}
		if len(moved) == 0 {
			kind, from, to = k, f, t
		}
		same = same && plain && k == kind && f == from && t == to
		m := s.Sections[i]
		m.Count = n
		moved = append(moved, m)
		if n < was.Count {
			r := was
			r.Count = was.Count - n
			stayed = append(stayed, r)
		}
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
	case len(stayed) > 0 && len(s.Sections) == 1 && same: // "I made 8 of the 10 questions harder: …; the rest stayed as they were."
		return l.M(kind+"Part", n, word, to, from, s.Sections[0].Count)
	case len(stayed) > 0 && len(s.Sections) == 1:
		return l.M("levelPart", n, word, s.Sections[0].Count)
	case len(stayed) > 0:
		return l.M("levelSome", sectionList(l, moved), word, sectionList(l, stayed))
	case same:
		return l.M(kind, n, word, to, from)
	}
	return l.M("levelAll", n, word)
}

// moveSection finishes moving section i of the sheet, whose parameters have just moved a step
// (step 1 harder, -1 easier) from was: each question must come out moved that way by the
// skill's Difficulty in every version, or exactly as it was. A question that would not is drawn
// again at the new parameters (At.Roll) until one does; failing that, it is kept where it was
// (its old level and digits in At). n is how many questions moved (0: none would, and the
// section is left for the caller to restore); plain reports that every one of them moved from
// was's own level and digits, so a reply may name the change ("three-digit instead of
// two-digit").
func moveSection(ctx context.Context, s *Spec, i int, was Section, step int) (n int, plain bool) {
	sk, _ := skills.Get(was.Skill)
	sec := &s.Sections[i]
	sec.At = nil
	old := versionItems(s, i, was)
	status := func() []int {
		now := versionItems(s, i, *sec)
		out := make([]int, sec.Count)
		for k := range out {
			out[k] = moves(sk, old, now, k, step)
		}
		return out
	}
	first := status()
	if !slices.Contains(first, 1) && !slices.Contains(first, -1) {
		return 0, false // the new parameters write the same questions: nothing to move
	}
	// Questions that did not move: drawn again at the new parameters.
	at := map[int]skills.At{}
	var pending []int
	for k, st := range first {
		if st != 1 {
			pending = append(pending, k)
		}
	}
	const rolls = 24
	for r := 1; r <= rolls && len(pending) > 0 && ctx.Err() == nil; r++ {
		sec.At = maps.Clone(at)
		for _, k := range pending {
			sec.At[sec.drawn(k)] = skills.At{Level: sec.P.Level, Digits: sec.P.Digits, Roll: r}
		}
		st := status()
		pending = slices.DeleteFunc(pending, func(k int) bool {
			if st[k] == 1 {
				at[sec.drawn(k)] = sec.At[sec.drawn(k)]
				return true
			}
			return false
		})
	}
	// The rest are kept where they were, unless they came out the same anyway.
	ownOf := func(k int) skills.At {
		if a, ok := was.At[was.drawn(k)]; ok {
			return a
		}
		return skills.At{Level: was.P.Level, Digits: was.P.Digits}
	}
	for _, k := range pending {
		if first[k] != 0 {
			at[sec.drawn(k)] = ownOf(k)
		}
	}
	// Every question checked again together (one question's numbers can change which numbers
	// another may use): one that neither moved nor stayed is kept where it was, until all hold.
	var st []int
	for range sec.Count + 1 {
		if ctx.Err() != nil {
			return 0, false
		}
		sec.At = maps.Clone(at)
		if len(sec.At) == 0 {
			sec.At = nil
		}
		st = status()
		bad := false
		for k, v := range st {
			if v == -1 && at[sec.drawn(k)] != ownOf(k) {
				at[sec.drawn(k)], bad = ownOf(k), true
			}
		}
		if !bad {
			break
		}
	}
	plain = true
	for k, v := range st {
		switch v {
		case -1:
			return 0, false // could not be kept truthful: the caller restores the section
		case 1:
			n++
			if a := ownOf(k); a.Level != was.P.Level || a.Digits != was.P.Digits {
				plain = false
			}
		}
	}
	return n, plain
}

// moves compares question k of two writings of a section, version by version: 0 when it is
// the same in every version, 1 when it moved step's way by the skill's Difficulty in every
// version, -1 otherwise.
func moves(sk *skills.Skill, was, now [][]skills.Item, k, step int) int {
	same, moved := true, true
	for v := range was {
		a, b := was[v][k], now[v][k]
		if reflect.DeepEqual(a, b) {
			moved = false
			continue
		}
		same = false
		if skills.CompareDifficulty(sk.Difficulty(b), sk.Difficulty(a)) != step {
			moved = false
		}
	}
	switch {
	case same:
		return 0
	case moved:
		return 1
	}
	return -1
}

// versionItems is section i of every version of the sheet, written as sec.
func versionItems(s *Spec, i int, sec Section) [][]skills.Item {
	var out [][]skills.Item
	for v := range max(1, s.Versions) {
		out = append(out, sectionQuestions(s, s.Version+v, i, sec))
	}
	return out
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
	seed := sectionSeed(s.Seed, s.Version, a.slot(i))
	return reflect.DeepEqual(a.write(sk, seed, t), b.write(sk, seed, t))
}

// oneEdit makes question n (from 1, over the sheet's sections) a step harder or easier, and
// says what it did. The question changes only when the skill writes one that its Difficulty
// measures harder (or easier) within what the sheet asks (a larger factor of "the 7 times
// table"); every other question stays as it was. When none can be written, the sheet is left
// as it was and the reply says so.
func oneEdit(ctx context.Context, s *Spec, n int, harder bool, l *Lang) string {
	i, n := locate(s, n)
	was := s.Sections[i]
	lv := maps.Clone(was.Levels)
	if lv == nil {
		lv = map[int]int{}
	}
	step := 1
	if !harder {
		step = -1
	}
	d := was.drawn(n - 1) // the key of its Levels
	lv[d] = max(-3, min(3, lv[d]+step))
	if lv[d] == 0 {
		delete(lv, d)
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
		if ctx.Err() != nil {
			break
		}
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
func levelTo(ctx context.Context, s *Spec, level int, l *Lang, only map[string]bool) string {
	names := strings.Split(l.M("levelNames"), ",") // levels -1 … 2
	var moved, stuck []Section
	held, already, up := false, true, false
	from := -9 // the level every moved section was at, while they agree; -2 when they do not
	for i := range s.Sections {
		was := s.Sections[i]
		if only != nil && !only[was.Skill] || ctx.Err() != nil { // "make the division ones challenging": the others stay
			stuck = append(stuck, was)
			continue
		}
		s.Sections[i].P.Level = level
		s.Sections[i].At = nil // every question at that level
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
		for _, a := range was.At { // questions kept at a level of their own: the sheet was at no one level
			if a.Level != was.P.Level {
				from = -2
			}
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
	return sec.write(sk, sectionSeed(s.Seed, v, sec.slot(i)), lang(s.Lang).T)
}

// locate finds question n of the sheet (from 1, over its sections): its section, and its
// number within the section (from 1).
func locate(s *Spec, n int) (int, int) {
	i := 0
	for ; n > s.Sections[i].Count; i++ {
		n -= s.Sections[i].Count
	}
	return i, n
}

// oneLevel puts question n (from 1, over the sheet's sections) at a level a message names
// ("make number 3 challenging": -1 easy, 0 the grade's, 1 hard, 2 challenge) and says so.
// The question steps from its own level to that one, each step strictly harder (or easier)
// by the skill's Difficulty; when a step finds none, the reply says how far it got. Every
// other question stays as it was.
func oneLevel(ctx context.Context, s *Spec, n, level int, l *Lang) string {
	i, k := locate(s, n)
	k--
	was := s.Sections[i]
	own := was.P.Level
	dk := was.drawn(k) // the key of its At and Levels
	if a, ok := was.At[dk]; ok {
		own = a.Level
	}
	to := strings.Split(l.M("levelNames"), ",")[level+1]
	d := level - own
	lv := maps.Clone(was.Levels)
	if lv == nil {
		lv = map[int]int{}
	}
	if d == 0 {
		delete(lv, dk)
	} else {
		lv[dk] = d
	}
	if len(lv) == 0 {
		lv = nil
	}
	s.Sections[i].Levels = lv
	p := was.P
	held := p.Max > 0 || len(p.Tables) > 0 || len(p.RoundTo) > 0 || p.Step > 0
	changed, full := false, true
	short := s.Sections[i] // the question one step short of the level
	if d != 0 {
		short.Levels = maps.Clone(lv)
		if short.Levels[dk] = d - sign(d); short.Levels[dk] == 0 {
			delete(short.Levels, dk)
		}
	}
	for v := range max(1, s.Versions) {
		if ctx.Err() != nil {
			break
		}
		a := sectionQuestions(s, s.Version+v, i, was)[k]
		b := sectionQuestions(s, s.Version+v, i, s.Sections[i])[k]
		changed = changed || !reflect.DeepEqual(a, b)
		if d != 0 && reflect.DeepEqual(sectionQuestions(s, s.Version+v, i, short)[k], b) {
			full = false // its last step found no question: it stopped short of the level
		}
	}
	switch {
	case !changed:
		s.Sections[i] = was
		if full {
			return l.M("levelOneAlready", n, to)
		}
		if held {
			return l.M("levelOneNoneHeld", n, to)
		}
		return l.M("levelOneNone", n, to)
	case !full:
		return l.M("levelOneFar", n, to)
	case held:
		return l.M("levelOneHeld", n, to)
	}
	return l.M("levelOne", n, to)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// namesSheetSkills: the message names skills of the sheet to remove, swap for another, or make
// harder or easier, rather than asking for a new sheet of them.
func namesSheetSkills(s Spec, q request) bool {
	on := 0
	for _, a := range q.sections {
		if slices.ContainsFunc(s.Sections, func(sec Section) bool { return sec.Skill == a.skill }) {
			on++
		}
	}
	switch {
	case on == 0 || q.addSkills || q.more > 0:
		return false
	case q.swap:
		return on == 1 && len(q.sections) == 2
	case q.removeSkills:
		return on == len(q.sections) && len(s.Sections) > on
	}
	return on == len(q.sections) && (q.harder || q.easier || q.double || q.definite && (q.level != 0 || q.onLevel)) && q.target == 0
}

// double doubles the count of the sections named (all of them when none is), within what one
// sheet holds, and says what it did.
func double(s *Spec, only map[string]bool, l *Lang) []string {
	limit := maxQuestions / max(1, s.Versions)
	grow, rest := 0, 0 // the questions of the sections doubled, and of the others
	for _, sec := range s.Sections {
		if only == nil || only[sec.Skill] {
			grow += sec.Count
		} else {
			rest += sec.Count
		}
	}
	var notes []string
	room := min(grow, max(0, limit-rest-grow)) // the questions that can be added
	if room < grow {
		notes = append(notes, l.M("capped", (rest+2*grow)*max(1, s.Versions), limit*max(1, s.Versions)))
	}
	was := s.Sections
	s.Sections = slices.Clone(s.Sections)
	left := room
	var idx []int
	for i, sec := range s.Sections {
		if only == nil || only[sec.Skill] {
			idx = append(idx, i)
		}
	}
	for k, i := range idx {
		add := s.Sections[i].Count * room / max(1, grow)
		if k == len(idx)-1 {
			add = left
		}
		add = min(add, left)
		s.Sections[i].Count += add
		left -= add
	}
	if only == nil {
		return append([]string{l.M("doubledAll", grow+room, grow)}, notes...)
	}
	var out []string
	for _, i := range idx {
		out = append(out, l.M("doubledSome", l.Skills[s.Sections[i].Skill].Name, s.Sections[i].Count, was[i].Count))
	}
	return append(out, notes...)
}
