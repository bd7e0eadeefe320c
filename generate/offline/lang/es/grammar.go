// Package es is Spanish's grammar: its numbers ("treinta y cinco", "doscientos") and Spain's
// school years written with an ordinal sign ("4.º de primaria", "1.º de ESO").
package es

import (
	"strconv"

	"sheetsmith/generate/offline/lang"
)

// Grammar is Spanish's.
var Grammar lang.Grammar = grammar{lang.Additive{
	Joins:  map[string]bool{"y": true},
	Scales: map[string]int64{"cientos": 100, "mil": 1000},
	Tails:  map[string]int64{"uno": 1, "un": 1, "una": 1}, // "treinta y uno"; alone, "un" is "a"
}}

type grammar struct{ lang.Additive }

// stages are the years before each stage's first: 4.º de primaria is grade 4, 1.º de ESO 7,
// 1.º de bachillerato 11.
var stages = map[string]int{"primaria": 0, "eso": 6, "secundaria": 6, "bachillerato": 10, "bachiller": 10}

// Grade reads "4.º de primaria" (folded "4 o de primaria"), "1o de eso".
func (grammar) Grade(ws []string, i int) (int, int) {
	n, k := ordinal(ws, i)
	if k == 0 {
		return 0, 0
	}
	if k < len(ws) && ws[k] == "de" {
		k++
	}
	if k < len(ws) {
		if add, ok := stages[ws[k]]; ok {
			return k + 1 - i, n + add
		}
	}
	return 0, 0
}

// ordinal is a number 1–6 written with the ordinal sign at ws[i] ("4 o", "4o", "1 a"): its
// value and the index after it.
func ordinal(ws []string, i int) (int, int) {
	w := ws[i]
	if len(w) == 2 && (w[1] == 'o' || w[1] == 'a') {
		w = w[:1]
	} else if i+1 < len(ws) && (ws[i+1] == "o" || ws[i+1] == "a") {
		i++
	} else {
		return 0, 0
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < 1 || n > 6 {
		return 0, 0
	}
	return n, i + 1
}

// Say writes "cuarenta y cinco", "cien", "ciento seis".
func (grammar) Say(n int64) string { return speller.Say(n) }

var speller = lang.Speller{
	Ones: []string{"cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
		"once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve",
		"veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve"},
	Tens:     []string{"", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"},
	Hundreds: []string{"", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos", "ochocientos", "novecientos"},
	TensJoin: " y ",
	Join:     " ",
	Exact:    map[int64]string{100: "cien"},
}
