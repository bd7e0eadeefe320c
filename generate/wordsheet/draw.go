package wordsheet

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// The drawings of word sheets, as TikZ and tabular figures the worksheet vocabulary accepts.
// Sizes are in centimetres, larger in large print; a figure wider than its column is scaled
// to fit by the layout.

// cellSize is a letter grid's cell for a grid n cells wide: as large as fits the line, up to
// a size that reads well (larger in large print).
func cellSize(n int, large bool) float64 {
	if large {
		return min(1.3, 16/float64(n))
	}
	return min(0.95, 15/float64(n))
}

func fig(latex string) *worksheet.Figure {
	return &worksheet.Figure{LaTeX: latex}
}

// escape turns teacher's text (a clue, a definition, a passage) into inline LaTeX that prints
// it as written. TeX's own special characters are escaped; the three with no plain-text form
// in the vocabulary (\ ^ ~) become the nearest printable character.
var escaper = strings.NewReplacer(
	`\`, "/", `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`, `_`, `\_`, `%`, `\%`,
	`^`, "'", `~`, "-", "\r", "",
)

func escape(s string) string { return escaper.Replace(s) }

// letterGrid draws a word search's grid; with key, each word ringed in the key's colour.
func letterGrid(ws WordSearch, large, key bool) string {
	n := len(ws.Grid)
	cs := cellSize(n, large)
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tikzpicture}[x=%gcm,y=%gcm]\n", cs, cs)
	fmt.Fprintf(&b, "\\draw[rounded corners=2pt, line width=0.8pt] (-0.15,0.15) rectangle (%g,%g);\n", float64(n)+0.15, -float64(n)-0.15)
	if key {
		for _, p := range ws.Placed {
			cells := p.cells()
			a, z := cells[0], cells[len(cells)-1]
			fmt.Fprintf(&b, "\\draw[ssanswer, line width=%gcm, line cap=round, opacity=0.3] (%g,%g) -- (%g,%g);\n",
				cs*0.62, float64(a[1])+0.5, -float64(a[0])-0.5, float64(z[1])+0.5, -float64(z[0])-0.5)
		}
	}
	// a row of letters is one node of boxes a cell wide: TeX sets a grid many times faster so
	b.WriteString("\\begin{scope}[font=\\sffamily\\large]\n")
	for r, row := range ws.Grid {
		fmt.Fprintf(&b, "\\node[anchor=west, inner sep=0pt] at (0,%g) {", -float64(r)-0.5)
		for _, ch := range row {
			fmt.Fprintf(&b, "\\makebox[%gcm]{%s}", cs, string(ch))
		}
		b.WriteString("};\n")
	}
	b.WriteString("\\end{scope}\n")
	b.WriteString("\\end{tikzpicture}")
	return b.String()
}

// crosswordGrid draws a crossword: a box for each letter, its number in the corner; with
// key, the letters written in.
func crosswordGrid(cw Crossword, large, key bool) string {
	cs := cellSize(max(cw.Cols, 12), large)
	letters := cw.Letters()
	numbers := map[[2]int]int{}
	for _, e := range cw.Entries {
		numbers[[2]int{e.Row, e.Col}] = e.Number
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tikzpicture}[x=%gcm,y=%gcm]\n", cs, cs)
	for r := range cw.Rows {
		for c := range cw.Cols {
			ch, ok := letters[[2]int{r, c}]
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "\\draw[line width=0.7pt] (%d,%d) rectangle (%d,%d);\n", c, -r, c+1, -r-1)
			if n := numbers[[2]int{r, c}]; n > 0 {
				fmt.Fprintf(&b, "\\node[anchor=north west, inner sep=1.5pt, font=\\scriptsize] at (%d,%d) {%d};\n", c, -r, n)
			}
			if key {
				fmt.Fprintf(&b, "\\node[font=\\sffamily\\large, text=ssanswer] at (%g,%g) {%s};\n", float64(c)+0.5, -float64(r)-0.55, string(ch))
			}
		}
	}
	b.WriteString("\\end{tikzpicture}")
	return b.String()
}

// clueLists is a crossword's Across and Down clues side by side.
func clueLists(cw Crossword, l *Lang) string {
	col := func(across bool) string {
		var lines []string
		lines = append(lines, "\\textbf{"+l.T(map[bool]string{true: "across", false: "down"}[across])+"}")
		for _, e := range cw.Entries {
			if e.Across == across {
				lines = append(lines, fmt.Sprintf("\\textbf{%d.}~%s", e.Number, escape(e.Clue)))
			}
		}
		return strings.Join(lines, "\\par\\vspace{3pt} ")
	}
	return "\\begin{tabular}{@{}p{0.47\\linewidth}@{\\hspace{0.05\\linewidth}}p{0.47\\linewidth}@{}}\n" +
		"\\raggedright " + col(true) + " & \\raggedright " + col(false) + "\n\\end{tabular}"
}

// spellingTable is look–say–cover–write–check columns, a row for each word; with key, the
// words written in the write columns.
func spellingTable(words []string, l *Lang, large, key bool) string {
	h := 0.95
	if large {
		h = 1.3
	}
	var b strings.Builder
	b.WriteString("\\begin{tabular}{|p{0.24\\linewidth}|p{0.24\\linewidth}|c|p{0.24\\linewidth}|c|}\n\\hline\n")
	fmt.Fprintf(&b, "\\textbf{%s} & \\textbf{%s} & \\textbf{%s} & \\textbf{%s} & \\textbf{%s}\\\\\n\\hline\n",
		l.T("col.look"), l.T("col.write"), l.T("col.check"), l.T("col.again"), l.T("col.check"))
	for _, w := range words {
		written := ""
		if key {
			written = "\\textcolor{ssanswer}{" + escape(w) + "}"
		}
		fmt.Fprintf(&b, "\\rule{0pt}{%gcm}%s & %s & $\\square$ & %s & $\\square$\\\\\n\\hline\n", h, escape(w), written, written)
	}
	b.WriteString("\\end{tabular}")
	return b.String()
}

// handwritingLines is primary-ruled lines (a solid top line, a dashed middle line at the
// letters' x-height, a solid base line): the first with the item in grey to trace, repeated
// as often as it fits, the second empty to write on.
func handwritingLines(item string, large bool) string {
	height := 1.4 // cm from base line to top line
	size := 11.0  // the sheet's body size in points
	width := 15.5 // cm of line
	if large {
		height, size = 1.8, 18
	}
	// scale the letters so capitals reach the top line (the sheet's sans capitals, measured)
	scale := height / (0.88 * size * 0.03515)
	charW := 0.5 * size * 0.03515 * scale
	itemW := float64(len([]rune(item)))*charW + 1.2
	times := max(1, int(width/itemW))
	if itemW > width {
		scale *= width / itemW
	}
	mid := height * 0.65
	var b strings.Builder
	b.WriteString("\\begin{tikzpicture}\n")
	for row := range 2 {
		y := -float64(row) * (height + 0.9)
		fmt.Fprintf(&b, "\\draw[line width=0.6pt] (0,%g) -- (%g,%g);\n", y+height, width, y+height)
		fmt.Fprintf(&b, "\\draw[line width=0.5pt, dashed, gray] (0,%g) -- (%g,%g);\n", y+mid, width, y+mid)
		fmt.Fprintf(&b, "\\draw[line width=0.9pt] (0,%g) -- (%g,%g);\n", y, width, y)
		if row == 0 {
			for i := range times {
				fmt.Fprintf(&b, "\\node[anchor=base west, inner sep=0pt, text=black!28, font=\\sffamily, scale=%.2f] at (%g,%g) {%s};\n",
					scale, 0.3+float64(i)*itemW, y, escape(item))
			}
		}
	}
	b.WriteString("\\end{tikzpicture}")
	return b.String()
}

// bingoCard draws a 5×5 card under B I N G O, the centre FREE.
func bingoCard(cells []string, free string, cs float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tikzpicture}[x=%gcm,y=%gcm]\n", cs, cs)
	for i, ch := range "BINGO" {
		fmt.Fprintf(&b, "\\node[font=\\Large\\bfseries\\sffamily] at (%g,0.45) {%c};\n", float64(i)+0.5, ch)
	}
	b.WriteString("\\draw[line width=0.8pt] (0,0) grid (5,-5);\n")
	for r := range 5 {
		for c := range 5 {
			text := cells[r*5+c]
			font := "\\sffamily\\Large"
			if n := len([]rune(text)); n > 10 || n > 6 && cs < 2 {
				font = "\\sffamily\\small"
			}
			if r == 2 && c == 2 {
				text, font = "\\textbf{"+free+"}", "\\sffamily\\large"
			} else {
				text = escape(text)
			}
			width := "" // a long item wraps in its cell; a short one needs no paragraph
			if len([]rune(text)) > 8 {
				width = fmt.Sprintf("text width=%gcm, align=center, ", cs*0.9)
			}
			fmt.Fprintf(&b, "\\node[%sfont=%s] at (%g,%g) {%s};\n", width, font, float64(c)+0.5, -float64(r)-0.5, text)
		}
	}
	b.WriteString("\\end{tikzpicture}")
	return b.String()
}

// callerList is the caller's list: every item with a box to tick, in columns.
func callerList(itemsList []string) string {
	cols := 3
	var b strings.Builder
	b.WriteString("\\begin{tabular}{@{}lll@{}}\n")
	rows := (len(itemsList) + cols - 1) / cols
	for r := range rows {
		for c := range cols {
			if c > 0 {
				b.WriteString(" & ")
			}
			if i := c*rows + r; i < len(itemsList) {
				fmt.Fprintf(&b, "$\\square$ %s\\hspace{1.5em}", escape(itemsList[i]))
			}
		}
		b.WriteString("\\\\[3pt]\n")
	}
	b.WriteString("\\end{tabular}")
	return b.String()
}

// numberChart draws a chart of 1 to max in rows of ten, the hidden numbers left empty; with
// key, every number, the hidden ones in the key's colour.
func numberChart(max int, hidden map[int]bool, large, key bool) string {
	cs := 1.45
	if large {
		cs = 1.6
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tikzpicture}[x=%gcm,y=%gcm]\n", cs, cs*0.8)
	rows := (max + 9) / 10
	fmt.Fprintf(&b, "\\draw (0,0) grid (10,%d);\n", -rows)
	for r := range rows {
		fmt.Fprintf(&b, "\\node[anchor=west, inner sep=0pt, font=\\large] at (0,%g) {", -float64(r)-0.5)
		for n := r*10 + 1; n <= min(r*10+10, max); n++ {
			num := ""
			switch {
			case !hidden[n]:
				num = fmt.Sprint(n)
			case key:
				num = fmt.Sprintf("\\textcolor{ssanswer}{\\textbf{%d}}", n)
			}
			fmt.Fprintf(&b, "\\makebox[%gcm]{%s}", cs, num)
		}
		b.WriteString("};\n")
	}
	b.WriteString("\\end{tikzpicture}")
	return b.String()
}
