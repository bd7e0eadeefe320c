package normalize

import (
	"strings"
	"testing"
)

// Letters of every script are kept as they are (the sheet's engine is chosen by them); a
// Greek letter alone is still maths.
func TestLettersOfEveryScriptAreKept(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Сколько будет 7 × 8?", "Сколько будет"},
		{"Πόσο κάνει επτά επί οκτώ; μήλα", "Πόσο κάνει επτά επί οκτώ; μήλα"},
		{"苹果 píngguǒ", "苹果 píngguǒ"},
		{"りんご 사과", "りんご 사과"},
		{"كم يساوي", "كم يساوي"},
		{"כמה זה", "כמה זה"},
		{"ሰላም", "ሰላም"}, // kept, so the renderer can refuse it by name
		{"the angle α", `$\alpha$`},
		{"8 μm", "8 \u00b5m"},
		{"$x = \u0434$", `\text{д}`},
	} {
		got, fixes := Text(c.in)
		if !strings.Contains(got, c.want) {
			t.Errorf("Text(%q) = %q, want it to contain %q", c.in, got, c.want)
		}
		for _, n := range Notices(fixes) {
			if strings.Contains(n, "left out") {
				t.Errorf("Text(%q): %s", c.in, n)
			}
		}
	}
	// a symbol no font has is still named in the reply
	if _, fixes := Text("Apples 🍎"); len(Notices(fixes)) != 1 {
		t.Errorf("the emoji should be named in a notice: %v", fixes)
	}
}
