package offline

import (
	"slices"

	"sheetsmith/generate/offline/skills"
)

// stepsOfEquations: an operation named by a word alone after a section of equations, in a
// sentence that speaks of steps ("step words"), no count just before it nor a noun of questions
// after it, is a step of solving them ("two step equations … the first 3 practice problems are
// add/subtract then multiplication and the last 3 where the first steps are add/subtract then
// divide"), not a section of facts. Its count, when the words gave it one, is the equations'.
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
	var steps []int
	for i, a := range q.sections {
		end := a.pos + max(1, a.n)
		if family(a) != "operations" || a.pos < q.sections[eq].pos || a.n > 1 || a.pos >= len(toks) || !stepsIn[sentences[a.pos]] ||
			a.pos > 0 && isNumber(toks[a.pos-1]) || end < len(toks) && itemWords[toks[end]] {
			continue
		}
		steps = append(steps, i)
		q.sections[eq].count += a.count
	}
	for _, i := range slices.Backward(steps) {
		q.sections = slices.Delete(q.sections, i, i+1)
	}
}
