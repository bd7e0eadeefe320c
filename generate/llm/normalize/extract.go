package normalize

import (
	"regexp"
	"strings"
)

var fenceLine = regexp.MustCompile("^\\s*(```|~~~)")

// extract pulls the LaTeX out of a chat answer: from a Markdown code block when there is one,
// otherwise from the whole text with the chat sentences around it removed.
var thinking = regexp.MustCompile(`(?s)^\s*<(think|thinking|reasoning)>.*?(</(think|thinking|reasoning)>|$)`)

func extract(s string, f *fixLog) string {
	if loc := thinking.FindStringIndex(s); loc != nil {
		// reasoning models put their thoughts first; they must not print on the sheet
		s = s[loc[1]:]
		f.add("Removed the model's reasoning")
	}
	if blocks := fencedBlocks(s); len(blocks) > 0 {
		f.add("Took the LaTeX out of a Markdown code block")
		return bestBlock(blocks)
	}
	if strings.Contains(s, `\begin{document}`) {
		return s // latex.Body keeps the document's body; text around it goes with the preamble
	}
	return trimProse(s, f)
}

// fencedBlocks returns the content of each ``` block; a block the model never closed
// (its answer was cut off) runs to the end.
func fencedBlocks(s string) []string {
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(s, "\n") {
		if fenceLine.MatchString(line) {
			if in {
				blocks = append(blocks, strings.Join(cur, "\n"))
				cur = nil
			}
			in = !in
			continue
		}
		if in {
			cur = append(cur, line)
		}
	}
	if in && len(cur) > 0 {
		blocks = append(blocks, strings.Join(cur, "\n"))
	}
	return blocks
}

// bestBlock prefers a whole document, then the block with the most questions, then the longest:
// models sometimes add a second small block ("compile with pdflatex file.tex").
func bestBlock(blocks []string) string {
	best, bestScore := "", -1
	for _, b := range blocks {
		score := len(b) + 1000*strings.Count(b, `\question`)
		if strings.Contains(b, `\begin{document}`) {
			score += 1_000_000
		}
		if score > bestScore {
			best, bestScore = b, score
		}
	}
	return best
}

var chattyAnywhere = regexp.MustCompile(`(?i)would you like|let me know|feel free|i hope|hope this|happy to help|if you('d| would) like|do you want|shall i`)

var chatty = regexp.MustCompile(`(?i)^\s*(here|sure|certainly|of course|absolutely|okay|ok\b|below|i've|i have|i'll|i will|i hope|i made|this worksheet|the worksheet|this version|let me|feel free|hope|note\b|great|happy to|enjoy|good luck|you can|if you|would you|---)`)

// trimProse drops leading and trailing lines that are chat, not LaTeX: they contain no
// command and read like a reply ("Here is your worksheet:", "Let me know if …").
func trimProse(s string, f *fixLog) string {
	lines := strings.Split(s, "\n")
	isChat := func(l string) bool {
		l = strings.TrimSpace(l)
		if l == "" {
			return true
		}
		if strings.ContainsAny(l, `\$`) {
			return false
		}
		return chatty.MatchString(l) || chattyAnywhere.MatchString(l) || strings.HasSuffix(l, ":")
	}
	start, end := 0, len(lines)
	for start < end && isChat(lines[start]) {
		start++
	}
	for end > start && isChat(lines[end-1]) {
		end--
	}
	dropped := strings.Join(lines[:start], "") + strings.Join(lines[end:], "")
	if strings.TrimSpace(dropped) != "" {
		f.add("Removed the model's chat text around the LaTeX")
	}
	return strings.Join(lines[start:end], "\n")
}
