package offline

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"sheetsmith/generate/offline/skills"
)

// The skill refiners, in the order refine_order.go states: each settles one kind of conflict
// between the skill phrases found.

func shareListPhrase(rf *refining) {
	toks, sep, used, found := rf.toks, rf.sep, rf.used, rf.found
	// "one-step, two-step and multi-step equations": a word joined to a phrase's first word
	// shares the rest of it, when the two make a phrase of their own.
	for _, f := range slices.Clone(found) {
		for j := f.pos; f.n >= 2; {
			at := -1
			switch {
			case j >= 2 && listJoins[toks[j-1]]:
				at = j - 2
			case j >= 1 && sep[j]:
				at = j - 1
			}
			if at >= 0 && used[at] && slices.ContainsFunc(found, func(g asked) bool { return g.pos == at && g.n == 1 }) {
				j = at // "two-step" names its skill alone: the list goes on before it
				continue
			}
			if at < 0 || used[at] {
				break
			}
			rest := toks[f.pos+1 : f.pos+f.n]
			if len(rest) > 1 && strings.HasSuffix(toks[at], "-"+rest[0]) { // "2-step and multi step equations"
				rest = rest[1:]
			}
			cand := append([]string{toks[at]}, rest...)
			k := slices.IndexFunc(allPhrases, func(sp skillPhrase) bool { return sp.skill != f.skill && slices.Equal(sp.words, cand) })
			if k < 0 {
				break
			}
			markUsed(used, at, 1)
			found = append(found, asked{skill: allPhrases[k].skill, pos: at, n: 1, phrase: strings.Join(cand, " ")})
			j = at
		}
	}
	rf.found = found
}

func addVerbAddsAThing(rf *refining) {
	toks, used, found := rf.toks, rf.used, rf.found
	// "please add a coloring section": a verb for adding followed by an indefinite article adds
	// a thing; it names no addition.
	found = slices.DeleteFunc(found, func(f asked) bool {
		at := f.pos + f.n
		if f.n != 1 || at >= len(toks) || !matchAll(toks[f.pos:at], []bool{false}, "add verbs", false) ||
			!matchAll(toks[at:at+1], []bool{false}, "indefinite articles", false) {
			return false
		}
		used[f.pos] = false
		return true
	})
	rf.found = found
}

func shapeMeasures(rf *refining) {
	toks, sep, used, q, found := rf.toks, rf.sep, rf.used, rf.q, rf.found
	found = measuresOfShapes(toks, sep, used, found, q) // "perimeter of triangles": no skill's, and said
	rf.found = found
}

func longerPhraseAfterOf(rf *refining) {
	toks, found := rf.toks, rf.found
	// "area of composite figures": a one-word phrase followed by "of" and a longer phrase of
	// another skill is that skill's.
	found = slices.DeleteFunc(found, func(f asked) bool {
		at := f.pos + f.n
		if f.n != 1 || at >= len(toks) || !ofWords[toks[at]] {
			return false
		}
		return slices.ContainsFunc(found, func(g asked) bool { return g.pos == at+1 && g.n >= 2 && g.skill != f.skill })
	})
	rf.found = found
}

func saidOfOthersQuestions(rf *refining) {
	toks, q, found := rf.toks, rf.q, rf.found
	// "scientific notation with negative exponents", "multiplying fractions, include a few with
	// mixed numbers": a skill said of another's questions is their form, not a section; the
	// reply names it as words it did not use.
	sentences := sentencesOf(q.prompt, toks)
	levels, _ := levelWords(toks)
	found = slices.DeleteFunc(found, func(f asked) bool {
		// (an operation names what the questions before it do: "word problems with
		// multiplication"; and word problems' content is theirs: "with money and making change")
		with := saidOfQuestions(toks, f.pos)
		of := -1 // the section whose questions it is said of, in the same sentence
		for k, g := range found {
			if g.pos < with && !countBetween(toks, sentences, levels, g.pos+g.n, with) && g.skill != f.skill && !strings.HasPrefix(g.skill, "word-problems") && g.skill != "money-word-problems" && (of < 0 || g.pos > found[of].pos) {
				of = k
			}
		}
		if slices.Contains(opSkills, f.skill) || with < 0 || of < 0 {
			return false
		}
		sk, _ := skills.Get(found[of].skill)
		if grade := q.grade; sk.Holds(f.skill, max(grade, sk.DefaultGrade())) && (grade >= 0 || sk.Holds(f.skill, sk.DefaultGrade())) {
			return true // "order of operations that include exponents" at grade 6: they do
		}
		end := min(f.pos+f.n, len(toks))
		for end < len(toks) && toks[end] != "" && strings.Trim(toks[end], "0123456789%") == "" { // "multiples of 10 %"
			end++
		}
		if strings.ContainsFunc(strings.Join(toks[f.pos:end], ""), unicode.IsLetter) {
			q.asForm = append(q.asForm, originalOf(q.prompt, toks[f.pos:end]))
		} // "comparing fractions with <, > or =": notation the questions use, nothing left out
		return true
	})
	rf.found = found
}

func notWantedOrMastered(rf *refining) {
	toks, found := rf.toks, rf.found
	// "order of operations, no exponents": a skill said not to be wanted is not a section;
	// nor one the child has already ("she knows addition but needs subtraction").
	if len(found) > 1 {
		found = slices.DeleteFunc(found, func(f asked) bool { return f.pos > 0 && negations[toks[f.pos-1]] || masteredBefore(toks, f.pos, found) })
	}
	rf.found = found
}

func plusJoinsSkills(rf *refining) {
	toks, found := rf.toks, rf.found
	// "even and odd plus skip counting", "CLT + distrib": "plus" between two skills joins them.
	found = slices.DeleteFunc(found, func(f asked) bool {
		if f.skill != "addition" || f.pos >= len(toks) || (toks[f.pos] != "plus" && toks[f.pos] != "+") {
			return false
		}
		before, after := false, false
		for _, g := range found {
			before = before || g.pos < f.pos
			after = after || g.pos > f.pos
		}
		return before && after
	})
	rf.found = found
}

func inequalitiesNumberLine(rf *refining) {
	toks, found := rf.toks, rf.found
	// "inequalities … on a number line": the inequalities' own graph, not fractions.
	if slices.ContainsFunc(found, func(f asked) bool { return f.skill == "inequalities" }) &&
		!slices.ContainsFunc(toks, func(t string) bool { return strings.HasPrefix(t, "fraccion") || strings.HasPrefix(t, "fraction") }) {
		found = slices.DeleteFunc(found, func(f asked) bool { return f.skill == "fraction-number-line" })
	}
	rf.found = found
}

func inOrderNamed(rf *refining) {
	found := rf.found
	sort.SliceStable(found, func(i, j int) bool {
		if found[i].pos != found[j].pos {
			return found[i].pos < found[j].pos
		}
		return found[i].sub < found[j].sub
	})
	rf.found = found
}

func kindOfFamily(rf *refining) {
	toks, sep, found := rf.toks, rf.sep, rf.found
	// "two-step inequalities": a one-word phrase just before another skill of its family names
	// a kind of that skill's questions, no section of its own.
	found = slices.DeleteFunc(found, func(f asked) bool {
		at := f.pos + f.n
		return f.n == 1 && at < len(toks) && !sep[at] && !slices.Contains(opSkills, f.skill) && slices.ContainsFunc(found, func(g asked) bool {
			return g.pos == at && g.skill != f.skill && family(g.skill) == family(f.skill)
		})
	})
	rf.found = found
}

func domainOfOperations(rf *refining) {
	toks, used, found := rf.toks, rf.used, rf.found
	// The domain of the operations: "addition and subtraction of fractions"; not one the class
	// has done or will do later ("we finished fractions, now decimals").
	for k := range toks {
		for _, d := range []string{"fractions", "decimals", "integers"} {
			if !used[k] && occursAt(toks, k, d) && masteredBefore(toks, k, found) {
				used[k] = true
			}
		}
	}
	domain := ""
	for _, d := range []string{"fractions", "decimals", "integers"} {
		if matchAll(toks, used, d, true) {
			domain = d
			break
		}
	}
	if domain == "" { // "addition and subtraction of fractions": the domain another section names
		for _, f := range found {
			for d, m := range domainOf {
				for _, id := range m {
					if id == f.skill {
						domain = d
					}
				}
			}
		}
	}
	hasOp := false
	for i, f := range found {
		if to, ok := domainOf[domain][f.skill]; ok {
			found[i].skill = to
			hasOp = true
		}
	}
	// "word problems on fractions" have none offline: the domain's usual mix, and the reply says so
	onlyStories := !slices.ContainsFunc(found, func(f asked) bool { return f.skill != "word-problems-add-sub" || !has(f.phrase, "word problems") })
	if domain != "" && !hasOp && (len(found) == 0 || onlyStories) { // "20 fractions", "integers": the usual mix
		ids := []string{"simplify-fractions", "add-fractions", "subtract-fractions", "compare-fractions"}
		if domain != "fractions" {
			ids = []string{domainOf[domain]["addition"], domainOf[domain]["subtraction"], domainOf[domain]["multiplication"], domainOf[domain]["division"]}
		}
		// "fractions, decimals": each domain named, in its order, adding and subtracting.
		var more []string
		for _, d := range []string{"fractions", "decimals", "integers"} {
			if d != domain && matchAll(toks, used, d, true) {
				more = append(more, d)
			}
		}
		if len(more) > 0 {
			ids = nil
			for _, d := range append([]string{domain}, more...) {
				ids = append(ids, domainOf[d]["addition"], domainOf[d]["subtraction"])
			}
		}
		for i, id := range ids {
			found = append(found, asked{skill: id, pos: len(toks), sub: i})
		}
	}
	rf.found = found
}

func wordProblemsOfOperations(rf *refining) {
	toks, q, found := rf.toks, rf.q, rf.found
	// "word problems" with operations: the operations' word problems; with another skill the
	// offline engine has no word problems for, that skill alone, and the reply says so.
	generic := false
	for _, code := range langOrder {
		for _, p := range langs[code].phrases["word problems"] {
			for i := range found {
				if at := found[i].pos; found[i].skill == "word-problems-add-sub" && at+len(p) <= len(toks) && slices.Equal(toks[at:at+len(p)], p) {
					generic = true
					found[i].skill = ""
				}
			}
		}
	}
	if generic {
		// "10 addition facts plus 2 word problems": an operation with a count of its own before
		// the words for word problems is a section of its own, and so are they.
		var wpAt []int
		for _, f := range found {
			if f.skill == "" {
				wpAt = append(wpAt, f.pos)
			}
		}
		apart := func(a int) bool {
			for _, w := range wpAt {
				lo, hi := min(a, w), max(a, w)
				if !slices.ContainsFunc(toks[lo+1:hi], isNumber) {
					return false
				}
			}
			return true
		}
		var kept []asked
		wp := map[string]string{"addition": "word-problems-add-sub", "subtraction": "word-problems-add-sub",
			"multiplication": "word-problems-mul-div", "division": "word-problems-mul-div"}
		others := false
		for _, f := range found {
			switch {
			case f.skill == "":
			case wp[f.skill] != "" && apart(f.pos):
				kept = append(kept, f)
				own := asked{skill: wp[f.skill], pos: wpAt[0]} // "15 multiplication facts and 5 word problems": of multiplication
				if q.grade >= 4 && own.skill == "word-problems-add-sub" {
					own.skill = "word-problems-two-step"
				}
				if !slices.ContainsFunc(kept, func(a asked) bool { return a.pos == own.pos }) {
					kept = append(kept, own)
				}
			case wp[f.skill] != "":
				f.skill = wp[f.skill]
				kept = append(kept, f)
			case storySkills[f.skill]:
				kept = append(kept, f)
			default:
				others = true
				kept = append(kept, f)
			}
		}
		if len(kept) == 0 {
			kept = []asked{{skill: "word-problems-add-sub"}}
			if q.grade >= 4 {
				kept[0].skill = "word-problems-two-step"
			}
		} else if others {
			q.noWordProblems = true
		}
		found = kept
	}
	rf.found = found
}

func problemsOfAsWordProblems(rf *refining) {
	q, found := rf.q, rf.found
	// "problemas de suma y resta" may be exercises or word problems: read as word problems, and said.
	for _, f := range found {
		if strings.HasPrefix(f.skill, "word-problems") && startsWithPhrase(f.phrase, "problems of") && !has(f.phrase, "word problems") {
			q.assumed = append(q.assumed, assumption{"assumedWordProblems", []any{f.phrase}})
		}
	}
	rf.found = found
}

func sizesMakeSkill(rf *refining) {
	toks, q, found := rf.toks, rf.q, rf.found
	// Sizes that make a different skill: "2-digit by 2-digit multiplication" is long
	// multiplication, "long division with remainders" keeps the bracket, grade 5 division is long
	// (unless long division is named besides it).
	longNamed := slices.ContainsFunc(found, func(f asked) bool { return f.skill == "long-division" })
	for i, f := range found {
		switch f.skill {
		case "multiplication":
			if (q.p.Digits >= 2 || q.p.Digits2 >= 2) && len(q.p.Tables) == 0 && !has(f.phrase, "facts words") { // "multiplication facts" stay facts
				found[i].skill = "multi-digit-multiplication"
			}
		case "division":
			switch {
			case q.p.Digits >= 3 || q.p.Digits2 >= 2 || q.p.Digits2 == 1 && q.grade >= 4: // "division by 1-digit numbers" past the facts' grades
				found[i].skill = "long-division"
			case q.p.Remainders != nil && *q.p.Remainders && remaindersOf(toks, found, i) && (q.grade < 5 || longNamed):
				found[i].skill = "division-remainders" // "10 divisiones con residuo y 10 divisiones largas"
			case q.grade >= 5 && len(q.p.Tables) == 0 && !longNamed: // the grade's division, not its facts
				found[i].skill = "long-division"
				if !slices.ContainsFunc(q.assumed, func(a assumption) bool { return a.key == "assumedLongDivision" }) {
					q.assumed = append(q.assumed, assumption{"assumedLongDivision", []any{q.grade}})
				}
			}
		}
	}
	rf.found = found
}

func sameSkillOnce(rf *refining) {
	found := rf.found
	// The same skill named twice is one section ("round … to the nearest"), unless the
	// message gives each its own count (checked when counts are read).
	var out []asked
	for _, f := range found {
		if i := slices.IndexFunc(out, func(a asked) bool { return a.skill == f.skill }); i >= 0 {
			out[i].again = append(out[i].again, f.pos)
			continue
		}
		out = append(out, f)
	}
	found = out
	rf.found = found
}
