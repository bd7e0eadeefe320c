package normalize

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
)

// The compile errors models cause most are repaired here, before any re-ask: a table whose
// rows have more cells than its spec, an environment the server does not have, a group an
// \item left open or a } that closes nothing in its list. Each repaired body compiles, as the
// sheet and as its key.
func TestRepairsBeforeAnyReask(t *testing.T) {
	q := func(s string) string {
		return "\\begin{questions}\n\\question Look.\n" + s + "\n\\begin{solution}Done.\\end{solution}\n\\end{questions}"
	}
	cases := []struct {
		name, in    string
		want, unwan []string
		fix         string
	}{
		{name: "ruled spec short by one", in: q("\\begin{tabular}{|l|l|}\\hline a & b & c \\\\ \\hline\\end{tabular}"),
			want: []string{`\begin{tabular}{|l|l|l|}`}, fix: "Added the columns"},
		{name: "tabularx", in: q("\\begin{tabularx}{\\linewidth}{XX} a & b & c\\\\ \\end{tabularx}"),
			want: []string{`\begin{tabularx}{\linewidth}{XXl}`}, fix: "Added the columns"},
		{name: "repeated spec", in: q("\\begin{tabular}{*{2}{c}} 1 & 2 & 3 & 4 \\\\ \\end{tabular}"),
			want: []string{`{*{2}{c}ll}`}, fix: "Added the columns"},
		{name: "multicolumn fits", in: q("\\begin{tabular}{ccc} \\multicolumn{3}{c}{Head} \\\\ a & b & c \\\\ \\end{tabular}"),
			want: []string{`\begin{tabular}{ccc}`}},
		{name: "nested table counted apart", in: q("\\begin{tabular}{ll} a & \\begin{tabular}{ccc} 1 & 2 & 3 \\end{tabular} \\\\ \\end{tabular}"),
			want: []string{`\begin{tabular}{ll} a`}},
		{name: "inline list", in: q("\\begin{enumerate*}[label=(\\alph*)] \\item one \\item two \\end{enumerate*}"),
			want: []string{`\begin{enumerate}`, `\end{enumerate}`}, unwan: []string{"enumerate*"}, fix: "as enumerate"},
		{name: "answer environment", in: "\\begin{questions}\n\\question What is $6\\times7$?\n\\begin{answer}42\\end{answer}\n\\end{questions}",
			want: []string{`\begin{solution}42\end{solution}`}, fix: "as solution"},
		{name: "theorem", in: q("\\begin{theorem}[Pythagoras] $a^2+b^2=c^2$ \\end{theorem}"),
			want: []string{`\textbf{Theorem (Pythagoras).}`}, unwan: []string{`{theorem}`}, fix: "bold heading"},
		{name: "listing", in: q("\\begin{lstlisting}[language=Python]\nprint(x_1 % 2 & 3)\n\\end{lstlisting}"),
			want: []string{"\\begin{verbatim}\nprint(x_1 % 2 & 3)\n\\end{verbatim}"}, fix: "as verbatim"},
		{name: "minted", in: q("\\begin{minted}{python}\nfor i in range(3): print(i)\n\\end{minted}"),
			want: []string{"\\begin{verbatim}\nfor i in range(3): print(i)\n\\end{verbatim}"}, unwan: []string{"{python}"}, fix: "as verbatim"},
		{name: "starred matrix", in: q("$\\begin{bmatrix*}[r] 1 & -2 \\\\ 3 & 4 \\end{bmatrix*}$"),
			want: []string{`\begin{bmatrix} 1`, `\end{bmatrix}`}, fix: "as bmatrix"},
		{name: "item left a group open", in: q("\\begin{itemize}\n\\item \\textbf{Bold start\n\\item next one\n\\end{itemize}"),
			want: []string{"\\textbf{Bold start\n}\\item next"}, fix: "Closed a {"},
		{name: "item closes a group it never opened", in: q("\\begin{enumerate}\n\\item first}\n\\item second\n\\end{enumerate}"),
			want: []string{"\\item first\n\\item second"}, fix: "that closed nothing"},
		{name: "chemformula", in: q("Balance \\ch{2 H2 + O2 -> 2 H2O}."),
			want: []string{`\ce{2 H2 + O2 -> 2 H2O}`}, fix: `with mhchem's \ce`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			body, pkgs, fixes := Body(tc.in)
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tc.unwan {
				if strings.Contains(body, w) {
					t.Errorf("body still has %q:\n%s", w, body)
				}
			}
			if tc.fix != "" && !slices.ContainsFunc(fixes, func(f string) bool { return strings.Contains(f, tc.fix) }) {
				t.Errorf("fixes %q lack %q", fixes, tc.fix)
			}
			src := pdftest.Wrap(t, body, latex.Settings{Title: "Repairs"}, pkgs...)
			pdftest.Compile(t, src)
			pdftest.Compile(t, latex.WithAnswers(src))
		})
	}
}

// A reply's packages are kept when the installed TeX Live has them and the deny-list does not
// refuse them; their environments are kept (a circuit's drawing code as written), and the
// sheet compiles with them loaded.
func TestInstalledPackagesKept(t *testing.T) {
	for _, p := range []string{"chemfig", "circuitikz", "tkz-euclide"} {
		if out, err := exec.Command("kpsewhich", p+".sty").Output(); err != nil || len(out) == 0 {
			t.Skipf("%s is not installed", p)
		}
	}
	raw := "\\documentclass{exam}\n\\usepackage{chemfig,circuitikz}\n\\usepackage{tkz-euclide}\n\\usepackage{minted}\n\\usepackage{hyperref}\n\\begin{document}\n" +
		"\\begin{questions}\n\\question Name the molecule: \\chemfig{H-C(-[2]H)(-[6]H)-O-H}\n\\begin{solution}Methanol\\end{solution}\n" +
		"\\question Find the current through $R_1$.\n\\begin{circuitikz}\n\\draw (0,0) to[battery1,l=$9\\,V$] (0,2) to[R=$R_1$] (3,2) -- (3,0) -- (0,0); % 50% duty\n\\end{circuitikz}\n" +
		"\\begin{solution}3 A\\end{solution}\n" +
		"\\question Mark the midpoint.\n\\begin{tikzpicture}\\tkzDefPoints{0/0/A,4/0/B}\\tkzDrawSegment(A,B)\\end{tikzpicture}\n\\begin{solution}M\\end{solution}\n" +
		"\\end{questions}\n\\end{document}\n"
	body, pkgs, fixes := Body(raw)
	for _, p := range []string{"chemfig", "circuitikz", "tkz-euclide"} {
		if !slices.Contains(pkgs, p) {
			t.Errorf("%s dropped: %q %q", p, pkgs, fixes)
		}
	}
	for _, p := range []string{"minted", "hyperref"} {
		if slices.Contains(pkgs, p) || !slices.ContainsFunc(fixes, func(f string) bool { return strings.HasPrefix(f, "Dropped package "+p+" (it ") }) {
			t.Errorf("%s kept or dropped without its reason: %q %q", p, pkgs, fixes)
		}
	}
	if !strings.Contains(body, "to[R=$R_1$] (3,2) -- (3,0) -- (0,0); % 50% duty\n\\end{circuitikz}") {
		t.Errorf("the circuit's drawing code changed:\n%s", body)
	}
	src := pdftest.WrapLoading(t, body, latex.Settings{Title: "Chemistry and circuits"}, pkgs...)
	pdftest.Compile(t, src)
	pdftest.Compile(t, latex.WithAnswers(src))
}

// A package a body uses without loading it is loaded on use: a circuit keeps its environment.
func TestPackagesLoadedOnUse(t *testing.T) {
	if out, err := exec.Command("kpsewhich", "circuitikz.sty").Output(); err != nil || len(out) == 0 {
		t.Skip("circuitikz is not installed")
	}
	body, pkgs, _ := Body("\\begin{questions}\n\\question Find $I$.\n\\begin{circuitikz}\\draw (0,0) to[R=$R_1$] (2,0);\\end{circuitikz}\n\\begin{solution}2 A\\end{solution}\n\\end{questions}")
	if !slices.Contains(pkgs, "circuitikz") || !strings.Contains(body, `\begin{circuitikz}\draw (0,0) to[R=$R_1$] (2,0);\end{circuitikz}`) {
		t.Fatalf("packages %q, body:\n%s", pkgs, body)
	}
	src := pdftest.WrapLoading(t, body, latex.Settings{Title: "Circuits"}, pkgs...)
	pdftest.Compile(t, src)
}
