package latex

import (
	"fmt"
	"slices"
	"strings"
)

// source is a complete source around body the way the server writes one (worksheet's Render
// and Wrap, which this package cannot import): the preamble, the extra packages right after
// it as the warm formats expect them, geometry, the seal before \begin{document}, a title
// (the exam class adds "Answer Key" under \printanswers) and the body between the markers.
func source(title, body string, packages ...string) string {
	var b strings.Builder
	b.WriteString(Preamble)
	for _, p := range packages {
		if slices.Contains(ExtraPackages, p) {
			fmt.Fprintf(&b, "\\usepackage{%s}\n", p)
		}
	}
	for _, p := range packages {
		if o, ok := OptionPackages[p]; ok {
			fmt.Fprintf(&b, "\\usepackage[%s]{%s}\n", o, p)
		}
	}
	b.WriteString("\\usepackage[margin=1in,footskip=0.3in]{geometry}\n")
	b.WriteString("\\newcommand{\\answerspace}[1][2.5cm]{\\vspace{#1}}\n")
	b.WriteString(Seal)
	b.WriteString("\\begin{document}\n")
	fmt.Fprintf(&b, "{\\Large\\bfseries %s}\\ifprintanswers{} Answer Key\\fi\\par\n", EscapeText(title))
	b.WriteString(BodyBegin + "\n" + strings.TrimSpace(body) + "\n" + BodyEnd + "\n\\end{document}\n")
	return b.String()
}
