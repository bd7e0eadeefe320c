package normalize

import (
	"regexp"
	"strings"
)

// Models write quantities with siunitx (\SI{5}{\centi\meter}, \qty{3}{kg}, \num{1200}), a
// package the server does not load. siunitxToText writes them as plain text that works in
// text and in math: 5\,\textup{cm}, 30\ensuremath{^\circ}.

var unitMacros = map[string]string{
	"kilo": "k", "centi": "c", "milli": "m", "micro": "u", "mega": "M", "meter": "m", "metre": "m",
	"gram": "g", "second": "s", "liter": "L", "litre": "L", "hour": "h", "minute": "min",
	"kelvin": "K", "newton": "N", "joule": "J", "watt": "W", "volt": "V", "ampere": "A",
	"percent": `\%`, "degree": `\ensuremath{^\circ}`, "celsius": `\ensuremath{^\circ}C`,
	"degreeCelsius": `\ensuremath{^\circ}C`, "per": "/", "hertz": "Hz", "byte": "B", "day": "d",
}

var unitToken = regexp.MustCompile(`\\([a-zA-Z]+)|[^\\]+`)

func siunitxToText(body string, f *fixLog) string {
	for _, c := range []struct {
		name string
		args int
	}{{"SI", 2}, {"qty", 2}, {"num", 1}, {"si", 1}, {"unit", 1}, {"ang", 1}} {
		for i := findCommand(body, c.name, 0); i >= 0; i = findCommand(body, c.name, i+1) {
			end, args, ok := commandSpan(body, i, c.args)
			if !ok || len(args) < c.args {
				continue
			}
			var text string
			switch c.name {
			case "SI", "qty":
				text = strings.TrimSpace(args[0]) + `\,` + unitText(args[1])
			case "num":
				text = strings.TrimSpace(args[0])
			case "si", "unit":
				text = unitText(args[0])
			case "ang":
				text = strings.TrimSpace(args[0]) + `\ensuremath{^\circ}`
			}
			body = body[:i] + text + body[end:]
			f.add(`Wrote \` + c.name + ` quantities as text (no siunitx on the server)`)
		}
	}
	return body
}

// unitText turns \kilo\meter\per\hour or km/h into text; \square and \cubic raise the next
// unit, \squared and \cubed the previous one.
func unitText(units string) string {
	var b strings.Builder
	power := ""
	for _, m := range unitToken.FindAllStringSubmatch(units, -1) {
		switch name := m[1]; {
		case name == "square":
			power = "2"
		case name == "cubic":
			power = "3"
		case name == "squared" || name == "cubed":
			b.WriteString(`\ensuremath{^` + map[string]string{"squared": "2", "cubed": "3"}[name] + `}`)
		case name != "":
			sym, ok := unitMacros[name]
			if !ok {
				sym = name
			}
			b.WriteString(sym)
			if power != "" && name != "kilo" && name != "centi" && name != "milli" && name != "micro" && name != "mega" {
				b.WriteString(`\ensuremath{^` + power + `}`)
				power = ""
			}
		default:
			b.WriteString(strings.ReplaceAll(strings.TrimSpace(m[0]), "%", `\%`))
		}
	}
	return `\textup{` + b.String() + `}`
}
