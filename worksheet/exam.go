package worksheet

import (
	"fmt"
	"strings"
)

// ExamBody writes a document in the exam-class vocabulary the LaTeX path uses (what a model
// is asked to write when it does not answer with a document, and what Parse reads): sections,
// \instructions, passages as paragraphs, figures, and questions with their solutions. A
// section that starts a new page (a version of a test) follows \newpage, unless it opens the
// body (where a new page changes nothing, and \newpage would leave the header alone on a
// page; Parse gives it its new page back when a later section has one); an answer's drawing
// for the key goes in its solution, after the value. It is a body for Wrap; the
// sheet and key the server prints come from Render.
func ExamBody(doc Document) string {
	var b strings.Builder
	open := false
	setOpen := func(want bool) {
		if want && !open {
			b.WriteString("\\begin{questions}\n")
		}
		if !want && open {
			b.WriteString("\\end{questions}\n")
		}
		open = want
	}
	for _, blk := range doc.Blocks {
		setOpen(blk.Kind == BlockQuestion)
		switch blk.Kind {
		case BlockInstructions:
			fmt.Fprintf(&b, "\\instructions{%s}\n", blk.Text)
		case BlockSection:
			if blk.NewPage && b.Len() > 0 {
				b.WriteString("\\newpage\n")
			}
			fmt.Fprintf(&b, "\\section*{%s}\n", blk.Title)
		case BlockPassage:
			if blk.Title != "" {
				fmt.Fprintf(&b, "\\textbf{%s}\n\n", blk.Title)
			}
			b.WriteString(blk.Text + "\n\n")
		case BlockFigure:
			b.WriteString(examFigure(blk.Figure))
		case BlockQuestion:
			if blk.Question != nil {
				examQuestion(&b, *blk.Question, 0)
			}
		}
	}
	setOpen(false)
	return b.String()
}

func examFigure(f *Figure) string {
	if f == nil {
		return ""
	}
	body := strings.TrimSpace(f.LaTeX)
	if f.Missing != "" {
		body = fmt.Sprintf("\\includegraphics{%s}", f.Missing)
	}
	if f.Caption == "" {
		return body + "\n"
	}
	return fmt.Sprintf("\\begin{center}\n%s\n\n\\textit{%s}\n\\end{center}\n", body, f.Caption)
}

var examItem = []string{"question", "part", "subpart"}
var examParts = []string{"parts", "subparts", "subsubparts"}

func examQuestion(b *strings.Builder, q Question, depth int) {
	fmt.Fprintf(b, "\\%s", examItem[depth])
	if q.Points > 0 {
		fmt.Fprintf(b, "[%g]", q.Points)
	}
	text := q.Text
	if q.Kind == KindBlank {
		i := 0
		text = blankRun.ReplaceAllStringFunc(text, func(string) string {
			v := ""
			if i < len(q.Blanks) {
				v = answerText(Answer{Kind: q.Blanks[i].Kind, Value: q.Blanks[i].Value})
			}
			i++
			return "\\fillin[" + v + "]"
		})
	}
	fmt.Fprintf(b, " %s\n", text)
	if q.Figure != nil {
		b.WriteString(examFigure(q.Figure))
	}
	solution := ""
	switch q.Kind {
	case KindChoice:
		b.WriteString("\\begin{choices}\n")
		for _, c := range q.Choices {
			cmd := "choice"
			if c.Correct {
				cmd = "CorrectChoice"
			}
			fmt.Fprintf(b, "\\%s %s\n", cmd, c.Text)
		}
		b.WriteString("\\end{choices}\n")
	case KindTrueFalse:
		t, f := "choice", "CorrectChoice"
		if strings.EqualFold(strings.TrimSpace(q.Answer.Value), "true") {
			t, f = f, t
		}
		fmt.Fprintf(b, "\\begin{oneparchoices}\n\\%s True\n\\%s False\n\\end{oneparchoices}\n", t, f)
	case KindMatching:
		order := q.Shuffle
		if len(order) != len(q.Pairs) {
			order = make([]int, len(q.Pairs))
			for i := range order {
				order[i] = i
			}
		}
		at := make([]int, len(q.Pairs))
		for pos, idx := range order {
			at[idx] = pos
		}
		b.WriteString("\\begin{tabular}{ll}\n")
		var key []string
		for i, p := range q.Pairs {
			fmt.Fprintf(b, "%d. %s & %s. %s \\\\\n", i+1, p.Left, letters(i, true), q.Pairs[order[i]].Right)
			key = append(key, fmt.Sprintf("%d-%s", i+1, letters(at[i], true)))
		}
		b.WriteString("\\end{tabular}\n")
		solution = strings.Join(key, ", ")
	case KindShort, KindOpen:
		solution = answerText(Answer{Kind: q.Answer.Kind, Value: q.Answer.Value})
	}
	switch q.Space.Kind {
	case SpaceBlank:
		if q.Kind == KindShort || q.Kind == KindOpen {
			b.WriteString("\\answerblank\n")
		}
	case SpaceLines:
		fmt.Fprintf(b, "\\fillwithlines{%g\\linefillheight}\n", orDefault(q.Space.Size, defaultLines))
	case SpaceBox:
		fmt.Fprintf(b, "\\makeemptybox{%gcm}\n", orDefault(q.Space.Size, defaultBoxCm))
	case SpaceGrid:
		fmt.Fprintf(b, "\\fillwithgrid{%gcm}\n", orDefault(q.Space.Size, defaultGrid))
	case SpaceWork:
		fmt.Fprintf(b, "\\answerspace[%gcm]\n", orDefault(q.Space.Size, defaultWork))
	}
	drawing := ""
	if q.Answer.Figure != nil && (q.Kind == KindShort || q.Kind == KindOpen) {
		// shown only with the answers, as the key draws it
		drawing = "\n\n" + examFigure(q.Answer.Figure)
	}
	if solution != "" || drawing != "" {
		fmt.Fprintf(b, "\\begin{solution}%s%s\\end{solution}\n", solution, drawing)
	}
	if len(q.Parts) > 0 && depth < 2 {
		fmt.Fprintf(b, "\\begin{%s}\n", examParts[depth])
		for _, p := range q.Parts {
			examQuestion(b, p, depth+1)
		}
		fmt.Fprintf(b, "\\end{%s}\n", examParts[depth])
	}
}

func orDefault(v, d float64) float64 {
	if v <= 0 {
		return d
	}
	return v
}
