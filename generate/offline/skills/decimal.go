package skills

import (
	"fmt"
	"strings"

	"sheetsmith/worksheet"
)

// Dec writes n / 10^places as a decimal with exactly that many places: Dec(1250, 3) = "1.250".
func Dec(n int64, places int) string {
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	if places == 0 {
		return sign + fmt.Sprint(n)
	}
	p := pow10(places)
	return fmt.Sprintf("%s%d.%0*d", sign, n/p, places, n%p)
}

// DecTrim writes n / 10^places without trailing zeros: 1250, 3 → "1.25".
func DecTrim(n int64, places int) string {
	s := Dec(n, places)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// number_dec is a rounded decimal's answer, written to the place it was rounded to.
func number_dec(n int64, places, keep int) worksheet.Answer {
	return worksheet.Answer{Kind: worksheet.AnswerNumber, Value: Dec(n/pow10(places-keep), keep)}
}

func decAnswer(n int64, places int) worksheet.Answer {
	return worksheet.Answer{Kind: worksheet.AnswerNumber, Value: DecTrim(n, places)}
}

func worksheet_lines() worksheet.Space { return worksheet.Space{Kind: worksheet.SpaceBlank} }
