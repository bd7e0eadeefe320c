package normalize

import (
	"slices"

	"sheetsmith/worksheet"
)

// Word lists the scanner consults. Kept in one place so a new model habit is a one-line fix.

// mathCommands only work in math mode; seen in text they make pdflatex stop with
// "Missing $ inserted", so the scanner wraps the expression around them in $…$.
var mathCommands = set(
	"times", "div", "cdot", "pm", "mp", "frac", "dfrac", "tfrac", "sqrt", "le", "leq", "ge", "geq",
	"ne", "neq", "lt", "gt", "approx", "equiv", "sim", "cong", "propto", "pi", "alpha", "beta",
	"gamma", "delta", "theta", "lambda", "mu", "sigma", "phi", "omega", "Delta", "Omega", "Sigma",
	"infty", "circ", "angle", "triangle", "perp", "parallel", "cdots", "vdots", "ddots",
	"rightarrow", "leftarrow", "Rightarrow", "Leftarrow", "to", "leftrightarrow", "sum", "prod",
	"int", "in", "notin", "subset", "subseteq", "cup", "cap", "emptyset", "overline", "hat",
	"vec", "bar", "mathbb", "mathrm", "mathbf", "left", "right", "sin", "cos", "tan", "log", "ln",
	"square", "blacksquare", "star", "bullet", "surd", "checkmark", "binom", "overset", "underset",
	"cancel", "lfloor", "rfloor", "lceil", "rceil", "mid", "nmid", "gcd", "max", "min",
	"setminus", "ast", "leqslant", "geqslant", "boxed", "underbrace", "overbrace", "implies", "iff",
	"neg", "forall", "exists", "prime", "bmod", "pmod", "ell", "langle", "rangle", "longrightarrow",
	"uparrow", "downarrow", "varphi", "epsilon", "varepsilon", "rho", "tau", "psi", "chi", "eta",
	"zeta", "kappa", "nu", "xi", "Gamma", "Lambda", "Phi", "Psi", "Theta", "Pi", "operatorname",
	"sqrt", "nleq", "ngeq", "dots", "mathit", "mathsf", "displaystyle", "tfrac",
)

// knownEnvs exist in the server's document: LaTeX's own, the exam class's and those of the
// allowed packages. Any other (tcolorbox, mdframed, tasks …) would stop pdflatex, so the
// scanner drops its \begin and \end and keeps what was inside.
var knownEnvs = union(examEnvs, set(
	"TheSolution", "EnvFullwidth", "EnvUplevel", "coverpages",
	"center", "flushleft", "flushright", "enumerate", "itemize", "description", "tabular",
	"tabular*", "tabularx", "array", "minipage", "multicols", "multicols*", "figure", "table",
	"quote", "quotation", "verse", "verbatim", "verbatim*", "picture", "displaymath", "math",
	"equation", "equation*", "align", "align*", "alignat", "alignat*", "gather", "gather*",
	"multline", "multline*", "flalign", "flalign*", "split", "aligned", "alignedat", "gathered",
	"cases", "matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix",
	"subequations", "eqnarray", "eqnarray*", "tikzpicture", "scope", "axis", "semilogxaxis",
	"semilogyaxis", "loglogaxis", "polaraxis", "groupplot", "longtable", "wrapfigure", "wraptable",
	"tiny", "scriptsize", "footnotesize", "small", "normalsize", "large", "Large", "LARGE", "huge",
	"Huge", "bfseries", "itshape", "ttfamily", "sffamily", "em", "raggedright", "raggedleft",
	"centering", "samepage", "comment", "titlepage", "abstract",
))

// examEnvs are the exam class's environments of the server's vocabulary (worksheet's list).
var examEnvs = set(slices.Concat([]string{worksheet.QuestionList}, worksheet.PartLists, worksheet.ChoiceLists, worksheet.SolutionEnvironments)...)

// mathFriendly commands may sit inside an expression the scanner wraps in $…$ without ending it.
var mathFriendly = union(mathCommands, set(
	"answerblank", ",", ";", "!", " ", "quad", "qquad", "text", "textbf", "underline", "hspace",
	"{", "}", "%", "$", "ldots",
))

// alignEnvs are environments where & separates cells and so is legal as written.
var alignEnvs = set(
	"tabular", "tabular*", "tabularx", "array", "longtable", "align", "align*", "alignat",
	"alignat*", "aligned", "alignedat", "eqnarray", "eqnarray*", "split", "cases", "matrix",
	"pmatrix", "bmatrix", "vmatrix", "Vmatrix", "smallmatrix", "flalign", "flalign*",
)

// mathEnvs switch to math mode for their whole content.
var mathEnvs = set(
	"equation", "equation*", "align", "align*", "alignat", "alignat*", "gather", "gather*",
	"multline", "multline*", "eqnarray", "eqnarray*", "math", "displaymath", "flalign", "flalign*",
)

// verbatimEnvs are copied untouched.
var verbatimEnvs = set("verbatim", "verbatim*", "tikzpicture", "axis", "comment")

// nameArgCommands take a name, label, file or address as their first argument; its _ and #
// are not text and must stay as written.
var nameArgCommands = set(
	"label", "ref", "eqref", "pageref", "cite", "usetikzlibrary",
	"color", "textcolor", "colorbox", "pgfplotsset", "hyperref", "nameref",
)

// definitionCommands introduce macro bodies, where # is a parameter, not a character.
var definitionCommands = set(
	"newcommand", "renewcommand", "providecommand", "def", "gdef", "edef", "newenvironment",
	"renewenvironment", "DeclareMathOperator", "newcommand*", "renewcommand*",
)

// Question-level commands of the exam class and the environment each must sit in.
var itemHome = worksheet.ItemHome

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

func union(a, b map[string]bool) map[string]bool {
	m := make(map[string]bool, len(a)+len(b))
	for k := range a {
		m[k] = true
	}
	for k := range b {
		m[k] = true
	}
	return m
}

// packageCommands are common commands of packages the server does not load, with what to
// write instead; math ones get $…$ in text like any math command.
var packageCommands = map[string]struct {
	text string
	math bool
}{
	"euro":    {text: `\texteuro{}`},
	"R":       {text: `\mathbb{R}`, math: true},
	"N":       {text: `\mathbb{N}`, math: true},
	"Z":       {text: `\mathbb{Z}`, math: true},
	"Q":       {text: `\mathbb{Q}`, math: true},
	"cmark":   {text: `\checkmark`, math: true},
	"tick":    {text: `\checkmark`, math: true},
	"xmark":   {text: `\times`, math: true},
	"celsius": {text: `\ensuremath{^\circ}C`},
	// babel's French and German quotation marks
	"og":   {text: `\guillemotleft{}~`},
	"fg":   {text: `~\guillemotright{}`},
	"glqq": {text: `\quotedblbase{}`},
	"grqq": {text: `\textquotedblleft{}`},
	"glq":  {text: `\quotesinglbase{}`},
	"grq":  {text: `\textquoteleft{}`},
	// nicefrac's slanted fraction: a plain one reads the same
	"nicefrac": {text: `\frac`, math: true},
	"sfrac":    {text: `\frac`, math: true},
}

// notationArgs are the siunitx and mhchem commands (loaded when a body uses them) with the
// number of arguments each reads; the scanner copies them untouched.
var notationArgs = map[string]int{
	"SI": 2, "qty": 2, "SIrange": 3, "qtyrange": 3, "numrange": 2, "num": 1, "si": 1, "unit": 1, "ang": 1,
	"ce": 1, "pu": 1,
}
