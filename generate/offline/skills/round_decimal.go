package skills

// Rounding decimals: 5.NBT.A.4 (round decimals to any place).
var _ = register(&Skill{ID: "rounding-decimals", Domain: "decimals", FormOf: []string{"rounding"}, Family: "place-value", Grades: [2]int{5, 6}, Standard: "5.NBT.A.4",
	Make: func(g *Gen) Item {
		places := 3 // the number has three decimal places; round to 0, 1 or 2 of them
		to := int(pick(g.R, 0, 2))
		n := pick(g.R, 1001, 99999) // thousandths
		for n%pow10(places-to) == 0 {
			n++
		}
		unit := pow10(places - to)
		r := (n + unit/2) / unit * unit
		names := []string{"rd.whole", "rd.tenth", "rd.hundredth"}
		return Item{Q: short(g.T("rounddec.q", m(Dec(n, places)), g.T(names[to])), number_dec(r, places, to), blankSpace()), Nums: []int64{n, int64(to)}}
	}})
