package check

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRandomArithmeticIsJudgedRight writes many questions in the ways models and teachers
// write them, with right answers in several forms and wrong ones, and checks the verdicts.
func TestRandomArithmeticIsJudgedRight(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	questionForms := []func(a int64, op string, b int64) string{
		func(a int64, op string, b int64) string { return fmt.Sprintf(`$%d %s %d = $ \answerblank`, a, op, b) },
		func(a int64, op string, b int64) string { return fmt.Sprintf(`What is $%d %s %d$?`, a, op, b) },
		func(a int64, op string, b int64) string {
			return fmt.Sprintf(`Calculate $%d %s %d = \rule{2cm}{0.4pt}$`, a, op, b)
		},
		func(a int64, op string, b int64) string {
			words := map[string]string{"+": "plus", "-": "minus", `\times`: "times", `\div`: "divided by"}
			return fmt.Sprintf(`What is %d %s %d?`, a, words[op], b)
		},
		func(a int64, op string, b int64) string {
			if op == `\div` {
				return fmt.Sprintf(`$%d \div %d =$`, a, b)
			}
			return fmt.Sprintf(`$\begin{array}{r} %d \\ %s\,%d \\ \hline \end{array}$`, a, op, b)
		},
	}
	rightForms := []func(v int64) string{
		func(v int64) string { return fmt.Sprintf("$%d$", v) },
		func(v int64) string { return fmt.Sprint(v) },
		func(v int64) string { return fmt.Sprintf(`The answer is \textbf{%d}.`, v) },
		func(v int64) string { return fmt.Sprintf(`$= %d$`, v) },
	}
	for i := 0; i < 3000; i++ {
		a, b := r.Int64N(2000), 1+r.Int64N(99)
		op := []string{"+", "-", `\times`, `\div`}[r.IntN(4)]
		var v int64
		switch op {
		case "+":
			v = a + b
		case "-":
			v = a - b
		case `\times`:
			v = a * b
		case `\div`:
			a = b * r.Int64N(100)
			v = a / b
		}
		q := questionForms[r.IntN(len(questionForms))](a, op, b)
		right := rightForms[r.IntN(len(rightForms))](v)
		got, changes := checkOne(q, right)
		if len(changes) != 0 || !got.Checked {
			t.Fatalf("%s → %s: judged wrong or not checked: %+v %+v", q, right, changes, got)
		}
		wrong := fmt.Sprintf("$%d$", v+1+r.Int64N(9))
		got, changes = checkOne(q, wrong)
		if len(changes) != 1 || Plain(changes[0].Now) != Plain(formatIntForTest(v)) {
			t.Fatalf("%s → %s: not corrected: %+v %+v", q, wrong, changes, got)
		}
	}
}

func formatIntForTest(v int64) string {
	s := fmt.Sprint(v)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
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
	if neg {
		return "-" + s
	}
	return s
}

func TestRandomEquationsAreSolved(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 1000; i++ {
		x := r.Int64N(41) - 20
		a := 1 + r.Int64N(9)
		b := r.Int64N(30) - 15
		c := a*x + b
		sign := "+"
		if b < 0 {
			sign = "-"
		}
		q := fmt.Sprintf(`Solve for $x$: $%dx %s %d = %d$`, a, sign, abs(b), c)
		got, changes := checkOne(q, fmt.Sprintf("$x = %d$", x))
		if len(changes) != 0 || !got.Checked {
			t.Fatalf("%s (x = %d): %+v %+v", q, x, changes, got)
		}
		_, changes = checkOne(q, fmt.Sprintf("$x = %d$", x+1))
		if len(changes) != 1 || Plain(changes[0].Now) != Plain(fmt.Sprintf("x = %d", x)) {
			t.Fatalf("%s: wrong answer x = %d not corrected: %+v", q, x+1, changes)
		}
	}
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
