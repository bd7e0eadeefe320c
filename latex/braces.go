package latex

// ClosingBrace is the index of the brace that closes the group opening at s[i] ('{'), or -1
// when it never closes. An escaped brace (\{, \}) does not count. Every reader of LaTeX in
// the server (the body check, the document reader, the normaliser, the exports) finds a
// group's end with it.
func ClosingBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}
