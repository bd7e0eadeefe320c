package worksheet

import (
	"strings"
	"testing"
)

// Inline text reaches TeX only through Validate's allow-list: the arguments and options of the
// siunitx commands are no way around it. Each text here names a command outside the list (or
// a % that would comment out the rest of the line, so TeX would read the text differently from
// the check) inside a unit command, and must be refused, in a question and in a figure.
func TestValidateUnitCommandsCarryNothingElse(t *testing.T) {
	texts := map[string]string{
		"option with a command":        `Speed: \SI[output-decimal-marker={\IfFileExists{main.tex}{A}{B}}]{1.5}{\metre}.`,
		"option with graphicspath":     `\SI[round-mode={\graphicspath{{/srv/}}\includegraphics{x.png}}]{2}{\second}`,
		"option with a comment":        `\SI[per-mode=symbol%]{1}{\metre}` + "\n" + `\def\x{y}`,
		"option with unbalanced brace": `\SI[per-mode={]{1}{\metre} } \def\x{y}`,
		"number with a comment":        `\SI{1%}{\metre}` + "\n" + `}\def\x{y}`,
		"number with a hash":           `\num{1#}`,
		"unit with a comment":          `\SI{1}{\metre%}` + "\n" + `}\def\x{y}`,
		"unit with maths":              `\si{$\metre$}`,
		"range option":                 `\SIrange[range-phrase={\def\x{y}}]{1}{2}{\metre}`,
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			if err := Validate(one(shortQ(text))); err == nil {
				t.Errorf("Validate accepted %q", text)
			}
			q := shortQ("Look.")
			q.Figure = &Figure{LaTeX: `\begin{tikzpicture}\node at (0,0) {` + text + `};\end{tikzpicture}`}
			if err := Validate(one(q)); err == nil {
				t.Errorf("Validate accepted the figure %q", q.Figure.LaTeX)
			}
			if _, _, err := Render(one(shortQ(text))); err == nil {
				t.Errorf("Render typeset %q", text)
			}
		})
	}
	// What teachers write still passes.
	for _, ok := range []string{`\SI{9.8}{\metre\per\second\squared}`, `\SI[per-mode=symbol]{3}{\kilo\metre\per\hour}`,
		`\num[round-mode=places,round-precision=2]{3.14159}`, `\SI[output-decimal-marker={,}]{1,5}{\metre}`, `\SIrange{1}{2}{\metre}`,
		`\num{1.5e3}`, `\SI{-40}{\degreeCelsius}`} {
		if err := Validate(one(shortQ("Give " + ok + "."))); err != nil {
			t.Errorf("Validate refused %q: %v", ok, err)
		}
	}
	if !strings.Contains(checkInline(`\SI[x={\def}]{1}{\metre}`, false), "option") {
		t.Errorf("the refusal should name the option: %q", checkInline(`\SI[x={\def}]{1}{\metre}`, false))
	}
}
