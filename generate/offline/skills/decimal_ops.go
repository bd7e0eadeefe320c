package skills

// decOperand is a decimal with the grade's places: 5.NBT.B.7 (to hundredths), 6.NS.B.3
// (multi-digit decimals). It returns the number in hundredths or tenths and its places.
func decOperand(g *Gen) (int64, int) {
	places := 2
	if g.P.Grade+g.P.Level <= 4 {
		places = 1
	}
	hi := byLevel[int64](g.P.Level, 99, 999, 9999, 99999)
	return pick(g.R, 1, hi), places
}

// Adding decimals: 5.NBT.B.7 (to hundredths); 4.NF.C.5 tenths and hundredths.
var _ = register(&Skill{ID: "add-decimals", Domain: "decimals", FormOf: []string{"addition"}, Family: "decimals", Grades: [2]int{5, 6}, Standard: "5.NBT.B.7",
	Make: func(g *Gen) Item {
		a, p := decOperand(g)
		b, _ := decOperand(g)
		return Item{Q: short(m(Dec(a, p)+" + "+Dec(b, p)+" = "), decAnswer(a+b, p), blankSpace()), Nums: []int64{a, b, int64(p)}}
	}})

// Subtracting decimals: 5.NBT.B.7.
var _ = register(&Skill{ID: "subtract-decimals", Domain: "decimals", FormOf: []string{"subtraction"}, Family: "decimals", Grades: [2]int{5, 6}, Standard: "5.NBT.B.7",
	Make: func(g *Gen) Item {
		a, p := decOperand(g)
		b, _ := decOperand(g)
		if a < b {
			a, b = b, a
		}
		return Item{Q: short(m(Dec(a, p)+" - "+Dec(b, p)+" = "), decAnswer(a-b, p), blankSpace()), Nums: []int64{a, b, int64(p)}}
	}})

// Multiplying decimals: 5.NBT.B.7 (to hundredths), 6.NS.B.3.
var _ = register(&Skill{ID: "multiply-decimals", Domain: "decimals", FormOf: []string{"multiplication"}, Family: "decimals", Grades: [2]int{5, 6}, Standard: "5.NBT.B.7",
	Make: func(g *Gen) Item {
		a := pick(g.R, 11, byLevel[int64](g.P.Level, 99, 999, 9999, 9999)) // tenths
		b := pick(g.R, 2, byLevel[int64](g.P.Level, 9, 99, 99, 999))       // tenths or a whole number
		pb := 1
		if g.R.IntN(3) == 0 {
			pb = 0
		}
		return Item{Q: short(m(Dec(a, 1)+` \times `+Dec(b, pb)+" = "), decAnswer(a*b, 1+pb), blankSpace()), Nums: []int64{a, 1, b, int64(pb)}}
	}})

// Dividing decimals: 5.NBT.B.7 (a decimal by a whole number), 6.NS.B.3 (by a decimal); the
// quotient always ends.
var _ = register(&Skill{ID: "divide-decimals", Domain: "decimals", FormOf: []string{"division"}, Family: "decimals", Grades: [2]int{5, 6}, Standard: "6.NS.B.3",
	Make: func(g *Gen) Item {
		q := pick(g.R, 2, byLevel[int64](g.P.Level, 50, 200, 900, 900)) // the quotient in tenths
		d := pick(g.R, 2, 9)
		for (q*d)%10 == 0 || q%10 == 0 { // a real decimal on both sides
			q, d = pick(g.R, 2, byLevel[int64](g.P.Level, 50, 200, 900, 900)), pick(g.R, 2, 9)
		}
		if g.P.Grade+g.P.Level >= 6 && g.R.IntN(2) == 0 { // divide by a decimal: dividend in hundredths
			return Item{Q: short(m(Dec(q*d, 2)+` \div `+Dec(d, 1)+" = "), decAnswer(q, 1), blankSpace()), Nums: []int64{q * d, 2, d, 1}}
		}
		return Item{Q: short(m(Dec(q*d, 1)+` \div `+Num(d)+" = "), decAnswer(q, 1), blankSpace()), Nums: []int64{q * d, 1, d, 0}}
	}})
