package normalize

import (
	"html"
	"regexp"
	"strings"
)

// Models that write for a chat window put HTML into JSON text: entities (&lt; &amp; &nbsp;),
// line breaks (<br>) and inline tags (<b>, <em>, <sup>). pdflatex would print them as written.

var (
	htmlEntity = regexp.MustCompile(`&(?:[a-zA-Z]{2,8}|#\d{2,5}|#x[0-9a-fA-F]{2,4});`)
	htmlBreak  = regexp.MustCompile(`(?i)<br\s*/?>|</?p>`)
	htmlInline = regexp.MustCompile(`(?is)<(b|strong|i|em|u|sup|sub)>(.*?)</(?:b|strong|i|em|u|sup|sub)>`)
	htmlOther  = regexp.MustCompile(`(?i)</?(?:span|div|font)\b[^<>]*>`)
)

var htmlCommand = map[string]string{"b": `\textbf`, "strong": `\textbf`, "i": `\emph`, "em": `\emph`,
	"u": `\underline`, "sup": `\textsuperscript`, "sub": `\textsubscript`}

// FromHTML writes a text field's HTML entities as their characters and its HTML tags as
// their LaTeX, before the field's characters are escaped (an &amp; is an & to escape).
func FromHTML(s string) (string, []string) {
	var f fixLog
	out := htmlToText(s, &f)
	return out, f.list()
}

func htmlToText(s string, f *fixLog) string {
	out := htmlBreak.ReplaceAllString(s, "\n")
	out = htmlOther.ReplaceAllString(out, "")
	for htmlInline.MatchString(out) {
		out = htmlInline.ReplaceAllStringFunc(out, func(m string) string {
			sub := htmlInline.FindStringSubmatch(m)
			return htmlCommand[strings.ToLower(sub[1])] + "{" + sub[2] + "}"
		})
	}
	out = htmlEntity.ReplaceAllStringFunc(out, html.UnescapeString)
	if out != s {
		f.add("Turned HTML tags and entities into text")
	}
	return out
}
