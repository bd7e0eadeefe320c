package offline

import (
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// ofWords join a measure to its shape: "area of circles", "área de triángulos".
var ofWords = wordSet("of")

// measureHeads are the words that name a measure of a shape, alone a geometry skill's phrase
// and the head of its phrases with a shape ("area", "area of circles"; "perimeter",
// "perimeter of rectangles"); shapeNouns are the shapes' words after them ("circles",
// "composite"). Both come from the language files.
var measureHeads, shapeNouns = func() (map[string]bool, map[string]bool) {
	alone, heads, nouns := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, sp := range allPhrases {
		if geometry(sp.skill) && len(sp.words) == 1 {
			alone[sp.words[0]] = true
		}
	}
	for _, sp := range allPhrases {
		if !geometry(sp.skill) || len(sp.words) < 3 || !ofWords[sp.words[1]] || !alone[sp.words[0]] {
			continue
		}
		heads[sp.words[0]] = true
		n := sp.words[2]
		if articleWords[n] && len(sp.words) > 3 {
			n = sp.words[3]
		}
		nouns[n] = true
	}
	return heads, nouns
}()

func geometry(id string) bool { return family(id) == "geometry" }

// family is a skill's family ("geometry", "equations"), "" for no skill.
func family(id string) string {
	if sk, ok := skills.Get(id); ok {
		return sk.Family
	}
	return ""
}

// articleWords come before a shape: "a circle", "un triángulo".
var articleWords = wordSet("indefinite articles", "definite articles")

// shapeAt is the shape named from toks[at] ("circles", "a circle", "composite figures"): how
// many words, or 0 when no shape begins there. An article may come first; the words go on
// while they are the vocabulary's, up to a list's boundary.
func shapeAt(toks []string, sep []bool, at int) int {
	k := at
	if k < len(toks) && articleWords[toks[k]] { // "a circle", "un triángulo"
		k++
	}
	if k >= len(toks) || !shapeNouns[toks[k]] || (k > at && sep[k]) {
		return 0
	}
	k++
	for k < len(toks) && k-at < 3 && !sep[k] && !listJoins[toks[k]] && vocabulary[toks[k]] && !ofWords[toks[k]] && !itemWords[toks[k]] && strings.Trim(toks[k], "0123456789") != "" {
		k++
	}
	return k - at
}

// shareShape gives every measure of a list the shape named after the last: "area and
// circumference of circles" is "area of circles and circumference of circles", "perímetro y
// área de triángulos" "perímetro de triángulos y área de triángulos"; and every shape of a
// list the measure named before the first: "area of rectangles and circles" is "area of
// rectangles and area of circles".
func shareShape(toks []string, sep []bool) ([]string, []bool) {
	for o := 1; o+1 < len(toks); o++ {
		if !ofWords[toks[o]] || !measureHeads[toks[o-1]] {
			continue
		}
		n := shapeAt(toks, sep, o+1)
		if n == 0 {
			continue
		}
		// "area of rectangles and circles": a shape joined after it has the same measure.
		head := []string{toks[o-1], toks[o]}
		for e := o + 1 + n; e < len(toks); {
			j := e
			if listJoins[toks[e]] {
				j = e + 1
			} else if !sep[e] {
				break
			}
			m := shapeAt(toks, sep, j)
			if m == 0 || measureHeads[toks[j]] {
				break
			}
			toks = slices.Insert(toks, j, head...)
			sep = slices.Insert(sep, j+1, false, false)
			e = j + 2 + m
		}
		shape := slices.Clone(toks[o : o+1+n]) // "of circles"
		for k := o - 1; ; {
			h := -1
			switch {
			case k >= 2 && listJoins[toks[k-1]] && !sep[k]:
				h = k - 2
			case k >= 1 && sep[k]:
				h = k - 1
			}
			if h < 0 || !measureHeads[toks[h]] || (h+1 < len(toks) && ofWords[toks[h+1]]) {
				break
			}
			toks = slices.Insert(toks, h+1, shape...)
			sep = slices.Insert(sep, h+1, make([]bool, len(shape))...)
			o += len(shape)
			k = h
		}
	}
	return toks, sep
}

// measuresOfShapes finds a measure of a shape that no skill writes: "perimeter of triangles"
// (only rectangles' perimeters are written), "perimeter of composite figures" (only their
// areas). It is no section of the measure's other shape, nor of the shape's other measure: it
// is left out and said, and when nothing else is asked the request is refused naming it.
func measuresOfShapes(toks []string, sep, used []bool, found []asked, q *request) []asked {
	var out []asked
	drop := map[int]bool{} // sections named only as the shape of a measure left out
	for _, f := range found {
		at := f.pos + f.n
		if f.n != 1 || !measureHeads[toks[f.pos]] || at+1 >= len(toks) || !ofWords[toks[at]] {
			out = append(out, f)
			continue
		}
		// The shape another skill names: that skill must be the measure's ("area of composite
		// figures" is composite area; "perimeter of composite figures" is not).
		if k := slices.IndexFunc(found, func(g asked) bool { return g.pos == at+1 && g.n >= 2 && g.skill != f.skill }); k >= 0 {
			if !skillHasWord(found[k].skill, toks[f.pos]) {
				q.leftOut = append(q.leftOut, strings.Join(toks[f.pos:at+1+found[k].n], " "))
				drop[at+1] = true
				continue
			}
			out = append(out, f)
			continue
		}
		n := shapeAt(toks, sep, at+1)
		if n == 0 || slices.Contains(used[at+1:at+1+n], true) {
			out = append(out, f)
			continue
		}
		q.leftOut = append(q.leftOut, strings.Join(toks[f.pos:at+1+n], " "))
		markUsed(used, at, 1+n)
	}
	out = slices.DeleteFunc(out, func(a asked) bool { return drop[a.pos] })
	if len(out) == 0 && len(q.leftOut) > 0 {
		q.refused = q.leftOut[0]
		q.leftOut = nil
	}
	return out
}

// skillHasWord: a word is one of the skill's phrases' words, in any language.
func skillHasWord(id, w string) bool {
	for _, sp := range allPhrases {
		if sp.skill == id && slices.Contains(sp.words, w) {
			return true
		}
	}
	return false
}

// measureOfShapeNamed reads a measure named alone ("6 area problems") as the measure of the
// shape the request names elsewhere ("We just finished circles", "circunferencia del círculo"):
// circles' area, not rectangles'. A measure heading a list of shapes ("a worksheet on area. 6
// triangles, 6 parallelograms and 6 trapezoids") is the measure of each: a section of every
// shape named alone, the heading none of its own.
func measureOfShapeNamed(toks []string, used []bool, secs []asked) []asked {
	for i := 0; i < len(secs); i++ {
		a := secs[i]
		if a.n != 1 || !measureHeads[a.phrase] {
			continue
		}
		shapes := map[string]bool{} // the measure's skills of the shapes named
		var added []asked
		for _, sp := range allPhrases {
			if !geometry(sp.skill) || len(sp.words) != 3 || sp.words[0] != a.phrase || !ofWords[sp.words[1]] || sp.skill == a.skill {
				continue
			}
			for k, w := range toks {
				if w != sp.words[2] {
					continue
				}
				if slices.ContainsFunc(secs, func(b asked) bool { return b.skill == sp.skill || (b.pos <= k && k < b.pos+b.n) }) {
					shapes[sp.skill] = true
				} else if !used[k] && !slices.ContainsFunc(added, func(b asked) bool { return b.skill == sp.skill }) {
					used[k] = true
					shapes[sp.skill] = true
					added = append(added, asked{skill: sp.skill, pos: k, n: 1, phrase: w})
				}
			}
		}
		switch {
		case len(shapes) == 1 && len(added) <= 1:
			for s := range shapes {
				secs[i].skill = s
			}
		case len(shapes) > 1: // the heading's place is its shapes' named alone
			slices.SortFunc(added, func(a, b asked) int { return a.pos - b.pos })
			secs = slices.Replace(secs, i, i+1, added...)
			i += len(added) - 1
		}
	}
	return secs
}
