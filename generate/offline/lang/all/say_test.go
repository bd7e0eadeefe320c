package all

import "testing"

// A sheet's "write it in words" answers are the language's own, as a teacher of that
// language would write them.
func TestEveryLanguageSaysItsNumbers(t *testing.T) {
	want := map[string]map[int64]string{
		"en": {0: "zero", 45: "forty-five", 100: "one hundred", 306: "three hundred six", 999: "nine hundred ninety-nine"},
		"es": {21: "veintiuno", 45: "cuarenta y cinco", 100: "cien", 106: "ciento seis", 555: "quinientos cincuenta y cinco"},
		"pt": {16: "dezesseis", 45: "quarenta e cinco", 100: "cem", 106: "cento e seis", 321: "trezentos e vinte e um"},
	}
	for code, cases := range want {
		g, ok := Grammars[code]
		if !ok {
			t.Errorf("no grammar for %s", code)
			continue
		}
		for n, w := range cases {
			if got := g.Say(n); got != w {
				t.Errorf("%s: %d is %q, want %q", code, n, got, w)
			}
		}
	}
	for code, g := range Grammars {
		for n := int64(0); n <= 999; n++ {
			if g.Say(n) == "" {
				t.Fatalf("%s: %d has no words", code, n)
			}
		}
	}
}
