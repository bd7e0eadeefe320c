package skills

import (
	"fmt"
	"strings"
)

// Money writes cents as dollars: 245 → "\$2.45".
func Money(cents int64) string { return fmt.Sprintf(`\$%d.%02d`, cents/100, cents%100) }

// Counting coins: 2.MD.C.8 (word problems with dollar bills, quarters, dimes, nickels and pennies).
var _ = register(&Skill{ID: "counting-money", Family: "money", Grades: [2]int{1, 3}, Standard: "2.MD.C.8",
	Make: func(g *Gen) Item {
		values := []int64{100, 25, 10, 5, 1}
		keys := []string{"coin.dollar", "coin.quarter", "coin.dime", "coin.nickel", "coin.penny"}
		start := 1
		if g.P.Grade+g.P.Level >= 3 {
			start = 0
		}
		var parts []string
		var total int64
		nums := []int64{}
		for i := start; i < len(values); i++ {
			c := pick(g.R, 0, 4)
			if i == len(values)-1 && total == 0 {
				c = pick(g.R, 1, 4)
			}
			nums = append(nums, c*values[i])
			if c == 0 {
				continue
			}
			total += c * values[i]
			parts = append(parts, fmt.Sprintf("%d %s", c, g.T(keys[i]+plural(c))))
		}
		return Item{Q: short(g.T("money.q", strings.Join(parts, ", ")), text(Money(total)), blankSpace()), Nums: nums}
	}})

func plural(n int64) string {
	if n == 1 {
		return ".one"
	}
	return ".many"
}

// Making change: 4.MD.A.2 (word problems with money); 2.MD.C.8.
var _ = register(&Skill{ID: "making-change", Constraints: []string{TakesBill}, Family: "money", Grades: [2]int{3, 5}, Standard: "4.MD.A.2",
	Make: func(g *Gen) Item {
		paid := pickOf(g.R, []int64{100, 500, 1000, 2000})
		if g.P.Grade+g.P.Level <= 2 {
			paid = 100
		}
		if g.P.Bill > 0 { // "pays with a $20 bill"
			paid = g.P.Bill * 100
		}
		cost := pick(g.R, paid/10, paid-1)
		if g.P.Grade+g.P.Level <= 3 {
			cost -= cost % 5
			cost = max(cost, 5)
		}
		item := pickOf(g.R, []string{"item.book", "item.sandwich", "item.ball", "item.pencils", "item.juice", "item.puzzle"})
		name := pickOf(g.R, g.Names())
		return Item{Q: short(g.T("change.q", name, g.T(item), m(Money(cost)), m(Money(paid))), text(Money(paid-cost)), blankSpace()), Nums: []int64{paid, cost}}
	}})
