package skills

// Number words: K.CC.A.3 and 2.NBT.A.3 (read and write numbers to 1000 using number names).
var _ = register(&Skill{ID: "number-words", Constraints: []string{TakesMax}, Family: "number-sense", Grades: [2]int{1, 2}, Standard: "2.NBT.A.3",
	Make: func(g *Gen) Item {
		hi := byLevel[int64](g.P.Level, 20, 100, 999, 999)
		if g.P.Grade <= 1 {
			hi = byLevel[int64](g.P.Level, 10, 20, 100, 120)
		}
		if g.P.Max > 0 {
			hi = min(g.P.Max, 999)
		}
		n := pick(g.R, 0, hi)
		return Item{Q: short(g.T("words.q", m(Num(n))), text(Words(g.T("lang"), n)), blankSpace()), Nums: []int64{n}}
	}})

var (
	enOnes = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	enTens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	esOnes = []string{"cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
		"once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve",
		"veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve"}
	esTens     = []string{"", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"}
	esHundreds = []string{"", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos", "ochocientos", "novecientos"}
)

// Words writes 0–999 in words in English ("en") or Spanish ("es").
func Words(lang string, n int64) string {
	if lang == "es" {
		return esWords(n)
	}
	switch {
	case n < 20:
		return enOnes[n]
	case n < 100:
		if n%10 == 0 {
			return enTens[n/10]
		}
		return enTens[n/10] + "-" + enOnes[n%10]
	}
	s := enOnes[n/100] + " hundred"
	if n%100 != 0 {
		s += " " + Words("en", n%100)
	}
	return s
}

func esWords(n int64) string {
	switch {
	case n < 30:
		return esOnes[n]
	case n < 100:
		if n%10 == 0 {
			return esTens[n/10]
		}
		return esTens[n/10] + " y " + esOnes[n%10]
	case n == 100:
		return "cien"
	}
	s := esHundreds[n/100]
	if n%100 != 0 {
		s += " " + esWords(n%100)
	}
	return s
}
