package skills

// Standard form from expanded form: 2.NBT.A.3, 4.NBT.A.2.
var _ = register(&Skill{ID: "standard-form", Constraints: []string{TakesDigits}, Family: "place-value", Grades: [2]int{2, 4}, Standard: "4.NBT.A.2",
	Make: func(g *Gen) Item {
		n := placeNumber(g)
		for n%10 == 0 && n > 10 { // keep a digit to read in every expansion
			n++
		}
		return Item{Q: short(g.T("standard.q", m(Expanded(n))), number(n), blankSpace()), Nums: []int64{n}}
	}})
