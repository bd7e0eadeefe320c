package worksheet

import (
	"strings"
	"testing"
	"time"

	"sheetsmith/latex"
)

// FuzzParse: Parse never panics on any source, and a document it reads without problems
// that passes Validate always renders.
func FuzzParse(f *testing.F) {
	for _, s := range []string{mathsBody, readingBody, matchingBody, columnsBody, ExamBody(sampleDocument()),
		`\begin{questions}\question[`, `\fillin[`, `\begin{center}`, `\section*{`, "\\begin{questions}\\question $x$ \\begin{choices}\\CorrectChoice",
		// versions on new pages, answers drawn for the key, and page breaks elsewhere
		ExamBody(versionsDocument(2, 3, 2, LayoutStandard)), ExamBody(keyFigureDocument(4, 1, LayoutStandard, 2)),
		`\newpage\section*{B}\begin{questions}\question $1+1$\begin{solution}2\end{solution}\newpage\end{questions}\newpage`,
		`\begin{questions}\question x \begin{solution}3 \begin{tikzpicture}\end{solution}\end{questions}`,
		`\begin{questions}\question x \begin{solution}\begin{center}\begin{tabular}{c}1\end{tabular}\end{center}\end{solution}\uplevel{\clearpage\textbf{B}}\end{questions}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		doc, problems := Parse(src)
		if len(problems) > 0 || Validate(doc) != nil {
			return
		}
		sheet, key, err := Render(doc)
		if err != nil || !strings.Contains(sheet, `\end{document}`) || !strings.Contains(key, `\sskeytrue`) {
			t.Fatalf("a valid parsed document does not render: %v", err)
		}
	})
}

// TestParseHostileSources: sources built to make a reader quadratic (a blank, an unclosed
// bracket or environment name repeated 20,000 times, up to the compiler's size limit) are read
// in well under the time a user waits; a quadratic reader took minutes on the first of them.
func TestParseHostileSources(t *testing.T) {
	for name, src := range map[string]string{
		"answer lines": `\begin{questions}\question ` + strings.Repeat(`\answerblank x `, 13000) + `\end{questions}`,
		"open options": `\begin{questions}\question ` + strings.Repeat(`\fillin[x `, 19000) + `\end{questions}`,
		"open names":   `\begin{questions}\question $` + strings.Repeat(`\begin{`, 25000) + `$\end{questions}`,
		"parts":        `\begin{questions}\question x \begin{parts}` + strings.Repeat(`\part $1$ \answerblank\begin{solution}1\end{solution}`, 3500) + `\end{parts}\end{questions}`,
	} {
		if len(src) > latex.MaxSource {
			t.Fatalf("%s: the source is larger than the compiler accepts", name)
		}
		start := time.Now()
		Parse(src)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: Parse took %v", name, d)
		}
	}
}
