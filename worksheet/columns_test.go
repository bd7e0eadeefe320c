package worksheet

import "testing"

// A table whose rows have more cells than its spec has columns gets the missing columns.
func TestFitColumns(t *testing.T) {
	for in, want := range map[string]string{
		`\begin{tabular}{|l|l|}\hline a & b & c \\ \hline\end{tabular}`:            `\begin{tabular}{|l|l|l|}\hline a & b & c \\ \hline\end{tabular}`,
		`\begin{tabular}{ll} a & b & c & d\\ e & f \end{tabular}`:                  `\begin{tabular}{llll} a & b & c & d\\ e & f \end{tabular}`,
		`\begin{tabular}{p{2cm}c} x & $\frac{1}{2}$ & y \end{tabular}`:             `\begin{tabular}{p{2cm}cl} x & $\frac{1}{2}$ & y \end{tabular}`,
		`\begin{tabular}{*{3}{c}} a & b & c \end{tabular}`:                         `\begin{tabular}{*{3}{c}} a & b & c \end{tabular}`,
		`\begin{tabular}{lc} \multicolumn{3}{c}{Title} \\ a & b \end{tabular}`:     `\begin{tabular}{lcl} \multicolumn{3}{c}{Title} \\ a & b \end{tabular}`,
		`\begin{tabular}{@{}l r@{}} a & b \end{tabular}`:                           `\begin{tabular}{@{}l r@{}} a & b \end{tabular}`,
		`\begin{tikzpicture}\node {a \& b};\end{tikzpicture}`:                      `\begin{tikzpicture}\node {a \& b};\end{tikzpicture}`,
		`\begin{tabular}{l} a \\ \begin{tabular}{c} x \end{tabular} \end{tabular}`: `\begin{tabular}{l} a \\ \begin{tabular}{c} x \end{tabular} \end{tabular}`,
	} {
		if got, _ := FitColumns(in); got != want {
			t.Errorf("FitColumns(%s)\n = %s\nwant %s", in, got, want)
		}
	}
}

// A TikZ option whose maths value holds an equals sign is braced (pgfkeys splits at it);
// one already braced, or without the sign, is left.
func TestBraceMathValues(t *testing.T) {
	for in, want := range map[string]string{
		`\draw (0,0) to[R, l=$R_1 = 4\,\Omega$] (4,3);`: `\draw (0,0) to[R, l={$R_1 = 4\,\Omega$}] (4,3);`,
		`\draw to[R, l=$R_1 = 4$, v=$V = 2$] (1,0);`:    `\draw to[R, l={$R_1 = 4$}, v={$V = 2$}] (1,0);`,
		`\draw to[R, l={$R_1 = 4$}] (1,0);`:             `\draw to[R, l={$R_1 = 4$}] (1,0);`,
		`\node[label=$x$] {};`:                          `\node[label=$x$] {};`,
		`\node[draw, label=above:$x = 2$] at (0,0) {};`: `\node[draw, label=above:$x = 2$] at (0,0) {};`,
	} {
		if got, _ := BraceMathValues(in); got != want {
			t.Errorf("BraceMathValues(%s)\n = %s\nwant %s", in, got, want)
		}
	}
}
