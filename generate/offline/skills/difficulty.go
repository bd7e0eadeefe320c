package skills

// Difficulty is how hard one of the skill's questions is, as numbers compared in order
// (CompareDifficulty): the first that differs decides. "Make number 3 harder" keeps only a
// question whose Difficulty is greater. Each skill measures what makes its questions harder:
//   - sums and differences: none of "+ 0", "− 0" or "7 − 7" first, then the digits of the
//     largest number, then how many columns regroup, then the size;
//   - multiplication facts: the product (7 × 12 is harder than 7 × 4);
//   - clocks: how finely the minutes are read (o'clock, half past, quarter, five minutes, one);
//   - every other skill: the digits of the numbers the question is made from, then their size
//     (more digits, larger factors, larger denominators).
func (s *Skill) Difficulty(it Item) []int64 {
	n := it.Nums
	switch s.ID {
	case "addition":
		if len(n) == 2 {
			return []int64{nonZero(n[0] * n[1]), int64(max(digitCount(n[0]), digitCount(n[1]))), int64(carryCount(n[0], n[1])), n[0] + n[1]}
		}
	case "subtraction":
		if len(n) == 2 {
			return []int64{nonZero(n[1] * (n[0] - n[1])), int64(digitCount(n[0])), int64(borrowCount(n[0], n[1])), n[0]}
		}
	case "multiplication":
		if len(n) == 2 {
			return []int64{abs(n[0] * n[1])}
		}
	case "telling-time":
		if len(n) == 2 {
			return []int64{minuteFineness(n[1]), n[1]}
		}
	}
	var size int64
	for _, x := range n {
		size += abs(x)
	}
	return []int64{digitsOf(n), size}
}

// CompareDifficulty is -1, 0 or 1 as a is easier than, as hard as, or harder than b.
func CompareDifficulty(a, b []int64) int {
	for i := range min(len(a), len(b)) {
		switch {
		case a[i] < b[i]:
			return -1
		case a[i] > b[i]:
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// digitsOf is the digits of all the numbers together.
func digitsOf(ns []int64) int64 {
	var d int64
	for _, x := range ns {
		d += int64(digitCount(x))
	}
	return d
}

// carryCount is how many columns regroup when a and b are added.
func carryCount(a, b int64) int {
	n, c := 0, int64(0)
	for ; a > 0 || b > 0; a, b = a/10, b/10 {
		if a%10+b%10+c >= 10 {
			n, c = n+1, 1
		} else {
			c = 0
		}
	}
	return n
}

// borrowCount is how many columns regroup when b is taken from a.
func borrowCount(a, b int64) int {
	n, c := 0, int64(0)
	for ; a > 0 || b > 0; a, b = a/10, b/10 {
		if a%10-c < b%10 {
			n, c = n+1, 1
		} else {
			c = 0
		}
	}
	return n
}

// minuteFineness ranks a clock's minutes: 0 o'clock, 1 half past, 2 quarters, 3 five minutes,
// 4 any minute.
func minuteFineness(m int64) int64 {
	switch {
	case m == 0:
		return 0
	case m%30 == 0:
		return 1
	case m%15 == 0:
		return 2
	case m%5 == 0:
		return 3
	}
	return 4
}

func nonZero(n int64) int64 {
	if n == 0 {
		return 0
	}
	return 1
}
