package tex

import (
	"strings"
	"testing"
)

// kinds spells a token list as kind:text pairs, to compare readings at a glance.
func kinds(s string, ts []Token) string {
	names := map[Kind]string{Text: "text", Word: "word", Symbol: "sym", Open: "{", Close: "}", Math: "$",
		Comment: "%", Space: "sp", Par: "par", CharCode: "^^", Verbatim: "verb"}
	var out []string
	for _, t := range ts {
		out = append(out, names[t.Kind]+":"+s[t.Pos:t.End])
	}
	return strings.Join(out, " ")
}

func TestTokensReadAsTeXReads(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\textbf{Name}: 50\% off`, `word:\textbf {:{ text:Name }:} text:: sp:  text:50 sym:\% sp:  text:off`},
		{"a % note\nb", "text:a sp:  %:% note sp:\n text:b"},
		{"one\n  \ntwo", "text:one par:\n  \n text:two"},
		{"one  \n\ntwo", "text:one sp:   par:\n\n text:two"},
		{`$x^2$ and $$y$$`, `$:$ text:x^2 $:$ sp:  text:and sp:  $:$$ text:y $:$$`},
		{`\\[2pt]`, `sym:\\ text:[2pt]`},
		{`\verb|50% \input|x`, `verb:\verb|50% \input| text:x`},
		{"\\begin{verbatim}\n% kept \\input\n\\end{verbatim}", "word:\\begin {:{ text:verbatim }:} verb:\n% kept \\input\n word:\\end {:{ text:verbatim }:}"},
		{`^^5c`, `^^:^^5c`},
		{`\`, `sym:\`},
	} {
		if got := kinds(c.in, Tokens(c.in)); got != c.want {
			t.Errorf("Tokens(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestRawReadsCommentsAndVerbatimAsCode(t *testing.T) {
	s := `\verb|\input x| % \write`
	var words []string
	for _, t := range Raw(s) {
		if t.Kind == Word {
			words = append(words, t.Name)
		}
	}
	if got := strings.Join(words, " "); got != "verb input write" {
		t.Errorf("Raw words = %q, want every control word", got)
	}
}

func TestCommandReducesCharCodesInNames(t *testing.T) {
	for _, c := range []struct{ in, name string }{
		{`\^^63atcode x`, "catcode"},
		{`\cat^^63ode`, "catcode"},
		{`\^^5c`, `\`},
		{`\^^!bc`, "abc"}, // ^^! is ! + 64, an a
		{`\section*{x}`, "section"},
		{`\%`, "%"},
		{`\csname`, "csname"},
	} {
		if name, _ := Command(c.in, 0); name != c.name {
			t.Errorf("Command(%q) = %q, want %q", c.in, name, c.name)
		}
	}
}

func TestArguments(t *testing.T) {
	s := `\question*[ {a]b} \] ] {two {nested}} rest`
	name, j := Command(s, 0)
	j = Star(s, j)
	opt, j := Option(s, j)
	arg, j := Group(s, j)
	if name != "question" || opt != ` {a]b} \] ` || arg != "two {nested}" || s[j:] != " rest" {
		t.Errorf("read %q %q %q, rest %q", name, opt, arg, s[j:])
	}
	if _, end := Option("x [unclosed", 1); end != 1 {
		t.Error("an unclosed option is no option")
	}
	if _, end := Group("  no group", 0); end != 0 {
		t.Error("a group was read where there is none")
	}
	if ClosingBrace(`{a\}b}c`, 0) != 5 {
		t.Error(`an escaped \} closed the group`)
	}
}

func TestEnvironmentCountsNestedOnes(t *testing.T) {
	s := `\begin{parts}\part a \begin{parts}\part b\end{parts}\end{parts} after`
	inner, end, ok := Environment(s, 0)
	if !ok || inner != `\part a \begin{parts}\part b\end{parts}` || s[end:] != " after" {
		t.Errorf("Environment = %q %q %v", inner, s[end:], ok)
	}
	if _, _, ok := Environment(`\begin{parts} never ends`, 0); ok {
		t.Error("an unended environment was read as ended")
	}
}

func TestSplitAtTopLevelOnly(t *testing.T) {
	s := `lead \choice A {\choice no} \begin{x}\choice no\end{x} \CorrectChoice B`
	var got []string
	for _, p := range SplitAt(s, "choice", "CorrectChoice") {
		got = append(got, p.Cmd+"|"+p.Text)
	}
	want := `|lead ;choice| A {\choice no} \begin{x}\choice no\end{x} ;CorrectChoice| B`
	if strings.Join(got, ";") != want {
		t.Errorf("SplitAt = %q", strings.Join(got, ";"))
	}
}

func TestComments(t *testing.T) {
	if got := StripComments("a % one\n50\\% b %two\n\\verb|%|c"); got != "a \n50\\% b \n\\verb|%|c" {
		t.Errorf("StripComments = %q", got)
	}
}

func TestNextCommandSkipsControlSymbols(t *testing.T) {
	s := `a \% b \\ c \item`
	if NextCommand(s, 0) != strings.Index(s, `\item`) {
		t.Error("NextCommand stopped at a control symbol")
	}
}

// FuzzTokensCoverTheSource: the tokens tile the source, so no reader loses or repeats text.
func FuzzTokensCoverTheSource(f *testing.F) {
	for _, s := range []string{`\a{b}%c` + "\n\n$d$", `\verb`, "\\begin{verbatim}x", `^^^`, `\^^`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, read := range []func(string) []Token{Tokens, Raw} {
			at := 0
			for _, tok := range read(s) {
				if tok.Pos != at || tok.End <= tok.Pos {
					t.Fatalf("token %+v does not follow %d in %q", tok, at, s)
				}
				at = tok.End
			}
			if at != len(s) {
				t.Fatalf("tokens stop at %d of %d in %q", at, len(s), s)
			}
		}
	})
}
