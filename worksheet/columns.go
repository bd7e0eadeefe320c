package worksheet

import (
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/tex"
)

// tableHead finds a table's \begin up to its column spec's opening brace: tabular, array and
// longtable take the spec first, tabular* and tabularx a width before it, all an optional
// [t|c|b] position.
var tableHead = regexp.MustCompile(`\\begin\{(tabular|array|longtable|tabular\*|tabularx)\}(\{[^{}]*\})?\s*(\[[tcb]\])?\s*\{`)

// FitColumns widens a table whose rows have more cells than its column spec has columns (a
// model that wrote {|l|l|} over three columns): pdflatex stops at the first such row with
// "Extra alignment tab". Each missing column is added left-aligned, ruled like the spec.
// widened reports whether a table was. A document's figures are fitted when rendered; the
// model engine's normaliser fits a LaTeX reply's tables the same way.
func FitColumns(s string) (fitted string, widened bool) {
	var b strings.Builder
	for {
		loc := tableHead.FindStringSubmatchIndex(s)
		if loc == nil {
			b.WriteString(s)
			return b.String(), widened
		}
		env := s[loc[2]:loc[3]]
		widthFirst := env == "tabular*" || env == "tabularx"
		if widthFirst != (loc[4] >= 0) {
			// tabularx{\linewidth} matched without its spec, or tabular{ll} matched a spec as a width
			b.WriteString(s[:loc[1]])
			s = s[loc[1]:]
			continue
		}
		open := loc[1] - 1
		end := tex.ClosingBrace(s, open)
		if end < 0 {
			b.WriteString(s)
			return b.String(), widened
		}
		spec := s[open+1 : end]
		rows := tableBody(s[end+1:], env)
		have, want := specColumns(spec), rowCells(rows)
		b.WriteString(s[:end])
		if have > 0 && want > have {
			add := strings.Repeat("l", want-have)
			if strings.Contains(spec, "|") {
				add = strings.Repeat("l|", want-have)
				if !strings.HasSuffix(strings.TrimSpace(spec), "|") {
					add = strings.Repeat("|l", want-have)
				}
			}
			b.WriteString(add)
			widened = true
		}
		s = s[end:]
	}
}

// tableBody is the text of a table up to its own \end (a table nested in it is skipped).
func tableBody(s, env string) string {
	begin, end := `\begin{`+env+`}`, `\end{`+env+`}`
	depth := 0
	for i := 0; i < len(s); {
		nb, ne := strings.Index(s[i:], begin), strings.Index(s[i:], end)
		switch {
		case ne < 0:
			return s
		case nb >= 0 && nb < ne:
			depth++
			i += nb + len(begin)
		case depth == 0:
			return s[:i+ne]
		default:
			depth--
			i += ne + len(end)
		}
	}
	return s
}

// specColumns counts the columns of a column spec: l, c, r, p{…}, m{…}, b{…}, X, S and
// *{n}{…} repeats; rules (|), @{…}, !{…}, >{…} and <{…} are no columns.
func specColumns(spec string) int {
	n := 0
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; c {
		case 'l', 'c', 'r', 'X', 'S', 'L', 'C', 'R':
			n++
		case 'p', 'm', 'b', '@', '!', '>', '<':
			if c == 'p' || c == 'm' || c == 'b' {
				n++
			}
			if i+1 < len(spec) && spec[i+1] == '{' {
				if j := tex.ClosingBrace(spec, i+1); j > 0 {
					i = j
				}
			}
		case '*':
			if i+1 < len(spec) && spec[i+1] == '{' {
				if j := tex.ClosingBrace(spec, i+1); j > 0 && j+1 < len(spec) && spec[j+1] == '{' {
					if k := tex.ClosingBrace(spec, j+1); k > 0 {
						times, _ := strconv.Atoi(strings.TrimSpace(spec[i+2 : j]))
						n += times * specColumns(spec[j+2:k])
						i = k
					}
				}
			}
		}
	}
	return n
}

// rowCells is the largest number of cells in a row (rows end at \\, cells at & at brace depth
// 0 and outside a nested table; a \multicolumn counts its span).
func rowCells(body string) int {
	most, cells, depth, nested := 0, 1, 0, 0
	for _, t := range tex.Tokens(body) {
		top := depth == 0 && nested == 0
		switch t.Kind {
		case tex.Open:
			depth++
		case tex.Close:
			depth--
		case tex.Symbol:
			if t.Name == `\` && top {
				most, cells = max(most, cells), 1
			}
		case tex.Word:
			switch env, _ := tex.Name(body, t.End); {
			case t.Name == "begin" && nestedTables[env]:
				nested++
			case t.Name == "end" && nestedTables[env]:
				nested--
			case t.Name == "multicolumn" && top:
				if n, _ := tex.Group(body, t.End); n != "" {
					span, _ := strconv.Atoi(strings.TrimSpace(n))
					cells += max(span, 1) - 1
				}
			}
		case tex.Text:
			if top {
				cells += strings.Count(body[t.Pos:t.End], "&")
			}
		}
	}
	return max(most, cells)
}

// nestedTables are the tables a cell may hold, whose cells are their own.
var nestedTables = set(`tabular tabular* tabularx array`)

// mathKeyValue is a TikZ option whose value is maths holding an equals sign, unbraced:
// [R, l=$R_1 = 4\,\Omega$] — pgfkeys splits the value at that sign, and TeX stops.
var mathKeyValue = regexp.MustCompile(`([,\[]\s*[A-Za-z][\w ]*=\s*)(\$[^${}\]]*=[^$\]]*\$)(\s*[,\]])`)

// BraceMathValues braces the maths values of TikZ options that hold an equals sign
// (l={$R_1 = 4\,\Omega$}), as pgfkeys needs; changed reports whether one was.
func BraceMathValues(s string) (braced string, changed bool) {
	for {
		next := mathKeyValue.ReplaceAllString(s, "$1{$2}$3")
		if next == s {
			return s, changed
		}
		s, changed = next, true
	}
}
