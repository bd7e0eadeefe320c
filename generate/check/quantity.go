package check

import (
	"math/big"
	"regexp"
	"strings"
)

// quantity: a word problem's answer with its unit: a sum of money, an angle, a length or an
// area ("$48", "70°", "26 cm", "40 cm²").
type quantity struct {
	val  *big.Rat
	kind string // "money", "angle", "length", "area", "speed", "time"
	unit string // for lengths and areas: "cm", "m", "ft", ...; "km/h", "mi/h"; "h"
}

// quantityAnswer is an answer read as one number with an optional unit.
type quantityAnswer struct {
	val    *big.Rat
	kind   string // "" for a bare number
	unit   string
	places int // decimal places written
}

var (
	qaShape   = regexp.MustCompile(`^(¤)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(.*?)$`)
	qaSquared = regexp.MustCompile(`\\textsuperscript\s*\{\s*2\s*\}|\^\s*\{?\s*2\s*\}?|²`)
	qaNumber  = regexp.MustCompile(`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`)
)

var moneyWords = map[string]bool{"": false, "¤": true, "dollars": true, "dollar": true, "usd": true, "euros": true, "euro": true, "dólares": true, "dolares": true}
var angleWords = map[string]bool{"°": true, "degrees": true, "degree": true, "grados": true, "grado": true}
var lengthWords = map[string]string{
	"mm": "mm", "cm": "cm", "m": "m", "km": "km", "in": "in", "ft": "ft", "yd": "yd",
	"millimeters": "mm", "millimetres": "mm", "centimeters": "cm", "centimetres": "cm", "meters": "m", "metres": "m",
	"kilometers": "km", "kilometres": "km", "inches": "in", "feet": "ft", "yards": "yd",
	"milímetros": "mm", "centímetros": "cm", "metros": "m", "kilómetros": "km",
	"inch": "in", "foot": "ft", "yard": "yd", "meter": "m", "metre": "m", "centimeter": "cm", "centimetre": "cm",
	"mi": "mi", "mile": "mi", "miles": "mi",
}

// speedWords and timeWords: the units a speed or a travel time is answered in.
var speedWords = map[string]string{"km/h": "km/h", "kph": "km/h", "km/hr": "km/h", "km per hour": "km/h",
	"kilometers per hour": "km/h", "kilometres per hour": "km/h", "kilómetros por hora": "km/h",
	"mph": "mi/h", "mi/h": "mi/h", "miles per hour": "mi/h", "miles an hour": "mi/h"}
var timeWords = map[string]bool{"hours": true, "hour": true, "h": true, "hrs": true, "hr": true, "horas": true, "hora": true}

// readQuantity reads an answer that is one value and nothing else: "\$48", "48.00",
// "48 dollars", "$70^\circ$", "70°", "40 cm²", "40 square centimeters", "26 cm".
func readQuantity(value string) (quantityAnswer, bool) {
	s := computedCmd.ReplaceAllString(value, " ")
	s = strings.NewReplacer(`\$`, "¤", `\textdollar`, "¤", "€", "¤", `\euro`, "¤", "º", "°", `\textdegree`, "°", `\degree`, "°").Replace(s)
	if strings.Count(s, "$") == 1 && strings.HasPrefix(strings.TrimSpace(s), "$") {
		s = strings.Replace(s, "$", "¤", 1) // "$48": a model's dollar sign, not maths
	}
	s = qaSquared.ReplaceAllString(s, "²")
	s = wpDegreeMark.ReplaceAllString(s, "°")
	for {
		t := solWrap.ReplaceAllString(s, " $1 ")
		if t == s {
			break
		}
		s = t
	}
	s = strings.NewReplacer("$", " ", `\(`, " ", `\)`, " ", `\,`, " ", `\ `, " ", "~", " ", "{,}", ",", "\u00a0", " ").Replace(s)
	s = strings.ToLower(strings.TrimSpace(spaces.ReplaceAllString(s, " ")))
	s = strings.TrimSpace(strings.TrimSuffix(s, "."))
	m := qaShape.FindStringSubmatch(s)
	if m == nil {
		return quantityAnswer{}, false
	}
	num := strings.ReplaceAll(m[2], ",", "")
	if m[3] != "" {
		num += "." + m[3]
	}
	a := quantityAnswer{val: rat(num), places: len(m[3])}
	unit := strings.TrimSpace(m[4])
	if m[1] != "" {
		if unit != "" {
			return quantityAnswer{}, false
		}
		a.kind = "money"
		return a, true
	}
	switch {
	case unit == "":
	case moneyWords[unit]:
		a.kind = "money"
	case angleWords[unit]:
		a.kind = "angle"
	case lengthWords[unit] != "":
		a.kind, a.unit = "length", lengthWords[unit]
	case speedWords[unit] != "":
		a.kind, a.unit = "speed", speedWords[unit]
	case timeWords[unit]:
		a.kind, a.unit = "time", "h"
	default:
		u := strings.TrimSpace(strings.TrimSuffix(unit, "²"))
		for _, p := range []string{"square ", "sq. ", "sq "} {
			u = strings.TrimPrefix(u, p)
		}
		u = strings.TrimSuffix(strings.TrimSuffix(u, " cuadrados"), " cuadrado")
		if lengthWords[u] == "" || u == unit {
			return quantityAnswer{}, false
		}
		a.kind, a.unit = "area", lengthWords[u]
	}
	return a, true
}

// judgeValue: right says the answer is the computed one; readable says it could be read at all.
// An answer in another unit ("0.4 m" for "40 cm") is not judged either way.
func (p quantity) judgeValue(value string) (right, readable bool) {
	a, ok := readQuantity(value)
	if !ok {
		return false, false
	}
	switch {
	case a.kind == "":
	case a.kind == p.kind && a.unit == p.unit:
	case (a.kind == "length" || a.kind == "area") && (p.kind == "length" || p.kind == "area") && a.unit == p.unit:
		return false, true // cm for cm²: the right number in the wrong unit is still wrong
	default:
		return false, false
	}
	return a.val.Cmp(p.val) == 0, true
}

func (p quantity) judge(sol string) bool {
	right, _ := p.judgeValue(sol)
	return right
}

func (p quantity) readable(sol string) bool {
	_, ok := p.judgeValue(sol)
	return ok
}

// number writes the value as the answer wrote its number: money to the cent when it has cents
// or the answer wrote cents.
func (p quantity) number(places int) string {
	if p.kind == "money" && (!p.val.IsInt() || places == 2) {
		return p.val.FloatString(2)
	}
	if p.val.IsInt() {
		return p.val.Num().String()
	}
	s, _ := finiteDecimal(p.val)
	return s
}

// answer is the right value in the answer's own format (its currency sign, its unit); an
// empty or mis-united answer gets the value with its unit.
func (p quantity) answer(sol string) string {
	sol = strings.TrimSpace(computedCmd.ReplaceAllString(sol, " "))
	a, ok := readQuantity(sol)
	if ok && (a.kind == "" || a.kind == p.kind) {
		if loc := qaNumber.FindStringIndex(sol); loc != nil {
			return sol[:loc[0]] + p.number(a.places) + sol[loc[1]:]
		}
	}
	places := 0
	if ok {
		places = a.places
	}
	n := p.number(places)
	switch p.kind {
	case "money":
		return `\$` + n
	case "angle":
		return "$" + n + `^\circ$`
	case "area":
		return n + " " + p.unit + "$^2$"
	case "speed":
		if p.unit == "mi/h" {
			return n + " mph"
		}
		return n + " " + p.unit
	case "time":
		return n + " hours"
	}
	return n + " " + p.unit
}
