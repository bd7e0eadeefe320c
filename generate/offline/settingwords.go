package offline

import (
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/generate"
	"sheetsmith/worksheet"
)

// Settings said in the request are settings of the document: "A4", "letter size", "16 point
// font or bigger" (large print from 16 pt: its body is 18), "exam format", "one problem per
// page" (the exam layout, which sets each question on a page of its own). The words that say
// them are taken out of the request, so no other reading takes them for a constraint.

// said is the document's settings a request names.
type said struct {
	paper  string // worksheet.PaperA4 or PaperLetter; "" not said
	layout string // worksheet.LayoutExam; "" not said
	large  bool
}

// settingPattern is a regular expression of one language's words entry, each phrase between
// word bounds; "N" in a phrase is a number.
func settingPattern(key string) *regexp.Regexp {
	var alts []string
	for _, code := range langOrder {
		for _, p := range langs[code].Words[key].([]any) {
			alts = append(alts, strings.ReplaceAll(regexp.QuoteMeta(p.(string)), "N", `(\d+)`))
		}
	}
	return regexp.MustCompile(`(?i)(?:^|\b)(?:` + strings.Join(alts, "|") + `)(?:\b|$)`)
}

var (
	paperA4     = settingPattern("paper a4")
	paperLetter = settingPattern("paper letter")
	examLayout  = settingPattern("exam layout")
	fontPoints  = settingPattern("font size")
)

// largeFrom is the smallest size said of the print that large print serves (its body is 18 pt).
const largeFrom = 16

// cutSettings takes the settings a request says out of it.
func cutSettings(prompt string) (string, said) {
	var s said
	cut := func(re *regexp.Regexp, set func(m []string) bool) {
		prompt = re.ReplaceAllStringFunc(prompt, func(w string) string {
			if !set(re.FindStringSubmatch(w)) {
				return w
			}
			return " "
		})
	}
	cut(paperA4, func([]string) bool { s.paper = worksheet.PaperA4; return true })
	cut(paperLetter, func([]string) bool { s.paper = worksheet.PaperLetter; return true })
	cut(examLayout, func([]string) bool { s.layout = worksheet.LayoutExam; return true })
	cut(fontPoints, func(m []string) bool {
		for _, g := range m[1:] {
			if n, err := strconv.Atoi(g); err == nil && n >= 8 && n <= 72 { // a size of print, not "1 point" of marks
				s.large = s.large || n >= largeFrom
				return true
			}
		}
		return false
	})
	return prompt, s
}

// saidOverSettings says which paper the sheet used where the request's words and the Document
// Settings differ: the request's. (A layout said is the exam layout, which the Document
// Settings' standard one is the default of, not a choice against it.)
func saidOverSettings(s Spec, req generate.Request, l *Lang) []string {
	var out []string
	if p := req.Settings.Paper; s.Paper != "" && p != "" && p != s.Paper {
		out = append(out, l.M("saidOverSettings", l.M("paper."+s.Paper), l.M("paper."+p)))
	}
	return out
}
