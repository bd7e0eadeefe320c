package normalize

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"Calculate 6 × 7 − 12 ÷ 4.":                                   `Calculate $6 \times 7 - 12 \div 4$.`,
		"Use π ≈ 3.14.":                                               `Use $\pi \approx 3.14$.`,
		"How many cm² are in 3 m²?":                                   "How many cm² are in 3 m²?",
		"A $40 coat & a 10\\% discount":                               `A \$40 coat \& a 10\% discount`,
		"4Fe(s) + 3O_2(g) → 2Fe_2O_3(s)":                              `\ce{4Fe(s) + 3O2(g) -> 2Fe2O3(s)}`,
		"Fill in ___ and _____ here":                                  "Fill in ___ and _____ here",
		"Solve:\n\\begin{align*}\n3x &= 15\\\\ x &= 5\n\\end{align*}": "Solve:\n$\\begin{aligned}3x &= 15\\\\ x &= 5\\end{aligned}$",
		"Solve \\[ 2x = 6 \\] now":                                    "Solve $ 2x = 6 $ now",
	} {
		if got, _ := Text(in); got != want {
			t.Errorf("%q:\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestDollarBeforeFormulaIsMaths(t *testing.T) {
	body, _, _ := Body("\\begin{questions}\n\\question Balance it.\n\\begin{solution}$4Fe_{(s)} + 3O_{2(g)} \\rightarrow 2Fe_2O_{3(s)}$\\end{solution}\n\\question A $5 pen and a $3 pad cost how much?\n\\begin{solution}8 dollars\\end{solution}\n\\end{questions}")
	if !strings.Contains(body, `$4Fe_{(s)} + 3O_{2(g)} \rightarrow 2Fe_2O_{3(s)}$`) || !strings.Contains(body, `A \$5 pen and a \$3 pad`) {
		t.Error(body)
	}
}

func TestMarkdownItalics(t *testing.T) {
	body, _, _ := Body("*Choose the best answer.*\n\\begin{questions}\n\\question What is $2 * 3 * 4$? Is 2 * 3 = 6?\n\\begin{solution}24\\end{solution}\n\\end{questions}")
	if !strings.Contains(body, `\textit{Choose the best answer.}`) || !strings.Contains(body, `$2 * 3 * 4$`) || !strings.Contains(body, `Is 2 * 3 = 6?`) {
		t.Error(body)
	}
}

// A character pdflatex has no glyph for would stop the compile of the sheet or, in an
// answer, of the key: a text field drops it and says so, as the LaTeX path does.
func TestTextDropsWhatCannotBePrinted(t *testing.T) {
	got, notes := Text("Water the sprout 🌱 with ❤ and café")
	if want := "Water the sprout  with  and café"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(notes) == 0 || !strings.Contains(strings.Join(notes, " "), "cannot print") {
		t.Errorf("no note of the dropped symbols: %v", notes)
	}
}
