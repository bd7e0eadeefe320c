package offline

import (
	"slices"

	"sheetsmith/generate/offline/skills"
)

// stepsOfEquations: an operation named by a word alone after a section of equations, in a
// sentence that speaks of steps ("step words"), no count just before it nor a noun of questions
// after it, is a step of solving them ("two step equations … the first 3 practice problems are
// add/subtract then multiplication and the last 3 where the first steps are add/subtract then
// divide"), not a section of facts. A count the words gave the steps is a group of the
// equations, a section of their own, as is a count of the sheet no section took ("the last 3").
func stepsOfEquations(toks []string, sentences []int, q *request) {
	stepWords := wordSet("step words")
	stepsIn := map[int]bool{} // the sentences speaking of steps
	for k, t := range toks {
		stepsIn[sentences[k]] = stepsIn[sentences[k]] || stepWords[t]
	}
	family := func(a asked) string {
		sk, _ := skills.Get(a.skill)
		return sk.Family
	}
	eq := slices.IndexFunc(q.sections, func(a asked) bool { return family(a) == "equations" })
	if eq < 0 {
		return
	}
	var steps, groups []int
	for i, a := range q.sections {
		end := a.pos + max(1, a.n)
		if family(a) != "operations" || a.pos < q.sections[eq].pos || a.n > 1 || a.pos >= len(toks) || !stepsIn[sentences[a.pos]] ||
			a.pos > 0 && isNumber(toks[a.pos-1]) || end < len(toks) && itemWords[toks[end]] {
			continue
		}
		steps = append(steps, i)
		if a.count > 0 {
			groups = append(groups, a.count)
		}
	}
	for _, i := range slices.Backward(steps) {
		q.sections = slices.Delete(q.sections, i, i+1)
	}
	if len(groups) == 0 {
		return
	}
	if q.total > 0 && q.sections[eq].count == 0 { // "… and the last 3 problems …": the count no section took is a group's too
		groups, q.total = append(groups, q.total), 0
	}
	sum := 0
	for _, n := range groups {
		sum += n
	}
	if n := q.sections[eq].count; n > 0 && n != sum { // "10 two-step equations, the first 3 …": the equations' own count says the sheet
		return
	}
	q.sections[eq].count, groups = groups[0], groups[1:] // the groups share the equations' count out, or are all of it
	for _, n := range groups {                           // each group of steps a section of the equations
		g := q.sections[eq]
		g.count, g.pos = n, len(toks)
		q.sections = slices.Insert(q.sections, eq+1, g)
		eq++
	}
}
