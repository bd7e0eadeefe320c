// Package wordsheet writes the word sheets a teacher makes from their own words without a
// language model: word searches, crosswords, scrambles, vocabulary matching, cloze passages,
// spelling and handwriting practice, bingo cards and hundreds charts. It reads the request
// (English or Spanish, typos and all), lays the words out by construction (every key is right
// because the server placed every letter) and builds a worksheet.Document. What only a model
// could supply (a passage, clues, definitions, a topic's words) is refused with what can be
// done instead.
package wordsheet

import (
	"encoding/json"
	"strings"
)

// Kinds of word sheet.
const (
	KindWordSearch  = "wordsearch"
	KindCrossword   = "crossword"
	KindScramble    = "scramble"
	KindMatching    = "matching"
	KindCloze       = "cloze"
	KindSpelling    = "spelling"
	KindHandwriting = "handwriting"
	KindBingo       = "bingo"
	KindChart       = "chart"
)

// kindOrder is the kinds in the order a request's words are tried: a longer, surer name first.
var kindOrder = []string{KindWordSearch, KindCrossword, KindScramble, KindCloze, KindBingo, KindChart,
	KindHandwriting, KindSpelling, KindMatching}

// Levels of a word search: which directions its words run.
const (
	LevelEasy   = 1 // across and down
	LevelMedium = 2 // and diagonally
	LevelHard   = 3 // and backwards
)

// Limits of one sheet.
const (
	maxWords    = 30 // words of a word search, crossword, scramble, spelling or handwriting sheet
	maxLetters  = 20 // letters of a crossword word (a word search's are bounded by its grid)
	maxPairs    = 26 // matching pairs (the letters A–Z)
	maxCards    = 40
	minBingo    = 24
	maxBingo    = 75
	maxPassage  = 4000 // characters of a cloze passage
	defaultCard = 6
)

// Spec is a word sheet as the teacher asked for it: everything needed to build it again
// exactly. The document's Origin holds it as JSON, so follow-ups rebuild from it.
type Spec struct {
	Kind        string   `json:"wordsheet"` // one of the Kind constants; marks the Origin as a word sheet's
	Lang        string   `json:"lang"`
	Grade       int      `json:"grade"`           // 0 is kindergarten; -1 when not said
	Level       int      `json:"level,omitempty"` // LevelEasy…LevelHard; 0 follows the grade
	Words       []string `json:"words,omitempty"` // as the teacher wrote them
	Clues       []string `json:"clues,omitempty"` // crossword clues and matching definitions, one per word
	Passage     string   `json:"passage,omitempty"`
	Blank       []string `json:"blank,omitempty"` // cloze: the words to blank, as named
	Every       int      `json:"every,omitempty"` // cloze: blank every Nth word
	Cards       int      `json:"cards,omitempty"` // bingo
	PerPage     int      `json:"perPage,omitempty"`
	Max         int      `json:"max,omitempty"`  // chart: 100 or 120
	Skip        int      `json:"skip,omitempty"` // chart: the skip-count left for the pupil
	NoDiagonals bool     `json:"noDiagonals,omitempty"`
	NoBackwards bool     `json:"noBackwards,omitempty"`
	Large       bool     `json:"large,omitempty"`
	Seed        int64    `json:"seed"`
}

// origin is a spec as a document's Origin.
func (s Spec) origin() string {
	b, _ := json.Marshal(s)
	return string(b)
}

// FromOrigin reads a document's Origin back into the word sheet it records.
func FromOrigin(origin string) (Spec, bool) {
	origin = strings.TrimSpace(origin)
	if !strings.HasPrefix(origin, "{") || !strings.Contains(origin, `"wordsheet"`) {
		return Spec{}, false
	}
	var s Spec
	if err := json.Unmarshal([]byte(origin), &s); err != nil || !knownKind(s.Kind) {
		return Spec{}, false
	}
	return s, true
}

func knownKind(k string) bool {
	for _, x := range kindOrder {
		if x == k {
			return true
		}
	}
	return false
}

// level is the word search's level: asked for, else from the grade (K–2 easy, 3–5 medium,
// 6 and up hard), else medium.
func (s Spec) level() int {
	switch {
	case s.Level > 0:
		return min(s.Level, LevelHard)
	case s.Grade >= 0 && s.Grade <= 2:
		return LevelEasy
	case s.Grade >= 6:
		return LevelHard
	}
	return LevelMedium
}
