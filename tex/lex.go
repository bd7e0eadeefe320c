// Package tex is the one LaTeX lexer of the server: every reader of LaTeX (the body check,
// the exam-class reader, the validator, the column fitter, the normaliser, the Word export)
// reads its tokens and arguments here, so each rule of TeX's reading is written once.
//
// Tokens splits a source as TeX's eyes do with the default catcodes: control words (\name,
// letters only) and control symbols (\\, \%, \^^ …), with ^^ notation reduced inside a name
// as TeX reduces it (\^^63atcode is \catcode); groups; math shifts; comments (a % not after a
// backslash, up to the end of its line); spaces and paragraph breaks; and runs of other text.
// \verb|…| and the inside of verbatim-like environments are one Verbatim token, where % is an
// ordinary character. Raw reads the same way but takes % and verbatim as ordinary text: every
// control sequence TeX could meet whatever it ends up meaning, which is how the body check
// reads a hostile body.
//
// On top of the tokens are the argument readers every reader needs, all on byte indices into
// the source: Command (the control sequence at i), Star, Group ({…} after spaces), Option
// ([…] read as LaTeX reads it: a ] inside braces or a \] does not end it), ClosingBrace,
// Name (a short {name} such as an environment's), Environment (the inside and end of the
// environment at i, nested ones of the same name counted), NextCommand, SplitAt (the
// top-level occurrences of commands), SplitTop (a table's rows and cells) and StripComments.
package tex

import (
	"strings"
	"unicode/utf8"
)

// Kind is what a token is.
type Kind uint8

const (
	Text     Kind = iota // a run of other characters
	Word                 // a control word: \ and letters
	Symbol               // a control symbol: \ and one other character (none at the end)
	Open                 // {
	Close                // }
	Math                 // $ or $$
	Comment              // % to the end of its line (the line feed is not part of it)
	Space                // spaces, tabs and at most one line feed
	Par                  // a blank line: from the first of two line feeds to the next non-space
	CharCode             // ^^ notation outside a name (^^5c is a backslash)
	Verbatim             // \verb|…| or the inside of a verbatim environment
)

// Token is one token: s[Pos:End] in the source. Name is a control sequence's name as TeX
// reads it (^^ notation reduced), or the character a CharCode stands for.
type Token struct {
	Kind     Kind
	Pos, End int
	Name     string
}

// verbatimEnvironments are read without comments or commands up to their \end.
var verbatimEnvironments = map[string]bool{"verbatim": true, "verbatim*": true, "Verbatim": true,
	"lstlisting": true, "minted": true, "comment": true}

// Tokens reads s as LaTeX reads a document.
func Tokens(s string) []Token { return lex(s, false) }

// Raw reads s with % and verbatim taken as ordinary characters: every control sequence of s
// is a token, inside comments and \verb too.
func Raw(s string) []Token { return lex(s, true) }

func lex(s string, raw bool) []Token {
	var out []Token
	verbatimAt, verbatimEnv := -1, ""
	for i := 0; i < len(s); {
		if i == verbatimAt {
			end := strings.Index(s[i:], `\end{`+verbatimEnv+`}`)
			if end < 0 {
				end = len(s) - i
			}
			if end > 0 {
				out = append(out, Token{Kind: Verbatim, Pos: i, End: i + end})
			}
			i += end
			verbatimAt = -1
			continue
		}
		t := next(s, i, raw)
		if !raw && t.Kind == Word && t.Name == "begin" {
			if name, _ := Name(s, t.End); verbatimEnvironments[name] {
				_, verbatimAt = Group(s, t.End)
				verbatimEnv = name
			}
		}
		out = append(out, t)
		i = t.End
	}
	return out
}

// next reads the token at s[i].
func next(s string, i int, raw bool) Token {
	switch c := s[i]; {
	case c == '\\':
		name, end := Command(s, i)
		if !raw && name == "verb" {
			return verb(s, i, end)
		}
		if len(name) > 0 && IsLetter(name[0]) {
			return Token{Kind: Word, Pos: i, End: end, Name: name}
		}
		return Token{Kind: Symbol, Pos: i, End: end, Name: name}
	case c == '{':
		return Token{Kind: Open, Pos: i, End: i + 1}
	case c == '}':
		return Token{Kind: Close, Pos: i, End: i + 1}
	case c == '$':
		if i+1 < len(s) && s[i+1] == '$' {
			return Token{Kind: Math, Pos: i, End: i + 2}
		}
		return Token{Kind: Math, Pos: i, End: i + 1}
	case c == '%' && !raw:
		end := strings.IndexByte(s[i:], '\n')
		if end < 0 {
			end = len(s) - i
		}
		return Token{Kind: Comment, Pos: i, End: i + end}
	case isSpace(c):
		j, lines := i, 0
		for j < len(s) && isSpace(s[j]) {
			if s[j] == '\n' {
				if lines++; lines == 2 {
					break
				}
			}
			j++
		}
		if lines < 2 {
			return Token{Kind: Space, Pos: i, End: j}
		}
		first := i + strings.IndexByte(s[i:], '\n')
		if first > i {
			return Token{Kind: Space, Pos: i, End: first}
		}
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		return Token{Kind: Par, Pos: i, End: j}
	case c == '^' && i+1 < len(s) && s[i+1] == '^':
		r, end := charCode(s, i)
		return Token{Kind: CharCode, Pos: i, End: end, Name: string(r)}
	}
	j := i + 1
	for j < len(s) && !special(s, j, raw) {
		j++
	}
	return Token{Kind: Text, Pos: i, End: j}
}

func special(s string, j int, raw bool) bool {
	switch s[j] {
	case '\\', '{', '}', '$', ' ', '\t', '\n', '\r':
		return true
	case '%':
		return !raw
	case '^':
		return j+1 < len(s) && s[j+1] == '^'
	}
	return false
}

// verb reads \verb (name ending at j) and its delimited argument, which ends at the
// delimiter's next occurrence or at the end of the line.
func verb(s string, i, j int) Token {
	j = Star(s, j)
	if j >= len(s) || s[j] == '\n' {
		return Token{Kind: Word, Pos: i, End: j, Name: "verb"}
	}
	end := j + 1
	for end < len(s) && s[end] != s[j] && s[end] != '\n' {
		end++
	}
	if end < len(s) && s[end] == s[j] {
		end++
	}
	return Token{Kind: Verbatim, Pos: i, End: end, Name: "verb"}
}

// charCode reads the ^^ notation at s[i]: two lowercase hexadecimal digits, or else one
// character whose code is shifted by 64.
func charCode(s string, i int) (byte, int) {
	if i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) {
		return hex(s[i+2])<<4 | hex(s[i+3]), i + 4
	}
	if i+2 < len(s) && s[i+2] < 128 {
		if s[i+2] < 64 {
			return s[i+2] + 64, i + 3
		}
		return s[i+2] - 64, i + 3
	}
	return '^', i + 1
}

// char reads one character of a name at s[i], reducing ^^ notation.
func char(s string, i int) (byte, int) {
	if s[i] == '^' && i+2 < len(s) && s[i+1] == '^' {
		return charCode(s, i)
	}
	return s[i], i + 1
}

// Command reads the control sequence at s[i] ('\'): its name as TeX reads it and the index
// after it. A control word is the longest run of letters (^^ notation reduced); otherwise
// the name is the one character after the backslash, and empty at the end of s.
func Command(s string, i int) (string, int) {
	j := i + 1
	if j >= len(s) {
		return "", j
	}
	c, k := char(s, j)
	if !IsLetter(c) {
		if k == j+1 {
			_, size := utf8.DecodeRuneInString(s[j:])
			return s[j : j+size], j + size
		}
		return string(rune(c)), k
	}
	plain := k == j+1
	name := []byte{c}
	for j = k; j < len(s); j = k {
		if c, k = char(s, j); !IsLetter(c) {
			break
		}
		plain = plain && k == j+1
		name = append(name, c)
	}
	if plain {
		return s[i+1 : j], j
	}
	return string(name), j
}

// Star skips a * at j.
func Star(s string, j int) int {
	if j < len(s) && s[j] == '*' {
		return j + 1
	}
	return j
}

// Group reads a {…} argument after optional spaces; end is the index after it, j when there
// is none. An unclosed group runs to the end of s.
func Group(s string, j int) (inner string, end int) {
	k := skipSpaces(s, j, true)
	if k >= len(s) || s[k] != '{' {
		return "", j
	}
	if m := ClosingBrace(s, k); m >= 0 {
		return s[k+1 : m], m + 1
	}
	return s[k+1:], len(s)
}

// maxOption bounds an optional argument, so unclosed brackets cannot make reading quadratic.
const maxOption = 2000

// Option reads a […] argument after spaces (one line feed among them, not a blank line), as
// LaTeX reads it: a ] inside braces or written \] does not end it. end is j when there is
// none (or it does not close).
func Option(s string, j int) (inner string, end int) {
	k := skipSpaces(s, j, false)
	if k < len(s) && s[k] == '\n' {
		k = skipSpaces(s, k+1, false)
	}
	if k >= len(s) || s[k] != '[' {
		return "", j
	}
	depth := 0
	for m := k + 1; m < len(s) && m-k < maxOption; m++ {
		switch s[m] {
		case '\\':
			m++
		case '{':
			depth++
		case '}':
			depth--
		case ']':
			if depth <= 0 {
				return s[k+1 : m], m + 1
			}
		}
	}
	return "", j
}

// ClosingBrace is the index of the brace that closes the group opening at s[i] ('{'), or -1
// when it never closes. An escaped brace (\{, \}) does not count.
func ClosingBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// Name reads a short {name} after spaces (an environment's, a counter's): no brace or line
// feed inside, and within 100 bytes, so unclosed braces cannot make reading quadratic. end is
// the index after it, j when there is none.
func Name(s string, j int) (name string, end int) {
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k >= len(s) || s[k] != '{' {
		return "", j
	}
	n := strings.IndexByte(s[k:min(len(s), k+100)], '}')
	if n < 0 || strings.ContainsAny(s[k+1:k+n], "{\n") {
		return "", j
	}
	return s[k+1 : k+n], k + n + 1
}

// Environment reads the environment whose \begin is at s[i]: its inside and the index after
// its \end, counting nested environments of the same name. ok is false when it never ends.
func Environment(s string, i int) (inner string, end int, ok bool) {
	_, j := Command(s, i)
	name, _ := Name(s, j)
	open, close := `\begin{`+name+`}`, `\end{`+name+`}`
	start := strings.Index(s[i:], "}") + i + 1
	// the next \begin and \end of the name, each searched again only once passed: one scan of
	// s however deep the nesting (searching both from every match was quadratic)
	find := func(sub string, from int) int {
		if k := strings.Index(s[from:], sub); k >= 0 {
			return from + k
		}
		return -1
	}
	o, c := find(open, start), find(close, start)
	for depth := 1; c >= 0; {
		if o >= 0 && o < c {
			depth++
			o = find(open, o+len(open))
			continue
		}
		if depth--; depth == 0 {
			return s[start:c], c + len(close), true
		}
		c = find(close, c+len(close))
	}
	return "", len(s), false
}

// NextCommand is the index of the next control word at or after i, or len(s).
func NextCommand(s string, i int) int {
	for j := i; j < len(s); j++ {
		if s[j] == '\\' {
			if j+1 < len(s) && !IsLetter(s[j+1]) {
				j++
				continue
			}
			return j
		}
	}
	return len(s)
}

// Part is a piece of a split: the command that opens it ("" for the first) and its text.
type Part struct {
	Cmd, Text string
}

// SplitAt splits s at the top-level (outside braces and environments) occurrences of the
// commands; the first part is what comes before the first command.
func SplitAt(s string, cmds ...string) []Part {
	out := []Part{{}}
	start, depth, envDepth := 0, 0, 0
	for _, t := range Tokens(s) {
		switch t.Kind {
		case Open:
			depth++
		case Close:
			depth--
		case Word:
			switch {
			case t.Name == "begin":
				envDepth++
			case t.Name == "end":
				envDepth--
			case depth == 0 && envDepth == 0:
				for _, c := range cmds {
					if t.Name == c {
						out[len(out)-1].Text = s[start:t.Pos]
						out = append(out, Part{Cmd: c})
						start = t.End
					}
				}
			}
		}
	}
	out[len(out)-1].Text = s[start:]
	return out
}

// StripComments removes the comments of s; their line feeds stay.
func StripComments(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for _, t := range Tokens(s) {
		if t.Kind != Comment {
			b.WriteString(s[t.Pos:t.End])
		}
	}
	return b.String()
}

func skipSpaces(s string, j int, lines bool) int {
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || lines && s[j] == '\n') {
		j++
	}
	return j
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// IsLetter reports whether c is a letter of a control word.
func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }

func hex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'a' + 10
}

// SplitTop splits a table's body at sep (\\ for its rows, & for a row's cells) outside braces and
// maths; an escaped \& is not a separator.
func SplitTop(s, sep string) []string {
	var parts []string
	depth, inMath, start := 0, false, 0
	for _, t := range Tokens(s) {
		switch t.Kind {
		case Open:
			depth++
		case Close:
			depth--
		case Math:
			inMath = inMath != (t.End-t.Pos == 1) // $$ opens and closes nothing here
		}
		if depth != 0 || inMath {
			continue
		}
		switch text := s[t.Pos:t.End]; {
		case t.Kind == Symbol && text == sep:
			parts = append(parts, s[start:t.Pos])
			start = t.End
		case t.Kind == Text && sep == "&":
			for k := strings.Index(text, sep); k >= 0; k = strings.Index(text, sep) {
				parts = append(parts, s[start:t.End-len(text)+k])
				text = text[k+1:]
				start = t.End - len(text)
			}
		}
	}
	return append(parts, s[start:])
}
