package offline

import (
	"slices"
)

// family groups operations whose levels mean the same thing, so "change to subtraction"
// keeps "two-digit".
func family(op string) string {
	switch op {
	case opAdd, opSub:
		return "addsub"
	case opFracSimpl, opFracAdd, opFracSub, opFracCompare:
		return "frac"
	case opPlaceValue, opExpanded:
		return "place"
	}
	return op
}

// fresh builds the spec of a new sheet from a request. ok is false when the request names
// nothing the offline engine can write.
func fresh(in intent, seed int64) (Spec, bool) {
	if len(in.ops) == 0 || in.wordProblems || in.otherTopic != "" || !allKnown(in.ops) {
		return Spec{}, false
	}
	s := Spec{Ops: in.ops, Count: defaultCount, Grade: in.grade, Seed: seed, Levels: map[string]Level{}}
	if in.count > 0 {
		s.Count = in.count
	}
	for _, op := range s.Ops {
		s.Levels[op] = defaultLevel(op, s.Grade)
	}
	applyLevels(&s, in)
	applyToggles(&s, in)
	if in.harder {
		stepLevels(&s, harder)
	}
	if in.easier {
		stepLevels(&s, easier)
	}
	s.normalise()
	return s, true
}

var knownOps = []string{opAdd, opSub, opMul, opDiv, opFracSimpl, opFracAdd, opFracSub, opFracCompare, opRound, opPlaceValue, opExpanded}

func allKnown(ops []string) bool {
	for _, op := range ops {
		if !slices.Contains(knownOps, op) {
			return false
		}
	}
	return true
}

// edit applies a follow-up message to an existing sheet's spec. ok is false when the
// message asks for nothing the offline engine can change.
func edit(s Spec, in intent, newSeed func() int64) (Spec, bool) {
	if in.wordProblems || in.otherTopic != "" || (len(in.ops) > 0 && !allKnown(in.ops)) {
		return s, false
	}
	changed := false
	levelsBefore := fmtLevels(s)
	if len(in.ops) > 0 {
		ops := in.ops
		if in.opsAlso {
			ops = append(slices.Clone(s.Ops), in.ops...)
			ops = slices.Compact(ops)
		}
		levels := map[string]Level{}
		for _, op := range ops {
			if l, ok := s.Levels[op]; ok {
				levels[op] = l
				continue
			}
			levels[op] = defaultLevel(op, s.Grade)
			for _, old := range s.Ops { // same family: keep the difficulty the sheet had
				if family(old) == family(op) && family(op) != op {
					levels[op] = s.Levels[old]
				}
			}
		}
		s.Ops, s.Levels = dedupe(ops), levels
		changed = true
	}
	if in.grade >= 0 {
		s.Grade = in.grade
		for _, op := range s.Ops {
			s.Levels[op] = defaultLevel(op, s.Grade)
		}
		changed = true
	}
	if len(in.ranges) > 0 || len(in.tables) > 0 || in.tablesTo > 0 || len(in.roundTo) > 0 || in.like != nil {
		applyLevels(&s, in)
		changed = true
	}
	if in.harder {
		stepLevels(&s, harder)
		changed = true
	}
	if in.easier {
		stepLevels(&s, easier)
		changed = true
	}
	if in.count > 0 {
		s.Count, changed = in.count, true
	}
	if in.more > 0 {
		s.Count, changed = s.Count+in.more, true
	}
	if applyToggles(&s, in) {
		changed = true
	}
	if in.reshuffle || fmtLevels(s) != levelsBefore {
		s.Seed, changed = newSeed(), true
	}
	s.normalise()
	return s, changed
}

func dedupe(ops []string) []string {
	var out []string
	for _, op := range ops {
		if !slices.Contains(out, op) {
			out = append(out, op)
		}
	}
	return out
}

func fmtLevels(s Spec) string {
	c := s
	c.Count, c.Columns, c.Vertical, c.Seed = 0, 0, false, 0
	return c.comment()
}

func stepLevels(s *Spec, step func(string, Level) Level) {
	for _, op := range s.Ops {
		s.Levels[op] = step(op, s.Levels[op])
	}
}

// applyToggles reports whether the message changed any switch or the layout.
func applyToggles(s *Spec, in intent) bool {
	changed := false
	set := func(dst *bool, v *bool) {
		if v != nil {
			*dst, changed = *v, true
		}
	}
	set(&s.Negatives, in.negatives)
	set(&s.Remainders, in.remainders)
	set(&s.Vertical, in.vertical)
	switch {
	case in.columns > 0:
		s.Columns, changed = in.columns, true
	case in.columns == -1:
		if s.Columns == 1 {
			s.Columns = 0
		}
		changed = true
	}
	return changed
}

// applyLevels applies the ranges, tables, rounding units and denominators a message names.
func applyLevels(s *Spec, in intent) {
	for _, op := range s.Ops {
		l := s.Levels[op]
		for _, r := range in.ranges {
			l = applyRange(op, l, r)
		}
		if (op == opMul || op == opDiv) && (len(in.tables) > 0 || in.tablesTo > 0) {
			l.A = Range{}
			l.Tables, l.B = in.tables, Range{1, 12}
			if in.tablesTo > 0 {
				l.Tables = span(2, in.tablesTo)
				l.B = Range{1, max(10, in.tablesTo)}
			}
		}
		if op == opRound && len(in.roundTo) > 0 {
			l.RoundTo, l.A = in.roundTo, Range{}
		}
		if in.like != nil && family(op) == "frac" {
			l.Like = *in.like
		}
		s.Levels[op] = l
	}
}

func isqrt(n int64) int64 {
	r := int64(0)
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// applyRange reads one range phrase the way a teacher means it for each operation.
func applyRange(op string, l Level, r rangePhrase) Level {
	fam := family(op)
	if fam == "frac" {
		if (r.kind == "upTo" || r.kind == "within") && r.b >= 2 && r.b <= 20 {
			l.MaxDen = r.b
		}
		return l
	}
	l.SumMax = 0
	switch r.kind {
	case "digitsBy":
		l.Tables = nil
		l.A, l.B = digits(int(r.a)), digits(int(r.b))
		if op == opDiv || op == opMul {
			l.B.Min = max(l.B.Min, 2)
		}
	case "digits":
		n := int(r.a)
		switch op {
		case opAdd, opSub:
			l.A, l.B = digits(n), digits(n)
		case opMul, opDiv:
			if n == 1 {
				l.Tables, l.A, l.B = span(2, 9), Range{}, Range{1, 9}
			} else {
				l.Tables, l.A, l.B = nil, digits(n), Range{2, 9}
			}
		default:
			l.A = digits(max(2, n))
		}
	case "between":
		switch op {
		case opAdd, opSub, opMul:
			l.Tables, l.A, l.B = nil, Range{r.a, r.b}, Range{r.a, r.b}
		case opDiv:
			l.Tables, l.A, l.B = nil, Range{r.a, r.b}, Range{2, max(2, min(12, r.b/2))}
		default:
			l.A = Range{r.a, r.b}
		}
	case "within", "upTo":
		n := r.b
		switch op {
		case opAdd:
			l.A, l.B = Range{0, n}, Range{0, n}
			if r.kind == "within" {
				l.SumMax = n
			}
		case opSub:
			l.A, l.B = Range{0, n}, Range{0, n}
		case opMul:
			switch {
			case r.kind == "within":
				l.Tables, l.A, l.B = nil, Range{1, max(1, isqrt(n))}, Range{1, max(1, isqrt(n))}
			case n <= 12:
				l.Tables, l.A, l.B = nil, Range{1, n}, Range{1, n}
			default:
				l.Tables, l.A, l.B = nil, Range{2, n}, Range{2, min(12, n)}
			}
		case opDiv:
			switch {
			case r.kind == "upTo" && n <= 12:
				l.Tables, l.A, l.B = span(2, max(2, n)), Range{}, Range{1, n}
			default:
				l.Tables, l.A, l.B = nil, Range{1, n}, Range{2, max(2, min(12, isqrt(n)+2))}
			}
		default:
			l.A = Range{min(10, n), n}
		}
	}
	return l
}
