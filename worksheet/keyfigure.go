package worksheet

import (
	"fmt"
	"strings"
)

// keyFigureMacros draw an answer's key-only figure (Answer.Figure). Sheet and key set both
// drawings, the question's own (or nothing) and the answer's, in boxes made the size of the
// larger; the sheet shows the first, the key the second. So the question's box has the same
// size in both, and the key stays the sheet page for page.
const keyFigureMacros = `\newsavebox\sskeyfigsheet
\newsavebox\sskeyfigkey
% \sskeyswap{sheet drawing}{key drawing}: one of two drawings in a box the size of both
\newcommand\sskeyswap[2]{\sbox\sskeyfigsheet{#1}\sbox\sskeyfigkey{#2}%
  \ifdim\wd\sskeyfigkey>\wd\sskeyfigsheet \wd\sskeyfigsheet=\wd\sskeyfigkey\fi
  \ifdim\ht\sskeyfigkey>\ht\sskeyfigsheet \ht\sskeyfigsheet=\ht\sskeyfigkey\fi
  \ifdim\dp\sskeyfigkey>\dp\sskeyfigsheet \dp\sskeyfigsheet=\dp\sskeyfigkey\fi
  \wd\sskeyfigkey=\wd\sskeyfigsheet \ht\sskeyfigkey=\ht\sskeyfigsheet \dp\sskeyfigkey=\dp\sskeyfigsheet
  \ifsskey\usebox\sskeyfigkey\else\usebox\sskeyfigsheet\fi}
% \sskeyfigure{sheet drawing}{key drawing}{caption}: as \ssfigure, the drawing swapped in the key
\newcommand\sskeyfigure[3]{\ssfigure{\sskeyswap{#1}{#2}}{#3}}
`

// keyFigure is a question's figure with its answer's key-only drawing: the key draws the
// answer in the place of the question's figure (or of blank room of the drawing's size).
// A question figure that is missing keeps its labelled box, and the drawing gets room below.
func keyFigure(sheet, key *Figure) string {
	var b strings.Builder
	on, caption := "", ""
	if sheet != nil && sheet.Missing != "" {
		b.WriteString(figure(sheet))
	} else if sheet != nil {
		on, caption = figureBody(sheet.LaTeX), inline(sheet.Caption)
	}
	fmt.Fprintf(&b, "\\sskeyfigure{%%\n%s%%\n}{%%\n%s%%\n}{%s}\n", on, figureBody(key.LaTeX), caption)
	return b.String()
}

// keyFigure checks an answer's key-only drawing: a figure of its own, drawn (not missing),
// on a question whose answer the key prints.
func (v *validator) keyFigure(where string, q Question) {
	for _, a := range q.Blanks {
		if a.Figure != nil {
			v.add("%s: a blank's answer has no figure; give the figure to a short question's answer.", where)
			break
		}
	}
	f := q.Answer.Figure
	if f == nil {
		return
	}
	if q.Kind != KindShort && q.Kind != KindOpen {
		v.add("%s: only a short or open question's answer may have a figure for the key.", where)
	}
	v.figure(where+" answer", f)
	if f.Missing != "" {
		v.add("%s: the answer's figure is drawn in the key; give its LaTeX, not a missing image.", where)
	}
	if strings.TrimSpace(f.Caption) != "" {
		v.add("%s: the answer's figure has no caption of its own; the question's figure's caption is printed under both.", where)
	}
}
