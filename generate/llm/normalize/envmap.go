package normalize

import (
	"strings"
	"unicode/utf8"
)

// listEnvs hold \item: an \item closes the groups the item before it left open.
var listEnvs = set("enumerate", "itemize", "description")

// envMap writes environments of packages the server does not load as the known environment
// that prints the same (or nearly): inline and compact lists as lists, starred floats and
// matrices as plain ones, ragged2e's as LaTeX's, subfigure as a minipage of the same width,
// an answer as the exam class's solution, code listings as verbatim.
var envMap = map[string]string{
	"enumerate*": "enumerate", "itemize*": "itemize", "description*": "description",
	"compactenum": "enumerate", "inparaenum": "enumerate", "asparaenum": "enumerate",
	"compactitem": "itemize", "inparaitem": "itemize", "asparaitem": "itemize", "compactdesc": "description",
	"figure*": "figure", "table*": "table",
	"Center": "center", "FlushLeft": "flushleft", "FlushRight": "flushright",
	"matrix*": "matrix", "pmatrix*": "pmatrix", "bmatrix*": "bmatrix", "Bmatrix*": "Bmatrix",
	"vmatrix*": "vmatrix", "Vmatrix*": "Vmatrix", "dcases": "cases", "dcases*": "cases",
	"subfigure": "minipage", "subtable": "minipage",
	"answer": "solution", "Answer": "solution", "solution*": "solution", "Solution": "solution",
	"lstlisting": "verbatim", "minted": "verbatim", "Verbatim": "verbatim", "BVerbatim": "verbatim",
	"code": "verbatim", "verbatimtab": "verbatim",
}

// headingEnvs are theorem-like environments (amsthm's, or a model's own without a
// definition): written as a bold heading before their text.
var headingEnvs = map[string]string{
	"theorem": "Theorem", "lemma": "Lemma", "corollary": "Corollary", "proposition": "Proposition",
	"definition": "Definition", "example": "Example", "exercise": "Exercise", "problem": "Problem",
	"remark": "Remark", "note": "Note", "hint": "Hint", "proof": "Proof", "claim": "Claim",
}

// mapEnv begins to instead of env: the options and arguments to does not take are skipped
// (minted's language, a listing's options), and env's \end is written as to's.
func (s *scanner) mapEnv(env, to string) {
	s.f.add(`Wrote the unknown environment ` + env + ` as ` + to)
	if s.mapped == nil {
		s.mapped = map[string]int{}
	}
	switch to {
	case "verbatim", "solution", "cases", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix":
		s.skipOptionArg()
		if env == "minted" {
			rest := string(s.src[s.i:])
			if end, args, ok := commandSpan(rest, 0, 1); ok && len(args) == 1 && strings.HasPrefix(strings.TrimLeft(rest, " "), "{") {
				s.i += utf8.RuneCountInString(rest[:end])
			}
		}
	case "enumerate", "itemize", "description":
		s.skipOptionArg() // paralist's [(a)] labels
	case "minipage":
		s.skipOptionArg() // [b]: the width argument that follows is minipage's own
	}
	if to == "verbatim" {
		// copied as written up to env's own \end, which becomes verbatim's
		rest := string(s.src[s.i:])
		closing := `\end{` + env + `}`
		k := strings.Index(rest, closing)
		if k < 0 {
			k = len(rest)
			closing = ""
		}
		s.emit(`\begin{verbatim}` + rest[:k] + `\end{verbatim}`)
		s.i += utf8.RuneCountInString(rest[:k] + closing)
		return
	}
	s.mapped[env]++
	s.begin(to)
}
