// Package fr is French's grammar: its numbers ("vingt et un", "soixante-dix",
// "quatre-vingt-dix-neuf", "deux cents") and France's school years (CP to CM2, 6e to 3e,
// seconde, première, terminale, grande section).
package fr

import "sheetsmith/generate/offline/lang"

// Grammar is French's.
var Grammar lang.Grammar = grammar{lang.Additive{
	Joins:      map[string]bool{"et": true},
	Scales:     map[string]int64{"cent": 100, "cents": 100, "mille": 1000},
	Compounds:  map[string]int64{"dix sept": 17, "dix huit": 18, "dix neuf": 19, "quatre vingt": 80, "quatre vingts": 80},
	Tails:      map[string]int64{"un": 1, "une": 1}, // "vingt et un"; alone, "un" is "a"
	TeensAfter: map[int64]bool{60: true, 80: true},  // "soixante-douze", "quatre-vingt-onze"
}}

type grammar struct{ lang.Additive }

// primary are the years of école élémentaire, each a word of its own.
var primary = map[string]int{"cp": 1, "ce1": 2, "ce2": 3, "cm1": 4, "cm2": 5}

// college are the years of collège and lycée, counted down from 6e: said after "en", "de",
// "classe", "niveau" ("en 6e", "élèves de 4e"), since "la 3e question" is no year.
var college = map[string]int{
	"6e": 6, "6eme": 6, "sixieme": 6, "5e": 7, "5eme": 7, "cinquieme": 7,
	"4e": 8, "4eme": 8, "quatrieme": 8, "3e": 9, "3eme": 9, "troisieme": 9,
	"seconde": 10, "2de": 10, "2nde": 10, "premiere": 11, "1re": 11, "1ere": 11, "terminale": 12, "tle": 12,
}

var yearBefore = map[string]bool{"en": true, "de": true, "classe": true, "niveau": true, "pour": true}

// quebec are Québec's school years, said with "année": "4e année" is grade 4, "1re année" 1.
var quebec = map[string]int{"1re": 1, "1ere": 1, "premiere": 1, "2e": 2, "2eme": 2, "deuxieme": 2, "3e": 3, "3eme": 3, "troisieme": 3,
	"4e": 4, "4eme": 4, "quatrieme": 4, "5e": 5, "5eme": 5, "cinquieme": 5, "6e": 6, "6eme": 6, "sixieme": 6}

// Grade reads "CM1", "CE 2", "en 6e", "pour la 4e", "classe de seconde", "grande section", "4e année".
func (grammar) Grade(ws []string, i int) (int, int) {
	w := ws[i]
	if g, ok := primary[w]; ok {
		return 1, g
	}
	if (w == "ce" || w == "cm") && i+1 < len(ws) && (ws[i+1] == "1" || ws[i+1] == "2") {
		return 2, primary[w+ws[i+1]]
	}
	if w == "grande" && i+1 < len(ws) && ws[i+1] == "section" {
		return 2, 0
	}
	if g, ok := quebec[w]; ok && i+1 < len(ws) && ws[i+1] == "annee" {
		return 2, g
	}
	// "en 4e", "pour la 4e", "élèves de 3e"; "la 3e question" names no year.
	if g, ok := college[w]; ok && i > 0 && (yearBefore[ws[i-1]] || i > 1 && (ws[i-1] == "la" || ws[i-1] == "le") && yearBefore[ws[i-2]]) {
		return 1, g
	}
	return 0, 0
}

var (
	ones = []string{"zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
		"onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"}
	tens = []string{"", "", "vingt", "trente", "quarante", "cinquante", "soixante", "soixante", "quatre-vingt", "quatre-vingt"}
)

// Say writes "quarante-cinq", "vingt et un", "soixante et onze", "quatre-vingts",
// "quatre-vingt-dix-sept", "deux cents", "trois cent six" (the traditional spelling).
func (g grammar) Say(n int64) string {
	switch {
	case n < 20:
		return ones[n]
	case n < 100:
		t, u := n/10, n%10
		if t == 7 || t == 9 { // soixante-dix, quatre-vingt-dix: the tens before count on from 10
			u += 10
		}
		switch {
		case u == 0 && t == 8:
			return "quatre-vingts"
		case u == 0:
			return tens[t]
		case (u == 1 || u == 11) && t != 8 && t != 9:
			return tens[t] + " et " + ones[u]
		}
		return tens[t] + "-" + ones[u]
	}
	h, rest := n/100, n%100
	s := "cent"
	if h > 1 {
		s = ones[h] + " cent"
		if rest == 0 {
			s += "s"
		}
	}
	if rest != 0 {
		s += " " + g.Say(rest)
	}
	return s
}
