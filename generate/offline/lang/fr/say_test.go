package fr

import "testing"

func TestFrenchSaysItsNumbers(t *testing.T) {
	for n, w := range map[int64]string{0: "zéro", 17: "dix-sept", 21: "vingt et un", 45: "quarante-cinq", 70: "soixante-dix",
		71: "soixante et onze", 80: "quatre-vingts", 81: "quatre-vingt-un", 91: "quatre-vingt-onze", 99: "quatre-vingt-dix-neuf",
		100: "cent", 101: "cent un", 200: "deux cents", 201: "deux cent un"} {
		if got := Grammar.Say(n); got != w {
			t.Errorf("%d is %q, want %q", n, got, w)
		}
	}
}
