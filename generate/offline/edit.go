package offline

import (
	"maps"

	"sheetsmith/generate/offline/skills"
)

// edit applies a follow-up message to the sheet's spec, changing only what it asks. ok is
// false when it asks for nothing the offline engine can change.
func edit(s Spec, q request, newSeed func() int64) (Spec, []string, bool) {
	changed := false
	var notes []string
	l := lang(s.Lang)
	total := func() int {
		n := 0
		for _, sec := range s.Sections {
			n += sec.Count
		}
		return n
	}
	if q.toLang != "" && q.toLang != s.Lang {
		s.Lang, changed = q.toLang, true
	}
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
		n := q.target
		if n > total() {
			return s, nil, false
		}
		for i := range s.Sections {
			if n <= s.Sections[i].Count {
				lv := maps.Clone(s.Sections[i].Levels)
				if lv == nil {
					lv = map[int]int{}
				}
				if q.harder {
					lv[n-1] = min(lv[n-1]+1, 3)
				} else {
					lv[n-1] = max(lv[n-1]-1, -3)
				}
				s.Sections[i].Levels = lv
				break
			}
			n -= s.Sections[i].Count
		}
		key := "harderOne"
		if q.easier {
			key = "easierOne"
		}
		notes = append(notes, l.M(key, q.target))
		changed = true
	} else if q.harder || q.easier || q.level != 0 {
		step := 1
		if q.easier || q.level < 0 {
			step = -1
		}
		for i := range s.Sections {
			p := &s.Sections[i].P
			if p.Digits > 0 { // "two-digit", harder: three-digit
				p.Digits = max(1, min(7, p.Digits+step))
				continue
			}
			p.Level = max(-1, min(2, p.Level+step))
		}
		changed = true
	}
	// Counts.
	if q.more > 0 {
		last := &s.Sections[len(s.Sections)-1]
		last.Count += q.more
		changed = true
	}
	if q.fewer > 0 { // "take out the last 5"
		total := 0
		for _, sec := range s.Sections {
			total += sec.Count
		}
		shrinkTo(&s, max(1, total-q.fewer))
		changed = true
	} else if n := q.only + q.total; n > 0 && len(q.sections) == 0 {
		shrinkTo(&s, n)
		changed = true
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
