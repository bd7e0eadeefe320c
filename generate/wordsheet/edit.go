package wordsheet

import (
	"slices"
	"sort"
	"strings"

	"sheetsmith/generate"
)

// editHit is one follow-up phrase found in a request.
type editHit struct {
	key        string
	start, end int
}

// editsIn are the follow-up phrases of a request, longest first where they overlap, in the
// sheet's language and the others.
func editsIn(t text, first string) []editHit {
	var all []editHit
	codes := append([]string{first}, langOrder...)
	for _, c := range codes {
		for key, phrases := range lang(c).Edits {
			for _, p := range phrases {
				if i := t.find(p, 0); i >= 0 {
					all = append(all, editHit{key, i, i + len([]rune(p))})
				}
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if a, b := all[i].end-all[i].start, all[j].end-all[j].start; a != b {
			return a > b
		}
		return all[i].start < all[j].start
	})
	var kept []editHit
	for _, h := range all {
		if !slices.ContainsFunc(kept, func(k editHit) bool { return h.start < k.end && k.start < h.end }) {
			kept = append(kept, h)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].start < kept[j].start })
	return kept
}

// readEdit reads a follow-up on a word sheet: add or remove words, harder or easier, no
// diagonals or backwards, bigger letters, another version, more cards, a grade. ok is false
// when it asks for none of these; err is a refusal for a change the kind cannot make.
func readEdit(prompt string, cur Spec, seed func() int64) (Spec, []string, bool, error) {
	t := newText(prompt)
	l := lang(cur.Lang)
	s := cur
	s.Words, s.Clues = slices.Clone(cur.Words), slices.Clone(cur.Clues)
	hits := editsIn(t, cur.Lang)
	var notes []string
	cannot := func() error {
		return &generate.UnsupportedError{Message: l.M("cannotEdit", l.M("kind."+cur.Kind))}
	}
	levels := s.Kind == KindWordSearch || s.Kind == KindChart
	changed := false
	for i, h := range hits {
		end := len(t.orig)
		if i+1 < len(hits) {
			end = hits[i+1].start
		}
		rest := strings.TrimLeft(t.slice(h.end, end).String(), " :")
		changed = true
		switch h.key {
		case "version":
			s.Seed = seed()
		case "harder", "easier":
			if !levels {
				return s, nil, true, cannot()
			}
			lv := s.level()
			if h.key == "harder" {
				switch {
				case s.NoDiagonals || s.NoBackwards:
					s.NoDiagonals, s.NoBackwards = false, false
				case lv >= LevelHard:
					notes = append(notes, l.M("alreadyHardest"))
				default:
					s.Level = min(lv+1, LevelHard)
				}
			} else if lv <= LevelEasy {
				notes = append(notes, l.M("alreadyEasiest"))
			} else {
				s.Level = lv - 1
			}
			s.Seed = seed()
		case "noDiagonals", "noBackwards", "diagonals":
			if s.Kind != KindWordSearch {
				return s, nil, true, cannot()
			}
			switch h.key {
			case "noDiagonals":
				s.NoDiagonals = true
			case "noBackwards":
				s.NoBackwards = true
			default:
				s.NoDiagonals, s.Level = false, max(s.level(), LevelMedium)
			}
		case "large":
			s.Large = true
		case "small":
			s.Large = false
		case "twoPerPage", "onePerPage":
			if s.Kind != KindBingo {
				return s, nil, true, cannot()
			}
			s.PerPage = map[string]int{"twoPerPage": 2, "onePerPage": 0}[h.key]
		case "add":
			switch s.Kind {
			case KindCrossword, KindMatching:
				w, c, noClue := pairs(rest)
				s.Words, s.Clues = append(s.Words, w...), append(s.Clues, c...)
				if len(noClue) > 0 {
					notes = append(notes, l.M("noClue", l.quoted(noClue)))
				}
			case KindCloze, KindChart:
				return s, nil, true, cannot()
			default:
				s.Words = append(s.Words, items(rest, l)...)
			}
		case "remove":
			if s.Kind == KindCloze || s.Kind == KindChart {
				return s, nil, true, cannot()
			}
			for _, w := range items(rest, l) {
				want := string(fold(w))
				for j := 0; j < len(s.Words); j++ {
					if string(fold(s.Words[j])) == want {
						s.Words = slices.Delete(s.Words, j, j+1)
						if j < len(s.Clues) {
							s.Clues = slices.Delete(s.Clues, j, j+1)
						}
						j--
					}
				}
			}
		}
	}
	if s.Kind == KindBingo {
		if n := cardCount(t, l); n > 0 {
			s.Cards, changed = n, true
		}
	}
	var g Spec
	g.Grade = -1
	readSettings(t, l, &g)
	if g.Grade >= 0 {
		s.Grade, s.Level, changed = g.Grade, 0, true
	}
	return s, notes, changed, nil
}
