package normalize

import "strings"

// Math written in text mode ("What is 7 \times 8?", "x^2", "5 × 3") stops pdflatex with
// "Missing $ inserted". The scanner puts $…$ around the expression: it looks back over what
// it already wrote for the start of the expression, and forward for its end.

// startAutoMath opens $ at the start of the expression that ends where the scanner stands.
func (s *scanner) startAutoMath() {
	j := s.expressionStart()
	s.out = append(s.out[:j], append([]rune{'$'}, s.out[j:]...)...)
	s.math = autoMath
	s.autoDepth = s.depth
	s.autoParen = strings.Count(string(s.out[j:]), "(") - strings.Count(string(s.out[j:]), ")")
	s.f.add("Put math written in text inside $…$")
}

// expressionStart walks back from the end of the output over numbers, operators, single-letter
// variables, math commands with their arguments, ^ and _; it stops at words and line ends.
func (s *scanner) expressionStart() int {
	out := s.out
	j := len(out)
	floor := s.textFloor()
	for j > floor {
		c := out[j-1]
		switch {
		case c == '-' && (j >= 2 && out[j-2] == '-' || j < len(out) && out[j] == '-'):
			return trimLeadingSpace(out, j) // -- and --- are text dashes
		case c == ' ' || isDigitRune(c) || strings.ContainsRune("+-*/=<>|^_", c):
			j--
		case c == '(' || c == ')' || c == '[' || c == ']':
			j--
		case c == '.' || c == ',':
			if j >= 2 && isDigitRune(out[j-2]) && j < len(out) && isDigitRune(out[j]) {
				j--
				continue
			}
			return trimLeadingSpace(out, j)
		case c == '}':
			k := s.groupChainStart(j - 1)
			if k < 0 {
				return trimLeadingSpace(out, j)
			}
			j = k
		case isLetterRune(c):
			w := j - 1
			for w > floor && isLetterRune(out[w-1]) {
				w--
			}
			if w > floor && out[w-1] == '\\' {
				if !mathCommands[string(out[w:j])] {
					return trimLeadingSpace(out, j)
				}
				j = w - 1
				continue
			}
			if j-w != 1 || (w > 0 && out[w-1] == '\'') {
				return trimLeadingSpace(out, j) // a word, or the s of "What's"
			}
			j = w
		default:
			return trimLeadingSpace(out, j)
		}
	}
	return trimLeadingSpace(out, j)
}

// textFloor is the start of the current line, or of the innermost brace group open there,
// so the expression never swallows a command's opening brace.
func (s *scanner) textFloor() int {
	depth := 0
	for j := len(s.out) - 1; j >= 0; j-- {
		switch s.out[j] {
		case '\n', '$':
			return j + 1
		case '}':
			if j == 0 || s.out[j-1] != '\\' {
				depth++
			}
		case '{':
			if j > 0 && s.out[j-1] == '\\' {
				continue
			}
			if depth == 0 {
				return j + 1
			}
			depth--
		}
	}
	return 0
}

// groupChainStart: for "\frac{3}{4}" or "^{2}" ending at the } at i, the index where the
// command owning the groups starts; -1 when the groups belong to a text command like \textbf.
func (s *scanner) groupChainStart(i int) int {
	out := s.out
	for {
		open := matchOpen(out, i)
		if open < 0 {
			return -1
		}
		if open > 0 && out[open-1] == '}' {
			i = open - 1
			continue
		}
		if open > 0 && (out[open-1] == '^' || out[open-1] == '_') {
			return open - 1
		}
		w := open
		for w > 0 && isLetterRune(out[w-1]) {
			w--
		}
		if w > 0 && out[w-1] == '\\' && mathCommands[string(out[w:open])] {
			return w - 1
		}
		return -1
	}
}

func matchOpen(out []rune, close int) int {
	depth := 0
	for j := close; j >= 0; j-- {
		if j > 0 && out[j-1] == '\\' {
			continue
		}
		switch out[j] {
		case '}':
			depth++
		case '{':
			depth--
			if depth == 0 {
				return j
			}
		case '\n':
			return -1
		}
	}
	return -1
}

func trimLeadingSpace(out []rune, j int) int {
	for j < len(out) && out[j] == ' ' {
		j++
	}
	return j
}

// autoMathEndsHere: the expression ends at a word, punctuation, a line end, a text command or
// a brace that closes the group it started in.
func (s *scanner) autoMathEndsHere() bool {
	if s.depth > s.autoDepth {
		return false
	}
	j := s.i
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	if j >= len(s.src) {
		return true
	}
	return !s.mathContinues(j)
}

func (s *scanner) mathContinues(j int) bool {
	c := s.src[j]
	switch {
	case isDigitRune(c) || strings.ContainsRune("+-*/=<>|'^_{[]", c):
		return true
	case c == '(':
		return true
	case c == ')':
		return s.autoParen > 0
	case c == '.' || c == ',':
		return j > 0 && isDigitRune(s.src[j-1]) && j+1 < len(s.src) && isDigitRune(s.src[j+1])
	case c == '%':
		return s.afterNumberAt(j)
	case isLetterRune(c): // a single-letter variable, not a word
		return (j+1 >= len(s.src) || !isLetterRune(s.src[j+1])) && (c != 'a' && c != 'A' && c != 'I')
	case c == '\\':
		name, _ := s.commandAt(j)
		return mathFriendly[name]
	case c == '\u221a':
		return true
	case c >= 0x80:
		form, ok := uniMap[c]
		return ok && form.text == ""
	}
	return false
}

func (s *scanner) afterNumberAt(j int) bool {
	saved := s.i
	s.i = j
	ok := s.afterNumber()
	s.i = saved
	return ok
}

// closeAutoMath writes the closing $ before trailing spaces and a dangling "=", so
// "7 \times 8 = ?" reads "$7 \times 8$ = ?".
func (s *scanner) closeAutoMath() {
	k := len(s.out)
	for k > 0 && (s.out[k-1] == ' ' || s.out[k-1] == '=' || s.out[k-1] == '(' || s.out[k-1] == '[') {
		k--
	}
	tail := append([]rune{}, s.out[k:]...)
	s.out = s.out[:k]
	if k > 0 && s.out[k-1] == '$' { // nothing was left inside: drop the $ instead
		s.out = s.out[:k-1]
	} else {
		s.out = append(s.out, '$')
	}
	s.out = append(s.out, tail...)
	s.math = textMode
}
