package normalize

import (
	"regexp"
	"strings"
)

// Text fixes one text field of a document (a question, a choice, an answer) the way Body
// fixes a body: % & # _ $ escaped where they are text, Unicode maths mapped, maths written in
// text wrapped in $…$; display maths ($$…$$, \[…\], align*, equation) becomes inline maths,
// which a document's text allows. A ___ blank stays as it is. fixes are as Body's.
func Text(s string) (string, []string) {
	var f fixLog
	// a code listing (``` … ```) is code, printed as written: the renderer escapes it
	const code = "\x00code\x00"
	listings := codeFence.FindAllString(s, -1)
	s = codeFence.ReplaceAllString(s, code)
	s = inlineDisplay(s, &f)
	s = inlineMarkdown(s, &f)
	// the blanks a document's text marks with ___ are not the scanner's to turn into commands
	const mark = "\x00blank\x00"
	runs := underscoreRun.FindAllString(s, -1)
	s = underscoreRun.ReplaceAllString(s, mark)
	s = outsideMath(s, func(t string) string { return chemistry(t, &f) })
	s = scanWith(&scanner{src: []rune(s), f: &f, dropped: map[string]int{}, defined: map[string]bool{}, definedCmds: map[string]bool{}, keepText: true})
	for _, r := range runs {
		s = strings.Replace(s, mark, r, 1)
	}
	for _, l := range listings {
		s = strings.Replace(s, code, l, 1)
	}
	return strings.TrimSpace(s), f.list()
}

// chemistry writes a formula or an equation with _ subscripts in text as \ce{…}.
func chemistry(t string, f *fixLog) string {
	if !strings.Contains(t, "_") {
		return t
	}
	ce := func(m string) string {
		if !strings.Contains(m, "_") {
			return m
		}
		f.add("Wrote a chemical formula with \\ce")
		m = strings.NewReplacer("_", "", "{", "", "}", "", "→", "->", "⟶", "->", "⇌", "<=>").Replace(m)
		return `\ce{` + strings.TrimSpace(m) + `}`
	}
	t = chemEquation.ReplaceAllStringFunc(t, ce)
	return chemToken.ReplaceAllStringFunc(t, ce)
}

// outsideMath applies fn to the parts of s outside $…$.
func outsideMath(s string, fn func(string) string) string {
	var b strings.Builder
	start, math := 0, false
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] != '$' {
			continue
		}
		if math {
			b.WriteString(s[start : i+1])
		} else {
			b.WriteString(fn(s[start:i]))
			b.WriteByte('$')
		}
		start, math = i+1, !math
	}
	if math {
		b.WriteString(s[start:])
	} else {
		b.WriteString(fn(s[start:]))
	}
	return b.String()
}

const (
	chemFormula = `\d*(?:[A-Z][a-z]?(?:_\{?\d+\}?|\d+)?|\((?:[A-Z][a-z]?\d*)+\)(?:_\{?\d+\}?|\d+)?)+(?:\((?:s|l|g|aq)\))?`
	chemArrow   = `\s*(?:\+|→|->|⟶|⇌|=)\s*`
)

var (
	// chemEquation and chemToken: a formula written in text with its subscripts as _2
	// (4Fe(s) + 3O_2(g) → 2Fe_2O_3(s)), which mhchem sets as a formula.
	chemEquation  = regexp.MustCompile(chemFormula + `(?:` + chemArrow + chemFormula + `)+`)
	chemToken     = regexp.MustCompile(`\b` + chemFormula)
	underscoreRun = regexp.MustCompile(`_{3,}`)
	codeFence     = regexp.MustCompile("(?s)```[\\w+#.-]*[ \\t]*\n.*?\n?[ \\t]*```")
	displayEnv    = regexp.MustCompile(`(?s)\\begin\{(align|equation|gather|eqnarray|multline|displaymath)(\*?)\}(.*?)\\end\{(?:align|equation|gather|eqnarray|multline|displaymath)\*?\}`)
	displayDollar = regexp.MustCompile(`(?s)\$\$(.+?)\$\$`)
	displayFence  = regexp.MustCompile(`(?s)\\\[(.+?)\\\]`)
)

// inlineDisplay turns display maths into inline maths: an alignment into $\begin{aligned}…$.
func inlineDisplay(s string, f *fixLog) string {
	out := displayEnv.ReplaceAllStringFunc(s, func(m string) string {
		sub := displayEnv.FindStringSubmatch(m)
		body := strings.TrimSpace(sub[3])
		if strings.Contains(body, "&") || strings.Contains(body, `\\`) {
			return `$\begin{aligned}` + body + `\end{aligned}$`
		}
		return "$" + body + "$"
	})
	out = displayDollar.ReplaceAllString(out, "$$$1$$")
	out = displayFence.ReplaceAllString(out, "$$$1$$")
	if out != s {
		f.add("Turned display maths into inline maths")
	}
	return out
}
