package normalize

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"sheetsmith/latex"
	"sheetsmith/tex"
	"sheetsmith/worksheet"
)

// The scanner walks a body once, tracking environments, braces and math mode, and rewrites
// what pdflatex would reject. It never reorders text: it escapes, maps, inserts and closes.

type mathKind byte

const (
	textMode   mathKind = 0
	dollarMath mathKind = '$' // $…$
	displayDD  mathKind = 'D' // $$…$$
	parenMath  mathKind = '(' // \(…\)
	bracketMth mathKind = '[' // \[…\]
	autoMath   mathKind = 'A' // $…$ the scanner opened around math written in text
)

type openEnv struct {
	name  string
	depth int      // brace depth at \begin, to close braces left open inside
	math  mathKind // math mode at \begin: $\begin{array}…\end{array}$ stays in math
}

type scanner struct {
	keepText       bool // a document's text field: characters the renderer prints stay as they are
	src            []rune
	i              int
	out            []rune
	envs           []openEnv
	depth          int
	math           mathKind
	autoDepth      int             // brace depth where autoMath began
	autoParen      int             // ( minus ) inside autoMath, so a text ")" ends it
	mathDepth      int             // brace depth where $, $$, \( or \[ math began
	dropped        map[string]int  // unknown environments whose \begin was dropped, still "open"
	defined        map[string]bool // environments the body defines itself
	definedCmds    map[string]bool // commands the body defines itself
	pkgEnvs        map[string]bool // environments of the packages the body loads: true if drawing code
	mapped         map[string]int  // unknown environments written as a known one (envMap), still open
	droppedHeading []string        // theorem-like environments written as a heading, still open
	f              *fixLog
	text           string // src as a string for tex's readers, which index bytes
	offs           []int  // the byte offset in text of each rune of src, and of its end
}

// rest is the source from rune j on, as a string for tex's readers.
func (s *scanner) rest(j int) string {
	if s.offs == nil {
		s.text = string(s.src)
		s.offs = make([]int, 0, len(s.src)+1)
		for k := range s.text {
			s.offs = append(s.offs, k)
		}
		s.offs = append(s.offs, len(s.text))
	}
	return s.text[s.offs[j]:]
}

// commandAt reads the control sequence at rune j: its name and its length in runes.
func (s *scanner) commandAt(j int) (name string, n int) {
	rest := s.rest(j)
	name, end := tex.Command(rest, 0)
	return name, utf8.RuneCountInString(rest[:end])
}

func scan(body string, f *fixLog, pkgs ...string) string {
	return scanWith(&scanner{src: []rune(body), f: f, dropped: map[string]int{}, defined: definedEnvironments(body),
		definedCmds: definedCommands(body), pkgEnvs: packageEnvironments(pkgs)})
}

// packageEnvironments are the environments the packages define (latex.PackageEnvironments),
// true for those of a package that draws with TikZ: their content is drawing code, copied as
// written like a tikzpicture's.
func packageEnvironments(pkgs []string) map[string]bool {
	m := map[string]bool{}
	for _, p := range pkgs {
		envs, tikz := latex.PackageEnvironments(p)
		for _, e := range envs {
			m[e] = m[e] || tikz
		}
	}
	return m
}

func scanWith(s *scanner) string {
	for s.i < len(s.src) {
		if s.math == autoMath && s.autoMathEndsHere() {
			s.closeAutoMath()
		}
		c := s.src[s.i]
		switch {
		case c == '\\':
			s.command()
		case c == '%':
			s.percent()
		case c == '$':
			s.dollar()
		case c == '{':
			s.depth++
			s.emit("{")
			s.i++
		case c == '}':
			s.closeBrace()
		case c == '&':
			s.ampersand()
		case c == '#':
			s.emit(`\#`)
			s.f.add("Escaped # in text")
			s.i++
		case c == '_':
			s.underscore()
		case c == '^':
			s.caret()
		case c == '(' || c == ')':
			if s.math == autoMath {
				s.autoParen += map[rune]int{'(': 1, ')': -1}[c]
			}
			s.out = append(s.out, c)
			s.i++
		case c >= utf8.RuneSelf:
			s.unicode(c)
		case c == '\n' && s.math == dollarMath && s.blankLineAhead():
			s.closeInlineMath() // $…$ cannot span a paragraph
			s.out = append(s.out, c)
			s.i++
		default:
			s.out = append(s.out, c)
			s.i++
		}
	}
	s.finish()
	return string(s.out)
}

func (s *scanner) blankLineAhead() bool {
	for j := s.i + 1; j < len(s.src); j++ {
		switch s.src[j] {
		case '\n':
			return true
		case ' ', '\t':
		default:
			return false
		}
	}
	return true
}

func (s *scanner) emit(t string) { s.out = append(s.out, []rune(t)...) }

// emitCmd writes a command and keeps it apart from a letter that follows (\times x, not \timesx).
func (s *scanner) emitCmd(t string) {
	s.emit(t)
	if isLetterRune(lastRune(t)) && s.i < len(s.src) && isLetterRune(s.src[s.i]) {
		s.emit(" ")
	}
}

func (s *scanner) inMath() bool {
	if s.math != textMode {
		return true
	}
	for _, e := range s.envs {
		if mathEnvs[e.name] {
			return true
		}
	}
	return false
}

func (s *scanner) closeBrace() {
	s.i++
	if s.depth == 0 {
		s.f.add("Removed a } that closed nothing")
		return
	}
	if len(s.envs) > 0 && s.depth <= s.envs[len(s.envs)-1].depth {
		// a } that would close a group opened before the environment began (\item a}):
		// pdflatex stops with "\begin{itemize} ended by \end{…}"
		s.f.add("Removed a } that closed nothing in its environment")
		return
	}
	s.depth--
	s.emit("}")
}

// command handles a backslash and what follows it.
func (s *scanner) command() {
	name, n := s.commandAt(s.i)
	start := s.i
	s.i += n
	switch {
	case name == "(" || name == "[":
		s.closeInlineMath()
		s.math = map[string]mathKind{"(": parenMath, "[": bracketMth}[name]
		s.mathDepth = s.depth
		s.emit(`\` + name)
	case name == ")" || name == "]":
		want := map[string]mathKind{")": parenMath, "]": bracketMth}[name]
		if s.math != want {
			s.f.add(`Removed a \` + name + ` that closed no math`)
			return
		}
		s.math = textMode
		s.emit(`\` + name)
	case name == "\\" && !s.inMath() && !s.inAlignment() && s.atParagraphStart():
		s.skipLineBreakArgs()
		s.f.add(`Removed a \\ that ended no line`)
	case name == "begin" || name == "end":
		rest := s.rest(s.i)
		env, end := tex.Name(rest, 0)
		if end == 0 {
			s.f.add(`Removed a \` + name + ` without an environment name`)
			return
		}
		env = strings.TrimSpace(env)
		s.i += utf8.RuneCountInString(rest[:end])
		if name == "begin" {
			s.begin(env)
		} else {
			s.end(env)
		}
	case itemHome[name] != nil:
		if s.math != textMode { // a question never starts inside $…$
			s.closeAutoMathIfOpen()
			s.closeInlineMath()
		}
		s.i = start
		s.ensureHome(name)
		s.i = start + n
		s.emit(`\` + name)
	case name == "item" && len(s.envs) > 0 && listEnvs[s.envs[len(s.envs)-1].name]:
		// the last item left a group open (\item \textbf{Bold \item …)
		s.closeBracesTo(s.envs[len(s.envs)-1].depth)
		s.emit(`\item`)
	case name == "ch" && !s.definedCmds[name]:
		// chemformula's \ch cannot work in a worksheet (latex.DenyReason): mhchem's \ce reads
		// the same formulas (2 H2 + O2 -> 2 H2O)
		s.f.add(`Replaced chemformula's \ch with mhchem's \ce`)
		rest := s.rest(start)
		end, _, _ := commandSpan(rest, 0, 1)
		s.emit(`\ce` + rest[len(`\ch`):end])
		s.i = start + utf8.RuneCountInString(rest[:end])
	case definitionCommands[name]:
		s.i = start
		s.copyDefinition(name)
	case nameArgCommands[name]:
		s.i = start
		s.copySpan(1)
	case notationArgs[name] > 0 && !s.definedCmds[name]:
		// siunitx and mhchem read their own arguments: copy them as written
		s.i = start
		s.copySpan(notationArgs[name])
	case name == "ensuremath": // math in any mode already: leave it as written
		s.i = start
		s.copySpan(1)
	case name == "url" || name == "href":
		s.i = start
		s.link(name)
	case name == "verb":
		s.i = start
		s.copyVerb()
	case name == "degree":
		s.f.add(`Replaced \degree with ^\circ`)
		if !s.inMath() {
			s.startAutoMath()
		}
		s.emitCmd(`^\circ`)
	case packageCommands[name].text != "" && !s.definedCmds[name]:
		repl := packageCommands[name]
		s.f.add(`Replaced \` + name + ` (its package is not loaded)`)
		if repl.math && !s.inMath() {
			s.startAutoMath()
		}
		s.emitCmd(repl.text)
	case name == "ding":
		s.i = start
		s.ding()
	case mathCommands[name] && !s.inMath():
		s.startAutoMath()
		s.emitCmd(`\` + name)
	default:
		s.emit(string(s.src[start:s.i])) // as written: ^^ notation stays
	}
}

var newCommand = regexp.MustCompile(`\\(?:re|provide|new)command\*?\s*\{?\\([a-zA-Z]+)`)

func definedCommands(body string) map[string]bool {
	m := map[string]bool{}
	for _, sub := range newCommand.FindAllStringSubmatch(body, -1) {
		m[sub[1]] = true
	}
	return m
}

// ding is pifont's symbol command: 51 and 52 are check marks, 55 and 56 crosses; others go.
func (s *scanner) ding() {
	rest := s.rest(s.i)
	end, args, _ := commandSpan(rest, 0, 1)
	s.i += utf8.RuneCountInString(rest[:end])
	s.f.add(`Replaced \ding (pifont is not loaded)`)
	sym := ""
	if len(args) == 1 {
		sym = map[string]string{"51": `\checkmark`, "52": `\checkmark`, "55": `\times`, "56": `\times`}[strings.TrimSpace(args[0])]
	}
	if sym == "" {
		return
	}
	if s.inMath() {
		s.emitCmd(sym)
		return
	}
	s.emit("$" + sym + "$")
}

var newEnvironment = regexp.MustCompile(`\\(?:re)?newenvironment\*?\s*\{([^}]+)\}`)

func definedEnvironments(body string) map[string]bool {
	m := map[string]bool{}
	for _, sub := range newEnvironment.FindAllStringSubmatch(body, -1) {
		m[sub[1]] = true
	}
	return m
}

// atParagraphStart: nothing yet on the current line of print, where \\ makes pdflatex stop
// with "There's no line here to end": the body's start, after a blank line, after \par, or
// right after a block environment begins or ends.
func (s *scanner) atParagraphStart() bool {
	k := len(s.out)
	newlines := 0
	for k > 0 && (s.out[k-1] == ' ' || s.out[k-1] == '\t' || s.out[k-1] == '\n') {
		if s.out[k-1] == '\n' {
			newlines++
		}
		k--
	}
	before := string(s.out[:k])
	if k == 0 || newlines >= 2 || strings.HasSuffix(before, `\par`) || strings.HasSuffix(before, `\newpage`) {
		return true
	}
	if itemStart.MatchString(before) {
		return true
	}
	m := blockEdge.FindStringSubmatch(before)
	return m != nil && !inlineEnvs[m[1]]
}

var (
	blockEdge  = regexp.MustCompile(`\\(?:begin|end)\{([^}]*)\}(?:\[[^\]]*\]|\{[^}]*\})*$`)
	inlineEnvs = set("tabular", "tabular*", "tabularx", "array", "minipage", "math")
	itemStart  = regexp.MustCompile(`\\(question|part|subpart|item|choice|CorrectChoice)(\[[^\]]*\])?$`)
)

// skipOptionArg skips a [..] argument.
func (s *scanner) skipOptionArg() {
	rest := s.rest(s.i)
	_, end := tex.Option(rest, 0)
	s.i += utf8.RuneCountInString(rest[:end])
}

// skipLineBreakArgs skips the * and [length] of a dropped \\.
func (s *scanner) skipLineBreakArgs() {
	rest := s.rest(s.i)
	_, end := tex.Option(rest, tex.Star(rest, 0))
	s.i += utf8.RuneCountInString(rest[:end])
}

// copySpan copies a command and its first n arguments untouched (labels, addresses, files).
func (s *scanner) copySpan(n int) {
	rest := s.rest(s.i)
	end, _, _ := commandSpan(rest, 0, n)
	s.emit(rest[:end])
	s.i += utf8.RuneCountInString(rest[:end])
}

// copyDefinition copies a macro definition untouched: # is a parameter there. \newcommand
// becomes \providecommand so a model's own \answerblank cannot clash with the server's.
func (s *scanner) copyDefinition(name string) {
	rest := s.rest(s.i)
	var end int
	switch name {
	case "def", "gdef", "edef":
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			end = len(rest)
		} else if close := tex.ClosingBrace(rest, open); close >= 0 {
			end = close + 1
		} else {
			end = len(rest)
		}
	case "newenvironment", "renewenvironment":
		end, _, _ = commandSpan(rest, 0, 3)
	default:
		end, _, _ = commandSpan(rest, 0, 2)
	}
	text := rest[:end]
	if strings.HasPrefix(text, `\newcommand`) {
		text = `\providecommand` + strings.TrimPrefix(text, `\newcommand`)
		s.f.add(`Turned \newcommand into \providecommand`)
	}
	s.emit(text)
	s.i += utf8.RuneCountInString(rest[:end])
}

// copyVerb copies \verb and its argument as written.
func (s *scanner) copyVerb() {
	line := s.rest(s.i)
	if k := strings.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	verb := line[:tex.Tokens(line)[0].End]
	s.emit(verb)
	s.i += utf8.RuneCountInString(verb)
}

func (s *scanner) begin(env string) {
	s.closeAutoMathIfOpen()
	_, fromPackage := s.pkgEnvs[env]
	if to, ok := envMap[env]; ok && !knownEnvs[env] && !s.defined[env] && !fromPackage {
		s.mapEnv(env, to)
		return
	}
	if !knownEnvs[env] && !s.defined[env] && !fromPackage {
		s.dropped[env]++
		if heading, ok := headingEnvs[env]; ok {
			// a theorem-like block becomes its heading in bold, its title in brackets kept
			s.droppedHeading = append(s.droppedHeading, env)
			title := ""
			if rest := s.rest(s.i); strings.HasPrefix(rest, "[") {
				if k := strings.IndexAny(rest, "]\n"); k > 0 && rest[k] == ']' {
					title = " (" + rest[1:k] + ")"
					s.i += utf8.RuneCountInString(rest[:k+1])
				}
			}
			s.emit("\\par\\noindent\\textbf{" + heading + title + ".} ")
			s.f.add(`Wrote the unknown environment ` + env + ` as a bold heading`)
			return
		}
		s.skipOptionArg()
		s.f.add(`Removed the unknown environment ` + env + ` (its content is kept)`)
		return
	}
	if verbatimEnvs[env] || s.pkgEnvs[env] {
		s.emit(`\begin{` + env + `}`)
		s.copyThroughEnd(env)
		return
	}
	if strings.HasPrefix(env, "solution") {
		s.leaveChoices()
	}
	if closable[env] && len(s.envs) > 0 {
		// a solution or parts list never sits inside \textbf{…}: the model forgot a }
		s.closeBracesTo(s.envs[len(s.envs)-1].depth)
	}
	s.envs = append(s.envs, openEnv{name: env, depth: s.depth, math: s.math})
	s.emit(`\begin{` + env + `}`)
	if (env == "figure" || env == "table") && strings.HasPrefix(string(s.src[s.i:min(len(s.src), s.i+3)]), "[H]") {
		s.i += 3 // [H] needs the float package; "here, if at all possible" is the nearest
		s.emit("[h!]")
		s.f.add("Replaced the float position [H] with [h!]")
	}
}

// choiceEnvs list answer options; a solution printed inside oneparchoices sends pdflatex into
// an endless loop, so a solution the model put there is moved after the list.
var choiceEnvs = set(worksheet.ChoiceLists...)

func (s *scanner) leaveChoices() {
	for len(s.envs) > 0 && choiceEnvs[s.envs[len(s.envs)-1].name] {
		s.f.add("Moved a solution out of the answer choices")
		s.newlineBeforeClose()
		s.closeEnv()
		s.emit("\n")
	}
}

// copyThroughEnd copies a verbatim-like environment (verbatim, TikZ) up to its \end as written.
func (s *scanner) copyThroughEnd(env string) {
	rest := s.rest(s.i)
	closing := `\end{` + env + `}`
	k := strings.Index(rest, closing)
	if k < 0 {
		s.emit(rest + "\n" + closing)
		s.f.add(`Closed \begin{` + env + `} that was never ended`)
		s.i = len(s.src)
		return
	}
	s.emit(rest[:k+len(closing)])
	s.i += utf8.RuneCountInString(rest[:k+len(closing)])
}

func (s *scanner) end(env string) {
	k := -1
	for j := len(s.envs) - 1; j >= 0; j-- {
		if s.envs[j].name == env {
			k = j
			break
		}
	}
	if k < 0 && s.mapped[env] > 0 {
		s.mapped[env]--
		s.end(envMap[env])
		return
	}
	if k < 0 && s.dropped[env] > 0 {
		s.dropped[env]--
		if n := len(s.droppedHeading); n > 0 && s.droppedHeading[n-1] == env {
			s.droppedHeading = s.droppedHeading[:n-1]
			s.emit("\\par")
		}
		return
	}
	if k < 0 {
		s.f.add(`Removed a stray \end{` + env + `}`)
		if (len(s.out) == 0 || s.out[len(s.out)-1] == '\n') && s.i < len(s.src) && s.src[s.i] == '\n' {
			s.i++ // and the line it stood on
		}
		return
	}
	s.closeEnvsAbove(k)
	s.closeEnv()
}

// closeEnvsAbove ends, innermost first, every environment opened after envs[k].
func (s *scanner) closeEnvsAbove(k int) {
	for len(s.envs) > k+1 {
		s.f.add(`Closed \begin{` + s.envs[len(s.envs)-1].name + `} that was never ended`)
		s.newlineBeforeClose()
		s.closeEnv()
	}
}

// newlineBeforeClose puts an inserted \end on a line of its own, after the text it closes.
func (s *scanner) newlineBeforeClose() {
	k := len(s.out)
	for k > 0 && (s.out[k-1] == ' ' || s.out[k-1] == '\t' || s.out[k-1] == '\n') {
		k--
	}
	s.out = append(s.out[:k], '\n')
}

// closeEnv ends the innermost environment, first closing math and braces left open in it.
func (s *scanner) closeEnv() {
	top := s.envs[len(s.envs)-1]
	if s.math != top.math { // math opened inside the environment ends with it
		s.closeAutoMathIfOpen()
		s.closeInlineMath()
	}
	for s.depth > top.depth {
		s.f.add("Closed a { that was never closed")
		s.emit("}")
		s.depth--
	}
	s.emit(`\end{` + top.name + `}`)
	s.envs = s.envs[:len(s.envs)-1]
}

// closable environments may be ended implicitly: a new \question ends the last one's solution.
var closable = set(slices.Concat(worksheet.SolutionEnvironments, worksheet.PartLists, worksheet.ChoiceLists)...)

// ensureHome makes sure \question, \part and \choice sit in their list: it ends a solution or
// parts list the model left open, or opens the list the model forgot.
func (s *scanner) ensureHome(item string) {
	homes := itemHome[item]
	home := -1
	for j := len(s.envs) - 1; j >= 0; j-- {
		if containsString(homes, s.envs[j].name) {
			home = j
			break
		}
	}
	if home >= 0 {
		// end the solution or parts list the last item left open; a container such as
		// multicols between the list and here stays
		closed := false
		for len(s.envs)-1 > home && closable[s.envs[len(s.envs)-1].name] {
			s.f.add(`Closed \begin{` + s.envs[len(s.envs)-1].name + `} that was never ended`)
			s.newlineBeforeClose()
			s.closeEnv()
			closed = true
		}
		s.closeBracesTo(s.envs[len(s.envs)-1].depth)
		if closed {
			s.emit("\n")
		}
		return
	}
	if n := len(s.out); n > 0 && s.out[n-1] != '\n' && s.out[n-1] != ' ' {
		s.emit("\n")
	}
	s.f.add(`Put \` + item + ` inside a ` + homes[0] + ` environment`)
	s.envs = append(s.envs, openEnv{name: homes[0], depth: s.depth, math: s.math})
	s.emit(`\begin{` + homes[0] + "}\n")
}

// closeBracesTo closes groups a model left open across questions (\textbf{… \question …}),
// which pdflatex rejects as a paragraph inside a command's argument.
func (s *scanner) closeBracesTo(depth int) {
	s.closeAutoMathIfOpen()
	if s.depth > depth {
		s.closeInlineMath()
	}
	for s.depth > depth {
		s.f.add("Closed a { that was never closed")
		s.emit("}")
		s.depth--
	}
}

// link prints a \url address as typewriter text and keeps only the text of an \href: the
// server loads no hyperlink package, and a printed sheet cannot be clicked anyway.
func (s *scanner) link(name string) {
	rest := s.rest(s.i)
	end, args, ok := commandSpan(rest, 0, 1)
	s.i += utf8.RuneCountInString(rest[:end])
	if !ok || len(args) == 0 {
		return
	}
	if name == "url" {
		s.emit(`\texttt{` + urlEscaper.Replace(args[0]) + `}`)
	}
	s.f.add(`Replaced \` + name + ` (no hyperlink package on the server)`)
}

var urlEscaper = strings.NewReplacer(`#`, `\#`, `_`, `\_`, `%`, `\%`, `&`, `\&`, `$`, `\$`,
	`~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, `\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`)

func (s *scanner) percent() {
	if s.afterNumber() {
		s.emit(`\%`)
		s.f.add("Escaped % after a number")
		s.i++
		return
	}
	// a real comment: copy it to the end of the line
	k := s.i
	for k < len(s.src) && s.src[k] != '\n' {
		k++
	}
	s.emit(string(s.src[s.i:k]))
	s.i = k
}

// afterNumber: "25%" or "25 %" means percent, not a comment.
func (s *scanner) afterNumber() bool {
	j := s.i - 1
	if j >= 0 && s.src[j] == ' ' {
		j--
	}
	return j >= 0 && isDigitRune(s.src[j])
}

func (s *scanner) dollar() {
	if s.i+1 < len(s.src) && s.src[s.i+1] == '$' {
		switch s.math {
		case textMode:
			s.math = displayDD
			s.mathDepth = s.depth
		case displayDD:
			s.math = textMode
		}
		s.emit("$$")
		s.i += 2
		return
	}
	s.i++
	switch {
	case s.math == dollarMath:
		s.math = textMode
		s.emit("$")
	case s.math != textMode || s.inMath():
		s.emit(`\$`)
		s.f.add("Escaped a $ inside math")
	case s.isMoney():
		s.emit(`\$`)
		s.f.add("Escaped $ used as a currency sign")
	default:
		s.math = dollarMath
		s.mathDepth = s.depth
		s.emit("$")
	}
}

// isMoney: a $ with no partner in its paragraph, or "$5 and $3", is a dollar sign.
func (s *scanner) isMoney() bool {
	para := s.paragraphAhead()
	k := -1 // the partner: the next $ that is not \$
	for _, t := range tex.Raw(para) {
		if t.Kind == tex.Math {
			k = t.Pos
			break
		}
	}
	if k < 0 {
		// no partner: a price, unless what follows is clearly math cut short ($5+\frac{1}{)
		line, _, _ := strings.Cut(para, "\n")
		return !mathyText(line)
	}
	inner := para[:k]
	if inner == "" || !isDigitByte(inner[0]) {
		return false
	}
	// "$4Fe_{(s)} \rightarrow …$" is maths: a price is digits not run into letters, and
	// what follows it has no subscript or maths command
	j := 0
	for j < len(inner) && (isDigitByte(inner[j]) || inner[j] == '.' || inner[j] == ',') {
		j++
	}
	if j < len(inner) && isLetter(inner[j]) || strings.ContainsRune(inner, '_') || mathyText(inner) {
		return false
	}
	return hasWord(inner)
}

// paragraphAhead is the source from the scanner's position to the next blank line, at most
// a page's worth: inline math is never longer, and a long sheet stays linear.
func (s *scanner) paragraphAhead() string {
	end := s.i
	for limit := min(len(s.src), s.i+2000); end < limit; end++ {
		if s.src[end] != '\n' {
			continue
		}
		j := end + 1
		for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
			j++
		}
		if j >= len(s.src) || s.src[j] == '\n' {
			break
		}
	}
	return string(s.src[s.i:end])
}

// mathyText: contains ^ or a math-only command.
func mathyText(s string) bool {
	if strings.ContainsRune(s, '^') {
		return true
	}
	for _, m := range anyCommand.FindAllString(s, -1) {
		if mathCommands[m[1:]] {
			return true
		}
	}
	return false
}

// hasWord reports a run of two or more letters not preceded by a backslash.
func hasWord(s string) bool {
	for j := 0; j < len(s); j++ {
		if !isLetter(s[j]) {
			continue
		}
		k := j
		for k < len(s) && isLetter(s[k]) {
			k++
		}
		if k-j >= 2 && (j == 0 || s[j-1] != '\\') {
			return true
		}
		j = k
	}
	return false
}

func (s *scanner) ampersand() {
	s.i++
	if s.inAlignment() {
		s.emit("&")
		return
	}
	s.emit(`\&`)
	s.f.add("Escaped & in text")
}

// inAlignment: the innermost block environment is a table or alignment, where & is a cell break.
func (s *scanner) inAlignment() bool {
	for j := len(s.envs) - 1; j >= 0; j-- {
		name := s.envs[j].name
		if alignEnvs[name] {
			return true
		}
		if closable[name] || name == worksheet.QuestionList || name == "center" || name == "minipage" ||
			name == "multicols" || name == "enumerate" || name == "itemize" {
			return false
		}
	}
	return false
}

func (s *scanner) underscore() {
	n := 0
	for s.i+n < len(s.src) && s.src[s.i+n] == '_' {
		n++
	}
	math := s.inMath()
	switch {
	case n >= 3 || (math && n == 2):
		s.i += n
		s.emitCmd(blank(n))
		s.f.add("Turned a ___ line into an answer blank")
	case math:
		s.i++
		s.emit("_")
	case s.looksLikeSubscript():
		s.startAutoMath()
		s.i++
		s.emit("_")
	default:
		s.i += n
		s.emit(strings.Repeat(`\_`, n))
		s.f.add("Escaped _ in text")
	}
}

func blank(n int) string {
	if n <= 12 {
		return `\answerblank`
	}
	return fmt.Sprintf(`\answerblank[%.1fcm]`, min(float64(n)*0.25, 12))
}

// looksLikeSubscript: x_1, a_{n}; not snake_case words.
func (s *scanner) looksLikeSubscript() bool {
	if s.i == 0 || s.i+1 >= len(s.src) {
		return false
	}
	prev, next := s.src[s.i-1], s.src[s.i+1]
	if !isLetterRune(prev) && !isDigitRune(prev) && prev != '}' {
		return false
	}
	if next == '{' {
		return true
	}
	after := rune(' ')
	if s.i+2 < len(s.src) {
		after = s.src[s.i+2]
	}
	wordBefore := s.i >= 2 && isLetterRune(s.src[s.i-2]) && isLetterRune(prev)
	return (isLetterRune(next) || isDigitRune(next)) && !isLetterRune(after) && !isDigitRune(after) && !wordBefore
}

func (s *scanner) caret() {
	if s.inMath() {
		s.i++
		s.emit("^")
		return
	}
	if s.i+1 < len(s.src) && (s.src[s.i+1] == '{' || isLetterRune(s.src[s.i+1]) || isDigitRune(s.src[s.i+1])) {
		s.startAutoMath()
		s.i++
		s.emit("^")
		return
	}
	s.i++
	s.emit(`\textasciicircum{}`)
	s.f.add("Escaped ^ in text")
}

func (s *scanner) unicode(c rune) {
	s.i++
	if dropRunes[string(c)] {
		s.f.add("Removed invisible Unicode characters")
		return
	}
	if c == '\u221a' { // √
		s.squareRoot()
		return
	}
	if plain, raise, ok := StyledLetter(c, false); ok && uniMap[c] == (uniForm{}) {
		// a letter Unicode styles (Sₙ, 𝐱): no font has it, the plain letter says the same
		s.f.add(fmt.Sprintf("Replaced Unicode %c", c))
		switch {
		case raise != 0 && s.inMath():
			s.emit(map[int]string{-1: "_", 1: "^"}[raise] + "{" + plain + "}")
		case raise != 0:
			s.emit(map[int]string{-1: `\textsubscript{`, 1: `\textsuperscript{`}[raise] + plain + "}")
		default:
			s.emit(plain)
		}
		return
	}
	if keepLetter(s.src, s.i-1) {
		s.letter(c)
		return
	}
	if c == '\u03bc' && !s.inMath() && s.i < len(s.src) && isLetterRune(s.src[s.i]) {
		// the Greek mu as a unit's prefix (8 μm): the micro sign, upright text, not $\mu$
		s.out = append(s.out, '\u00b5')
		s.f.add("Replaced Unicode μ")
		return
	}
	form, ok := uniMap[c]
	if s.keepText && !s.inMath() && (ok && form.text != "" || !ok && typesettable(c)) {
		s.out = append(s.out, c) // the document renderer prints it as it is
		return
	}
	if !ok {
		if typesettable(c) {
			s.out = append(s.out, c)
			return
		}
		s.f.add(fmt.Sprintf("Dropped %q, which pdflatex cannot print", c))
		if n := len(s.out); n > 0 && s.out[n-1] == '(' && s.i < len(s.src) && s.src[s.i] == ')' {
			// "(♩)" would leave "()": the brackets held only the symbol
			s.out, s.i = s.out[:n-1], s.i+1
			if n := len(s.out); n > 0 && s.out[n-1] == ' ' && s.i < len(s.src) && s.src[s.i] == ' ' {
				s.i++
			}
		}
		return
	}
	s.f.add(fmt.Sprintf("Replaced Unicode %c", c))
	switch {
	case !s.inMath() && strings.HasPrefix(form.math, "^") && s.i >= 2 && isLetterRune(s.src[s.i-2]) && (!s.keepText || c <= 0xff):
		// a unit's power, cm² or m³: raised text, not maths (which would set the unit in
		// italics); a document's text keeps the character, which it prints as it is
		if s.keepText {
			s.out = append(s.out, c)
		} else {
			s.emit(`\textsuperscript{` + form.math[1:] + `}`)
		}
	case s.inMath():
		s.emitCmd(form.math)
	case form.text != "":
		s.emit(form.text)
	default:
		s.startAutoMath()
		s.emitCmd(form.math)
	}
}

// squareRoot turns √16, √(x+1) and a lone √ into \sqrt{…} or \surd.
func (s *scanner) squareRoot() {
	s.f.add("Replaced Unicode √")
	if !s.inMath() {
		s.startAutoMath()
	}
	j := s.i
	if j < len(s.src) && s.src[j] == '(' {
		depth := 0
		for k := j; k < len(s.src) && s.src[k] != '\n'; k++ {
			if s.src[k] == '(' {
				depth++
			} else if s.src[k] == ')' {
				depth--
				if depth == 0 {
					s.emit(`\sqrt{` + string(s.src[j+1:k]) + `}`)
					s.i = k + 1
					return
				}
			}
		}
	}
	for j < len(s.src) && (isDigitRune(s.src[j]) || isLetterRune(s.src[j]) || s.src[j] == '.') {
		j++
	}
	if j > s.i {
		s.emit(`\sqrt{` + string(s.src[s.i:j]) + `}`)
		s.i = j
		return
	}
	s.emitCmd(`\surd`)
}

func (s *scanner) closeInlineMath() {
	closer := map[mathKind]string{dollarMath: "$", displayDD: "$$", parenMath: `\)`, bracketMth: `\]`}[s.math]
	if closer == "" {
		return
	}
	for s.depth > s.mathDepth {
		s.f.add("Closed a { that was never closed")
		s.emit("}")
		s.depth--
	}
	s.f.add("Closed math mode that was never closed")
	s.emit(closer)
	s.math = textMode
}

func (s *scanner) closeAutoMathIfOpen() {
	if s.math == autoMath {
		for s.depth > s.autoDepth { // a group opened inside the expression: \frac{1}{
			s.f.add("Closed a { that was never closed")
			s.emit("}")
			s.depth--
		}
		s.closeAutoMath()
	}
}

// finish closes whatever the model left open, innermost first.
func (s *scanner) finish() {
	s.closeAutoMathIfOpen()
	if len(s.envs) == 0 || !mathEnvs[s.envs[len(s.envs)-1].name] {
		s.closeInlineMath()
	}
	floor := 0
	if len(s.envs) > 0 {
		floor = s.envs[len(s.envs)-1].depth
	}
	for s.depth > floor {
		s.f.add("Closed a { that was never closed")
		s.emit("}")
		s.depth--
	}
	for len(s.envs) > 0 {
		s.f.add(`Closed \begin{` + s.envs[len(s.envs)-1].name + `} that was never ended`)
		s.newlineBeforeClose()
		s.closeEnv()
	}
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func isLetterRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
func isDigitRune(r rune) bool  { return r >= '0' && r <= '9' }
func isDigitByte(b byte) bool  { return b >= '0' && b <= '9' }
