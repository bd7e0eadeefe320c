package skills

// intRange is how big integer operands get: small numbers, as 7.NS.A asks for sign rules,
// not big arithmetic (−12…12 by default, −20…20 harder).
func intRange(p Params) int64 {
	if p.Max > 0 {
		return p.Max
	}
	return byLevel[int64](p.Level, 9, 12, 20, 50)
}

// nonzeroSigned is an integer in [−hi, hi] other than 0; negative when neg.
func signed(g *Gen, hi int64, neg bool) int64 {
	n := pick(g.R, 1, hi)
	if neg {
		return -n
	}
	return n
}

// intPair picks two integers at least one of which is negative, so every question practises
// a sign rule.
func intPair(g *Gen) (int64, int64) {
	hi := intRange(g.P)
	switch g.R.IntN(3) {
	case 0:
		return signed(g, hi, true), signed(g, hi, false)
	case 1:
		return signed(g, hi, false), signed(g, hi, true)
	}
	return signed(g, hi, true), signed(g, hi, true)
}

// Adding integers: 7.NS.A.1 (add rational numbers; opposite quantities).
var _ = register(&Skill{ID: "add-integers", Domain: "integers", FormOf: []string{"addition"}, Constraints: []string{TakesMax, TakesWhole}, Family: "integers", Grades: [2]int{6, 7}, Standard: "7.NS.A.1",
	Make: func(g *Gen) Item {
		a, b := intPair(g)
		return Item{Q: short(m(Num(a)+" + "+paren(b)+" = "), number(a+b), blankSpace()), Nums: []int64{a, b}}
	}})

// Subtracting integers: 7.NS.A.1c (subtraction as adding the additive inverse).
var _ = register(&Skill{ID: "subtract-integers", Domain: "integers", FormOf: []string{"subtraction"}, Constraints: []string{TakesMax, TakesWhole}, Family: "integers", Grades: [2]int{6, 7}, Standard: "7.NS.A.1c",
	Make: func(g *Gen) Item {
		a, b := intPair(g)
		return Item{Q: short(m(Num(a)+" - "+paren(b)+" = "), number(a-b), blankSpace()), Nums: []int64{a, b}}
	}})

// Multiplying integers: 7.NS.A.2a (the rules for signs).
var _ = register(&Skill{ID: "multiply-integers", Domain: "integers", FormOf: []string{"multiplication"}, Constraints: []string{TakesMax, TakesWhole}, Family: "integers", Grades: [2]int{7, 7}, Standard: "7.NS.A.2a",
	Make: func(g *Gen) Item {
		a, b := intPair(g)
		return Item{Q: short(m(Num(a)+` \times `+paren(b)+" = "), number(a*b), blankSpace()), Nums: []int64{a, b}}
	}})

// Dividing integers: 7.NS.A.2b (integers can be divided, provided the divisor is not zero).
var _ = register(&Skill{ID: "divide-integers", Domain: "integers", FormOf: []string{"division"}, Constraints: []string{TakesMax, TakesWhole}, Family: "integers", Grades: [2]int{7, 7}, Standard: "7.NS.A.2b",
	Make: func(g *Gen) Item {
		q, d := intPair(g)
		return Item{Q: short(m(Num(q*d)+` \div `+paren(d)+" = "), number(q), blankSpace()), Nums: []int64{q * d, d}}
	}})
