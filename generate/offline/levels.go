package offline

import (
	"slices"
)

// levelKeys are the words entries that name a level, and the level each names.
var levelKeys = []struct {
	key   string
	level int
}{{"challenge", 2}, {"hard", 1}, {"easy", -1}, {"on level", 0}}

// levelWords finds every word naming a level in a message's words: its place and level, and
// the words they take. Longer phrases first, so "very hard" is a challenge and not hard.
func levelWords(toks []string) (map[int]int, []bool) {
	type ph struct {
		words []string
		level int
	}
	var ps []ph
	for _, code := range langOrder {
		for _, k := range levelKeys {
			for _, p := range langs[code].phrases[k.key] {
				ps = append(ps, ph{p, k.level})
			}
		}
	}
	slices.SortStableFunc(ps, func(a, b ph) int { return len(b.words) - len(a.words) })
	taken := make([]bool, len(toks))
	// "nothing too tricky", "too easy": the sheet made easier or harder, no level of a part
	for _, key := range []string{"easier", "harder"} {
		for _, p := range keyPhrases(key) {
			for at := find(toks, taken, p, false); len(p) > 1 && at >= 0; at = find(toks, taken, p, false) {
				markUsed(taken, at, len(p))
			}
		}
	}
	out := map[int]int{}
	for _, p := range ps {
		for {
			at := find(toks, taken, p.words, false)
			if at < 0 {
				break
			}
			markUsed(taken, at, len(p.words))
			out[at] = p.level
		}
	}
	return out, taken
}

// sectionLevels gives each section the level named in its own part of the message, or else
// the level the list gives it, when the message names two levels or more: "easy addition and hard subtraction", "sumas fáciles y
// restas difíciles". A part naming a level and a count but no skill is another section of the
// skill named beside it: "10 easy and 10 challenge multiplication problems", "10 easy
// multiplication problems and 10 hard ones", "10 multiplicaciones fáciles y 10 de reto".
func sectionLevels(toks []string, sep []bool, q *request) {
	words, levelTok := levelWords(toks)
	if len(words) < 2 || len(q.sections) == 0 || q.target > 0 {
		return
	}
	// The message's parts, split where a list goes on.
	type part struct {
		from, to, level, count int
		countAt, levelAt       int
		leveled                bool
		skills                 []int // its sections, by index
		at                     []int // where each is named in it
	}
	var parts []part
	start := 0
	for i := 1; i <= len(toks); i++ {
		if i == len(toks) || sep[i] || listWords[toks[i]] {
			parts = append(parts, part{from: start, to: i})
			start = i
		}
	}
	for k := range parts {
		p := &parts[k]
		for i := p.from; i < p.to; i++ {
			if lv, ok := words[i]; ok {
				p.level, p.leveled, p.levelAt = lv, true, i
			}
			if t := toks[i]; p.count == 0 && isNumber(t) {
				p.count, p.countAt = int(atoi(t)), i
			}
		}
		// Its sections: those whose words it holds, a skill named twice in two parts counting
		// in both ("8 easy subtraction and 4 challenge subtraction").
		for j, a := range q.sections {
			at := -1
			for _, k := range append([]int{a.pos}, a.again...) {
				if at < 0 && k >= p.from && k < p.to {
					at = k
				}
			}
			if at >= 0 {
				p.skills, p.at = append(p.skills, j), append(p.at, at)
			}
		}
	}
	// Levels section by section only when two parts name different ones; else the sheet's.
	levels := map[int]bool{}
	for _, p := range parts {
		if p.leveled {
			levels[p.level] = true
		}
	}
	if len(levels) < 2 {
		return
	}
	var out []asked
	named := false // a skill was named in a part before this one
	// A part naming no level has the level named before it, until another is named: "easy
	// addition, subtraction and hard multiplication" is easy subtraction. A level word after
	// its skill's words is said of the items joined to it before it too: "sumas fáciles,
	// restas y multiplicaciones difíciles" are hard subtraction.
	after := func(k int) (int, bool) { // the level of the next part naming one, when it follows its skill
		for _, n := range parts[k+1:] {
			if sep[n.from] {
				return 0, false
			}
			if n.leveled {
				return n.level, len(n.skills) > 0 && n.levelAt > slices.Min(n.at)
			}
		}
		return 0, false
	}
	carried, carries := 0, false
	for k, p := range parts {
		if p.leveled {
			carried, carries = p.level, true
		} else if lv, ok := after(k); ok && len(p.skills) > 0 {
			p.level = lv
		} else if carries {
			p.level = carried
		}
		switch {
		case len(p.skills) > 0:
			for n, j := range p.skills {
				a := q.sections[j]
				a.level, a.pos = p.level, p.at[n]
				// "10 easy multiplication": a count just before the skill, but for level words,
				// is the section's; "20 problems: easy addition" is the sheet's.
				if p.count > 0 && len(p.skills) == 1 && p.countAt < a.pos && !slices.Contains(levelTok[p.countAt+1:a.pos], false) {
					a.count = p.count
				}
				out = append(out, a)
			}
			named = true
		case p.leveled && p.count > 0: // "10 easy and 10 challenge multiplication": the skill beside it
			var from []int
			if !named && k+1 < len(parts) {
				from = parts[k+1].skills
			} else if k > 0 {
				from = parts[k-1].skills
			}
			if len(from) == 1 {
				a := q.sections[from[0]]
				a.level, a.count, a.pos = p.level, p.count, p.from
				out = append(out, a)
			}
		}
	}
	if len(out) < 2 {
		return
	}
	q.sections, q.levels, q.level = out, true, 0
	if slices.ContainsFunc(out, func(a asked) bool { return a.count > 0 }) {
		q.total = 0 // the parts' counts are the sections'
	}
}
