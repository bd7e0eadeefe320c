package skills

import "fmt"

// Ratios in simplest form: 6.RP.A.1 (ratio language and notation).
var _ = register(&Skill{ID: "ratios", Family: "ratios", Grades: [2]int{6, 7}, Standard: "6.RP.A.1",
	Make: func(g *Gen) Item {
		a, b := pick(g.R, 1, 12), pick(g.R, 1, 12)
		for gcd(a, b) != 1 || a == b {
			a, b = pick(g.R, 1, 12), pick(g.R, 1, 12)
		}
		k := pick(g.R, 2, byLevel[int64](g.P.Level, 5, 9, 12, 15))
		return Item{Q: short(g.T("ratio.q", m(fmt.Sprintf("%d : %d", a*k, b*k))), expr(fmt.Sprintf("%d : %d", a, b)), blankSpace()), Nums: []int64{a * k, b * k}}
	}})

// Unit rates: 6.RP.A.2 and 6.RP.A.3b (unit rate problems, including unit price).
var _ = register(&Skill{ID: "unit-rates", Family: "ratios", Grades: [2]int{6, 7}, Standard: "6.RP.A.3b",
	Make: func(g *Gen) Item {
		n := pick(g.R, 2, 12)
		if g.R.IntN(2) == 0 { // unit price in cents
			unit := pick(g.R, 25, 500)
			item := pickOf(g.R, []string{"rate.notebooks", "rate.apples", "rate.tickets", "rate.pens"})
			return Item{Q: short(g.T("rate.price.q", Num(n), g.T(item), m(Money(unit*n))), text(Money(unit)), blankSpace()), Nums: []int64{unit * n, n, 1}}
		}
		speed := pick(g.R, 3, 65)
		return Item{Q: short(g.T("rate.speed.q", m(Num(speed*n)), m(Num(n))), text(fmt.Sprintf("%d %s", speed, g.T("rate.mph"))), blankSpace()), Nums: []int64{speed * n, n, 0}}
	}})

// Proportions: 7.RP.A.2 (decide and use proportional relationships; solve a/b = c/x).
var _ = register(&Skill{ID: "proportions", Family: "ratios", Grades: [2]int{7, 8}, Standard: "7.RP.A.2c",
	Make: func(g *Gen) Item {
		a, b := pick(g.R, 1, 12), pick(g.R, 2, 12)
		k := pick(g.R, 2, byLevel[int64](g.P.Level, 4, 9, 12, 20))
		pos := g.R.IntN(4)
		vals := []string{Num(a), Num(b), Num(a * k), Num(b * k)}
		ans := vals[pos]
		vals[pos] = "x"
		e := fmt.Sprintf(`\dfrac{%s}{%s} = \dfrac{%s}{%s}`, vals[0], vals[1], vals[2], vals[3])
		return Item{Q: short(m(e), expr("x = "+ans), blankSpace()), Nums: []int64{a, b, k, int64(pos)}}
	}})
