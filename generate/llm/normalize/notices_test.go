package normalize

import (
	"slices"
	"testing"
)

// What the server removes or replaces in a model's answer is told to the teacher in one plain
// sentence each; repairs that change nothing visible are not.
func TestNoticesNameWhatWasRemovedOrReplaced(t *testing.T) {
	raw := "```latex\n\\documentclass{article}\n\\usepackage{fancyhdr,nosuchpackage}\n\\usepackage{minted}\n\\begin{document}\n" +
		"\\begin{questions}\n\\question Look at the diagram. \\includegraphics[width=4cm]{circuit.png} How many bulbs are lit? 5% of them?\n" +
		"\\begin{solution}2\\end{solution}\n\\question Which is bigger: 🍎 or 🍌?\n\\begin{solution}🍌\\end{solution}\n" +
		"\\begin{mybox}Remember units.\\end{mybox}\n\\end{questions}\n\\end{document}\n```"
	body, _, fixes := Body(raw)
	got := Notices(fixes)
	want := []string{
		"The package fancyhdr is not available on the server, so I left it out.",
		"The package nosuchpackage is not available on the server, so I left it out.",
		"I left out the package minted: worksheets may not use it, because it runs programs.",
		"The image circuit.png is not available, so a labelled box stands in its place.",
		`I left out the symbol 🍎, which cannot be printed.`,
		`I left out the symbol 🍌, which cannot be printed.`,
		"I removed the unknown environment mybox and kept what was inside it.",
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing notice %q\nnotices: %q\nfixes: %q\nbody:\n%s", w, got, fixes, body)
		}
	}
	for _, n := range got {
		if slices.Contains([]string{"Escaped % after a number", "Took the LaTeX out of a Markdown code block"}, n) {
			t.Errorf("a repair nobody sees was announced: %q", n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("notices %q, want exactly %q", got, want)
	}
}

// A reply whose questions environment never ends was most likely cut off: the teacher is told
// to check the last question, which is printed as the model left it.
func TestNoticeForQuestionsThatNeverEnd(t *testing.T) {
	_, _, fixes := Body("\\begin{questions}\n\\question Maya has 24 stickers and gives away 9. How many are left?\n\\begin{solution}15\\end{solution}\n\\question There are 45 students in 3 eq\n")
	got := Notices(fixes)
	if !slices.Contains(got, "The model's answer stops before the end of its questions, so it may have been cut short: check the last question.") {
		t.Errorf("notices %q (fixes %q)", got, fixes)
	}
	_, _, fixes = Body("\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}\n")
	if got := Notices(fixes); len(got) != 0 {
		t.Errorf("a finished reply got notices %q", got)
	}
}
