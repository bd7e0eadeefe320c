package latex

import (
	"fmt"
	"regexp"
	"strings"

	"sheetsmith/tex"
)

// The TeX layer. A document the server wrote (worksheet's Render, and Wrap for a body that is
// not a document) has a body that an engine or a model wrote: hostile input. Two things keep
// that body away from the pdfTeX primitives that write raw PDF objects, actions, annotations,
// names, catalog entries or file streams, or that read and write files:
//
//  1. CheckBody, where the server writes the source (before TeX runs): the body's control
//     sequences are all literal (it may not change catcodes, build names with \csname and
//     friends, turn characters back into tokens, or use ^^ notation), so refusing the
//     dangerous names and every alias of them that the format defines with letters only is
//     enough. Aliases with @, _ or : in their names (\tex_pdfobj:D, \pgfutil@write, …)
//     cannot be written in the body at all.
//  2. the Seal, inside TeX: at \begin{document} it undefines the primitives (and their expl3
//     aliases) that nothing after the preamble needs, and while TeX reads back the .aux file
//     (where a \label can leave text) ^ is not a superscript, so ^^ notation cannot smuggle a
//     backslash or a brace in.
//
// The compiler does not recognise server-written sources: a source compiled as it is
// (hand-written, or a saved source a subscriber edited) relies on the sandbox and the PDF
// check, and on the seal when it carries one.

// deniedWords are control words a body may not contain, whatever they mean at that point.
var deniedWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		csname ifcsname endcsname UseName ExpandArgs NewCommandCopy RenewCommandCopy DeclareCommandCopy
		string detokenize meaning scantokens unexpanded
		catcode lccode uccode sfcode mathcode delcode lowercase uppercase escapechar endlinechar newlinechar everyeof
		makeatletter makeatother ExplSyntaxOn ExplSyntaxOff ProvidesExplPackage ProvidesExplClass ProvidesExplFile
		special primitive let futurelet
		input include includeonly InputIfFileExists endinput openin read readline closein
		openout write closeout immediate newwrite newread
		verbatiminput lstinputlisting tableofcontents listoffigures listoftables
		usepackage RequirePackage documentclass LoadClass
		pgfplotstablesave tikzexternalize tikzsetnextfilename tikzexternalenable filecontents
		pgfdeclareimage pgfdeclaremask
		graphicspath DeclareGraphicsRule DeclareGraphicsExtensions
		AddToHook AddToHookNext RemoveFromHook ActivateGenericHook
		dump batchmode errorstopmode scrollmode shipout
		directlua latelua lateluafunction luafunction luafunctioncall luadef luabytecode luabytecodecall
		luaescapestring luatexluafunction luacode luaexec luadirect luastring luastringN luastringO
		savecatcodetable initcatcodetable` + " " + nameBuilders) {
		deniedWords[w] = true
	}
}

// nameBuilders are the letter-only commands of etoolbox, which the server's own preamble
// loads (through its packages), and so every package may rely on, that turn text into a
// command name: \csuse{catcode} is \catcode. The body check reads a body as literal control
// sequences, so a body may not write them (packages still use them). A package whose
// commands build names the same way is what the package deny-list is for.
const nameBuilders = `csuse csdef csgdef csedef csxdef cslet letcs csletcs csundef csgundef
	csappto csgappto cseappto csxappto cspreto csgpreto csepreto csxpreto csexpandonce csmeaning
	csshow csnumdef csnumgdef csdimdef csdimgdef csgluedef csgluegdef csmudef csmugdef
	ifcsdef ifcsundef ifcsmacro ifcsparam ifcsprefix ifcsprotected ifcsltxprotect ifcsempty
	ifcsvoid ifcsequal ifcsstring ifcsstrequal ifcscounter ifcslength ifcsdimen
	listcsadd listcsgadd listcseadd listcsxadd listcsremove listcsgremove dolistcsloop
	ifinlistcs xifinlistcs`

// denied reports whether a control word may not appear in a body. Every pdfTeX extension
// primitive is named \pdf…; the format's letter-only aliases of them are too (\pdfform,
// \pdfrefform, \PDFcode), so the prefix is checked without regard to case.
func denied(word string) bool {
	// LuaTeX's Lua (\directlua and friends above, \luatexdirectlua …) and XeTeX's own
	// primitives (\XeTeXpdffile reads a file) are refused the same way.
	lower := strings.ToLower(word)
	return deniedWords[word] || strings.HasPrefix(lower, "pdf") || strings.HasPrefix(lower, "xetex") ||
		strings.HasPrefix(lower, "lua")
}

var envName = regexp.MustCompile(`^[A-Za-z]+\*?$`)

// plotGraphics reports whether the \addplot whose name ends at s[0] is pgfplots' \addplot
// graphics, which includes a picture file. Its option is read as TeX reads it and comments
// are skipped; an option too long to read counts as graphics.
func plotGraphics(s string) bool {
	skip := func(i int) int {
		for i < len(s) {
			switch {
			case s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '+' || s[i] == '3':
				i++
			case s[i] == '%':
				for i < len(s) && s[i] != '\n' {
					i++
				}
			default:
				return i
			}
		}
		return i
	}
	i := skip(0)
	if i < len(s) && s[i] == '[' {
		_, end := tex.Option(s, i)
		if end == i {
			return true
		}
		i = skip(end)
	}
	return strings.HasPrefix(s[i:], "graphics")
}

// checkBody refuses a body that could reach a dangerous primitive. The error names the
// command and the line (counted in src from lineBase, the line the body starts on). It reads
// the body raw: inside \verb or a verbatim environment % is an ordinary character and text
// after it on the line is read by TeX, so comments are checked like the rest.
func checkBody(body string, lineBase int) *Error {
	line, at := lineBase, 0
	fail := func(format string, a ...any) *Error {
		return &Error{Line: line, Problem: fmt.Sprintf(format, a...)}
	}
	for _, t := range tex.Raw(body) {
		line += strings.Count(body[at:t.Pos], "\n")
		at = t.Pos
		switch t.Kind {
		case tex.CharCode:
			return fail("^^ character codes are not allowed in a worksheet")
		case tex.Symbol:
			switch {
			case t.Name == "":
				return fail("a \\ ends the worksheet")
			// \@ would end up as \@… when the .aux file is read back.
			case t.Name == "@":
				return fail(`\@ is not allowed in a worksheet`)
			// TeX reads ^^ notation inside a name too: \^^5c is \\.
			case strings.Contains(body[t.Pos:t.End], "^^") || t.Name == "^" && strings.HasPrefix(body[t.End:], "^"):
				return fail("^^ character codes are not allowed in a worksheet")
			}
		case tex.Word:
			word := t.Name
			// \^^63atcode is \catcode
			if strings.Contains(body[t.Pos:t.End], "^^") {
				return fail("^^ character codes are not allowed in a worksheet")
			}
			if denied(word) {
				return fail(`\%s is not allowed in a worksheet`, word)
			}
			if (word == "addplot" || word == "addplot3") && plotGraphics(body[t.End:]) {
				return fail("a picture may only be a file of the worksheet itself")
			}
			if word == "begin" || word == "end" || word == "usetikzlibrary" || word == "usepgfplotslibrary" || word == "includegraphics" || word == "pgfimage" {
				// The name must be written out: \begin\x with \x a macro would reach any
				// control sequence through \csname.
				_, j := tex.Option(body, t.End)
				arg, end := tex.Group(body, j)
				if end == j {
					return fail(`\%s must be followed by a name in braces`, word)
				}
				switch word {
				case "begin", "end":
					if name := strings.TrimSpace(arg); !envName.MatchString(name) || denied(strings.TrimSuffix(name, "*")) {
						return fail(`the environment %q is not allowed in a worksheet`, name)
					}
				case "includegraphics", "pgfimage":
					if strings.ContainsAny(arg, `/\~$`) || strings.Contains(arg, "..") || strings.HasPrefix(strings.TrimSpace(arg), ".") {
						return fail("a picture may only be a file of the worksheet itself")
					}
				default:
					if strings.Contains(arg, "external") || strings.ContainsAny(arg, `\/`) {
						return fail("the library %q is not allowed in a worksheet", strings.TrimSpace(arg))
					}
				}
			}
		}
	}
	return nil
}

// CheckBody refuses a body the server is about to write between the body markers that could
// reach a dangerous primitive; the error (a *Error) names the command and its line within the
// body. Every writer of a server source calls it (worksheet.Render, worksheet.Wrap, the answer
// key's solver path).
func CheckBody(body string) error {
	if err := checkBody(body, 1); err != nil {
		return err
	}
	return nil
}
