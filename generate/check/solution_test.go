package check

import "testing"

// A written answer is read leniently (working, then the last value), so a solution that
// states the right value but ends on another, or ends on an answer no one can read, is left
// as written rather than "corrected".
func TestWorkedSolutionsAreNotMisread(t *testing.T) {
	cases := []struct{ question, solution string }{
		{`Ana has 23 stickers. Tom has 15 stickers. How many more stickers does Ana have than Tom?`, `$15 + 8 = 23$`},
		{`$23 - 15 = $`, `Check: $15 + 8 = 23$`},
		{`$6 \times 7$`, `forty-two`},
		{`What is $6 \times 7$? (A) 36 (B) 42 (C) 48`, `C`},
		{`$2 \div 3$`, `$0.67$`},
		{`$10 \div 3$`, `$3.\overline{3}$`},
		{`Simplify $2^3 \times 2^4$.`, `$2^7$`},
	}
	for _, c := range cases {
		if got, ch := checkOne(c.question, c.solution); got.Value != c.solution || got.Checked || len(ch) != 0 {
			t.Errorf("%s → %s: touched %+v %+v", c.question, c.solution, got, ch)
		}
	}
	// a wrong value with no right one in sight is still corrected
	if _, ch := checkOne(`$23 - 15 = $`, `$23 - 15 = 7$`); len(ch) != 1 || ch[0].Now != "$23 - 15 = 8$" {
		t.Errorf("wrong working not corrected: %+v", ch)
	}
}
