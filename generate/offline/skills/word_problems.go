package skills

// Word problems come from templates in the language's data file ("wp.add.1" …), with names
// and objects from its lists, so every story is one a teacher would write: things that are
// counted are countable, and shares come out even.

func wpParts(g *Gen) (string, string, string) {
	names := g.Names()
	a := pickOf(g.R, names)
	b := pickOf(g.R, names)
	for b == a {
		b = pickOf(g.R, names)
	}
	objects := splitList(g.T("objects"))
	return a, b, pickOf(g.R, objects)
}

// Addition and subtraction word problems: 1.OA.A.1 (within 20), 2.OA.A.1 (within 100).
var _ = register(&Skill{ID: "word-problems-add-sub", KindOf: []string{"addition", "subtraction"}, Constraints: []string{TakesMax}, Family: "word-problems", Grades: [2]int{1, 3}, Standard: "2.OA.A.1",
	Make: func(g *Gen) Item {
		top := sumCap(g.P)
		if g.P.Grade+g.P.Level >= 3 && g.P.Max == 0 {
			top = 1000
		}
		n1, n2, obj := wpParts(g)
		a := pick(g.R, 2, top-1)
		b := pick(g.R, 1, a-1)
		form := g.R.IntN(4)
		var ans int64
		switch form {
		case 0, 1:
			b = pick(g.R, 1, max(1, top-a))
			ans = a + b
		default:
			ans = a - b
		}
		key := []string{"wp.add.1", "wp.add.2", "wp.sub.1", "wp.sub.2"}[form]
		return Item{Q: short(g.T(key, n1, n2, Num(a), Num(b), obj), number(ans), blankSpace()), Nums: []int64{int64(form), a, b}}
	}})

// Multiplication and division word problems: 3.OA.A.3 (equal groups, within 100).
var _ = register(&Skill{ID: "word-problems-mul-div", KindOf: []string{"multiplication", "division"}, Constraints: []string{TakesMax}, Family: "word-problems", Grades: [2]int{3, 4}, Standard: "3.OA.A.3",
	Make: func(g *Gen) Item {
		n1, _, obj := wpParts(g)
		tables, hi := factTables(g.P)
		a, b := pick(g.R, 2, hi), pickOf(g.R, tables)
		b = max(b, 2)
		if g.R.IntN(2) == 0 {
			return Item{Q: short(g.T("wp.mul", n1, "", Num(a), Num(b), obj), number(a*b), blankSpace()), Nums: []int64{0, a, b}}
		}
		return Item{Q: short(g.T("wp.div", n1, "", Num(a*b), Num(b), obj), number(a), blankSpace()), Nums: []int64{1, a * b, b}}
	}})

// Two-step word problems: 3.OA.D.8 and 4.OA.A.3 (multistep problems with whole numbers).
var _ = register(&Skill{ID: "word-problems-two-step", KindOf: []string{"addition", "subtraction", "multiplication", "division", "word-problems-add-sub", "word-problems-mul-div"}, Constraints: []string{TakesMax}, Family: "word-problems", Grades: [2]int{3, 5}, Standard: "4.OA.A.3",
	Make: func(g *Gen) Item {
		n1, n2, obj := wpParts(g)
		packs, each := pick(g.R, 2, 9), pick(g.R, 3, 12)
		if g.P.Grade+g.P.Level >= 4 {
			packs, each = pick(g.R, 3, 15), pick(g.R, 6, 25)
		}
		give := pick(g.R, 1, packs*each-1)
		return Item{Q: short(g.T("wp.two", n1, n2, Num(packs), Num(each), obj, Num(give)), number(packs*each-give), blankSpace()), Nums: []int64{packs, each, give}}
	}})

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if w := s[start:i]; w != "" {
				out = append(out, w)
			}
			start = i + 1
		}
	}
	return out
}
