package offline

// digits is the range of whole numbers with n digits (1-digit: 0–9).
func digits(n int) Range {
	n = max(1, min(n, 9))
	lo := pow10(n - 1)
	if n == 1 {
		lo = 0
	}
	return Range{lo, pow10(n) - 1}
}

func digitCount(n int64) int {
	c := 1
	for n >= 10 {
		n /= 10
		c++
	}
	return c
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

func span(lo, hi int64) []int64 {
	var out []int64
	for i := lo; i <= hi; i++ {
		out = append(out, i)
	}
	return out
}

// defaultLevel is a sensible level for an operation in a grade (-1: not said).
func defaultLevel(op string, grade int) Level {
	l := Level{MaxDen: 12}
	switch op {
	case opAdd, opSub:
		switch {
		case grade == 0:
			l.A, l.B, l.SumMax = Range{0, 10}, Range{0, 5}, 10
		case grade == 1:
			l.A, l.B, l.SumMax = Range{0, 20}, Range{0, 10}, 20
		case grade == 2 || grade < 0:
			l.A, l.B = digits(2), digits(2)
		default:
			n := min(grade, 5) // grade 3: 3-digit, grade 4: 4-digit, 5 and up: 5-digit
			l.A, l.B = digits(n), digits(n)
		}
		if op == opSub {
			l.SumMax = 0
		}
	case opMul:
		switch {
		case grade >= 0 && grade <= 2:
			l.Tables, l.B = []int64{2, 5, 10}, Range{1, 10}
		case grade == 3:
			l.Tables, l.B = span(2, 10), Range{1, 10}
		case grade == 4:
			l.A, l.B = digits(2), Range{2, 9}
		case grade == 5:
			l.A, l.B = digits(2), digits(2)
		case grade > 5:
			l.A, l.B = digits(3), digits(2)
		default:
			l.Tables, l.B = span(2, 12), Range{1, 12}
		}
	case opDiv:
		switch {
		case grade >= 0 && grade <= 3:
			l.Tables, l.B = span(2, 10), Range{1, 10}
		case grade == 4:
			l.A, l.B = Range{20, 999}, Range{2, 9}
		case grade > 4:
			l.A, l.B = Range{100, 9999}, Range{11, 99}
		default:
			l.Tables, l.B = span(2, 12), Range{1, 12}
		}
	case opFracSimpl, opFracAdd, opFracSub, opFracCompare:
		switch {
		case grade >= 0 && grade <= 3:
			l.MaxDen, l.Like = 8, true
		case grade == 4:
			l.Like = true
		}
	case opRound:
		l.RoundTo = []int64{10, 100}
		if grade >= 4 {
			l.RoundTo = []int64{10, 100, 1000}
		}
	case opPlaceValue, opExpanded:
		switch {
		case grade >= 0 && grade <= 2:
			l.A = digits(3)
		case grade == 3:
			l.A = digits(4)
		case grade > 3:
			l.A = Range{10000, 999999}
		default:
			l.A = Range{1000, 99999}
		}
	}
	return l
}

// harder moves a level one step up, the way a teacher would: bigger numbers, larger tables,
// unlike denominators.
func harder(op string, l Level) Level {
	switch op {
	case opAdd, opSub:
		if l.SumMax > 0 && l.SumMax < 100 { // within 10 → within 20 → within 100
			if l.SumMax < 20 {
				l.SumMax = 20
			} else {
				l.SumMax = 100
			}
			l.A, l.B = Range{0, l.SumMax}, Range{0, l.SumMax}
			return l
		}
		if l.SumMax >= 100 {
			l.SumMax, l.A, l.B = 0, digits(3), digits(3)
			return l
		}
		l.A, l.B = digits(digitCount(l.A.Max)+1), digits(digitCount(l.B.Max)+1)
	case opMul, opDiv:
		switch {
		case len(l.Tables) > 0 && l.Tables[len(l.Tables)-1] < 12:
			l.Tables, l.B = span(2, 12), Range{1, 12}
		case len(l.Tables) > 0:
			l.Tables, l.A, l.B = nil, digits(2), Range{2, 9}
			if op == opDiv {
				l.A = Range{20, 999}
			}
		case digitCount(l.A.Max) >= 3 && l.B.Max < 10:
			l.B = digits(2)
		default:
			l.A = digits(digitCount(l.A.Max) + 1)
		}
	case opFracSimpl, opFracAdd, opFracSub, opFracCompare:
		if l.Like {
			l.Like = false
		} else {
			l.MaxDen = 20
		}
	case opRound:
		last := l.RoundTo[len(l.RoundTo)-1]
		if last < 1_000_000 {
			l.RoundTo = append(l.RoundTo, last*10)
		}
		if len(l.RoundTo) > 3 {
			l.RoundTo = l.RoundTo[1:]
		}
		l.A = Range{}
	case opPlaceValue, opExpanded:
		l.A = digits(digitCount(l.A.Max) + 1)
	}
	return l
}

// easier moves a level one step down.
func easier(op string, l Level) Level {
	switch op {
	case opAdd, opSub:
		switch {
		case l.SumMax > 10 || (l.SumMax == 0 && l.A.Max <= 20):
			l.SumMax = 10
			l.A, l.B = Range{0, 10}, Range{0, 5}
		case l.SumMax > 0:
			l.A, l.B = Range{0, 5}, Range{0, 5}
		case l.A.Max < 100:
			l.SumMax = 20
			l.A, l.B = Range{0, 20}, Range{0, 10}
		default:
			l.A, l.B = digits(digitCount(l.A.Max)-1), digits(digitCount(l.B.Max)-1)
		}
		if op == opSub {
			l.SumMax = 0
		}
	case opMul, opDiv:
		switch {
		case len(l.Tables) > 3:
			l.Tables, l.B = []int64{2, 5, 10}, Range{1, 10}
		case len(l.Tables) > 0:
			l.Tables, l.B = []int64{2, 10}, Range{1, 10}
		case l.B.Max >= 10:
			l.B = Range{2, 9}
		case l.A.Max >= 1000:
			l.A = digits(digitCount(l.A.Max) - 1)
		default:
			l.Tables, l.B = span(2, 10), Range{1, 10}
		}
	case opFracSimpl, opFracAdd, opFracSub, opFracCompare:
		if l.MaxDen > 12 {
			l.MaxDen = 12
		} else {
			l.Like, l.MaxDen = true, min(l.MaxDen, 8)
		}
	case opRound:
		if len(l.RoundTo) > 1 {
			l.RoundTo = l.RoundTo[:len(l.RoundTo)-1]
		}
		l.A = Range{}
	case opPlaceValue, opExpanded:
		l.A = digits(max(2, digitCount(l.A.Max)-1))
	}
	return l
}
