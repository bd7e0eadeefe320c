package export

import (
	"strings"
	"unicode"

	"sheetsmith/tex"
)

// The inline LaTeX of a document's texts (worksheet.Validate's small allow-list: words,
// maths between $…$, a few text commands) read into pandoc inlines. Maths stays TeX, in Math
// nodes, which pandoc writes as Word equations (OMML).

// inlineReader reads one text. math makes the node of a formula (an equation, or a picture
// of one Word cannot edit); blank the node of the n-th run of underscores (a blank).
type inlineReader struct {
	s      string
	i      int
	math   func(tex string, display bool) node
	blank  func(n int) []node
	blanks int
	out    []node
	text   strings.Builder
}

// readInline reads s; math and blank may be nil (plain equations, plain lines).
func readInline(s string, math func(string, bool) node, blank func(int) []node) []node {
	if math == nil {
		math = func(tex string, display bool) node {
			if display {
				return displayMath(tex)
			}
			return inlineMath(tex)
		}
	}
	if blank == nil {
		blank = func(int) []node { return []node{str(answerLine(10))} }
	}
	r := &inlineReader{s: strings.ReplaceAll(s, "\r\n", "\n"), math: math, blank: blank}
	return trimSpaces(r.group(false))
}

// group reads up to the end of the text, or of the braced group it is in (inner).
func (r *inlineReader) group(inner bool) []node {
	saved, savedText := r.out, r.text.String()
	r.out = nil
	r.text.Reset()
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '}' && inner:
			r.i++
			return r.restore(saved, savedText)
		case c == '{':
			r.i++
			r.flush()
			r.out = append(r.out, r.group(true)...)
		case c == '}':
			r.i++ // unbalanced: dropped
		case c == '$':
			r.dollarMath()
		case c == '\\':
			r.command()
		case c == '~':
			r.i++
			r.text.WriteString("\u00a0")
		case c == '%':
			for r.i < len(r.s) && r.s[r.i] != '\n' {
				r.i++
			}
		case c == '_' && strings.HasPrefix(r.s[r.i:], "___"):
			for r.i < len(r.s) && r.s[r.i] == '_' {
				r.i++
			}
			r.flush()
			r.out = append(r.out, r.blank(r.blanks)...)
			r.blanks++
		case strings.HasPrefix(r.s[r.i:], "---"):
			r.i += 3
			r.text.WriteString("—")
		case strings.HasPrefix(r.s[r.i:], "--"):
			r.i += 2
			r.text.WriteString("–")
		case strings.HasPrefix(r.s[r.i:], "``"):
			r.i += 2
			r.text.WriteString("“")
		case strings.HasPrefix(r.s[r.i:], "''"):
			r.i += 2
			r.text.WriteString("”")
		default:
			r.text.WriteByte(c)
			r.i++
		}
	}
	return r.restore(saved, savedText)
}

// restore ends a group: its nodes, with the enclosing group's state back.
func (r *inlineReader) restore(saved []node, savedText string) []node {
	r.flush()
	got := r.out
	r.out = saved
	r.text.Reset()
	r.text.WriteString(savedText)
	return got
}

func (r *inlineReader) flush() {
	if r.text.Len() > 0 {
		r.out = append(r.out, words(r.text.String())...)
		r.text.Reset()
	}
}

func (r *inlineReader) emit(n ...node) {
	r.flush()
	r.out = append(r.out, n...)
}

// dollarMath reads $…$ or $$…$$.
func (r *inlineReader) dollarMath() {
	if strings.HasPrefix(r.s[r.i:], "$$") {
		r.i += 2
		r.emit(r.math(r.mathUntil("$$"), true))
		return
	}
	r.i++
	r.emit(r.math(r.mathUntil("$"), false))
}

// mathUntil reads maths up to its closing delimiter (an escaped \$ is maths).
func (r *inlineReader) mathUntil(end string) string {
	start := r.i
	for r.i < len(r.s) {
		if r.s[r.i] == '\\' && r.i+1 < len(r.s) && !strings.HasPrefix(r.s[r.i:], end) {
			r.i += 2
			continue
		}
		if strings.HasPrefix(r.s[r.i:], end) {
			tex := r.s[start:r.i]
			r.i += len(end)
			return strings.TrimSpace(tex)
		}
		r.i++
	}
	return strings.TrimSpace(r.s[start:])
}

// arg reads a command's argument: a braced group, or one character.
func (r *inlineReader) arg() []node {
	r.skipSpaces()
	if r.i < len(r.s) && r.s[r.i] == '{' {
		r.i++
		return r.group(true)
	}
	if r.i < len(r.s) {
		c := r.s[r.i : r.i+1]
		r.i++
		return words(c)
	}
	return nil
}

// rawArg reads a braced argument (or one character) as its text.
func (r *inlineReader) rawArg() string {
	r.skipSpaces()
	if r.i < len(r.s) && r.s[r.i] == '{' {
		arg, end := tex.Group(r.s, r.i)
		r.i = end
		return arg
	}
	if r.i < len(r.s) {
		r.i++
		return r.s[r.i-1 : r.i]
	}
	return ""
}

func (r *inlineReader) skipSpaces() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t') {
		r.i++
	}
}

// Text commands, by what they become.
var (
	symbols = map[string]string{
		"ldots": "…", "dots": "…", "textdegree": "°", "textendash": "–", "textemdash": "—", "quad": "\u2003",
		"qquad": "\u2003\u2003", "S": "§", "P": "¶", "pounds": "£", "checkmark": "✓", "ss": "ß", "aa": "å",
		"AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı",
		"j": "ȷ", "ell": "ℓ", "textquestiondown": "¿", "textexclamdown": "¡", "guillemotleft": "«",
		"guillemotright": "»", "quotedblbase": "„", "quotesinglbase": "‚", "textquotedblleft": "“",
		"textquoteleft": "‘", "textbullet": "•", "texteuro": "€", "textcent": "¢", "textyen": "¥",
		"textperthousand": "‰", "textdagger": "†", "answerblank": answerLine(10),
	}
	wrappers = map[string]func([]node) node{
		"textbf": strong, "emph": emph, "textit": emph, "textsl": emph, "underline": underline,
		"textsuperscript": superscript, "textsubscript": subscript, "textsc": smallCaps,
		"cancel":  func(x []node) node { return node{T: "Strikeout", C: x} },
		"bcancel": func(x []node) node { return node{T: "Strikeout", C: x} },
		"xcancel": func(x []node) node { return node{T: "Strikeout", C: x} },
	}
	// contents print their argument as it is
	contents = set("text textrm textsf texttt textup textmd textnormal mbox fbox ce pu num si unit")
	ignored  = set("noindent hfill small footnotesize large normalsize tiny Large par")
	// accents as combining marks, after their letter
	accents = map[string]string{
		"'": "\u0301", "`": "\u0300", "^": "\u0302", "\"": "\u0308", "~": "\u0303", "=": "\u0304", ".": "\u0307",
		"c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "r": "\u030a", "k": "\u0328", "b": "\u0331",
		"d": "\u0323", "t": "\u0361",
	}
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// command reads the command at its backslash.
func (r *inlineReader) command() {
	name, end := tex.Command(r.s, r.i)
	r.i = end
	if name == "" {
		return
	}
	if !tex.IsLetter(name[0]) {
		switch name {
		case "(":
			r.emit(r.math(r.mathUntil(`\)`), false))
		case "[":
			r.emit(r.math(r.mathUntil(`\]`), true))
		case `\`:
			r.emit(lineBreak())
		case ",", ";", ":", "!":
			r.text.WriteString("\u2009")
		case " ", "\n":
			r.text.WriteString(" ")
		default:
			if mark, ok := accents[name]; ok {
				r.accent(mark)
				return
			}
			r.text.WriteString(name) // \% \& \$ \# \_ \{ \}
		}
		return
	}
	switch {
	case symbols[name] != "":
		r.text.WriteString(symbols[name])
		r.skipCommandSpace()
	case wrappers[name] != nil:
		r.emit(wrappers[name](r.arg()))
	case contents[name]:
		r.emit(r.arg()...)
	case accents[name] != "" && len(name) == 1:
		r.accent(accents[name])
	case name == "SI" || name == "qty":
		n := r.arg()
		u := r.arg()
		r.emit(append(append(n, str("\u00a0")), u...)...)
	case name == "ang":
		r.emit(append(r.arg(), str("°"))...)
	case name == "newline" || name == "linebreak":
		r.emit(lineBreak())
	case ignored[name]:
		r.skipCommandSpace()
	default:
		// a command this reader does not know prints its argument, if it has one
		r.skipSpaces()
		if r.i < len(r.s) && r.s[r.i] == '{' {
			r.emit(r.arg()...)
		}
	}
}

// skipCommandSpace drops the spaces after a command word, as TeX does.
func (r *inlineReader) skipCommandSpace() {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\n') {
		r.i++
	}
}

// accent writes its argument with the mark: the precomposed letter when there is one (so
// Word's search and spelling see "café"), else the letter and a combining mark.
func (r *inlineReader) accent(mark string) {
	r.skipSpaces()
	letter := strings.TrimSpace(r.rawArg())
	if letter == `\i` || letter == `\j` { // a dotless i takes the accent: \'{\i}
		letter = letter[1:]
	}
	if c, ok := composed[letter+mark]; ok {
		r.text.WriteString(c)
		return
	}
	r.text.WriteString(letter + mark)
}

// composed maps a letter and a combining mark to the precomposed letter, for the letters
// of the languages the sheets are written in.
var composed = func() map[string]string {
	m := map[string]string{}
	for mark, pairs := range map[string]string{
		"\u0301": "aáeéiíoóuúyýAÁEÉIÍOÓUÚYÝcćnńsśzźCĆNŃSŚZŹ",
		"\u0300": "aàeèiìoòuùAÀEÈIÌOÒUÙ",
		"\u0302": "aâeêiîoôuûAÂEÊIÎOÔUÛ",
		"\u0308": "aäeëiïoöuüyÿAÄEËIÏOÖUÜ",
		"\u0303": "aãnñoõAÃNÑOÕ",
		"\u0327": "cçCÇsşSŞ",
		"\u030c": "cčsšzžrřeěnňdďtťCČSŠZŽRŘEĚNŇDĎTŤ",
		"\u030a": "aåuůAÅUŮ",
		"\u030b": "oőuűOŐUŰ",
		"\u0328": "aąeęAĄEĘ",
		"\u0304": "aāeēiīoōuūAĀEĒIĪOŌUŪ",
		"\u0306": "aăgğAĂGĞ",
		"\u0307": "zżZŻ",
	} {
		rs := []rune(pairs)
		for i := 0; i+1 < len(rs); i += 2 {
			m[string(rs[i])+mark] = string(rs[i+1])
		}
	}
	return m
}()

// trimSpaces drops leading and trailing spaces.
func trimSpaces(x []node) []node {
	for len(x) > 0 && x[0].T == "Space" {
		x = x[1:]
	}
	for len(x) > 0 && x[len(x)-1].T == "Space" {
		x = x[:len(x)-1]
	}
	return x
}

// answerLine is a line to write on: n underscores, about n × 0.25 cm in Word's body font.
func answerLine(n int) string {
	return strings.Repeat("_", max(n, 3))
}

// plainText is the words of inline LaTeX without its markup (alt text, names).
func plainText(s string) string {
	var b strings.Builder
	var walk func(x []node)
	walk = func(x []node) {
		for _, n := range x {
			switch n.T {
			case "Str":
				b.WriteString(n.C.(string))
			case "Space", "LineBreak":
				b.WriteString(" ")
			case "Math":
				b.WriteString(n.C.([]any)[1].(string))
			default:
				if inner, ok := n.C.([]node); ok {
					walk(inner)
				}
			}
		}
	}
	walk(readInline(s, nil, nil))
	return strings.TrimFunc(b.String(), unicode.IsSpace)
}
