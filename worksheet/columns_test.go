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
