package normalize

import (
	"slices"
	"strings"

	"sheetsmith/latex"
)

// headerCommands belong to the server-owned preamble and header (or, like \printanswers and
// \input, must never come from a model); the number is how many {…} arguments each takes.
var headerCommands = []struct {
	name string
	args int
}{
	{"documentclass", 1}, {"usepackage", 1}, {"RequirePackage", 1}, {"geometry", 1},
	{"newgeometry", 1}, {"title", 1}, {"author", 1}, {"date", 1}, {"maketitle", 0},
	{"printanswers", 0}, {"noprintanswers", 0}, {"pagestyle", 1}, {"thispagestyle", 1}, {"input", 1}, {"include", 1},
	{"immediate", 0}, {"write18", 1}, {"openout", 0}, {"openin", 0},
}

// splitDocument keeps the body of a whole document. From its preamble it keeps the packages
// we allow and the definitions the body may use (as \providecommand, so they cannot clash with
// the server's vocabulary); everything else in the preamble is replaced by ours.
func splitDocument(src string, f *fixLog) (body string, pkgs []string) {
	loc := beginDocument(src)
	if loc < 0 {
		return src, nil
	}
	preamble := src[:loc]
	body, _ = latex.Body(src)
	f.add("Replaced the model's preamble with the server's")
	pkgs = packagesIn(preamble, f)
	if defs := carriedDefinitions(preamble); defs != "" {
		f.add("Kept the model's own command definitions")
		body = defs + "\n" + body
	}
	return body, pkgs
}

func beginDocument(s string) int {
	return strings.Index(s, `\begin{document}`)
}

// packagesIn returns the allowed packages of every \usepackage in s, noting the others.
func packagesIn(s string, f *fixLog) []string {
	var pkgs []string
	for _, cmd := range []string{"usepackage", "RequirePackage"} {
		for i := findCommand(s, cmd, 0); i >= 0; i = findCommand(s, cmd, i+1) {
			_, args, ok := commandSpan(s, i, 1)
			if !ok || len(args) == 0 {
				continue
			}
			for _, p := range strings.Split(args[0], ",") {
				p = strings.TrimSpace(p)
				switch {
				case p == "":
				case slices.Contains(latex.BasePackages, p):
					// always loaded by the server's preamble
				case latex.Allowed(p):
					if !slices.Contains(pkgs, p) {
						pkgs = append(pkgs, p)
					}
				default:
					f.add("Dropped package " + p + " (not available on the server)")
				}
			}
		}
	}
	return pkgs
}

// carriedDefinitions returns the preamble's \newcommand and \DeclareMathOperator definitions
// and TikZ/pgfplots settings, rewritten so they are legal in the body.
func carriedDefinitions(preamble string) string {
	var out []string
	for _, cmd := range []string{"newcommand", "providecommand", "DeclareMathOperator", "usetikzlibrary", "pgfplotsset", "tikzset"} {
		for i := findCommand(preamble, cmd, 0); i >= 0; i = findCommand(preamble, cmd, i+1) {
			end, args, ok := commandSpan(preamble, i, argCount(cmd))
			if !ok {
				continue
			}
			switch cmd {
			case "DeclareMathOperator":
				star := ""
				if strings.HasPrefix(preamble[i+len(`\DeclareMathOperator`):], "*") {
					star = "*"
				}
				out = append(out, `\providecommand{`+args[0]+`}{\operatorname`+star+`{`+args[1]+`}}`)
			case "newcommand":
				out = append(out, `\providecommand`+preamble[i+len(`\newcommand`):end])
			default:
				out = append(out, preamble[i:end])
			}
		}
	}
	return strings.Join(out, "\n")
}

func argCount(cmd string) int {
	switch cmd {
	case "newcommand", "providecommand", "DeclareMathOperator":
		return 2
	}
	return 1
}

// dropHeaderCommands removes preamble and title commands a model left in the body, and the
// document environment's own lines; it collects the allowed packages of any \usepackage there.
func dropHeaderCommands(body string, f *fixLog) (string, []string) {
	pkgs := packagesIn(body, f)
	for _, c := range headerCommands {
		for i := findCommand(body, c.name, 0); i >= 0; i = findCommand(body, c.name, i) {
			end, _, _ := commandSpan(body, i, c.args)
			body = removeSpan(body, i, end)
			f.add(`Removed \` + c.name + ` (the server writes the preamble and header)`)
		}
	}
	for _, env := range []string{`\begin{document}`, `\end{document}`} {
		for i := strings.Index(body, env); i >= 0; i = strings.Index(body, env) {
			body = removeSpan(body, i, i+len(env))
		}
	}
	return body, pkgs
}
