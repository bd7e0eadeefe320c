package offline

import (
	"slices"
	"strconv"

	"sheetsmith/generate/offline/skills"
)

// A section's questions are drawn by number (0, 1, 2 …), each from the seed alone, so a
// sheet can show them in another order or leave one out and keep every other as it was:
// Order lists the drawn questions shown, in the order shown.

// order is the drawn questions the section shows, in order, or nil for 0 … Count-1. A section
// grown past its Order shows new questions after the last drawn.
func (sec Section) order() []int {
	if len(sec.Order) == 0 {
		return nil
	}
	out := slices.Clone(sec.Order[:min(len(sec.Order), sec.Count)])
	next := slices.Max(out) + 1
	for len(out) < sec.Count {
		out = append(out, next)
		next++
	}
	return out
}

// drawn is the drawn number of the question shown k-th (from 0): the key of its At and Levels.
func (sec Section) drawn(k int) int {
	if ord := sec.order(); ord != nil {
		return ord[k]
	}
	return k
}

// write is the section's questions as shown.
func (sec Section) write(sk *skills.Skill, seed int64, t skills.Text) []skills.Item {
	if len(sec.Pasted) > 0 {
		return sec.writePasted(sk, seed, t)
	}
	ord := sec.order()
	if ord == nil {
		return sk.QuestionsAt(seed, sec.Count, sec.P, sec.At, sec.Levels, t)
	}
	all := sk.QuestionsAt(seed, slices.Max(ord)+1, sec.P, sec.At, sec.Levels, t)
	out := make([]skills.Item, 0, len(ord))
	for _, k := range ord {
		out = append(out, all[k])
	}
	return out
}

// shown is the section's Order made explicit, to change it.
func (sec Section) shown() []int {
	if ord := sec.order(); ord != nil {
		return ord
	}
	ord := make([]int, sec.Count)
	for k := range ord {
		ord[k] = k
	}
	return ord
}

// reorder applies a message's edits of questions by number: "swap #3 and #4", "move number 5
// to the end", "delete question 7". Each changes only the questions it names; every other
// stays exactly as it was. A number past the sheet's end, or two questions in different
// sections, leave the sheet as it was and the note says why.
func reorder(s *Spec, q request, l *Lang) []string {
	n := 0
	for _, sec := range s.Sections {
		n += sec.Count
	}
	var notes []string
	missing := func(k int) bool {
		if k < 1 || k > n {
			notes = append(notes, l.M("noSuchQuestion", k, n))
			return true
		}
		return false
	}
	if a, b := q.swapQ[0], q.swapQ[1]; a > 0 && !missing(a) && !missing(b) && a != b {
		i, ka := locate(s, a)
		j, kb := locate(s, b)
		if i != j {
			notes = append(notes, l.M("swapApart", a, b))
		} else {
			ord := s.Sections[i].shown()
			ord[ka-1], ord[kb-1] = ord[kb-1], ord[ka-1]
			s.Sections[i].Order = ord
			notes = append(notes, l.M("swapped", min(a, b), max(a, b)))
		}
	}
	if a, to := q.moveQ[0], q.moveQ[1]; a > 0 && !missing(a) && (to <= 0 || !missing(to)) {
		i, k := locate(s, a)
		first := a - k + 1 // the section's first and last questions, over the sheet
		last := first + s.Sections[i].Count - 1
		switch to {
		case -1:
			to = last
		case 0:
			to = first
		}
		if to < first || to > last {
			notes = append(notes, l.M("moveApart", a, to))
		} else if to != a {
			ord := s.Sections[i].shown()
			d := ord[k-1]
			ord = slices.Delete(ord, k-1, k)
			ord = slices.Insert(ord, to-first, d)
			s.Sections[i].Order = ord
			notes = append(notes, l.M("moved", a, to))
		}
	}
	if len(q.dropQ) > 0 && !slices.ContainsFunc(q.dropQ, missing) {
		drop := slices.Compact(slices.Sorted(slices.Values(q.dropQ)))
		if len(drop) >= n {
			return append(notes, l.M("dropLast"))
		}
		pinSlots(s.Sections)                      // a section emptied goes, the others keep their numbers
		for _, a := range slices.Backward(drop) { // from the last, so the numbers before stay
			i, k := locate(s, a)
			if s.Sections[i].Count == 1 {
				s.Sections = slices.Delete(s.Sections, i, i+1)
				continue
			}
			ord := s.Sections[i].shown()
			s.Sections[i].Order = slices.Delete(ord, k-1, k)
			s.Sections[i].Count--
		}
		if len(drop) == 1 {
			notes = append(notes, l.M("droppedOne", drop[0], n-1))
		} else {
			var names []string
			for _, a := range drop {
				names = append(names, strconv.Itoa(a))
			}
			notes = append(notes, l.M("droppedMany", join(names, l.M("and")), n-len(drop)))
		}
	}
	return notes
}

// writePasted writes a section of pasted problems: the teacher's own first, then (when an edit
// asked for more) the skill's own, in the order shown.
func (sec Section) writePasted(sk *skills.Skill, seed int64, t skills.Text) []skills.Item {
	n := sec.Count
	ord := sec.order()
	if ord != nil {
		n = slices.Max(ord) + 1
	}
	all := pastedItems(sec.Pasted[:min(n, len(sec.Pasted))], t)
	if len(all) < n {
		all = append(all, sk.QuestionsAt(seed, n-len(all), sec.P, nil, nil, t)...)
	}
	if ord == nil {
		return all
	}
	out := make([]skills.Item, 0, len(ord))
	for _, k := range ord {
		out = append(out, all[k])
	}
	return out
}
