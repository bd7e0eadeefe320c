package latex

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	// With -file-line-error, errors read "./go.tex:12: Undefined control sequence."; a few
	// (emergency stops, capacity) may still start with "! ".
	errLine = regexp.MustCompile(`^(?:(.*?):(\d+): |!\s?)(.*)$`)
	ctxLine = regexp.MustCompile(`^l\.(\d+) `)
	// A Lua error stops LuaTeX with "[\directlua]:1: message", then a traceback.
	luaError     = regexp.MustCompile(`^\[\\(?:directlua|latelua)\]:\d+: (.+)$`)
	trailingCS   = regexp.MustCompile(`(\\(?:[A-Za-z@]+|.))\s*$`)
	fileNotFound = regexp.MustCompile("File [`']([^']*)' not found")
	bareNotFound = regexp.MustCompile(`^(\S+) not found\.?$`)
	cantFind     = regexp.MustCompile("I can't find file `([^']*)'")
	envEnded     = regexp.MustCompile(`\\begin\{([^}]*)\} on input line (\d+) ended by \\end\{([^}]*)\}`)
	envUndefined = regexp.MustCompile(`Environment (\S+) undefined`)
	alreadyDef   = regexp.MustCompile(`Command (\\\S+?)\.? already defined`)
	undefColor   = regexp.MustCompile("Undefined color [`']([^']*)'")
	unicodeChar  = regexp.MustCompile(`Unicode character (\S+) \(U\+[0-9A-Fa-f]+\)`)
	trailingEnd  = regexp.MustCompile(`(\\end\{[^}]*\})\s*$`)
	endedByEnd   = regexp.MustCompile(`ended by (\\end\{[^}]*\})`)
	unknownKey   = regexp.MustCompile(`I do not know the key '([^']*)'`)
	fontAt       = regexp.MustCompile(`Font (\S+) at \d+ not found`)
	notLoadable  = regexp.MustCompile(`Font (\S+)=(\S+) not loadable`)
	runawayIn    = regexp.MustCompile(`(?:use|definition) of (\\\S+)`)
	paragraphIn  = regexp.MustCompile(`Paragraph ended before (\\\S+) was complete`)
	onlyPreamble = regexp.MustCompile(`Can be used only in preamble`)
	rerunAsk     = regexp.MustCompile(`(?i)\brerun\b|Label\(s\) may have changed|There were undefined references`)
	softRerun    = regexp.MustCompile(`Class exam Warning: Point totals have changed|LaTeX Warning: Label\(s\) may have changed`)
	// Commands that print what the previous pass wrote to the aux file without leaving an
	// "undefined reference" warning when it is missing.
	usesAux = regexp.MustCompile(`\\(?:ref|pageref|eqref|autoref|nameref|[cC]ref|numpages|numpoints|numbonuspoints|numquestions|numparts|numsubparts|numsubsubparts|totalpoints|totalbonuspoints|pointsofquestion|bonuspointsofquestion|[a-z]*gradetable|[a-z]*pointtable|pointsonpage|bonuspointsonpage|pointsinrange|bonuspointsinrange|tableofcontents|listoffigures|listoftables|cite|PgInfo|pageinfo|iflastpage|ifcontinuation|ContinuedQuestion|ifincomplete|thenumpages|LastPage)\b`)
)

// needsRerun reports whether the log asks for another pass. The exam class and LaTeX ask on
// every first pass of a sheet with questions (their own labels and point totals); that
// request is honoured only when the source prints something the aux file provides.
func needsRerun(log, src string) bool {
	soft := false
	for _, line := range strings.Split(log, "\n") {
		if !rerunAsk.MatchString(line) {
			continue
		}
		if !softRerun.MatchString(line) {
			return true
		}
		soft = true
	}
	return soft && usesAux.MatchString(src)
}

// explain turns the first error of a pdflatex log into a plain-language *Error.
func explain(log, src string, exitCode int) *Error {
	lines := strings.Split(strings.ReplaceAll(log, "\r", ""), "\n")
	for i, l := range lines {
		if m := luaError.FindStringSubmatch(l); m != nil {
			return &Error{Problem: "TeX reports: " + strings.TrimSuffix(strings.TrimSpace(m[1]), ".")}
		}
		m := errLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		file, msg := m[1], strings.TrimSpace(m[3])
		if m[2] != "" && !looksLikeTeXFile(file) {
			continue
		}
		line := 0
		if isJobFile(file) {
			line, _ = strconv.Atoi(m[2])
		}
		var context []string
		for _, c := range lines[i+1 : min(len(lines), i+12)] {
			context = append(context, c)
		}
		if strings.Contains(msg, " Error: ") || strings.HasPrefix(msg, "LaTeX Error") {
			msg = joinWrapped(msg, context)
		}
		if line == 0 && m[2] == "" {
			// "! LaTeX Error: File … not found." is followed by "./go.tex:3: Emergency stop.".
			for _, c := range lines[i+1 : min(len(lines), i+40)] {
				if n := errLine.FindStringSubmatch(c); n != nil && n[2] != "" && isJobFile(n[1]) {
					line, _ = strconv.Atoi(n[2])
					break
				}
			}
		}
		p := problem(msg, context)
		if pkg, ok := strings.CutPrefix(p, "the package "); ok {
			if n := usepackageLine(src, strings.TrimSuffix(pkg, " is not available")); n > 0 {
				line = n
			}
		}
		kind, command := named(msg, context)
		return &Error{Line: line, Problem: p, Kind: kind, Command: command}
	}
	if strings.Contains(log, "no legal \\end found") {
		return &Error{Problem: `the document ended before \end{document}`}
	}
	if exitCode == 128+24 || exitCode == 128+9 {
		return &Error{Problem: "the document took too long to compile (it may contain an endless loop)"}
	}
	if exitCode == 128+25 {
		return &Error{Problem: "the document is too large"}
	}
	if strings.TrimSpace(log) == "" && exitCode != 0 {
		return &Error{Problem: "the compiler stopped unexpectedly (it may have run out of memory)"}
	}
	return &Error{Problem: "the compiler could not produce a PDF"}
}

func looksLikeTeXFile(f string) bool {
	return strings.HasSuffix(f, ".tex") || strings.HasSuffix(f, ".sty") || strings.HasSuffix(f, ".cls") ||
		strings.HasSuffix(f, ".def") || strings.HasSuffix(f, ".cfg") || strings.HasSuffix(f, ".fd") ||
		strings.HasSuffix(f, ".ltx") || strings.HasSuffix(f, ".code.tex") || strings.HasSuffix(f, ".aux") ||
		strings.Contains(f, "/") || f == feedName
}

func isJobFile(f string) bool {
	return f == feedName || strings.HasSuffix(f, "/"+feedName)
}

// problem words one TeX error message; context holds the lines after it.
func problem(msg string, context []string) string {
	msg = strings.TrimPrefix(msg, "LaTeX Error: ")
	full := msg + " " + strings.Join(context, " ")
	switch {
	case strings.HasPrefix(msg, "Undefined control sequence"):
		switch cs := undefinedCommand(context); {
		case strings.Contains(cs, "@"):
			// A package's internal command: the user's mistake is on the l.N line.
			return confusedAt(context)
		case cs != "":
			return fmt.Sprintf("the command %s is not defined (check its spelling, or whether it needs a package)", cs)
		}
		return "a command is not defined (check its spelling, or whether it needs a package)"
	case alreadyDef.MatchString(msg):
		return fmt.Sprintf("the command %s is already defined (choose another name, or use \\renewcommand)", alreadyDef.FindStringSubmatch(msg)[1])
	case undefColor.MatchString(msg):
		return fmt.Sprintf("the colour %s is not defined", undefColor.FindStringSubmatch(msg)[1])
	case unknownKey.MatchString(msg):
		key := unknownKey.FindStringSubmatch(msg)[1]
		return fmt.Sprintf("the option %s is not known (check its spelling)", key[strings.LastIndex(key, "/")+1:])
	case strings.Contains(msg, "macro parameter character #"), strings.HasPrefix(msg, "Illegal parameter number"):
		return "a # is used on its own (write \\# for the symbol)"
	case strings.HasPrefix(msg, "Missing $ inserted"):
		return "a math symbol was used outside math mode: a $ is missing"
	case strings.HasPrefix(msg, "Extra }, or forgotten $"), strings.HasPrefix(msg, "Too many }'s"):
		return "there is a } without a matching {"
	case strings.HasPrefix(msg, "Missing } inserted"):
		return "a } is missing"
	case strings.HasPrefix(msg, "Missing { inserted"):
		return "a { is missing"
	case strings.HasPrefix(msg, "Extra \\right"), strings.HasPrefix(msg, "Missing \\right"):
		return `\left and \right do not match`
	case strings.HasPrefix(msg, "Runaway argument"), strings.HasPrefix(msg, "File ended while scanning"):
		if m := runawayIn.FindStringSubmatch(full); m != nil {
			return fmt.Sprintf("the argument of %s is not closed: a } is missing", m[1])
		}
		return "an argument is not closed: a } is missing"
	case paragraphIn.MatchString(msg):
		return fmt.Sprintf("the argument of %s is not closed: a } is missing before the blank line", paragraphIn.FindStringSubmatch(msg)[1])
	case envEnded.MatchString(full):
		m := envEnded.FindStringSubmatch(full)
		if m[3] == "document" {
			return fmt.Sprintf(`\begin{%s} on line %s is never ended: \end{%s} is missing`, m[1], m[2], m[1])
		}
		return fmt.Sprintf(`\begin{%s} on line %s is ended by \end{%s}`, m[1], m[2], m[3])
	case strings.HasPrefix(msg, `\begin{document} ended by`):
		return `there is an \end without a matching \begin`
	case fileNotFound.MatchString(msg):
		name := fileNotFound.FindStringSubmatch(msg)[1]
		if pkg, ok := strings.CutSuffix(name, ".sty"); ok {
			return fmt.Sprintf("the package %s is not available", pkg)
		}
		if cls, ok := strings.CutSuffix(name, ".cls"); ok {
			return fmt.Sprintf("the document class %s is not available", cls)
		}
		return fileNotAvailable(name)
	case bareNotFound.MatchString(msg):
		return fileNotAvailable(bareNotFound.FindStringSubmatch(msg)[1])
	case cantFind.MatchString(msg):
		return fileNotAvailable(cantFind.FindStringSubmatch(msg)[1])
	case strings.HasPrefix(msg, "I can't write on file"), strings.Contains(msg, "Not writing to"):
		return "the document tried to write a file outside its own folder"
	case envUndefined.MatchString(msg):
		return fmt.Sprintf("the environment %s is not defined", envUndefined.FindStringSubmatch(msg)[1])
	case strings.HasPrefix(msg, "TeX capacity exceeded"):
		return "the document is too complex for the compiler (it ran out of memory; it may contain an endless loop)"
	case strings.HasPrefix(msg, "Missing \\begin{document}"):
		return `there is text before \begin{document}`
	case onlyPreamble.MatchString(msg):
		return `a command that belongs before \begin{document} is used after it`
	case strings.HasPrefix(msg, "There's no line here to end"):
		return `\\ (line break) is used where there is no line to end`
	case strings.HasPrefix(msg, "Misplaced alignment tab character"):
		return "an & is used outside a table (write \\& for an ampersand)"
	case strings.HasPrefix(msg, "Double superscript"), strings.HasPrefix(msg, "Double subscript"):
		return "a double superscript or subscript: use braces, like x^{a^b}"
	case strings.HasPrefix(msg, "Illegal unit of measure"):
		return "a length is missing its unit (like cm or pt)"
	case strings.HasPrefix(msg, "Missing number"):
		return "a number was expected"
	case strings.HasPrefix(msg, "Display math should end with $$"), strings.HasPrefix(msg, "Bad math environment delimiter"):
		return "math mode is not closed properly"
	case fontAt.MatchString(msg):
		return fmt.Sprintf("the font %s is not available at that size (fonts are not generated on the server)", fontAt.FindStringSubmatch(msg)[1])
	case notLoadable.MatchString(msg):
		return fmt.Sprintf("the font %s is not available", notLoadable.FindStringSubmatch(msg)[2])
	case strings.HasPrefix(msg, "Something's wrong--perhaps a missing \\item"), strings.HasPrefix(msg, "Lonely \\item"):
		return `a list has text before its first \item (or \question)`
	case strings.HasPrefix(msg, "Unknown option"), strings.HasPrefix(msg, "Option clash"):
		return strings.TrimSuffix(msg, ".")
	case strings.HasPrefix(msg, "Emergency stop"), strings.HasPrefix(msg, "==> Fatal error"):
		for _, c := range context {
			// The file ended and TeX fell back to its command line: no \end{document}.
			if strings.Contains(c, "no legal \\end found") || strings.HasPrefix(c, "<*>") {
				return `the document ended before \end{document}`
			}
			if strings.HasPrefix(c, "<read") {
				return "the document tried to read from the keyboard (or a file that is not available)"
			}
		}
		return "the compile stopped at a fatal error"
	case strings.HasPrefix(msg, "Interruption"):
		return "the compile was interrupted"
	case strings.Contains(msg, "pdfTeX error"):
		return "the PDF could not be written (" + strings.TrimSpace(strings.TrimPrefix(msg, "pdfTeX error")) + ")"
	}
	msg = strings.TrimSuffix(strings.TrimSpace(msg), ".")
	if i := strings.Index(msg, "See the "); i > 0 {
		msg = strings.TrimSpace(msg[:i])
	}
	if msg == "" {
		return "the compiler reported an error"
	}
	return "TeX reports: " + msg
}

// named is what a server-side repair needs of one TeX error message: its kind (an Err* kind,
// "" when no repair knows it) and the command, environment or character it names.
func named(msg string, context []string) (kind, command string) {
	msg = strings.TrimPrefix(msg, "LaTeX Error: ")
	full := msg + " " + strings.Join(context, " ")
	switch {
	case strings.HasPrefix(msg, "Undefined control sequence"):
		if cs := undefinedCommand(context); cs != "" && !strings.Contains(cs, "@") {
			return ErrUndefined, cs
		}
		if slices.ContainsFunc(context, func(c string) bool { return strings.TrimRight(c, " ") != "" }) {
			return ErrInsidePackage, failedEnd(context)
		}
	case strings.HasPrefix(msg, "Double superscript"), strings.HasPrefix(msg, "Double subscript"):
		return ErrDoubleScript, ""
	case envUndefined.MatchString(msg):
		return ErrUndefinedEnv, envUndefined.FindStringSubmatch(msg)[1]
	case unicodeChar.MatchString(msg):
		return ErrUnicode, unicodeChar.FindStringSubmatch(msg)[1]
	case envEnded.MatchString(full) && envEnded.FindStringSubmatch(full)[3] != "document",
		strings.HasPrefix(msg, `\begin{document} ended by`):
		if m := endedByEnd.FindStringSubmatch(full); m != nil {
			return ErrMisplacedEnd, m[1]
		}
	}
	return "", ""
}

// undefinedCommand is the command an "Undefined control sequence" names: the one that ends
// the first non-empty line of its context ("" when that line ends with none).
func undefinedCommand(context []string) string {
	for _, c := range context {
		if c = strings.TrimRight(c, " "); c != "" {
			if m := trailingCS.FindStringSubmatch(c); m != nil {
				return m[1]
			}
			return ""
		}
	}
	return ""
}

// failedEnd is the \end{…} TeX stopped at, when the l.N line of the context ends with one.
func failedEnd(context []string) string {
	for _, c := range context {
		if m := ctxLine.FindStringIndex(c); m != nil {
			if e := trailingEnd.FindStringSubmatch(c[m[1]:]); e != nil {
				return e[1]
			}
			return ""
		}
	}
	return ""
}

// usepackageLine finds the line of the source that loads pkg, so "package not available"
// points at the \usepackage rather than where LaTeX noticed.
func usepackageLine(src, pkg string) int {
	re := regexp.MustCompile(`\\(?:usepackage|RequirePackage)\s*(?:\[[^\]]*\])?\s*\{[^}]*\b` + regexp.QuoteMeta(pkg) + `\b`)
	for i, l := range strings.Split(src, "\n") {
		if re.MatchString(l) {
			return i + 1
		}
	}
	return 0
}

func confusedAt(context []string) string {
	for _, c := range context {
		if m := ctxLine.FindStringIndex(c); m != nil {
			text := strings.TrimSpace(c[m[1]:])
			if len(text) > 60 {
				text = text[:60] + "…"
			}
			return fmt.Sprintf("LaTeX could not make sense of %s here (an environment or command is used in the wrong place)", text)
		}
	}
	return "LaTeX could not make sense of this line (an environment or command is used in the wrong place)"
}

// joinWrapped rejoins a LaTeX or expl3 error message that was wrapped over several lines
// ("(LaTeX)   " continuation prefixes), up to the blank line that ends it.
func joinWrapped(msg string, next []string) string {
	parts := []string{msg}
	for _, c := range next {
		c = strings.TrimSpace(c)
		if c == "" {
			break
		}
		if i := strings.Index(c, ")"); strings.HasPrefix(c, "(") && i > 0 {
			c = strings.TrimSpace(c[i+1:])
		}
		parts = append(parts, c)
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// fileNotAvailable explains a file TeX could not find: only the compiler's own files exist.
func fileNotAvailable(name string) string {
	return fmt.Sprintf("the file %s is not available (a worksheet can only use files that come with the compiler)", name)
}
