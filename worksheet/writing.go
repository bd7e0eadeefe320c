package worksheet

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode"

	"sheetsmith/latex"
)

// writingOf is how a document's letters print (latex.WritingOf): chosen from its language and
// everything the sheet and its key print, the labels included. It refuses a document with a
// letter no installed font has, or one whose language pack the server lacks.
func writingOf(doc Document, body string) (latex.Writing, error) {
	l := labelsOf(doc)
	return latex.WritingOf(guessLanguage(doc.Language, documentText(doc)), strings.Join([]string{doc.Title, body, l.Name, l.Date, l.Period,
		l.Instructor, l.AnswerKey, l.True, l.False, l.Legend, l.Missing, l.Point, l.Points}, "\n"))
}

// projectProgram is the first line of a .tex project that needs XeLaTeX or LuaLaTeX: TeX
// editors (and the compiler) read it to choose the engine.
func projectProgram(w latex.Writing) string {
	if w.Engine == latex.PDFLaTeX {
		return ""
	}
	return "% !TEX program = " + string(w.Engine) + "\n"
}

// scriptLanguage is the language a sheet written mostly in a script is most likely in, for a
// document (or a LaTeX body) that does not say: its chrome is then in that language, not
// English. A sheet whose letters are mostly Latin keeps its own language (English when none).
var scriptLanguage = []struct {
	table *unicode.RangeTable
	lang  string
}{
	{unicode.Hiragana, "ja"}, {unicode.Katakana, "ja"}, {unicode.Hangul, "ko"}, {unicode.Han, "zh"},
	{unicode.Cyrillic, "ru"}, {unicode.Greek, "el"}, {unicode.Arabic, "ar"}, {unicode.Hebrew, "he"},
}

// guessLanguage is lang when set, else the language of the script most of text's letters are
// in (Japanese as soon as it has kana, whose sheets mix in Han), else "".
func guessLanguage(lang, text string) string {
	if strings.TrimSpace(lang) != "" {
		return lang
	}
	count := map[string]int{}
	latin, other := 0, 0
	for _, r := range commandName.ReplaceAllString(text, " ") { // \question is no English
		if !unicode.IsLetter(r) {
			continue
		}
		if unicode.Is(unicode.Latin, r) {
			latin++
			continue
		}
		for _, s := range scriptLanguage {
			if unicode.Is(s.table, r) {
				count[s.lang]++
				other++
				break
			}
		}
	}
	if other <= latin {
		return ""
	}
	if count["ja"] > 0 {
		return "ja"
	}
	best := ""
	for _, s := range scriptLanguage {
		if count[s.lang] > count[best] {
			best = s.lang
		}
	}
	return best
}

var commandName = regexp.MustCompile(`\\[a-zA-Z]+`)

// documentText is every text of a document's blocks, for guessLanguage.
func documentText(doc Document) string {
	b, _ := json.Marshal(doc.Blocks)
	return doc.Title + "\n" + string(b)
}
