package fr

import (
	"strings"
	"testing"
)

// French composes its numbers by twenties past sixty; its school years count down from 6e.
func TestLangFrenchNumbersAndGrades(t *testing.T) {
	values := map[string]int64{"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
		"onze": 11, "douze": 12, "vingt": 20, "trente": 30, "soixante": 60, "cent": 100, "mille": 1000}
	for in, want := range map[string]int64{"soixante dix": 70, "soixante douze": 72, "soixante et onze": 71, "quatre vingt dix neuf": 99,
		"quatre vingts": 80, "vingt et un": 21, "trente cinq": 35, "deux cents": 200, "trois cent vingt": 320, "deux mille": 2000} {
		ws := strings.Fields(in)
		if n, v := Grammar.Number(ws, values); n != len(ws) || v != want {
			t.Errorf("Number(%q) = %d words, %d; want %d words, %d", in, n, v, len(ws), want)
		}
	}
	if n, _ := Grammar.Number([]string{"un", "exercice"}, values); n != 0 {
		t.Errorf("\"un exercice\" read as a number")
	}
	for in, want := range map[string]int{"cm1": 4, "ce 2": 3, "cp": 1, "en 6e": 6, "de 4e": 8, "classe de seconde": 10, "grande section": 0, "pour la 4e": 8, "4e annee": 4, "1re annee": 1} {
		ws := strings.Fields(in)
		i := len(ws) - 1
		if in == "ce 2" || in == "grande section" || strings.HasSuffix(in, "annee") {
			i = 0
		}
		if n, g := Grammar.Grade(ws, i); n == 0 || g != want {
			t.Errorf("Grade(%q) = %d words, grade %d; want grade %d", in, n, g, want)
		}
	}
	if n, _ := Grammar.Grade([]string{"la", "3e", "question"}, 1); n != 0 {
		t.Errorf("\"la 3e question\" read as a school year")
	}
}
