package worksheet

import (
	"regexp"
	"strconv"
	"strings"
)

// tabularStart finds a tabular's opening and its column spec's opening brace.
var tabularStart = regexp.MustCompile(`\\begin\{(tabular\*?|tabularx|array)\}(\{[^{}]*\})?\s*(\[[tcb]\])?\s*\{`)

// fitColumns widens a table whose rows have more cells than its column spec has columns
// (a model that wrote {|l|l|} over three columns): TeX stops at the first such row ("Extra
// alignment tab"). Each missing column is added as a left-aligned one, in the spec's style.
func fitColumns(s string) string {
	var b strings.Builder
	for {
		loc := tabularStart.FindStringIndex(s)
		if loc == nil {
			b.WriteString(s)
			return b.String()
		}
		specStart := loc[1] - 1
		spec, after := braceGroup(s, specStart)
		if after < 0 {
			b.WriteString(s)
			return b.String()
		}
		env := tabularStart.FindStringSubmatch(s[loc[0]:loc[1]])[1]
		end := strings.Index(s[after:], `\end{`+env+`}`)
		if end < 0 {
			b.WriteString(s)
			return b.String()
		}
		rows := s[after : after+end]
		have, want := specColumns(spec), rowCells(rows)
		b.WriteString(s[:specStart+1])
		b.WriteString(spec)
		if have > 0 && want > have {
			add := strings.Repeat("l", want-have)
			if strings.Contains(spec, "|") {
				add = strings.Repeat("l|", want-have)
				if !strings.HasSuffix(strings.TrimSpace(spec), "|") {
					add = strings.Repeat("|l", want-have)
				}
			}
			b.WriteString(add)
		}
		b.WriteString("}")
		s = s[after:]
	}
}

// braceGroup returns the inside of the group opening at s[i] ('{') and the index after it,
// or -1 when it never closes.
func braceGroup(s string, i int) (string, int) {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[i+1 : j], j + 1
			}
		}
	}
	return "", -1
}

// specColumns counts the columns of a column spec: l, c, r, p{…}, m{…}, b{…}, X, S and
// *{n}{…} repeats; rules (|), @{…}, !{…}, >{…} and <{…} are no columns.
func specColumns(spec string) int {
	n := 0
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; c {
		case 'l', 'c', 'r', 'X', 'S', 'L', 'C', 'R':
			n++
		case 'p', 'm', 'b':
			n++
			if i+1 < len(spec) && spec[i+1] == '{' {
				_, i = braceGroupEnd(spec, i+1)
			}
		case '@', '!', '>', '<':
			if i+1 < len(spec) && spec[i+1] == '{' {
				_, i = braceGroupEnd(spec, i+1)
			}
		case '*':
			if i+1 < len(spec) && spec[i+1] == '{' {
				count, j := braceGroupEnd(spec, i+1)
				if j+1 < len(spec) && spec[j+1] == '{' {
					inner, k := braceGroupEnd(spec, j+1)
					times, _ := strconv.Atoi(strings.TrimSpace(count))
					n += times * specColumns(inner)
					i = k
				}
			}
		}
	}
	return n
}

// braceGroupEnd is braceGroup with the index of the closing brace.
func braceGroupEnd(s string, i int) (string, int) {
	inner, after := braceGroup(s, i)
	if after < 0 {
		return "", len(s) - 1
	}
	return inner, after - 1
}

var multicolumn = regexp.MustCompile(`\\multicolumn\{(\d+)\}`)

// rowCells is the largest number of cells in a row of a table's body (rows end at \\, cells
// at &, at brace depth 0; a \multicolumn counts its span).
func rowCells(body string) int {
	most, cells, depth := 0, 1, 0
	row := strings.Builder{}
	finish := func() {
		n := cells
		for _, m := range multicolumn.FindAllStringSubmatch(row.String(), -1) {
			span, _ := strconv.Atoi(m[1])
			n += span - 1
		}
		if strings.TrimSpace(row.String()) != "" && n > most {
			most = n
		}
		cells = 1
		row.Reset()
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body) && body[i+1] == '\\' && depth == 0:
			finish()
			i++
			continue
		case c == '\\' && i+1 < len(body):
			row.WriteByte(c)
			row.WriteByte(body[i+1])
			i++
			continue
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '&' && depth == 0:
			cells++
		}
		row.WriteByte(c)
	}
	finish()
	return most
}
