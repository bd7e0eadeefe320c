package skills

import "fmt"

// Decimals to fractions: 4.NF.C.6 (decimal notation for fractions with denominators 10 or 100).
var _ = register(&Skill{ID: "decimal-to-fraction", Family: "decimals", Grades: [2]int{4, 6}, Standard: "4.NF.C.6",
	Make: func(g *Gen) Item {
		places := int(pick(g.R, 1, 2))
		if g.P.Grade+g.P.Level >= 6 {
			places = int(pick(g.R, 1, 3))
		}
		n := pick(g.R, 1, pow10(places)-1)
		for n%10 == 0 {
			n = pick(g.R, 1, pow10(places)-1)
		}
		f := Frac{n, pow10(places)}
		return Item{Q: short(g.T("dec2frac.q", m(Dec(n, places))), fracAnswer(f), blankSpace()), Nums: []int64{n, int64(places)}}
	}})

// terminating are fractions whose decimals end: denominators 2, 4, 5, 8, 10, 20, 25.
var terminating = []int64{2, 4, 5, 8, 10, 20, 25}

// Fractions to decimals: 7.NS.A.2d (a rational number to a decimal that terminates).
var _ = register(&Skill{ID: "fraction-to-decimal", Family: "decimals", Grades: [2]int{4, 7}, Standard: "7.NS.A.2d",
	Make: func(g *Gen) Item {
		d := pickOf(g.R, terminating)
		n := pick(g.R, 1, d-1)
		for gcd(n, d) != 1 {
			n = pick(g.R, 1, d-1)
		}
		thousandths := n * 1000 / d
		return Item{Q: short(g.T("frac2dec.q", m(Frac{n, d}.TeX())), decAnswer(thousandths, 3), blankSpace()), Nums: []int64{n, d}}
	}})

// Percent ↔ decimal ↔ fraction: 6.RP.A.3c (percent as a rate per 100).
var _ = register(&Skill{ID: "percent-conversions", Family: "percent", Grades: [2]int{6, 7}, Standard: "6.RP.A.3c",
	Make: func(g *Gen) Item {
		d := pickOf(g.R, terminating)
		n := pick(g.R, 1, d-1)
		for gcd(n, d) != 1 {
			n = pick(g.R, 1, d-1)
		}
		per10 := n * 1000 / d // the percent in tenths of a percent
		pct := DecTrim(per10, 1) + `\%`
		switch g.R.IntN(3) {
		case 0:
			return Item{Q: short(g.T("frac2pct.q", m(Frac{n, d}.TeX())), expr(pct), blankSpace()), Nums: []int64{n, d, 0}}
		case 1:
			return Item{Q: short(g.T("dec2pct.q", m(DecTrim(per10, 3))), expr(pct), blankSpace()), Nums: []int64{n, d, 1}}
		}
		return Item{Q: short(g.T("pct2frac.q", m(pct)), Answer{Kind: "fraction", Value: fmt.Sprintf("%d/%d", n, d)}, blankSpace()), Nums: []int64{n, d, 2}}
	}})

// Percent of a number: 6.RP.A.3c (find a percent of a quantity); whole-number answers.
var _ = register(&Skill{ID: "percent-of", Family: "percent", Grades: [2]int{6, 7}, Standard: "6.RP.A.3c",
	Make: func(g *Gen) Item {
		pcts := byLevel(g.P.Level, []int64{10, 25, 50}, []int64{5, 10, 20, 25, 30, 40, 50, 75}, []int64{12, 15, 35, 45, 60, 65, 80, 90}, []int64{3, 7, 12, 15, 35, 45, 120, 150})
		p := pickOf(g.R, pcts)
		step := 100 / gcd(p, 100) // the number is a multiple of this, so the answer is whole
		n := step * pick(g.R, 1, max(1, 600/step))
		return Item{Q: short(g.T("pctof.q", m(Num(p)+`\%`), m(Num(n))), number(p*n/100), blankSpace()), Nums: []int64{p, n}}
	}})

// Percent change: 7.RP.A.3 (percent increase and decrease); whole-number percents.
var _ = register(&Skill{ID: "percent-change", Family: "percent", Grades: [2]int{7, 8}, Standard: "7.RP.A.3",
	Make: func(g *Gen) Item {
		p := pickOf(g.R, []int64{5, 10, 15, 20, 25, 30, 40, 50, 60, 75})
		step := 100 / gcd(p, 100)
		old := step * pick(g.R, 1, max(1, 400/step))
		up := g.R.IntN(2) == 0
		nw := old - old*p/100
		word := g.T("decrease")
		if up {
			nw, word = old+old*p/100, g.T("increase")
		}
		return Item{Q: short(g.T("pctchange.q", m(Num(old)), m(Num(nw))), text(fmt.Sprintf(`%d\%% %s`, p, word)), blankSpace()), Nums: []int64{old, nw}}
	}})
