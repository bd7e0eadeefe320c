package skills

import "strings"

// Money word problems: 2.MD.C.8 (dollars and cents, within a dollar at grade 2) and 4.MD.A.2
// (word problems with money, decimals): the total of a few prices, the change from a payment,
// the cost of several of one item, how much more is needed. Each item has a price range a
// shop would ask, so no story sells a sandwich for 10 cents.
var _ = register(&Skill{ID: "money-word-problems", Family: "money", Grades: [2]int{2, 4}, Standard: "2.MD.C.8",
	Make: func(g *Gen) Item {
		tier := g.P.Grade + g.P.Level
		name := pickOf(g.R, g.Names())
		items := shopItems
		if tier <= 2 {
			items = shopItems[:4] // the cheap ones: priced within a dollar
		}
		// price is an item's price at this tier: in 5-cent steps below grade 4, within a dollar at grade 2.
		price := func(it shopItem) int64 {
			lo, hi := it.lo, it.hi
			if tier <= 2 {
				lo, hi = 10, 95
			}
			if tier >= 5 {
				hi += hi / 2
			}
			p := pick(g.R, lo, hi)
			if tier <= 3 {
				p = max(5, p-p%5)
			}
			return p
		}
		// two different items, each with its words: "a notebook", "notebooks"
		pickTwo := func() (shopItem, shopItem) {
			a := pickOf(g.R, items)
			b := pickOf(g.R, items)
			for b.key == a.key {
				b = pickOf(g.R, items)
			}
			return a, b
		}
		one := func(it shopItem) string { s, _, _ := strings.Cut(g.T(it.key), "|"); return s }
		many := func(it shopItem) string { _, s, _ := strings.Cut(g.T(it.key), "|"); return s }
		form := int64(g.R.IntN(4))
		switch form {
		case 0: // the total of two prices, three from grade 5 on
			a, b := pickTwo()
			pa, pb := price(a), price(b)
			for tier <= 2 && pa+pb > 100 { // within a dollar
				pa, pb = price(a), price(b)
			}
			if tier >= 5 {
				c := pickOf(g.R, items)
				for c.key == a.key || c.key == b.key {
					c = pickOf(g.R, items)
				}
				pc := price(c)
				return moneyItem(g.T("mwp.total3", name, one(a), m(Money(pa)), one(b), m(Money(pb)), one(c), m(Money(pc))), pa+pb+pc, form, pa, pb, pc)
			}
			return moneyItem(g.T("mwp.total", name, one(a), m(Money(pa)), one(b), m(Money(pb))), pa+pb, form, pa, pb)
		case 1: // change from the next bill up, or a dollar at grade 2
			a, b := pickTwo()
			pa, pb := price(a), price(b)
			for tier <= 2 && pa+pb >= 100 {
				pa, pb = price(a), price(b)
			}
			paid := int64(100)
			for _, bill := range []int64{500, 1000, 2000, 5000} {
				if paid <= pa+pb {
					paid = bill
				}
			}
			return moneyItem(g.T("mwp.change", name, one(a), m(Money(pa)), one(b), m(Money(pb)), m(Money(paid))), paid-pa-pb, form, paid, pa, pb)
		case 2: // several of one item
			it := pickOf(g.R, items)
			qty := pick(g.R, 2, byLevel[int64](g.P.Level, 3, 5, 8, 12))
			p := price(it)
			if tier <= 2 {
				p = min(p, 100/qty-100/qty%5)
			}
			return moneyItem(g.T("mwp.each", name, m(Num(qty)), many(it), m(Money(p))), qty*p, form, qty, p)
		}
		// how much more is needed: the price and what the child has, both at the tier
		it := pickOf(g.R, items)
		p := price(it)
		for p < 15 {
			p = price(it)
		}
		has := pick(g.R, p/4, p-5)
		if tier <= 3 {
			has = max(5, has-has%5)
		}
		return moneyItem(g.T("mwp.need", name, m(Money(has)), one(it), m(Money(p))), p-has, form, p, has)
	}})

func moneyItem(q string, cents int64, nums ...int64) Item {
	return Item{Q: short(q, text(Money(cents)), blankSpace()), Nums: nums}
}

// shopItem is a thing to buy, the language's words for it under key ("a pencil|pencils"),
// and what it costs in a shop, in cents. The first four cost under a dollar at grade 2.
type shopItem struct {
	key    string
	lo, hi int64
}

var shopItems = []shopItem{
	{"shop.pencil", 25, 150}, {"shop.eraser", 25, 125}, {"shop.balloon", 25, 200}, {"shop.juice", 75, 300},
	{"shop.cookies", 100, 400}, {"shop.notebook", 100, 500}, {"shop.sandwich", 300, 800}, {"shop.car", 200, 900},
	{"shop.cap", 600, 1800}, {"shop.book", 500, 2000}, {"shop.ball", 500, 1500}, {"shop.puzzle", 500, 2000},
}
