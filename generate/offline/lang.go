package offline

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"sheetsmith/generate/offline/lang/all"
)

// The vocabulary of each language is a data file in its folder, lang/<code>/words.json: the
// words a request may use for each skill and each setting, the sheet's text, and the replies.
//
//go:embed lang/*/words.json lang/unread.json
var langFiles embed.FS

// grammars are each language folder's grammar (lang/<code>/*.go): what its words cannot say,
// such as how its numbers are composed ("quatre-vingt-dix") and its countries' school years.
// lang/all lists the folders; a folder added is listed by go generate.
//
//go:generate go run ./lang/all/gen.go
var grammars = all.Grammars

// Lang is one language's vocabulary.
type Lang struct {
	Code     string                `json:"lang"`
	Name     string                `json:"name"` // in English: "Portuguese"
	Text     map[string]string     `json:"text"`
	Skills   map[string]SkillWords `json:"skills"`
	Words    map[string]any        `json:"words"`
	Messages map[string]string     `json:"messages"`

	phrases map[string][][]string       // words entry → normalised phrases, split in words
	values  map[string]map[string]int64 // words entries that are a map: "numbers", "ordinals", "rounding places"
	numbers map[string]int64
	ords    map[string]int64
	short   map[string]string // a tutor's abbreviations and the words they stand for: "clt" → "combining like terms"
}

// SkillWords are what a language says about one skill.
type SkillWords struct {
	Name         string   `json:"name"`
	Instructions string   `json:"instructions"`
	Words        []string `json:"words"`
	Example      string   `json:"example"`
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
		if !e.IsDir() {
			continue
		}
		b, err := langFiles.ReadFile(path.Join("lang", e.Name(), "words.json"))
		if err != nil {
			panic(err)
		}
		var l Lang
		if err := json.Unmarshal(b, &l); err != nil {
			panic(fmt.Sprintf("offline: %s: %v", e.Name(), err))
		}
		l.phrases = map[string][][]string{}
		l.values, l.short = map[string]map[string]int64{}, map[string]string{}
		for k, v := range l.Words {
			switch vv := v.(type) {
			case []any:
				for _, p := range vv {
					l.phrases[k] = append(l.phrases[k], strings.Fields(unhyphen(fold(p.(string)))))
				}
			case map[string]any:
				if k == "shorthand" {
					for w, n := range vv {
						l.short[fold(w)] = fold(n.(string))
					}
					continue
				}
				l.values[k] = map[string]int64{}
				for w, n := range vv {
					l.values[k][fold(w)] = int64(n.(float64))
				}
			}
		}
		l.numbers, l.ords = l.values["numbers"], l.values["ordinals"]
		out[l.Code] = &l
		langOrder = append(langOrder, l.Code)
	}
	sort.Slice(langOrder, func(i, j int) bool {
		return langOrder[i] == "en" || (langOrder[j] != "en" && langOrder[i] < langOrder[j])
	})
	return out
}

func lang(code string) *Lang {
	if l, ok := langs[code]; ok {
		return l
	}
	return langs["en"]
}

// T writes a text entry of the sheet; a missing entry is a bug the tests catch.
func (l *Lang) T(key string, args ...any) string {
	s, ok := l.Text[key]
	if !ok {
		s = langs["en"].Text[key]
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// M writes a reply message.
func (l *Lang) M(key string, args ...any) string {
	s, ok := l.Messages[key]
	if !ok {
		s = langs["en"].Messages[key]
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// fold lower-cases, drops accents and turns punctuation other than what a request's maths
// needs into spaces: "¿Puedes hacer 10 SUMAS?" → "puedes hacer 10 sumas".
func fold(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("’", "'", "–", "-", "—", " ", "…", " ", "ñ", "n", "->", " → ", "º", "o", "ª", "a").Replace(s)
	var b strings.Builder
	rs := []rune(norm.NFD.String(s))
	for i, r := range rs {
		switch {
		case r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]):
			b.WriteRune(r) // "3.14" is one number, not "3" and "14"
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case strings.ContainsRune("#<>=,;:+$%×÷→−", r): // "+/-", "$ problems", "% of": a tutor's shorthand
			b.WriteString(" " + string(r) + " ")
		case r == '-' || r == '\'':
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

var wordHyphen = regexp.MustCompile(`([a-z])-([a-z])`)

// unhyphen writes a hyphen between words as a space, in a request and in the words it is read
// with alike: "place-value", "order-of-operations", "re-do" are their words ("2-digit" stays).
func unhyphen(s string) string {
	for range 2 { // "a-b-c": the matches share their letters
		s = wordHyphen.ReplaceAllString(s, "$1 $2")
	}
	return s
}

// unread are the languages without a folder that a request may be written in (lang/unread.json):
// such a request is answered in English, in one sentence naming its language.
var unread = func() (u struct {
	Scripts [][2]string         `json:"scripts"`
	Words   map[string][]string `json:"words"`
}) {
	b, err := langFiles.ReadFile("lang/unread.json")
	if err == nil {
		err = json.Unmarshal(b, &u)
	}
	if err != nil {
		panic(fmt.Sprintf("offline: lang/unread.json: %v", err))
	}
	return u
}()

// unreadLanguage is the English name of the language a request is written in when no folder
// reads it, or "": most of its letters are of another script ("Сделай 10 задач", "20道加法题"),
// or more of its words are a Latin-script language's commonest than any read language's
// ("Bitte 20 Additionsaufgaben für die 2. Klasse").
func unreadLanguage(prompt string) string {
	letters, other := 0, map[string]int{}
	for _, r := range prompt {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		for _, s := range unread.Scripts {
			if unicode.Is(unicode.Scripts[s[0]], r) {
				other[s[1]]++
				break
			}
		}
	}
	total := 0
	for _, n := range other {
		total += n
	}
	if letters > 0 && 2*total >= letters {
		for _, s := range unread.Scripts { // the first script in order: kana before Han
			if other[s[1]] > 0 {
				return s[1]
			}
		}
	}
	toks := strings.Fields(unhyphen(fold(prompt)))
	count := func(words [][]string) int {
		n := 0
		for _, t := range toks {
			for _, w := range words {
				if len(w) == 1 && w[0] == t {
					n++
					break
				}
			}
		}
		return n
	}
	read := 0
	for _, code := range langOrder {
		read = max(read, count(langs[code].phrases["markers"]))
	}
	best, bestN := "", 1 // two words at least
	for name, ws := range unread.Words {
		var words [][]string
		for _, w := range ws {
			words = append(words, []string{w})
		}
		if n := count(words); n > bestN && n > read || n == bestN && n > read && name < best {
			best, bestN = name, n
		}
	}
	return best
}

// readNames are the read languages' names, in English, for the reply to an unread one.
func readNames() string {
	var names []string
	for _, code := range langOrder {
		names = append(names, langs[code].Name)
	}
	return join(names, langs["en"].M("or"))
}
