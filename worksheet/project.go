package worksheet

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/latex"
)

// projectPackage is the name of the package file a project's main.tex loads the vocabulary
// from (sheetsmith.sty).
const projectPackage = "sheetsmith"

// Project is a document as the teacher's own LaTeX: the sheet or the key typeset exactly as
// Render typesets it (the same preamble, header and body), with the vocabulary in a package
// file of its own instead of inline, and without what only the server's sandbox needs (the
// seal of TeX primitives, the body markers, the embedded document). It compiles with plain
// pdflatex in a directory holding its files.
type Project struct {
	Main  string // main.tex
	Style string // sheetsmith.sty: Macros and the key's figure macros
	// Packages are the packages main.tex loads, the document class first ("exam"), for the
	// project's README.
	Packages []string
	// Files are the other files main.tex needs beside it, by name: a bundled face's fonts
	// and their licence.
	Files map[string][]byte
}

// projectNote heads main.tex: what it is and how to compile it.
const projectNote = "% A worksheet from Sheetsmith. Compile with: pdflatex main.tex (" + StyleName + " beside it).\n" +
	"% \\sskeytrue before \\begin{document} makes it the answer key.\n"

// StyleName is the file name of Project.Style.
const StyleName = projectPackage + ".sty"

// RenderProject typesets a document as a Project: the sheet, or its answer key when key is
// set. It refuses a document that does not pass Validate, as Render does.
func RenderProject(doc Document, key bool) (Project, error) {
	if err := Validate(doc); err != nil {
		return Project{}, err
	}
	body := renderBody(doc)
	if err := latex.CheckBody(body); err != nil {
		return Project{}, fmt.Errorf("the worksheet cannot be typeset safely: %w", err)
	}
	files, err := latex.FontFiles(face(doc.Settings))
	if err != nil {
		return Project{}, err
	}
	main := projectNote + assembleFor(doc, body, packagesOf(doc), key, true)
	return Project{Main: main, Style: projectStyle(), Packages: loaded(main), Files: files}, nil
}

// projectStyle is sheetsmith.sty: the vocabulary as a package. Its commands are the exam
// class's (solutions, footers), so it asks for that class.
func projectStyle() string {
	var b strings.Builder
	b.WriteString(`\NeedsTeXFormat{LaTeX2e}
\ProvidesPackage{` + projectPackage + `}[2026/11/27 Sheetsmith worksheet macros]
% The commands of a Sheetsmith worksheet: questions in rows of boxes, answer lines, choices,
% figures. \sskeytrue (before \begin{document}) turns the sheet into its answer key: every
% answer is drawn in colour in its own space, and nothing else moves.
\@ifclassloaded{exam}{}{\PackageError{` + projectPackage + `}{Load the exam document class first}{Sheetsmith worksheets use \string\documentclass{exam}.}}
\RequirePackage{xcolor}
\RequirePackage{graphicx}
\RequirePackage{amsmath,amssymb}
\RequirePackage{tikz}
`)
	b.WriteString(Macros)
	b.WriteString(keyFigureMacros)
	b.WriteString("\\endinput\n")
	return b.String()
}

var (
	loadsClass   = regexp.MustCompile(`\\documentclass(?:\[[^\]]*\])?\{([^}]*)\}`)
	loadsPackage = regexp.MustCompile(`\\usepackage(?:\[[^\]]*\])?\{([^}]*)\}`)
)

// loaded lists the class and the packages a source loads, in order, but sheetsmith.sty:
// whatever the preamble writes (a paper, a face), the README names it.
func loaded(src string) []string {
	var out []string
	for _, m := range append(loadsClass.FindAllStringSubmatch(src, 1), loadsPackage.FindAllStringSubmatch(src, -1)...) {
		for _, p := range strings.Split(m[1], ",") {
			if p = strings.TrimSpace(p); p != "" && p != projectPackage && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
