package latex

import (
	"testing"

	"sheetsmith/tex"
)

// hostileNames are bodies whose danger is a control word TeX reads differently from how a
// naive scanner would: ^^ notation inside a name, names built at run time, names hidden in
// comments and verbatim (which a \verb inside an argument turns back into code).
var hostileNames = []string{
	`\^^63atcode`, `\cat^^63ode`, `\^^5cinput x`, `^^5cinput x`, `\^^`, `x\^^^`,
	`\csname input\endcsname`, `\begin\x`, `\begin {csname}`, `\end{ExplSyntaxOn}`,
	`\verb|\input x|`, `% \write18{rm}`, "\\begin{verbatim}\\openout\\end{verbatim}",
	`\includegraphics[{]}]{/etc/passwd}`, `\addplot [x={]}] graphics {a.png};`, `\@`, `\`,
}

func TestHostileNamesAreRefused(t *testing.T) {
	for _, s := range hostileNames {
		if CheckBody(s) == nil {
			t.Errorf("CheckBody(%q) let it through", s)
		}
	}
}

// FuzzBodyCheckAgreesWithTheLexer: a body the check lets through holds no control word the
// lexer reads as a denied one, no ^^ notation, and no name spelt otherwise than TeX reads it,
// whether it is read as a document (comments, verbatim) or raw.
func FuzzBodyCheckAgreesWithTheLexer(f *testing.F) {
	for _, s := range append(hostileNames, `\textbf{x} % note`, `\begin{center}\verb|%|\end{center}`) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if CheckBody(s) != nil {
			return
		}
		for _, read := range []func(string) []tex.Token{tex.Tokens, tex.Raw} {
			for _, tok := range read(s) {
				switch tok.Kind {
				case tex.CharCode:
					t.Fatalf("%q passed with ^^ notation at %d", s, tok.Pos)
				case tex.Word, tex.Symbol:
					if tok.Name != s[tok.Pos+1:tok.End] {
						t.Fatalf("%q passed with \\%s spelt %q", s, tok.Name, s[tok.Pos:tok.End])
					}
					if tok.Kind == tex.Word && denied(tok.Name) {
						t.Fatalf("%q passed with \\%s", s, tok.Name)
					}
				}
			}
		}
	})
}
