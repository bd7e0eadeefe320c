package offline

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Spec is everything needed to write a sheet again: its sections and their numbers' seed.
// It travels in the body as a comment, so a follow-up edit ("make number 3 harder", "now in
// Spanish", "make another version") starts from the sheet itself.
type Spec struct {
	Lang     string    `json:"lang"`
	Grade    int       `json:"grade"` // -1: each skill's own grade
	Sections []Section `json:"sections"`
	Columns  int       `json:"columns,omitempty"`
	Large    bool      `json:"large,omitempty"`
	Paper    string    `json:"paper,omitempty"`  // said in the request: worksheet.PaperA4 or PaperLetter
	Layout   string    `json:"layout,omitempty"` // said in the request: worksheet.LayoutExam
	Seed     int64     `json:"seed"`
	Version  int       `json:"version,omitempty"`  // 0 is version A
	Versions int       `json:"versions,omitempty"` // >1: the sheet holds this many versions
}

// Section is one group of questions of one skill.
type Section struct {
	Skill  string        `json:"skill"`
	Count  int           `json:"count"`
	P      skills.Params `json:"p"`
	Levels map[int]int   `json:"levels,omitempty"` // question index → level change ("make number 3 harder")
	// At holds the questions written at a level and digits of their own: kept as they were
	// when "make them harder" moved the rest of the section, or drawn again at its new level.
	At map[int]skills.At `json:"at,omitempty"`
	// Slot, when above 0, is the place (from 1) the section's numbers are drawn for: a
	// section keeps its questions when one before it is removed.
	Slot int `json:"slot,omitempty"`
	// Order, when set, is the drawn questions shown, in the order shown ("swap #3 and #4",
	// "delete question 7"): see order.go.
	Order []int `json:"order,omitempty"`
	// Pasted, when set, is the teacher's own problems, as written: the section's first
	// questions (pasted.go).
	Pasted []string `json:"pasted,omitempty"`
}

// slot is the place section i's numbers are drawn for.
func (sec Section) slot(i int) int {
	if sec.Slot > 0 {
		return sec.Slot - 1
	}
	return i
}

// pinSlots keeps every section's numbers where they are before sections are removed.
func pinSlots(secs []Section) {
	for i := range secs {
		if secs[i].Slot == 0 {
			secs[i].Slot = i + 1
		}
	}
}

const specMarker = "%% sheetsmith:offline "

var specLine = regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(specMarker) + `(\{.*\})\s*$`)

func (s Spec) comment() string {
	b, _ := json.Marshal(s)
	return specMarker + string(b)
}

// specFrom reads the spec an offline sheet left in its body or source.
func specFrom(src string) (Spec, bool) {
	m := specLine.FindStringSubmatch(src)
	if m == nil {
		return Spec{}, false
	}
	var s Spec
	if err := json.Unmarshal([]byte(m[1]), &s); err != nil || len(s.Sections) == 0 {
		return Spec{}, false
	}
	for _, sec := range s.Sections {
		if _, ok := skills.Get(sec.Skill); !ok {
			return Spec{}, false
		}
	}
	if _, ok := langs[s.Lang]; !ok {
		s.Lang = "en"
	}
	s.sanitise()
	return s, true
}

// sanitise keeps a spec (which may come from a stored source anyone could have written)
// within what one sheet can be.
func (s *Spec) sanitise() {
	if len(s.Sections) > 20 {
		s.Sections = s.Sections[:20]
	}
	s.Grade = max(-1, min(s.Grade, 9))
	s.Columns = max(0, min(s.Columns, 4))
	s.Versions = max(0, min(s.Versions, maxVersions))
	s.Version = max(0, min(s.Version, 25))
	for i := range s.Sections {
		sec := &s.Sections[i]
		sec.Count = max(1, min(sec.Count, maxQuestions))
		sec.P = bounded(sec.P)
		if len(sec.Order) > 0 { // distinct drawn numbers, not too many
			seen := map[int]bool{}
			for _, k := range sec.Order {
				if k < 0 || k >= 2*maxQuestions || seen[k] {
					sec.Order = nil
					break
				}
				seen[k] = true
			}
		}
		drawn := sec.Count
		if ord := sec.order(); ord != nil {
			drawn = slices.Max(ord) + 1
		}
		for k, v := range sec.Levels {
			if k < 0 || k >= drawn || v < -3 || v > 3 {
				delete(sec.Levels, k)
			}
		}
		sec.Slot = max(0, min(sec.Slot, 40))
		if len(sec.Pasted) > maxQuestions {
			sec.Pasted = sec.Pasted[:maxQuestions]
		}
		for k, p := range sec.Pasted {
			if len(p) > 200 {
				sec.Pasted[k] = p[:200]
			}
		}
		for k, a := range sec.At {
			if k < 0 || k >= drawn {
				delete(sec.At, k)
				continue
			}
			sec.At[k] = skills.At{Level: max(-1, min(a.Level, 2)), Digits: max(0, min(a.Digits, 9)), Roll: max(0, min(a.Roll, 100))}
		}
	}
	capCounts(s, lang(s.Lang))
}

// specFromDocument rebuilds a spec from a document the offline engine wrote whose spec did not
// travel with it (the source kept only the document): its sections are read back from their
// headings and their counts from their questions; numbers and levels start afresh.
func specFromDocument(doc worksheet.Document) (Spec, bool) {
	l := lang(doc.Language)
	s := Spec{Lang: l.Code, Grade: -1, Columns: doc.Settings.Columns, Large: doc.Settings.LargePrint}
	if doc.Settings.FitColumns { // the layout's count, not the teacher's: the layout measures the edited sheet again
		s.Columns = 0
	}
	var cur *Section
	for _, b := range doc.Blocks {
		switch b.Kind {
		case worksheet.BlockSection:
			if id := skillByHeading(b.Title); id != "" {
				s.Sections = append(s.Sections, Section{Skill: id})
				cur = &s.Sections[len(s.Sections)-1]
			}
		case worksheet.BlockQuestion:
			if cur == nil {
				return Spec{}, false
			}
			if b.Question.Kind == worksheet.KindGroup {
				cur.Count += len(b.Question.Parts)
			} else {
				cur.Count++
			}
		}
	}
	s.sanitise() // a document anyone could have written: within one sheet, as a spec read back is
	return s, len(s.Sections) > 0
}

// skillByHeading finds the skill whose heading or instructions (in any language) a block shows.
func skillByHeading(text string) string {
	t := strings.TrimSpace(text)
	for _, code := range langOrder {
		for id, sw := range langs[code].Skills {
			if strings.EqualFold(t, heading(sw.Name)) || strings.HasSuffix(t, ": "+heading(sw.Name)) {
				return id
			}
		}
	}
	return ""
}

// bodyOf is the body of a rendered source. It stands on its own in worksheet.Wrap (the
// generator's older path), which defines the same vocabulary and turns the key on with
// \printanswers.
func bodyOf(src string) string {
	b, _ := latex.Body(src)
	return b
}
