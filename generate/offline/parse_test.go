package offline

import (
	"slices"
	"testing"
)

// spec reads a new request the way Write does.
func spec(t *testing.T, prompt string) Spec {
	t.Helper()
	s, ok := fresh(readIntent(prompt), 1)
	if !ok {
		t.Fatalf("%q: not understood", prompt)
	}
	return s
}

func TestRequestsAreRead(t *testing.T) {
	cases := []struct {
		prompt string
		ops    []string
		count  int
		check  func(s Spec) bool
	}{
		{"20 addition problems", []string{opAdd}, 20, nil},
		{"Give me 20 two-digit addition problems", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].A == Range{10, 99} }},
		{"a dozen subtraction problems within 20", []string{opSub}, 12, func(s Spec) bool { return s.Levels[opSub].A.Max == 20 }},
		{"ten single digit addition facts", []string{opAdd}, 10, func(s Spec) bool { return s.Levels[opAdd].A == Range{0, 9} }},
		{"Addition within 20 for first grade", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].SumMax == 20 && s.Grade == 1 }},
		{"thirty 3-digit subtraction questions", []string{opSub}, 30, func(s Spec) bool { return s.Levels[opSub].A == Range{100, 999} }},
		{"subtraction with numbers between 10 and 50", []string{opSub}, 20, func(s Spec) bool { return s.Levels[opSub].A == Range{10, 50} }},
		{"addition up to 100", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].A.Max == 100 }},
		{"Make a worksheet with 15 sums", []string{opAdd}, 15, nil},
		{"the 7 times table", []string{opMul}, 20, func(s Spec) bool { return slices.Equal(s.Levels[opMul].Tables, []int64{7}) }},
		{"7 and 8 times tables, 24 questions", []string{opMul}, 24, func(s Spec) bool { return slices.Equal(s.Levels[opMul].Tables, []int64{7, 8}) }},
		{"times tables up to 12", []string{opMul}, 20, func(s Spec) bool {
			l := s.Levels[opMul]
			return len(l.Tables) == 11 && l.Tables[10] == 12 && l.B.Max == 12
		}},
		{"2-digit by 1-digit multiplication", []string{opMul}, 20, func(s Spec) bool { return s.Levels[opMul].A == Range{10, 99} && s.Levels[opMul].B == Range{2, 9} }},
		{"two digit by two digit multiplication", []string{opMul}, 20, func(s Spec) bool { return s.Levels[opMul].B == Range{10, 99} }},
		{"multiplication for grade 3", []string{opMul}, 20, func(s Spec) bool { return s.Grade == 3 && len(s.Levels[opMul].Tables) > 0 }},
		{"division with remainders", []string{opDiv}, 20, func(s Spec) bool { return s.Remainders }},
		{"division without remainders", []string{opDiv}, 20, func(s Spec) bool { return !s.Remainders }},
		{"long division, 3 digit by 1 digit, with remainders", []string{opDiv}, 20, func(s Spec) bool {
			return s.Remainders && s.Levels[opDiv].A == Range{100, 999} && s.Levels[opDiv].B == Range{2, 9}
		}},
		{"Division facts for 3rd grade", []string{opDiv}, 20, func(s Spec) bool { return s.Grade == 3 && !s.Remainders }},
		{"simplify fractions", []string{opFracSimpl}, 20, nil},
		{"adding fractions with like denominators", []string{opFracAdd}, 20, func(s Spec) bool { return s.Levels[opFracAdd].Like }},
		{"add and subtract fractions with unlike denominators", []string{opFracAdd, opFracSub}, 20, func(s Spec) bool { return !s.Levels[opFracSub].Like }},
		{"compare fractions", []string{opFracCompare}, 20, nil},
		{"fractions", []string{opFracSimpl, opFracAdd, opFracSub, opFracCompare}, 20, nil},
		{"round to the nearest 10", []string{opRound}, 20, func(s Spec) bool { return slices.Equal(s.Levels[opRound].RoundTo, []int64{10}) }},
		{"Rounding to the nearest ten and hundred", []string{opRound}, 20, func(s Spec) bool { return slices.Equal(s.Levels[opRound].RoundTo, []int64{10, 100}) }},
		{"15 questions like: what is the value of the digit 4 in 3,482?", []string{opPlaceValue}, 15, nil},
		{"place value for year 4", []string{opPlaceValue, opExpanded}, 20, func(s Spec) bool { return s.Grade == 3 }},
		{"expanded form", []string{opExpanded}, 20, nil},
		{"addition and subtraction for grade 2", []string{opAdd, opSub}, 20, func(s Spec) bool { return s.Grade == 2 && s.Levels[opSub].A == Range{10, 99} }},
		{"mixed operations", []string{opAdd, opSub, opMul, opDiv}, 20, nil},
		{"20 vertical addition problems", []string{opAdd}, 20, func(s Spec) bool { return s.Vertical }},
		{"subtraction in column form", []string{opSub}, 20, func(s Spec) bool { return s.Vertical }},
		{"addition in two columns", []string{opAdd}, 20, func(s Spec) bool { return s.Columns == 2 && !s.Vertical }},
		{"40 multiplication problems in 3 columns", []string{opMul}, 40, func(s Spec) bool { return s.Columns == 3 }},
		{"subtraction with negative numbers", []string{opSub}, 20, func(s Spec) bool { return s.Negatives }},
		{"subtraction", []string{opSub}, 20, func(s Spec) bool { return !s.Negatives }},
		{"addition for kindergarten", []string{opAdd}, 20, func(s Spec) bool { return s.Grade == 0 && s.Levels[opAdd].SumMax == 10 }},
		{"multiplication practice for 9 year olds", []string{opMul}, 20, func(s Spec) bool { return s.Grade == 3 }},
		{"fifty addition problems", []string{opAdd}, 50, nil},
		{"twenty-five multiplication problems", []string{opMul}, 25, nil},
		{"500 addition problems", []string{opAdd}, maxCount, nil},
		{"addition with numbers up to 1,000", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].A.Max == 1000 }},
		{"Multiplication facts 0-10", []string{opMul}, 20, func(s Spec) bool { return s.Levels[opMul].A == Range{0, 10} }},
		{"I need 30 problems multiplying by 6", []string{opMul}, 30, func(s Spec) bool { return slices.Equal(s.Levels[opMul].Tables, []int64{6}) }},
		{"Practice dividing by 3", []string{opDiv}, 20, func(s Spec) bool { return slices.Equal(s.Levels[opDiv].Tables, []int64{3}) }},
		{"Long division practice", []string{opDiv}, 20, func(s Spec) bool { return s.Levels[opDiv].A == Range{100, 999} }},
		{"12x12 times tables", []string{opMul}, 20, func(s Spec) bool { return len(s.Levels[opMul].Tables) == 11 }},
		{"times tables 2 to 12", []string{opMul}, 20, func(s Spec) bool { return len(s.Levels[opMul].Tables) == 11 }},
		{"Times tables 2 5 and 10", []string{opMul}, 20, func(s Spec) bool { return slices.Equal(s.Levels[opMul].Tables, []int64{2, 5, 10}) }},
		{"9 times table, 24 problems", []string{opMul}, 24, func(s Spec) bool { return slices.Equal(s.Levels[opMul].Tables, []int64{9}) }},
		{"Math facts for first grade", []string{opAdd, opSub}, 20, func(s Spec) bool { return s.Grade == 1 }},
		{"triple digit subtraction", []string{opSub}, 20, func(s Spec) bool { return s.Levels[opSub].A == Range{100, 999} }},
		{"double digit addition", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].A == Range{10, 99} }},
		{"Year 3 column addition", []string{opAdd}, 20, func(s Spec) bool { return s.Grade == 2 && s.Vertical && s.Columns == 0 }},
		{"addition from 1 to 10", []string{opAdd}, 20, func(s Spec) bool { return s.Levels[opAdd].A == Range{1, 10} }},
		{"Can you make me a worksheet for my 2nd grader with 25 addition and subtraction problems up to 100, in 3 columns?", []string{opAdd, opSub}, 25,
			func(s Spec) bool { return s.Grade == 2 && s.Columns == 3 && s.Levels[opSub].A.Max == 100 }},
	}
	for _, c := range cases {
		s := spec(t, c.prompt)
		if !slices.Equal(s.Ops, c.ops) {
			t.Errorf("%q: ops %v, want %v", c.prompt, s.Ops, c.ops)
		}
		if s.Count != c.count {
			t.Errorf("%q: count %d, want %d", c.prompt, s.Count, c.count)
		}
		if c.check != nil && !c.check(s) {
			t.Errorf("%q: spec %s", c.prompt, s.comment())
		}
	}
}

func TestRequestsOutsideArithmeticAreNotRead(t *testing.T) {
	for _, prompt := range []string{
		"a reading comprehension about frogs",
		"history quiz on the Roman empire",
		"spelling words for grade 2",
		"addition word problems about frogs",
		"multiply fractions",
		"Addition with decimals",
		"number bonds to 10",
		"Solve for x",
		"order of operations",
		"label the parts of a plant",
		"",
	} {
		if s, ok := fresh(readIntent(prompt), 1); ok {
			t.Errorf("%q: read as %s", prompt, s.comment())
		}
	}
}
