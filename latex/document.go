package latex

import (
	"regexp"
	"strings"
)

// Settings are the document settings and template layout that the server turns into the
// preamble and header. Engines never write these themselves.
type Settings struct {
	Title          string
	ShowName       bool
	ShowDate       bool
	ShowPeriod     bool
	ShowInstructor bool
	NarrowMargins  bool
	// Layout is the template's layout: "default" or "exam" (each later question on a new page).
	Layout string
	// Paper is "letter" or "a4"; "" keeps the document's (Letter for a new one).
	Paper string
	// LargePrint asks for large print (18 pt); false leaves it to the document and the engine
	// (the offline engine reads "large print" in a request).
	LargePrint bool
	// NormalPrint turns large print off: the teacher unchecked it, so an edit of a large-print
	// sheet comes back in normal print.
	NormalPrint bool
	// Font is FontDefault, FontSans or FontHyperlegible; "" keeps the document's.
	Font string
}

// Markers around the body let the server find the engine-written part of a saved document
// again, for follow-up edits and answer keys.
const (
	BodyBegin = "%% sheetsmith:body-begin"
	BodyEnd   = "%% sheetsmith:body-end"
)

// BasePackages are loaded by every document (and dumped into the warm format).
var BasePackages = []string{
	"fontenc", "inputenc", "geometry", "amsmath", "amssymb", "multicol", "array", "tabularx",
	"xcolor", "tikz", "graphicx", "enumitem",
}

// ExtraPackages are the packages the server names to a model and keeps warm formats for
// (see extraPrefix); a body may ask for them and for any other package Allowed accepts
// (packages.go: what the installed TeX Live offers, minus a deny-list).
var ExtraPackages = []string{"pgfplots", "cancel", "wrapfig", "longtable", "multirow", "booktabs", "siunitx"}

// OptionPackages may be requested too; each is loaded with the options it needs.
var OptionPackages = map[string]string{"mhchem": "version=4"}

// Preamble is the fixed, server-owned part of every document up to (not including) the
// layout settings. It is identical for all documents so it can be dumped into a format.
const Preamble = `\documentclass[11pt]{exam}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{amsmath,amssymb}
\usepackage{multicol,array,tabularx}
\usepackage{xcolor,graphicx}
\usepackage{tikz}
\usepackage[shortlabels]{enumitem}
`

// Seal undefines the sealed primitives at \begin{document} and keeps ^^ notation out of the
// .aux file while it is read back. Every source the server writes carries it (worksheet's
// Render and Wrap, right before \begin{document}); sources a subscriber writes by hand rely
// on the sandbox and the PDF check.
const Seal = `\makeatletter
\AddToHook{begindocument/before}{\catcode94=12\relax}
\AtBeginDocument{\catcode94=7\relax\@for\ss@p:=` + sealed + `\do{\expandafter\let\csname\ss@p\endcsname\@undefined}}
\AddToHook{enddocument/afterlastpage}{\catcode94=12\relax}
\makeatother
`

// SealFor is the seal of a sheet compiled with e. XeTeX writes its whole output (colours,
// pictures, page size) through \special, which its driver reads, so XeLaTeX's seal keeps
// \special and its aliases: there the body check (which refuses \special and every way of
// building a name) and the PDF check hold on their own.
func SealFor(e Engine) string {
	if e != XeLaTeX {
		return Seal
	}
	s := Seal
	for _, keep := range []string{"special,", "tex_special:D,", ",__kernel_backend_literal:e"} {
		s = strings.Replace(s, keep, "", 1)
	}
	return s
}

// sealed are the primitives, and their expl3 aliases, that nothing after the preamble needs
// and that write raw PDF (catalog, names, annotations, links, outlines, threads, page and
// font attributes, page resources, the trailer and info), read files, map fonts, or reach an undefined
// primitive again (\pdfprimitive). The seal undefines them at \begin{document}; see
// checkBody for the rest of the TeX layer. \pdffilesize and \pdffilemoddate stay (LaTeX
// uses them whenever it loads a file; they reveal no content).
const sealed = `pdfannot,pdfcatalog,pdfnames,pdftrailer,pdftrailerid,pdfinfo,pdfoutline,` +
	`pdfstartlink,pdfendlink,pdfthread,pdfstartthread,pdfendthread,pdffontattr,pdfmapfile,` +
	`pdfmapline,pdffiledump,pdfmdfivesum,pdfpageattr,pdfpagesattr,` +
	`pdfpageresources,tex_pdfpageresources:D,` +
	`pdfprimitive,pdf@primitive,special,scantokens,readline,pdfunescapehex,pdfescapestring,pdfescapename,` +
	`pdfescapehex,tex_pdfannot:D,tex_pdfcatalog:D,tex_pdfnames:D,tex_pdftrailer:D,` +
	`tex_pdftrailerid:D,tex_pdfinfo:D,tex_pdfoutline:D,tex_pdfstartlink:D,tex_pdfendlink:D,` +
	`tex_pdfthread:D,tex_pdfstartthread:D,tex_pdfendthread:D,tex_pdffontattr:D,tex_mapfile:D,` +
	`tex_mapline:D,tex_filedump:D,tex_mdfivesum:D,` +
	`tex_pdfpageattr:D,tex_pdfpagesattr:D,tex_primitive:D,tex_special:D,tex_scantokens:D,` +
	`tex_readline:D,__kernel_backend_literal:e`

var beginDocument = regexp.MustCompile(`\\begin\s*\{document\}`)
var endDocument = regexp.MustCompile(`\\end\s*\{document\}`)

// Body returns the engine-written part of a document: between the body markers when the
// server wrote the document, else between \begin{document} and \end{document}.
// ok is false when the source has no document environment at all.
func Body(src string) (body string, ok bool) {
	if i := strings.Index(src, BodyBegin); i >= 0 {
		rest := src[i+len(BodyBegin):]
		if j := strings.Index(rest, BodyEnd); j >= 0 {
			return strings.TrimSpace(rest[:j]), true
		}
	}
	loc := beginDocument.FindStringIndex(src)
	if loc == nil {
		return "", false
	}
	rest := src[loc[1]:]
	if end := endDocument.FindStringIndex(rest); end != nil {
		rest = rest[:end[0]]
	}
	return strings.TrimSpace(rest), true
}

// WithAnswers returns the source with the exam class's \printanswers switched on, so the
// same source becomes its own answer key. The switch goes right before \begin{document}, after
// anything the preamble says (a \printanswers in a comment, a \noprintanswers), and is written
// once however often WithAnswers is applied.
func WithAnswers(src string) string {
	if loc := beginDocument.FindStringIndex(src); loc != nil && strings.HasSuffix(src[:loc[0]], "\n\\printanswers\n") {
		return src
	}
	return beforeDocument(src, "\\printanswers\n")
}

func beforeDocument(src, insert string) string {
	loc := beginDocument.FindStringIndex(src)
	if loc == nil {
		return src
	}
	return src[:loc[0]] + insert + src[loc[0]:]
}

var textEscaper = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`,
	`^`, `\textasciicircum{}`, `_`, `\_`, `~`, `\textasciitilde{}`, `%`, `\%`,
	"\u2212", "-", "\u00d7", `$\times$`, "\u00f7", `$\div$`, "\u2013", "--", "\u2014", "---",
	"\u2018", "`", "\u2019", "'", "\u201c", "``", "\u201d", "''", "\u2026", `\ldots{}`,
	"\u00a0", "~", "\r", "", "\n", " ",
)

// EscapeText turns user text (a title, a name) into LaTeX that prints it literally.
func EscapeText(s string) string {
	return textEscaper.Replace(s)
}
