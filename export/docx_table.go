package export

import (
	"regexp"
	"strings"

	"sheetsmith/tex"
)

// A figure that is a simple table (one tabular of text and maths cells, rules between rows)
// goes into Word as a table the teacher can edit. Anything more (merged cells, a drawing, a
// nested environment) is drawn as a picture instead.

var (
	tabularOpen  = regexp.MustCompile(`^\\begin\{(tabular|tabularx)\}\s*`)
	position     = regexp.MustCompile(`^\[[tcb]\]\s*`)
	rowOption    = regexp.MustCompile(`^\s*\[[^\]]*\]`)
	tabularSetup = regexp.MustCompile(`\\(centering|small|footnotesize|renewcommand\s*\{?\\arraystretch\}?\s*\{[^{}]*\}|setlength\s*\{?\\tabcolsep\}?\s*\{[^{}]*\})`)
	rowRules     = regexp.MustCompile(`\\(hline|toprule|midrule|bottomrule)\b|\\(cline|cmidrule)\s*(\([^)]*\))?\s*\{[^{}]*\}`)
	notSimple    = regexp.MustCompile(`\\(multicolumn|multirow|begin|end|tikz|draw|includegraphics|rule|parbox|makebox)\b`)
)

// readTabular reads a figure's LaTeX as a table; ok is false when it is not a simple one.
func readTabular(src string, inline func(string) []node) (node, bool) {
	s := strings.TrimSpace(src)
	if m := centerWrap.FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(m[1])
	}
	s = strings.TrimSpace(tabularSetup.ReplaceAllString(s, ""))
	m := tabularOpen.FindStringSubmatchIndex(s)
	if m == nil {
		return node{}, false
	}
	env := s[m[2]:m[3]]
	rest := s[m[1]:]
	ok := true
	if env == "tabularx" { // \begin{tabularx}{width}{spec}
		_, rest, ok = braced(rest)
		rest = strings.TrimSpace(rest)
	}
	rest = position.ReplaceAllString(rest, "")
	spec, rest, ok2 := braced(rest)
	ok = ok && ok2
	end := `\end{` + env + `}`
	if !ok || !strings.HasSuffix(strings.TrimSpace(rest), end) {
		return node{}, false
	}
	body := strings.TrimSuffix(strings.TrimSpace(rest), end)
	if notSimple.MatchString(body) {
		return node{}, false
	}
	aligns := columnAligns(spec)
	if len(aligns) == 0 {
		return node{}, false
	}
	// rows end at \\ (outside braces and maths); a rule after the first row marks a header
	var rows [][]string
	headerRule := false
	for i, row := range tex.SplitTop(body, `\\`) {
		ruled := rowRules.MatchString(row)
		row = strings.TrimSpace(rowRules.ReplaceAllString(row, ""))
		row = strings.TrimSpace(rowOption.ReplaceAllString(row, "")) // after \\[2pt]
		if i == 1 && ruled {
			headerRule = true
		}
		if row == "" {
			continue
		}
		cells := tex.SplitTop(row, "&")
		if len(cells) > len(aligns) {
			return node{}, false
		}
		rows = append(rows, cells)
	}
	if len(rows) == 0 {
		return node{}, false
	}
	cellsOf := func(r []string) [][]node {
		out := make([][]node, len(r))
		for i, c := range r {
			out[i] = []node{plain(inline(strings.TrimSpace(c)))}
		}
		return out
	}
	var head [][]node
	if headerRule && len(rows) > 1 {
		head, rows = cellsOf(rows[0]), rows[1:]
	}
	var body2 [][][]node
	for _, r := range rows {
		body2 = append(body2, cellsOf(r))
	}
	return table(head, body2, aligns, nil), true
}

// braced splits "{group}rest"; ok is false without a balanced group at the start.
func braced(s string) (group, rest string, ok bool) {
	if !strings.HasPrefix(s, "{") {
		return "", s, false
	}
	if i := tex.ClosingBrace(s, 0); i >= 0 {
		return s[1:i], s[i+1:], true
	}
	return "", s, false
}

// columnAligns reads a column spec: l, c, r, p{…}, X, with | and @{…} ignored.
func columnAligns(spec string) []string {
	var out []string
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; c {
		case 'l', 'p', 'X', 'm', 'b':
			out = append(out, "AlignLeft")
		case 'c':
			out = append(out, "AlignCenter")
		case 'r':
			out = append(out, "AlignRight")
		case '|', ' ', '>', '<', '@', '!', '{', '}':
		default:
			if c < '0' || c > '9' {
				return nil
			}
		}
		// skip the argument of p{…}, @{…}, >{…}
		if i+1 < len(spec) && spec[i+1] == '{' && strings.ContainsRune("pmb@!><", rune(spec[i])) {
			_, rest, ok := braced(spec[i+1:])
			if !ok {
				return nil
			}
			i = len(spec) - len(rest) - 1
		}
	}
	return out
}
