package offline

import (
	"fmt"
	"slices"
	"strings"

	"sheetsmith/latex"
)

// question writes a problem's question: inline ("$23 + 45 = $") or, for whole-number
// addition, subtraction and multiplication, stacked in columns.
func (p problem) question(vertical bool) string {
	symbol := map[string]string{opAdd: "+", opSub: "-", opMul: `\times`, opDiv: `\div`}[p.op]
	switch p.op {
	case opAdd, opSub, opMul:
		if vertical && p.a >= 0 && p.b >= 0 {
			return fmt.Sprintf(`$\begin{array}[t]{@{}r@{\;}r@{}} & %s \\ %s & %s \\ \hline \end{array}$`, num(p.a), symbol, num(p.b))
		}
		return fmt.Sprintf(`$%s %s %s = $`, num(p.a), symbol, operand(p.b))
	case opDiv:
		return fmt.Sprintf(`$%s \div %s = $`, num(p.a), num(p.b))
	case opFracSimpl:
		return fmt.Sprintf(`Simplify $%s$:`, p.fa.tex())
	case opFracAdd:
		return fmt.Sprintf(`$%s + %s = $`, p.fa.tex(), p.fb.tex())
	case opFracSub:
		return fmt.Sprintf(`$%s - %s = $`, p.fa.tex(), p.fb.tex())
	case opFracCompare:
		return fmt.Sprintf(`$%s \;\bigcirc\; %s$`, p.fa.tex(), p.fb.tex())
	case opRound:
		return fmt.Sprintf(`Round $%s$ to the nearest %s:`, num(p.a), num(p.b))
	case opPlaceValue:
		return fmt.Sprintf(`What is the value of the digit %d in $%s$?`, p.digit, num(p.a))
	case opExpanded:
		return fmt.Sprintf(`Write $%s$ in expanded form:`, num(p.a))
	}
	return ""
}

// stacked reports whether a problem is written in column form on this sheet.
func stacked(p problem, s Spec) bool {
	return s.Vertical && (p.op == opAdd || p.op == opSub || p.op == opMul) && p.a >= 0 && p.b >= 0
}

// blank is the answer line after a question; none where the question has its own place to
// write (a circle, a column sum).
func blank(p problem, s Spec) string {
	switch {
	case p.op == opFracCompare || stacked(p, s):
		return ""
	case p.op == opExpanded:
		return ` \\ \answerblank[5.5cm]`
	case strings.HasPrefix(p.op, "frac"):
		return ` \answerblank[1.5cm]`
	}
	w := 1.2 + 0.25*float64(digitCount(max(abs(p.a), abs(p.b))))
	return fmt.Sprintf(` \answerblank[%.1fcm]`, w)
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func item(cmd string, p problem, s Spec) string {
	return fmt.Sprintf("%s %s%s\n\\begin{solution}%s \\computed\\end{solution}\n", cmd, p.question(s.Vertical), blank(p, s), p.answer())
}

// instructions says what to do, once for the sheet.
func instructions(s Spec) string {
	say := map[string]string{
		opAdd: "Add.", opSub: "Subtract.", opMul: "Multiply.", opDiv: "Divide.",
		opFracSimpl:   "Write each fraction in simplest form.",
		opFracAdd:     "Add the fractions. Write each answer in simplest form.",
		opFracSub:     "Subtract the fractions. Write each answer in simplest form.",
		opFracCompare: "Compare the fractions. Write $<$, $>$ or $=$ in each circle.",
		opRound:       "Round each number.",
		opPlaceValue:  "Write the value of each digit.",
		opExpanded:    "Write each number in expanded form.",
	}
	text := say[s.Ops[0]]
	if len(s.Ops) > 1 {
		text = "Solve each problem."
		if slices.Contains(s.Ops, opFracCompare) {
			text += " Write $<$, $>$ or $=$ in each circle."
		}
		if slices.ContainsFunc(s.Ops, func(op string) bool { return op == opFracAdd || op == opFracSub }) {
			text += " Write fraction answers in simplest form."
		}
	}
	if s.Remainders && slices.Contains(s.Ops, opDiv) {
		text += ` Write any remainder with R, like $7 \div 2 = 3$ R $1$.`
	}
	return text
}

// columns is how many columns the default layout uses for this sheet.
func columns(s Spec, ps []problem) int {
	if s.Columns > 0 {
		return s.Columns
	}
	c := 4
	for _, p := range ps {
		switch {
		case p.op == opRound || p.op == opPlaceValue || p.op == opExpanded:
			c = min(c, 2)
		case stacked(p, s):
			switch {
			case max(p.a, p.b) >= 10000:
				c = min(c, 3)
			}
		case strings.HasPrefix(p.op, "frac"):
			c = min(c, 3)
		case max(abs(p.a), abs(p.b)) >= 10000:
			c = min(c, 2)
		case max(abs(p.a), abs(p.b)) >= 100 || len(ps) <= 24:
			c = min(c, 3)
		}
	}
	return c
}

// itemHeight is one problem's height in cm, and keyHeight what its printed answer adds in the
// key; both measured on compiled sheets (pdftotext -bbox), so the grid can fill the page.
func itemHeight(p problem, s Spec) float64 {
	switch {
	case stacked(p, s):
		return 1.35
	case p.op == opExpanded || p.op == opPlaceValue:
		return 1.3 // the question takes two lines in a half-page column
	case strings.HasPrefix(p.op, "frac"):
		return 1.1
	}
	return 0.8
}

func keyHeight(p problem) float64 {
	switch {
	case strings.HasPrefix(p.op, "frac"):
		return 1.5
	case p.op == opExpanded:
		return 1.35
	}
	return 1.25
}

// body writes the whole worksheet body for a layout ("exam" or anything else for default).
func body(s Spec, ps []problem, set latex.Settings) string {
	layout := set.Layout
	var b strings.Builder
	b.WriteString(s.comment() + "\n")
	if layout == "exam" {
		examBody(&b, s, ps)
	} else {
		page := pageCM{first: 20.0, later: 24.0}
		if !set.NarrowMargins { // 1in margins instead of 0.6in
			page = pageCM{first: 18.0, later: 22.0}
		}
		gridBody(&b, s, ps, page)
	}
	return b.String()
}

// pageCM is the height in cm available to the grid: on the first page under the title, and
// on later pages (measured on letter paper with the server's header).
type pageCM struct{ first, later float64 }

// gridBody: a compact grid, row by row in columns, spread to fill the first page when there
// is room, else as many rows per page as fit.
func gridBody(b *strings.Builder, s Spec, ps []problem, page pageCM) {
	cols := columns(s, ps)
	// The key takes its answers' height out of the gap, so it keeps the sheet's pages where
	// the gap allows.
	tallest, answer, minGap := 0.0, 0.0, 0.4
	for _, p := range ps {
		tallest = max(tallest, itemHeight(p, s))
		answer = max(answer, keyHeight(p))
	}
	if tallest > 1.5 {
		minGap = 0.8 // room to work below a column sum
	}
	rows := (len(ps) + cols - 1) / cols
	gap := max(minGap, min(2.2, page.first/float64(rows)-tallest))
	perFirst := max(1, int((page.first+0.01)/(tallest+gap)))
	perLater := max(1, int((page.later+0.01)/(tallest+gap)))

	fmt.Fprintf(b, "\\instructions{%s}\n", instructions(s))
	b.WriteString("\\raggedcolumns\n")
	for start, page := 0, 0; start < len(ps); page++ {
		per := perLater
		if page == 0 {
			per = perFirst
		}
		if page > 0 {
			b.WriteString("\\newpage\n")
		}
		rows := min(per, (len(ps)-start+cols-1)/cols)
		block := ps[start:min(start+rows*cols, len(ps))]
		start += len(block)
		if cols > 1 {
			fmt.Fprintf(b, "\\begin{multicols}{%d}\n", cols)
		}
		b.WriteString("\\begin{questions}\n")
		if page > 0 { // each questions environment starts at 1 again
			fmt.Fprintf(b, "\\setcounter{question}{%d}\n", start-len(block))
		}
		for i, p := range block {
			if i > 0 && i%rows == 0 && cols > 1 {
				b.WriteString("\\columnbreak\n")
			}
			b.WriteString(item(`\question`, p, s))
			fmt.Fprintf(b, "\\ifprintanswers\\vspace{%.1fcm}\\else\\vspace{%.1fcm}\\fi\n", max(0.2, gap-answer), gap)
		}
		b.WriteString("\\end{questions}\n")
		if cols > 1 {
			b.WriteString("\\end{multicols}\n")
		}
	}
}

// examBody: a few questions, one per page, each a list of parts with room to work.
func examBody(b *strings.Builder, s Spec, ps []problem) {
	text := "Show your working in the space below each problem."
	if s.Remainders && slices.Contains(s.Ops, opDiv) {
		text += ` Write any remainder with R, like $7 \div 2 = 3$ R $1$.`
	}
	fmt.Fprintf(b, "\\instructions{%s}\n", text)
	b.WriteString("\\begin{questions}\n")
	per := perPage(len(ps))
	for start := 0; start < len(ps); start += per {
		group := ps[start:min(start+per, len(ps))]
		fmt.Fprintf(b, "\\question %s\n\\begin{parts}\n", groupHeading(group, s))
		for _, p := range group {
			b.WriteString(item(`\part`, p, s))
			b.WriteString("\\answerspace\n")
		}
		b.WriteString("\\end{parts}\n")
	}
	b.WriteString("\\end{questions}\n")
}

// perPage spreads problems evenly over pages of at most 8; \answerspace shares out the rest
// of each page as working space.
func perPage(n int) int {
	pages := (n + 7) / 8
	return (n + pages - 1) / pages
}

func groupHeading(group []problem, s Spec) string {
	var ops []string
	for _, p := range group {
		if !slices.Contains(ops, p.op) {
			ops = append(ops, p.op)
		}
	}
	one := s
	one.Ops = ops
	one.Remainders = false // said once, in the sheet's instructions
	return instructions(one)
}
