// Package skills is the offline engine's skill library: small seeded generators, one per
// file, each writing worksheet questions with exactly computed answers. Grade defaults follow
// the US Common Core grade standards; each skill names the standard its default follows.
package skills

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"sheetsmith/worksheet"
)

// Params are what a request says about one section: the grade, how hard, and the numbers.
type Params struct {
	Grade      int     `json:"grade"`                // 0 kindergarten … 8; 9 Algebra 1
	Level      int     `json:"level,omitempty"`      // -1 easier, 0 the grade's default, 1 harder, 2 challenge
	Digits     int     `json:"digits,omitempty"`     // "two-digit": the size of the numbers (0: the grade's)
	Digits2    int     `json:"digits2,omitempty"`    // "3-digit by 2-digit": the second number's digits
	Max        int64   `json:"max,omitempty"`        // "within 20", "up to 100"
	Tables     []int64 `json:"tables,omitempty"`     // "the 7 times table"
	RoundTo    []int64 `json:"roundTo,omitempty"`    // "to the nearest 10 and 100"
	Remainders *bool   `json:"remainders,omitempty"` // division: with or without remainders
	Vertical   bool    `json:"vertical,omitempty"`   // stacked in columns
	Regroup    *bool   `json:"regroup,omitempty"`    // addition and subtraction: with or without regrouping
	Step       int64   `json:"step,omitempty"`       // clocks: minutes between the times shown ("to the quarter hour": 15)
	Units      string  `json:"units,omitempty"`      // unit conversions: "metric" or "customary" ("" both)
	// Forms a request may ask of one kind of question (skills/takes.go says which skill takes each).
	Like  *bool  `json:"like,omitempty"`  // fraction sums and differences: like (true) or unlike denominators
	Zeros bool   `json:"zeros,omitempty"` // subtraction "across zeros": the first number is 400, 5003 (the borrow crosses them)
	Bill  int64  `json:"bill,omitempty"`  // making change: the bill paid with ("a $20 bill": 20)
	Pi    string `json:"pi,omitempty"`    // circles: "3.14" or "pi" (answers in terms of π); "" either
	Size  int64  `json:"size,omitempty"`  // data sets: how many numbers each ("each with 7 numbers")
}

// Text writes a skill's words in the sheet's language: key names an entry of the language's
// data file ("round.q"), args fill its %[1]s… places.
type Text func(key string, args ...any) string

// Gen is what a skill's generator gets for one question.
type Gen struct {
	R *rand.Rand
	P Params
	T Text
}

// Item is one generated question. Nums are the numbers it was made from, in the order the
// skill's tests recompute its answer from them.
type Item struct {
	Q    worksheet.Question
	Nums []int64
}

// Skill is one kind of practice problem.
type Skill struct {
	ID       string
	Family   string
	Grades   [2]int // the grades it is taught in (lowest, highest), 9 = Algebra 1
	Standard string // the Common Core standard the grade defaults follow
	Make     func(g *Gen) Item
	// Constraints are the Takes… kinds its questions honour ("with regrouping", "within 20");
	// one a request names for a skill without it is said in the reply as not followed.
	Constraints []string
	// HoldsFrom is what its questions already hold of another skill, from a grade on: order
	// of operations has powers from 6.EE.A.1, so "include exponents" asks nothing it does not do.
	HoldsFrom map[string]int
	// OperatesAt is the level from which its questions operate on their numbers (scientific
	// notation multiplies from the hard level), for a request that asks for operations.
	OperatesAt *int
	// Domain and FormOf: a skill that is another's operation in a domain of numbers
	// ("add-fractions" is addition in fractions), so "adding fractions" finds it.
	Domain string
	FormOf []string
	// KindOf are the skills it is a kind of: long division is division, the multiplication
	// and division word problems are both, a two-step word problem's steps are any operation,
	// and exponent rules start from exponential notation ("progressing from basic exponential
	// notation" names no section of its own).
	KindOf []string
}

var registry = map[string]*Skill{}

func register(s *Skill) *Skill {
	if _, dup := registry[s.ID]; dup {
		panic("skills: duplicate " + s.ID)
	}
	registry[s.ID] = s
	return s
}

// Get returns the skill with this id.
func Get(id string) (*Skill, bool) { s, ok := registry[id]; return s, ok }

// All returns every skill, sorted by family then id.
func All() []*Skill {
	var out []*Skill
	for _, s := range registry {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Family != out[j].Family {
			return out[i].Family < out[j].Family
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// DefaultGrade is the grade a skill is written for when the request names none.
func (s *Skill) DefaultGrade() int { return s.Grades[0] }

// Questions writes n questions of a skill: question i depends only on (seed, i) and the
// questions before it, so "add 5 more" keeps the first ones. No two questions of a section
// are the same. levels[i], when set, makes question i that many steps harder (or easier,
// below 0): see stepped. Every other question stays exactly as it was without it.
func (s *Skill) Questions(seed int64, n int, p Params, levels map[int]int, t Text) []Item {
	return s.QuestionsAt(seed, n, p, nil, levels, t)
}

// At is where one question of a section is written when it is not at the section's own
// level and digits: kept where it was when the rest of its section moved ("make them
// harder"), or drawn again (Roll > 0) at the section's level to find one that moved.
type At struct {
	Level  int `json:"level,omitempty"`
	Digits int `json:"digits,omitempty"`
	Roll   int `json:"roll,omitempty"` // > 0: another draw of the question at these params
}

// QuestionsAt is Questions with some questions written at their own level and digits (at):
// question i is written with p's level and digits replaced by at[i]'s, and levels[i] steps
// from there. Questions without an entry are exactly as Questions writes them.
func (s *Skill) QuestionsAt(seed int64, n int, p Params, at map[int]At, levels map[int]int, t Text) []Item {
	own := func(i int) (Params, uint64) {
		a, ok := at[i]
		if !ok {
			return p, 0
		}
		q := p
		q.Level, q.Digits = a.Level, a.Digits
		return q, uint64(max(0, a.Roll)) << 24
	}
	seen := map[string]bool{}
	var out []Item
	for i := range n {
		var it Item
		pi, roll := own(i)
		for try := uint64(0); try < 40; try++ {
			it = s.Make(&Gen{R: questionRand(seed, i, 0x51ed27+roll+try), P: pi, T: t})
			if k := itemKey(it); !seen[k] {
				break
			}
		}
		seen[itemKey(it)] = true
		out = append(out, it)
	}
	var changed []int
	for i, d := range levels {
		if i >= 0 && i < n && d != 0 {
			changed = append(changed, i)
		}
	}
	sort.Ints(changed)
	for _, i := range changed {
		pi, _ := own(i)
		it := s.stepped(seed, i, pi, levels[i], out[i], seen, t)
		delete(seen, itemKey(out[i]))
		seen[itemKey(it)] = true
		out[i] = it
	}
	return out
}

func questionRand(seed int64, i int, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed)^uint64(i)*0x9e3779b97f4a7c15, stream))
}

// stepped is question i made d steps harder (d > 0) or easier (d < 0) than it: each step is
// written at the next level (up to challenge, down to easy; a size the request fixed still
// holds) and must be strictly harder, or easier, by the skill's Difficulty than the step
// before, and unlike every other question of the section. When a step finds none, the
// question stays as the last step left it: it cannot go further within what the sheet asks.
func (s *Skill) stepped(seed int64, i int, p Params, d int, it Item, seen map[string]bool, t Text) Item {
	sign := 1
	if d < 0 {
		sign = -1
	}
	for k := 1; k <= d*sign; k++ {
		q := p
		q.Level = max(-1, min(2, p.Level+sign*k))
		from := s.Difficulty(it)
		found := false
		for try := uint64(0); try < 120 && !found; try++ {
			c := s.Make(&Gen{R: questionRand(seed, i, 0x51ed27+uint64(sign*k+10)<<32+try), P: q, T: t})
			if key := itemKey(c); !seen[key] && key != itemKey(it) && sign*CompareDifficulty(s.Difficulty(c), from) > 0 {
				it, found = c, true
			}
		}
		if !found {
			break
		}
	}
	return it
}

func itemKey(it Item) string {
	k := it.Q.Text
	if it.Q.Figure != nil {
		k += it.Q.Figure.LaTeX
	}
	for _, b := range it.Q.Blanks {
		k += "|" + b.Value
	}
	return k
}

// --- helpers shared by the skills ---

// pick is a whole number in [lo, hi].
func pick(r *rand.Rand, lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	return lo + r.Int64N(hi-lo+1)
}

func pickOf[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// digitsRange is the whole numbers with n digits (1 digit: 1–9).
func digitsRange(n int) (int64, int64) {
	n = max(1, min(n, 9))
	return pow10(n - 1), pow10(n) - 1
}

func digitCount(n int64) int {
	n = abs(n)
	c := 1
	for n >= 10 {
		n /= 10
		c++
	}
	return c
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Num writes a whole number for maths mode, grouping thousands from 10 000 up.
func Num(n int64) string {
	if n < 0 {
		return "-" + Num(-n)
	}
	s := fmt.Sprint(n)
	if len(s) <= 4 {
		return s
	}
	out := ""
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out += "{,}"
		}
		out += string(c)
	}
	return out
}

// paren writes a signed number in brackets when negative: "7 + (-3)".
func paren(n int64) string {
	if n < 0 {
		return "(" + Num(n) + ")"
	}
	return Num(n)
}

func m(s string) string { return "$" + s + "$" }

// number is a whole-number answer, thousands grouped with commas from 10,000 up ("12,500").
func number(n int64) worksheet.Answer {
	return worksheet.Answer{Kind: worksheet.AnswerNumber, Value: strings.ReplaceAll(Num(n), "{,}", ",")}
}

func expr(s string) worksheet.Answer {
	return worksheet.Answer{Kind: worksheet.AnswerExpression, Value: s}
}

func text(s string) worksheet.Answer { return worksheet.Answer{Kind: worksheet.AnswerText, Value: s} }

func blankSpace() worksheet.Space { return worksheet.Space{Kind: worksheet.SpaceBlank} }
func noSpace() worksheet.Space    { return worksheet.Space{Kind: worksheet.SpaceNone} }
func workSpace(cm float64) worksheet.Space {
	return worksheet.Space{Kind: worksheet.SpaceWork, Size: cm}
}

func short(t string, a worksheet.Answer, sp worksheet.Space) worksheet.Question {
	return worksheet.Question{Kind: worksheet.KindShort, Text: t, Answer: a, Space: sp}
}

// byLevel picks the value for a level: easier, default, harder, challenge.
func byLevel[T any](level int, easy, normal, hard, challenge T) T {
	switch {
	case level < 0:
		return easy
	case level == 1:
		return hard
	case level >= 2:
		return challenge
	}
	return normal
}

// Answer is a question's typed answer.
type Answer = worksheet.Answer

// Question is a worksheet question.
type Question = worksheet.Question

// level is a pointer to a level, for a skill's OperatesAt.
func level(l int) *int { return &l }

// DomainForms maps each domain of numbers (fractions, decimals, integers) and a skill of whole
// numbers to the skill that is its form in that domain: fractions' addition is add-fractions.
func DomainForms() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, s := range registry {
		for _, base := range s.FormOf {
			if out[s.Domain] == nil {
				out[s.Domain] = map[string]string{}
			}
			out[s.Domain][base] = s.ID
		}
	}
	return out
}

// Kinds maps each skill that is a kind of an operation to the operations it is a kind of.
func Kinds() map[string][]string {
	out := map[string][]string{}
	for _, s := range registry {
		if len(s.KindOf) > 0 {
			out[s.ID] = s.KindOf
		}
	}
	return out
}
