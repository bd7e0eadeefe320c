package check

import (
	"fmt"
	"math/big"
	"strings"
)

// formatInt writes an integer for math mode, grouping thousands from 10000 up ("12{,}345").
func formatInt(n *big.Int) string {
	s := new(big.Int).Abs(n).String()
	if len(s) > 4 {
		var b strings.Builder
		for i, c := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteString("{,}")
			}
			b.WriteRune(c)
		}
		s = b.String()
	}
	if n.Sign() < 0 {
		return "-" + s
	}
	return s
}

// finiteDecimal writes r as a terminating decimal, ok false if it does not terminate.
func finiteDecimal(r *big.Rat) (string, bool) {
	d := new(big.Int).Set(r.Denom())
	two, five := big.NewInt(2), big.NewInt(5)
	places := 0
	for _, p := range []*big.Int{two, five} {
		for n := 0; new(big.Int).Mod(d, p).Sign() == 0; n++ {
			d.Div(d, p)
			if n+1 > places {
				places = n + 1
			}
		}
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return "", false
	}
	return strings.TrimRight(strings.TrimRight(r.FloatString(places), "0"), "."), true
}

// formatValue writes a value in the given form ("decimal", "mixed", else a fraction) as LaTeX
// math without dollars. Integers are always written as integers.
func formatValue(r *big.Rat, form string) string {
	if r.IsInt() {
		return formatInt(r.Num())
	}
	if form == "decimal" {
		if s, ok := finiteDecimal(r); ok {
			return s
		}
	}
	sign := ""
	a := new(big.Rat).Abs(r)
	if r.Sign() < 0 {
		sign = "-"
	}
	if form == "mixed" && a.Cmp(big.NewRat(1, 1)) > 0 {
		w := new(big.Int).Quo(a.Num(), a.Denom())
		rest := new(big.Int).Sub(a.Num(), new(big.Int).Mul(w, a.Denom()))
		return fmt.Sprintf(`%s%s\frac{%s}{%s}`, sign, w, rest, a.Denom())
	}
	return fmt.Sprintf(`%s\frac{%s}{%s}`, sign, a.Num(), a.Denom())
}
