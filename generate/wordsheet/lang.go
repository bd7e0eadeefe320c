package wordsheet

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The words of each language are a data file in lang/: what a request says for each kind of
// sheet and each setting, the sheet's own text, the replies, the fill alphabet and the words
// a grid's fill letters must never spell. Another language is another file.
//
//go:embed lang/*.json
var langFiles embed.FS

// Lang is one language's words.
type Lang struct {
	Code        string              `json:"lang"`
	Alphabet    string              `json:"alphabet"`
	Kinds       map[string][]string `json:"kinds"`
	Weak        []string            `json:"weak"` // kind words that name a word sheet only with a list after them
	Introducers []string            `json:"introducers"`
	TopicWords  []string            `json:"topicWords"` // a one-line "list" with one of these names a topic: "with fall vocabulary"
	Grades      map[string]int      `json:"grades"`
	GradeWord   []string            `json:"gradeWord"`
	Levels      map[string]int      `json:"levels"`
	Large       []string            `json:"large"`
	Cards       []string            `json:"cards"`
	PerPage     []string            `json:"perPage"`
	Every       []string            `json:"every"`
	BlankThese  []string            `json:"blankThese"`
	Skip        []string            `json:"skip"`
	Edits       map[string][]string `json:"edits"`
	Offensive   []string            `json:"offensive"`
	Text        map[string]string   `json:"text"`
	Messages    map[string]string   `json:"messages"`
}

var langs = loadLangs()

// langOrder is the languages in a fixed order, English first.
var langOrder []string

func loadLangs() map[string]*Lang {
	out := map[string]*Lang{}
	entries, err := langFiles.ReadDir("lang")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		b, err := langFiles.ReadFile(path.Join("lang", e.Name()))
		if err != nil {
			panic(err)
		}
		var l Lang
		if err := json.Unmarshal(b, &l); err != nil {
			panic(fmt.Sprintf("wordsheet: %s: %v", e.Name(), err))
		}
		out[l.Code] = &l
		langOrder = append(langOrder, l.Code)
	}
	sort.Slice(langOrder, func(i, j int) bool {
		return langOrder[i] == "en" || langOrder[j] != "en" && langOrder[i] < langOrder[j]
	})
	return out
}

// lang is a language by code; English when unknown.
func lang(code string) *Lang {
	if l, ok := langs[code]; ok {
		return l
	}
	return langs["en"]
}

// T is a piece of the sheet's own text.
func (l *Lang) T(key string, args ...any) string { return l.get(l.Text, "text", key, args) }

// M is a reply message.
func (l *Lang) M(key string, args ...any) string { return l.get(l.Messages, "messages", key, args) }

func (l *Lang) get(m map[string]string, field, key string, args []any) string {
	s, ok := m[key]
	if !ok {
		en := langs["en"]
		if field == "text" {
			s = en.Text[key]
		} else {
			s = en.Messages[key]
		}
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// join lists items the language's way: "a, b and c".
func (l *Lang) join(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + l.M("and") + items[len(items)-1]
}

// quoted lists words in the language's quotation marks.
func (l *Lang) quoted(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		if l.Code == "es" {
			q[i] = "«" + w + "»"
		} else {
			q[i] = "“" + w + "”"
		}
	}
	return l.join(q)
}

// offensive is every language's list of words fill letters must not spell, in grid letters.
var offensive = func() []string {
	seen := map[string]bool{}
	var out []string
	for _, code := range langOrder {
		for _, w := range langs[code].Offensive {
			g := string(gridLetters(w))
			if len([]rune(g)) >= 3 && !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}()

// fold lower-cases and drops accents rune for rune, so a position in the folded text is the
// same position in the original: "Sopa de LETRAS" → "sopa de letras".
func fold(s string) []rune {
	rs := []rune(s)
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = foldRune(r)
	}
	return out
}

func foldRune(r rune) rune {
	r = unicode.ToLower(r)
	switch r {
	case '–', '—':
		return '-'
	case '’', '‘':
		return '\''
	case 'º', '°':
		return 'o'
	case 'ª':
		return 'a'
	}
	if r < 0x80 {
		return r
	}
	d := []rune(norm.NFD.String(string(r)))
	if len(d) > 0 && d[0] < 0x80 {
		return d[0]
	}
	return r
}

// gridLetters is a word as a grid holds it: capital letters only, accents and ñ kept as
// written, spaces, hyphens and apostrophes dropped ("ice cream" → "ICECREAM").
func gridLetters(w string) []rune {
	var out []rune
	for _, r := range norm.NFC.String(w) {
		if unicode.IsLetter(r) {
			out = append(out, unicode.ToUpper(r))
		}
	}
	return out
}
