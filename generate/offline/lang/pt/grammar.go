// Package pt is Portuguese's grammar, of Brazil and Portugal: its numbers ("vinte e cinco",
// "duzentos", "cento e vinte") and school years ("4.º ano", "9º ano do ensino fundamental",
// "1º ano do ensino médio", the old "5ª série").
package pt

import (
	"strconv"

	"sheetsmith/generate/offline/lang"
)

// Grammar is Portuguese's.
var Grammar lang.Grammar = grammar{lang.Additive{
	Joins:  map[string]bool{"e": true},
	Scales: map[string]int64{"mil": 1000},
	Tails:  map[string]int64{"um": 1, "uma": 1}, // "vinte e um"; alone, "um" is "a"
}}

type grammar struct{ lang.Additive }

// Grade reads "4.º ano" (folded "4 o ano"), "9o ano do ensino fundamental" (grade 9), "1o
// ano do ensino medio" (grade 10), "5a serie" (the old name of the 6º ano).
func (grammar) Grade(ws []string, i int) (int, int) {
	n, k := number(ws, i)
	if k == 0 || k >= len(ws) {
		return 0, 0
	}
	switch ws[k] {
	case "ano":
	case "serie":
		n++
	default:
		return 0, 0
	}
	k++
	if k+1 < len(ws) && (ws[k] == "do" || ws[k] == "de") {
		j := k + 1
		if ws[j] == "ensino" && j+1 < len(ws) {
			j++
		}
		switch ws[j] {
		case "medio":
			return j + 1 - i, min(n+9, 12)
		case "fundamental":
			return j + 1 - i, n
		}
	}
	return k - i, n
}

// number is a year 1–12 at ws[i], with or without the ordinal sign ("4 o", "4o", "5a", "4"):
// its value and the index after it.
func number(ws []string, i int) (int, int) {
	w := ws[i]
	if len(w) >= 2 && (w[len(w)-1] == 'o' || w[len(w)-1] == 'a') {
		w = w[:len(w)-1]
	} else if i+1 < len(ws) && (ws[i+1] == "o" || ws[i+1] == "a") {
		i++
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < 1 || n > 12 {
		return 0, 0
	}
	return n, i + 1
}

// Say writes "quarenta e cinco", "cem", "cento e seis", "trezentos e vinte e um" (Brazil's
// spelling of 16–19: "dezesseis").
func (grammar) Say(n int64) string { return speller.Say(n) }

var speller = lang.Speller{
	Ones: []string{"zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
		"onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove"},
	Tens:     []string{"", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"},
	Hundreds: []string{"", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos", "setecentos", "oitocentos", "novecentos"},
	TensJoin: " e ",
	Join:     " e ",
	Exact:    map[int64]string{100: "cem"},
}
