package normalize

import (
	"slices"
	"strings"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// headerCommands belong to the server-owned preamble and header, or must never come from a
// model (\printanswers would print the answers on the students' sheet; \input and pictures
// name files the server does not have); the number is how many {…} arguments each takes.
var headerCommands = []struct {
	name string
	args int
	why  string
}{
	{"documentclass", 1, preambleOwned}, {"usepackage", 1, preambleOwned}, {"RequirePackage", 1, preambleOwned},
	{"geometry", 1, preambleOwned}, {"newgeometry", 1, preambleOwned}, {"title", 1, preambleOwned},
	{"author", 1, preambleOwned}, {"date", 1, preambleOwned}, {"maketitle", 0, preambleOwned},
	{"printanswers", 0, preambleOwned}, {"noprintanswers", 0, preambleOwned}, {"pagestyle", 1, preambleOwned},
	{"thispagestyle", 1, preambleOwned}, {"input", 1, noFiles}, {"include", 1, noFiles},
	{"includegraphics", 1, noFiles}, {"immediate", 0, noFiles}, {"write18", 1, noFiles},
	{"openout", 0, noFiles}, {"openin", 0, noFiles},
	{"gradetable", 0, gradeTable}, {"pointtable", 0, gradeTable}, {"bonusgradetable", 0, gradeTable},
	{"bonuspointtable", 0, gradeTable}, {"partialgradetable", 0, gradeTable}, {"partialpointtable", 0, gradeTable},
	{"combinedgradetable", 0, gradeTable}, {"combinedpointtable", 0, gradeTable}, {"multirowgradetable", 0, gradeTable},
	{"addpoints", 0, gradeTable},
}

const (
	preambleOwned = "the server writes the preamble and header"
	noFiles       = "it names a file the server does not have"
	gradeTable    = "the exam class's grade table needs points the server's layout does not count"
)

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

// packagesIn returns the allowed packages (latex.Allowed: what the server's TeX Live installs,
// minus its deny-list) of every \usepackage in s, noting the others and why.
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
				default:
					if why := latex.DenyReason(p); why != "" {
						f.add("Dropped package " + p + " (" + why + ")")
					} else if !slices.Contains(pkgs, p) {
						pkgs = append(pkgs, p)
					}
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
			end, args, _ := commandSpan(body, i, c.args)
			if c.name == "includegraphics" {
				// The text may still refer to "the diagram": a labelled box says what is missing.
				name := "an image"
				if len(args) > 0 && strings.TrimSpace(args[0]) != "" {
					name = strings.TrimSpace(args[0])
				}
				box := "\n\n" + worksheet.MissingFigure(name) + "\n\n"
				body = body[:i] + box + body[end:]
				i += len(box)
				f.add(missingImage + name)
				continue
			}
			body = removeSpan(body, i, end)
			f.add(`Removed \` + c.name + ` (` + c.why + `)`)
		}
	}
	for _, env := range []string{`\begin{document}`, `\end{document}`} {
		for i := strings.Index(body, env); i >= 0; i = strings.Index(body, env) {
			body = removeSpan(body, i, i+len(env))
		}
	}
	return body, pkgs
}
