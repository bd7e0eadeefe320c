package offline

import (
	"slices"
	"sort"
	"strings"
)

// The count refiners, in the order refine_order.go states: each says whose a number is.

func peopleAreNoCount(c *counting) {
	toks, used := c.toks, c.used
	// "one of my students", "3 of our kids": people, no count.
	for k := range toks {
		if isNumber(toks[k]) && !used[k] && occursAt(toks, k+1, "partitive people") {
			used[k] = true
		}
	}
}

func countAfterX(c *counting) {
	toks, used, q, starts, counted := c.toks, c.used, c.q, c.starts, c.counted
	// "multiplication x20 then division x10": a count just after a skill's words is its own.
	for i, sec := range q.sections {
		for k := starts[i] + max(1, sec.n); k < len(toks) && k <= starts[i]+max(1, sec.n)+1; k++ {
			if n, ok := strings.CutPrefix(toks[k], "@"); ok && isNumber(n) && !used[k] {
				q.sections[i].count = int(atoi(n))
				used[k] = true
				counted++
				break
			}
		}
	}
	c.counted = counted
}

func otherXTheSheets(c *counting) {
	toks, used, q := c.toks, c.used, c.q
	for k, t := range toks { // any other "x20": the sheet's
		if n, ok := strings.CutPrefix(t, "@"); ok && isNumber(n) && !used[k] {
			if q.total == 0 {
				q.total = int(atoi(n))
			}
			used[k] = true
		}
	}
}

func countBeforeSkill(c *counting) {
	toks, used, q, starts, counted := c.toks, c.used, c.q, c.starts, c.counted
	prevEnd := 0
	for i := range q.sections {
		if q.sections[i].count > 0 {
			prevEnd = starts[i] + 1
			continue
		}
		// A number far before the skill's words is no count of it ("my middle one has been
		// having a rough time with long division").
		for k := starts[i] - 1; k >= prevEnd && k >= 0 && k >= starts[i]-6; k-- {
			if !used[k] && isNumber(toks[k]) {
				q.sections[i].count = int(atoi(toks[k]))
				used[k] = true
				counted++
				break
			}
		}
		prevEnd = starts[i] + 1
	}
	c.counted = counted
}

func countBeforeSkillAgain(c *counting) {
	toks, used, q, order, counted := c.toks, c.used, c.q, c.order, c.counted
	// "… telling time and elapsed time. Could I have 8 clocks and 6 elapsed time problems?": a
	// number just before a skill named again is its count.
	// ("10 converting numbers to scientific notation": a few words of the teacher's own between.)
	// Its place in the sheet is there: "…working on mixed numbers. 10 improper fractions to
	// mixed numbers and 10 mixed numbers to improper fractions".
	for i, sec := range q.sections {
		for _, at := range sec.again {
			for k := at - 1; q.sections[i].count == 0 && k >= max(0, at-4) && !sectionAt(q.sections, k); k-- {
				if !used[k] && isNumber(toks[k]) {
					q.sections[i].count = int(atoi(toks[k]))
					used[k] = true
					counted++
					order[i] = at
				}
			}
		}
	}
	c.counted = counted
}

func countOfTheSheet(c *counting) {
	toks, used, q, sentences, starts, counted := c.toks, c.used, c.q, c.sentences, c.starts, c.counted
	// A number followed by a word for problems is a count for the whole sheet.
	for k, t := range toks {
		if used[k] || !isNumber(t) {
			continue
		}
		// ("18 conversion problems": one word of the teacher's own between; "8 numbers each" is
		// a data set's size)
		item := k+1 < len(toks) && (itemWords[toks[k+1]] || numbersAsked(toks[k+1], q.sections)) || k+2 < len(toks) && itemIn(toks, k+2, k+3) && !has(toks[k+2], "each") && !isNumber(toks[k+1]) && (!used[k+1] || !sectionAt(q.sections, k+1))
		// "15 metric conversion problems": two words of the teacher's own between
		item = item || k+3 < len(toks) && itemIn(toks, k+3, k+4) && !has(toks[k+3], "each") &&
			!slices.ContainsFunc(toks[k+1:k+3], isNumber) && !sectionAt(q.sections, k+1) && !sectionAt(q.sections, k+2)
		if item || len(q.sections) == 0 || k == 0 {
			// "long division, about 12 problems, then 6 fractions": where another section has its
			// own count, a count after the one section yet without one is that section's
			if i := countOwner(q.sections, starts, k); item && counted > 0 && i >= 0 {
				q.sections[i].count = int(atoi(t))
				counted++
			} else if j := countAfter(q.sections, starts, toks, sentences, k); item && counted > 0 && i < 0 && j >= 0 {
				q.sections[j].count = int(atoi(t)) // "8 problems where … students find the change, then 6 money word problems"
				counted++
			} else if q.total == 0 {
				q.total = int(atoi(t))
			}
			used[k] = true
		}
	}
	c.counted = counted
}

func countsListedAfter(c *counting) {
	toks, sep, used, q, starts, counted := c.toks, c.sep, c.used, c.q, c.starts, c.counted
	// "fracciones equivalentes y simplificación, 10 y 10": as many numbers as sections, joined
	// as a list after the last, are their counts in order.
	if q.total == 0 && counted == 0 && len(q.sections) > 1 {
		var run []int
		for k := starts[len(starts)-1] + 1; k < len(toks); k++ {
			switch {
			case isNumber(toks[k]) && !used[k]:
				run = append(run, k)
			case len(run) > 0 && (listJoins[toks[k]] || sep[k]) && k+1 < len(toks) && isNumber(toks[k+1]):
			case len(run) > 0:
				k = len(toks)
			}
		}
		if len(run) == len(q.sections) {
			for i, k := range run {
				q.sections[i].count = int(atoi(toks[k]))
				used[k] = true
				counted++
			}
		}
	}
	c.counted = counted
}

func countAloneAtEnd(c *counting) {
	toks, sep, used, q, counted := c.toks, c.sep, c.used, c.q, c.counted
	// "2-step equations, 15", "numeros romanos, 15": a number alone at the end, after a
	// comma, is the sheet's count; so is one set off by commas ("ecuaciones, 15, para mis
	// alumnos").
	if q.total == 0 && counted == 0 && len(q.sections) > 0 {
		last := len(toks) - 1
		for last >= 0 && closingWords[toks[last]] {
			last--
		}
		for k := last - 1; k > 0; k-- {
			if !used[k] && isNumber(toks[k]) && sep[k] && sep[k+1] {
				last = k
				break
			}
		}
		if last > 0 && !used[last] && isNumber(toks[last]) && (sep[last] || !numberHeads[toks[last-1]]) {
			q.total = int(atoi(toks[last]))
			used[last] = true
		}
	}
	c.counted = counted
}

func furtherCountAdds(c *counting) {
	toks, sep, used, q, starts := c.toks, c.sep, c.used, c.q, c.starts
	// "5 rounding to the nearest ten, 5 to the nearest hundred and 5 to the nearest thousand": a
	// further count after "and" or a comma for the one section named adds to it.
	if len(q.sections) == 1 && q.sections[0].count > 0 {
		for k, t := range toks {
			if !used[k] && isNumber(t) && k > starts[0] && (listWords[toks[k-1]] || sep[k] && (k+1 == len(toks) || !isNumber(toks[k+1]))) {
				q.sections[0].count = addCount(q.sections[0].count, int(atoi(t)))
				used[k] = true
			}
		}
	}
}

func countSharedByJoined(c *counting) {
	toks, q, starts, counted := c.toks, c.q, c.starts, c.counted
	// "12 area and perimeter problems, then 6 volume": a count before skills joined by "and"
	// and followed by a word for problems is shared by them.
	for i := 0; i+1 < len(q.sections); i++ {
		if q.sections[i].count == 0 || counted < 2 {
			continue
		}
		j := i
		// (sections named out of the request's order share nothing: "8 word problems on
		// multiplication and 8 on division" starts the word problems before their operations)
		for j+1 < len(q.sections) && q.sections[j+1].count == 0 && starts[j+1] > starts[j] &&
			!slices.ContainsFunc(toks[starts[j]:starts[j+1]], isNumber) && !itemIn(toks, starts[j], starts[j+1]) {
			j++
		}
		end := len(toks)
		if j+1 < len(q.sections) {
			end = starts[j+1]
		}
		if j == i || end < starts[j] || !itemIn(toks, starts[j], min(end, starts[j]+5)) {
			continue
		}
		n, k := q.sections[i].count, j-i+1
		for m := i; m <= j; m++ {
			q.sections[m].count = n / k
			if m-i < n%k {
				q.sections[m].count++
			}
		}
		i = j
	}
}

func oneCountBeforeSeveral(c *counting) {
	toks, q, starts, counted := c.toks, c.q, c.starts, c.counted
	// "20 addition and subtraction problems": one count before the first of several
	// sections, none after, is the sheet's.
	if counted == 1 && len(q.sections) > 1 && q.sections[0].count > 0 && q.total == 0 {
		if !itemIn(toks, starts[0], starts[1]) {
			q.total, q.sections[0].count = q.sections[0].count, 0
		}
	}
	c.counted = counted
}

// inOrderCounted puts the sections in the order of their counts: a section counted where it
// is named again is there.
func inOrderCounted(c *counting) {
	q, order := c.q, c.order
	idx := make([]int, len(q.sections))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return order[idx[a]] < order[idx[b]] })
	secs := make([]asked, len(idx))
	for i, k := range idx {
		secs[i] = q.sections[k]
	}
	q.sections = secs
}
