package export

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// inlineJSON is a text's inlines as pandoc's JSON.
func inlineJSON(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(readInline(s, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The inline LaTeX of a document's texts reads into pandoc's inlines: maths stays TeX in Math
// nodes, text commands become their formatting, escapes and accents their characters.
func TestReadInline(t *testing.T) {
	for in, want := range map[string][]string{
		`Add $\frac{1}{2}$ and \(x^2\).`:                             {`"InlineMath"},"\\frac{1}{2}"`, `"InlineMath"},"x^2"`, `"Str","c":"Add"`},
		`\textbf{Bold} \emph{it} \underline{u} x\textsuperscript{2}`: {`"Strong","c":[{"t":"Str","c":"Bold"}]`, `"Emph"`, `"Underline"`, `"Superscript"`},
		`50\% of \$10 \& more --- really`:                            {`"50%"`, `"$10"`, `"\u0026"`, `"—"`},
		`caf\'e na\"ive \c{c}a ma\'{\i}z`:                            {"café", "naïve", "ça", "maíz"},
		`Costs \pounds 5\ldots{} at 20\textdegree C`:                 {`"£5…"`, `"20°C"`},
		"$$x = \\begin{cases} 1 \\\\ 2 \\end{cases}$$":               {`"DisplayMath"},"x = \\begin{cases} 1 \\\\ 2 \\end{cases}"`},
		`\SI{3}{m/s} and \ce{H2O}`:                                   {`"3"`, `"m/s"`, `"H2O"`},
		`Fill in: ___ and ___.`:                                      {`"__________"`},
	} {
		got := inlineJSON(t, in)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s:\n got %s\nwant %s", in, got, w)
			}
		}
	}
}

// A simple tabular is a table Word can edit; merged cells or a drawing make it a picture.
func TestReadTabular(t *testing.T) {
	inline := func(s string) []node { return readInline(s, nil, nil) }
	n, ok := readTabular("\\begin{center}\n\\begin{tabular}{|l|c|r|}\n\\hline\n\\textbf{x} & $y$ & z \\\\\n\\hline\n1 & 2 & 3 \\\\[2pt]\n4 & \\$5 & 6 \\\\\n\\hline\n\\end{tabular}\n\\end{center}", inline)
	if !ok {
		t.Fatal("a simple tabular was not read")
	}
	b, _ := json.Marshal(n)
	got := string(b)
	for _, w := range []string{`"AlignLeft"`, `"AlignCenter"`, `"AlignRight"`, `"Strong"`, `"InlineMath"},"y"`, `"$5"`, `"Str","c":"6"`} {
		if !strings.Contains(got, w) {
			t.Errorf("table: want %s in %s", w, got)
		}
	}
	// the header row (ruled below) is the table's head: three cells in it, two body rows
	var tbl struct {
		C []json.RawMessage `json:"c"`
	}
	json.Unmarshal(b, &tbl)
	if !strings.Contains(string(tbl.C[3]), `"x"`) || strings.Count(string(tbl.C[4]), `"AlignDefault"},1,1`) != 6 {
		t.Errorf("head %s\nbody %s", tbl.C[3], tbl.C[4])
	}
	if _, ok := readTabular(`\begin{tabularx}{\linewidth}{lX} a & b \\ c & d \end{tabularx}`, inline); !ok {
		t.Error("a tabularx was not read")
	}
	for _, s := range []string{
		`\begin{tabular}{cc} \multicolumn{2}{c}{Both} \\ a & b \end{tabular}`,
		`\begin{tabular}{c} \tikz \draw (0,0) -- (1,1); \end{tabular}`,
		`\begin{tabular}{c} a & b \\ \end{tabular}`,
		`\begin{tikzpicture}\draw (0,0) -- (1,1);\end{tikzpicture}`,
	} {
		if _, ok := readTabular(s, inline); ok {
			t.Errorf("read as a simple table: %s", s)
		}
	}
}

// Column arithmetic drawn as a picture reads as the sum it is; other maths as its TeX.
func TestMathAlt(t *testing.T) {
	for in, want := range map[string]string{
		`\begin{array}[t]{@{}r@{\;}r@{}} & 100 \\ + & 732 \\ \hline \end{array}`: "100 + 732",
		`\begin{array}{r} 45 \\ \times\ 3 \\ \hline \end{array}`:                 "45 × 3",
		`\begin{pmatrix} 1 & 2 \end{pmatrix}`:                                    `\begin{pmatrix} 1 & 2 \end{pmatrix}`,
	} {
		if got := mathAlt(in); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}

// No text makes the reader panic or loop, whatever its braces, dollars and backslashes.
func FuzzReadInline(f *testing.F) {
	for _, s := range []string{`$x$`, `\textbf{`, `\'`, `{{}`, `$$`, `\(`, `a ___ b`, `\c{`, `\SI{3}`, `\`, `---`, `$\frac{1}{2`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := json.Marshal(readInline(s, nil, nil)); err != nil {
			t.Fatal(err)
		}
		readTabular(s, func(s string) []node { return readInline(s, nil, nil) })
		mathAlt(s)
	})
}

// A figure's alt text is its caption, else what it is and the labels on it.
func TestFigureAlt(t *testing.T) {
	clock := `\begin{tikzpicture}\draw (0,0) circle (1);\foreach \h in {1,...,12} {}`
	for i := 1; i <= 12; i++ {
		clock += `\node at (0,0) {` + strconv.Itoa(i) + `};`
	}
	for f, want := range map[*worksheet.Figure]string{
		{LaTeX: `\begin{tikzpicture}\node at (0,0) {5 cm};\node[left] at (1,1) {$x$};\end{tikzpicture}`}:              "Diagram labelled 5 cm, x",
		{LaTeX: `\begin{tikzpicture}\begin{axis}\addplot {x};\end{axis}\end{tikzpicture}`, Caption: "The line $y=x$"}: "The line y=x",
		{LaTeX: `\begin{tikzpicture}\begin{axis}\addplot {x};\end{axis}\end{tikzpicture}`}:                            "Graph",
		{LaTeX: clock + `\end{tikzpicture}`}: "A clock face",
	} {
		if got := figureAlt(f); got != want {
			t.Errorf("%s: %q, want %q", f.LaTeX, got, want)
		}
	}
}
