package normalize

import (
	"slices"
	"testing"
)

// A symbol no font has is left out and named, and the brackets that held only it go too: the
// student never reads "()". A letter Unicode styles (a subscript n, a mathematical bold x)
// prints as the plain letter, lowered or raised as it was.
func TestUnprintableSymbolsAreNamedAndStyledLettersKept(t *testing.T) {
	out, fixes := Text("A quarter note (\u2669) lasts one beat.")
	if out != "A quarter note lasts one beat." {
		t.Errorf("text %q", out)
	}
	if n := Notices(fixes); !slices.Contains(n, "I left out the symbol \u2669, which cannot be printed.") {
		t.Errorf("notices %q do not name the symbol", n)
	}
	cases := map[string]string{
		"S\u2099 = 3n":                 `S\textsubscript{n} = 3n`,
		"the vector \U0001D431":        "the vector x",
		"$a = \U0001D42F^2 + b\u1D40$": "$a = v^2 + b^{T}$",
	}
	for in, want := range cases {
		if got, _ := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// A code listing in a document's text is code: the normaliser leaves its lines as written.
func TestTextKeepsCodeListings(t *testing.T) {
	in := "Trace it:\n```python\nfor i in range(3):\n    x_1 = i % 2  # note\n```"
	if got, _ := Text(in); got != in {
		t.Errorf("Text changed the code:\n%q\nwant\n%q", got, in)
	}
}
