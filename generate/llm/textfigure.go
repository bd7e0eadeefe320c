package llm

import (
	"regexp"
	"strings"

	"sheetsmith/generate/llm/normalize"
)

// Models writing JSON for a chat window put a table or an image into an item's text as
// Markdown or HTML: | Month | Rainfall |, <table><tr><td>…, ![Plant cell](cell.png). On the
// page that text would print as pipes and tags; here it becomes the item's figure.

var (
	mdTableRow  = regexp.MustCompile(`^\s*\|.*\|\s*$`)
	mdTableRule = regexp.MustCompile(`^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$`)
	htmlTable   = regexp.MustCompile(`(?is)<table[^>]*>(.*?)</table>`)
	htmlRow     = regexp.MustCompile(`(?is)<tr[^>]*>(.*?)</tr>`)
	htmlCell    = regexp.MustCompile(`(?is)<(t[hd])[^>]*>(.*?)</t[hd]>`)
)

// textFigureOf takes a table or an image out of text: the text without it, and the figure's
// LaTeX (a tabular, or the \includegraphics of a file the server does not have) and caption.
func textFigureOf(text string) (rest, latex, caption string, ok bool) {
	if rest, file, alt, ok := normalize.MarkdownImage(text); ok {
		return rest, `\includegraphics{` + file + `}`, alt, true
	}
	if m := htmlTable.FindStringSubmatchIndex(text); m != nil {
		var rows [][]string
		head := false
		for _, r := range htmlRow.FindAllStringSubmatch(text[m[2]:m[3]], -1) {
			var cells []string
			for _, c := range htmlCell.FindAllStringSubmatch(r[1], -1) {
				cells = append(cells, c[2])
				head = head || len(rows) == 0 && strings.EqualFold(c[1], "th")
			}
			rows = append(rows, cells)
		}
		if len(rows) > 0 {
			return strings.TrimSpace(text[:m[0]] + "\n\n" + text[m[1]:]), tabular(rows, head), "", true
		}
	}
	lines := strings.Split(text, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !mdTableRow.MatchString(lines[i]) || !mdTableRule.MatchString(lines[i+1]) {
			continue
		}
		rows := [][]string{cells(lines[i])}
		end := i + 2
		for ; end < len(lines) && mdTableRow.MatchString(lines[end]); end++ {
			rows = append(rows, cells(lines[end]))
		}
		rest = strings.TrimSpace(strings.Join(lines[:i], "\n") + "\n\n" + strings.Join(lines[end:], "\n"))
		return rest, tabular(rows, true), "", true
	}
	return text, "", "", false
}

// cells splits a Markdown table row at its pipes.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	return strings.Split(row, "|")
}

// tabular writes rows as a ruled tabular, the first row bold when it is the header.
func tabular(rows [][]string, head bool) string {
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	b.WriteString(`\begin{tabular}{|` + strings.Repeat("l|", cols) + "}\n\\hline\n")
	for i, r := range rows {
		var fixes []string
		for j := range cols {
			if j > 0 {
				b.WriteString(" & ")
			}
			c := ""
			if j < len(r) {
				c = fixText(strings.TrimSpace(r[j]), &fixes)
			}
			if c != "" && head && i == 0 {
				c = `\textbf{` + c + `}`
			}
			b.WriteString(c)
		}
		b.WriteString(" \\\\ \\hline\n")
	}
	b.WriteString(`\end{tabular}`)
	return b.String()
}

// figuresFromText gives each item whose text holds a table or an image that figure: a
// question or a figure item takes it as its own, and a passage or instructions is followed by
// a figure item (captioned with the passage's title when the table was all it held).
func figuresFromText(items []flatItem) []flatItem {
	var out []flatItem
	for _, it := range items {
		rest, latex, caption, ok := textFigureOf(it.Text)
		if !ok || strings.TrimSpace(it.LaTeX) != "" {
			out = append(out, it)
			continue
		}
		kind := kindOf(it.Kind)
		if kind == "figure" || isQuestion(kind) {
			it.Text, it.LaTeX = rest, latex
			if kind == "figure" && rest == "" {
				it.Text = caption
			}
			out = append(out, it)
			continue
		}
		fig := flatItem{Kind: "figure", LaTeX: latex, Text: caption}
		if rest == "" {
			fig.Text = strings.TrimSpace(it.Title)
			out = append(out, fig)
			continue
		}
		it.Text = rest
		out = append(out, it, fig)
	}
	return out
}
