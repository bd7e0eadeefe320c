package generate

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"sheetsmith/generate/llm/normalize"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// MaxFixes bounds how often the server mends a draft the compiler rejected before it goes back
// to a repairing engine: each fix costs one symbol or command, never the sheet.
const MaxFixes = 6

// fixCompile mends the draft the compiler rejected where a rule knows how: an undefined command
// or environment is left out (its arguments and content kept), a double superscript is split,
// a character no font prints is dropped, an \end that ends nothing is removed, and the model's
// own packages go when one breaks the server's (and an \end a package stopped at, once they
// are gone). note is the reply's sentence for what the
// teacher loses ("" when nothing is lost); ok is false when no rule applies.
func fixCompile(draft *Draft, prep *prepared, texErr *latex.Error) (note string, ok bool) {
	switch texErr.Kind {
	case latex.ErrUndefined:
		name := regexp.QuoteMeta(texErr.Command)
		alone := regexp.MustCompile(`(?m)^[ \t]*` + name + `\*?(?:\[[^\]\n]*\])?(?:\{(?:[^{}\n]|\{[^{}\n]*\})*\})*[ \t]*\n?`)
		token := regexp.MustCompile(name + `([^A-Za-z@]|$)`)
		ok = eachText(draft, func(s string) string {
			return token.ReplaceAllString(alone.ReplaceAllString(s, ""), "$1")
		})
		return fmt.Sprintf("The command %s is not available on the server, so I left it out of the sheet.", texErr.Command), ok
	case latex.ErrUndefinedEnv:
		env := regexp.MustCompile(`\\(?:begin|end)\{` + regexp.QuoteMeta(texErr.Command) + `\}(?:\[[^\]\n]*\])?`)
		ok = eachText(draft, func(s string) string { return env.ReplaceAllString(s, "") })
		return fmt.Sprintf("The environment %s is not available on the server, so I printed what was inside it as plain text.", texErr.Command), ok
	case latex.ErrDoubleScript:
		return "", eachText(draft, splitScripts)
	case latex.ErrUnicode:
		failed := []rune(texErr.Command)
		if len(failed) != 1 {
			return "", false
		}
		ok = eachText(draft, func(s string) string { return plainForms(s, failed[0]) })
		if _, same := plainForm(failed[0], true); same {
			return "", ok
		}
		return fmt.Sprintf("I left out the symbol %s, which cannot be printed.", texErr.Command), ok
	case latex.ErrMisplacedEnd:
		return "", dropOnBodyLine(draft, prep, texErr)
	case latex.ErrInsidePackage:
		if len(draft.Packages) == 0 {
			return "", dropOnBodyLine(draft, prep, texErr) // an \end that ends nothing open
		}
		dropped := strings.Join(draft.Packages, ", ")
		draft.Packages = nil
		return fmt.Sprintf("I left out the package %s, which does not work together with the server's.", dropped), true
	}
	return "", false
}

// plainForms writes the failed character, and every other letter or digit styled by Unicode
// (a subscript n, a mathematical bold x), as the plain letter it stands for; the failed
// character is dropped when it stands for none.
func plainForms(s string, failed rune) string {
	var b strings.Builder
	for _, r := range s {
		if form, ok := plainForm(r, r == failed); ok {
			b.WriteString(form)
		} else if r != failed {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainForm is a styled letter's plain form (normalize.StyledLetter), raised or lowered again
// as text.
func plainForm(r rune, failed bool) (string, bool) {
	plain, raise, ok := normalize.StyledLetter(r, failed)
	switch {
	case !ok:
		return "", false
	case raise < 0:
		return `\textsubscript{` + plain + `}`, true
	case raise > 0:
		return `\textsuperscript{` + plain + `}`, true
	}
	return plain, true
}

// doubleScript is a superscript or subscript followed by another of the same: 10^2^6.
var doubleScript = regexp.MustCompile(`([\^_])(\{[^{}]*\}|\\[A-Za-z]+|[^\s{}\\])([\^_])`)

// splitScripts writes x^a^b as x^a{}^b: the symbols print as the model placed them.
func splitScripts(s string) string {
	for {
		out := doubleScript.ReplaceAllStringFunc(s, func(m string) string {
			sub := doubleScript.FindStringSubmatch(m)
			if sub[1] != sub[3] {
				return m
			}
			return sub[1] + sub[2] + "{}" + sub[3]
		})
		if out == s {
			return s
		}
		s = out
	}
}

// dropOnBodyLine removes the \end{…} TeX named from the line of a body compiled as written.
func dropOnBodyLine(draft *Draft, prep *prepared, texErr *latex.Error) bool {
	if prep.doc != nil || prep.first <= 0 || texErr.Command == "" {
		return false
	}
	lines := strings.Split(prep.body, "\n")
	n := texErr.Line - prep.first
	if n < 0 || n >= len(lines) || !strings.Contains(lines[n], texErr.Command) {
		return false
	}
	lines[n] = strings.Replace(lines[n], texErr.Command, "", 1)
	draft.Body = strings.Join(lines, "\n")
	return true
}

// eachText applies fix to every text of the draft (its body, or every string of its document)
// and reports whether anything changed.
func eachText(draft *Draft, fix func(string) string) bool {
	changed := false
	apply := func(s string) string {
		out := fix(s)
		changed = changed || out != s
		return out
	}
	if draft.Document != nil {
		doc := *draft.Document
		doc.Blocks = cloneBlocks(doc.Blocks)
		mapStrings(reflect.ValueOf(&doc).Elem(), apply)
		draft.Document = &doc
	} else {
		draft.Body = apply(draft.Body)
	}
	return changed
}

// cloneBlocks copies a document's blocks deeply (through JSON's shape), so a fix never
// changes the document the engine handed over.
func cloneBlocks(blocks []worksheet.Block) []worksheet.Block {
	out := reflect.New(reflect.TypeOf(blocks)).Elem()
	deepCopy(out, reflect.ValueOf(blocks))
	return out.Interface().([]worksheet.Block)
}

func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(reflect.New(src.Elem().Type()))
			deepCopy(dst.Elem(), src.Elem())
		}
	case reflect.Slice:
		if !src.IsNil() {
			dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
			for i := range src.Len() {
				deepCopy(dst.Index(i), src.Index(i))
			}
		}
	case reflect.Struct:
		for i := range src.NumField() {
			if dst.Field(i).CanSet() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// mapStrings replaces every exported string reachable from v by fn of it.
func mapStrings(v reflect.Value, fn func(string) string) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			v.SetString(fn(v.String()))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			mapStrings(v.Elem(), fn)
		}
	case reflect.Slice:
		for i := range v.Len() {
			mapStrings(v.Index(i), fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			mapStrings(v.Field(i), fn)
		}
	}
}
