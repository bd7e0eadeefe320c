package offline

import (
	"encoding/json"
	"regexp"
)

// Operations the offline engine writes.
const (
	opAdd         = "add"
	opSub         = "sub"
	opMul         = "mul"
	opDiv         = "div"
	opFracSimpl   = "frac-simplify"
	opFracAdd     = "frac-add"
	opFracSub     = "frac-sub"
	opFracCompare = "frac-compare"
	opRound       = "round"
	opPlaceValue  = "place-value"
	opExpanded    = "expanded"
)

// Range is an inclusive range of whole numbers.
type Range struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// Spec is everything needed to write a sheet again. It is stored in the body as a comment,
// so a follow-up edit ("make them harder") starts from the sheet itself.
type Spec struct {
	Ops        []string         `json:"ops"`
	Count      int              `json:"count"`
	Levels     map[string]Level `json:"levels"` // per operation
	Negatives  bool             `json:"negatives,omitempty"`
	Remainders bool             `json:"remainders,omitempty"`
	Vertical   bool             `json:"vertical,omitempty"`
	Columns    int              `json:"columns,omitempty"` // 0: chosen from the content
	Grade      int              `json:"grade"`             // -1 unknown, 0 kindergarten
	Seed       int64            `json:"seed"`
}

// Level is how hard one operation's problems are.
type Level struct {
	// A and B are the operand ranges: addends; minuend and subtrahend; factors; dividend and
	// divisor (with Tables: the quotient); the numbers to round or to read (A only, Max 0 = by unit).
	A Range `json:"a,omitzero"`
	B Range `json:"b,omitzero"`
	// SumMax bounds sums ("addition within 20").
	SumMax int64 `json:"sumMax,omitempty"`
	// Tables are the times tables asked for: one factor, or the divisor, comes from these.
	Tables  []int64 `json:"tables,omitempty"`
	RoundTo []int64 `json:"roundTo,omitempty"`
	// Fractions: denominators up to MaxDen, the same denominator in a sum when Like.
	MaxDen int64 `json:"maxDen,omitempty"`
	Like   bool  `json:"like,omitempty"`
}

const specMarker = "%% sheetsmith:offline "

func (s Spec) comment() string {
	b, _ := json.Marshal(s)
	return specMarker + string(b)
}

var specLine = regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(specMarker) + `(\{.*\})\s*$`)

// specFromBody reads the spec an earlier offline sheet left in its body.
func specFromBody(body string) (Spec, bool) {
	m := specLine.FindStringSubmatch(body)
	if m == nil {
		return Spec{}, false
	}
	var s Spec
	if err := json.Unmarshal([]byte(m[1]), &s); err != nil || len(s.Ops) == 0 {
		return Spec{}, false
	}
	if !allKnown(s.Ops) {
		return Spec{}, false
	}
	s.normalise()
	return s, true
}

// normalise keeps a spec inside what fits a page and makes sense.
func (s *Spec) normalise() {
	s.Count = max(1, min(s.Count, maxCount))
	s.Columns = max(0, min(s.Columns, 4))
	if s.Levels == nil {
		s.Levels = map[string]Level{}
	}
	for _, op := range s.Ops {
		l, ok := s.Levels[op]
		if !ok {
			l = defaultLevel(op, s.Grade)
		}
		for _, r := range []*Range{&l.A, &l.B} {
			r.Max = max(0, min(r.Max, 999_999_999))
			r.Min = max(0, min(r.Min, r.Max))
		}
		for i := range l.Tables {
			l.Tables[i] = max(0, min(l.Tables[i], 100))
		}
		l.MaxDen = max(2, min(l.MaxDen, 20))
		if len(l.RoundTo) == 0 && op == opRound {
			l.RoundTo = []int64{10, 100}
		}
		s.Levels[op] = l
	}
}

const (
	defaultCount = 20
	maxCount     = 100
)
