package check

import (
	"math/big"
	"strings"
)

// Story templates: how many more or fewer one person has than another, the mean of a list,
// distance, speed and time, a percent increase or decrease, and sharing in a ratio. Like the
// money templates they read the whole question: every number in it must be one they read, and
// the people and things they name must agree ("How many more does Tom have?" when Tom has
// fewer is left to the teacher).

const (
	stName  = `([a-záéíóúñ]+)`
	stItem  = `((?:[a-záéíóúñü]+ ){0,3}[a-záéíóúñü]+)`
	stVerb  = `(?:has|had|have|owns|owned|collected|scored|read|picked|saved|sold|made|baked|caught|found|drew|wrote|ran|walked|swam|counted|grew|tiene|tenía|juntó|leyó|hizo|vendió)`
	stAsk   = `(?:have|own|collect|score|read|pick|save|sell|make|bake|catch|find|draw|write|run|walk|swim|count|grow)`
	stList  = `(?P<list>-?\d+(?:\.\d+)?(?: , -?\d+(?:\.\d+)?)*(?: ,)? (?:and|y) -?\d+(?:\.\d+)?|-?\d+(?:\.\d+)?(?: , -?\d+(?:\.\d+)?){2,})`
	stMover = `(?:(?:a|an|the|un|una|el|la) )?[a-záéíóúñ']+(?: [a-záéíóúñ]+)?`
	stMoves = `(?:travels|travelled|traveled|drives|drove|rides|rode|runs|ran|flies|flew|goes|went|moves|walks|walked|cycles|cycled|sails|sailed|swims|swam|viaja|viajó|recorre|recorrió|va|maneja|conduce|corre|vuela|camina)`
	stMove  = `(?:travel|go|drive|ride|run|fly|walk|cycle|sail|swim|move|cover|recorrer|viajar)`
	stWho   = `(?:it|he|she|they|the [a-z]+|[a-z]+)`
	stSpeed = wpNum + ` ?(km/h|kph|km/hr|km per hour|kilometers per hour|kilometres per hour|kilómetros por hora|mph|mi/h|miles per hour|miles an hour)`
	stDist  = wpNum + ` ?(km|kilometers|kilometres|kilómetros|miles|mi)`
	stHours = wpNum + ` (?:hours?|hrs?|h|horas?)`
	stValue = `(¤?)` + wpNum
	stRatio = wpNum + `(?:∶| to | a )` + wpNum
)

var storyTemplates = []wpTemplate{
	// "Ana has 23 stickers. Tom has 15. How many more stickers does Ana have than Tom?"
	wp([]string{"more", "less", "than"}, moreOrFewer(7, 8), stName, ` `, stVerb, ` `, wpNum, ` `, stItem, `(?: \.| ,|(?: ,)? and| but| while) `, stName, ` `, stVerb, ` `, wpNum, `(?: `, stItem, `)?`, ` \. how many (more|fewer|less)(?: `, stItem, `)? (?:does|did|do) `, stName, ` `, stAsk, `(?: than `, stName, `)?`),
	wp([]string{"más", "menos", "y"}, moreOrFewer(8, 7), stName, ` `, stVerb, ` `, wpNum, ` `, stItem, `(?: \.| ,|(?: ,)? y| pero) `, stName, ` `, stVerb, ` `, wpNum, `(?: `, stItem, `)?`, ` \. cuánt[oa]s(?: `, stItem, `)? (más|menos) tiene `, stName, `(?: que `, stName, `)?`),

	// "How many more is 23 than 15?" / "What is the difference between 23 and 15?"
	wp([]string{"more", "less", "than"}, moreThan(2, 1, 3), `how (?:much|many) (more|greater|larger|bigger|less|smaller|fewer) is `, wpNum, ` than `, wpNum),
	wp([]string{"y"}, difference(1, 2), `(?:what is|find|calculate|work out|cuál es|halla|calcula) (?:the |la )?difference (?:between|of) `, wpNum, ` and `, wpNum),
	wp([]string{"y"}, difference(1, 2), `(?:cuál es|halla|calcula) la diferencia entre `, wpNum, ` y `, wpNum),

	// "Find the mean of 4, 8, 6, 10 and 7." / "The test scores are 80, 90 and 85. What is the mean score?"
	wp([]string{"y"}, meanOf, `(?:find|calculate|what is|work out|compute|halla|calcula|cuál es) (?:the |el |la )?(?:mean|average|media|promedio) (?:of|de) (?:(?:the|these|the following) (?:numbers|data|values|scores) (?:\. )?|(?:los|estos) (?:números|datos) (?:\. )?)?`, stList),
	wp([]string{"y"}, meanOf, `(?:the |her |his |their |los |las |sus )?(?:[a-záéíóúñ]+ ){0,3}(?:are|were|son|fueron) `, stList, wpSep, `(?:what is|find|calculate|cuál es) (?:the |their |her |his |el |la )?(?:mean|average|media|promedio)(?: [a-z]+)?`),

	// "A car travels at 60 km/h for 3 hours. How far does it travel?"
	wp([]string{"per", "por"}, distance(1, 2, 3), stMover, ` `, stMoves, ` (?:at |a )?(?:an average speed of |a speed of |a constant speed of |una velocidad de )?`, stSpeed, ` (?:for|durante|por) `, stHours, wpSep, qFar),
	wp([]string{"per", "por"}, distance(2, 3, 1), stMover, ` `, stMoves, ` (?:for|durante|por) `, stHours, ` (?:at|a) (?:an average speed of |a speed of |a constant speed of |una velocidad de )?`, stSpeed, wpSep, qFar),
	// "A car travels 150 miles in 3 hours. What is its average speed?"
	wp([]string{"per", "por"}, speed(1, 2, 3), stMover, ` `, stMoves, ` `, stDist, ` (?:in|en) `, stHours, wpSep, qSpeed),
	// "How long does it take to drive 150 miles at 50 mph?"
	wp([]string{"per", "por"}, travelTime(1, 2, 3, 4), `how long (?:does|will|would) it take (?:(?:a|an|the) [a-z]+(?: [a-z]+)? |[a-z]+ )?to `, stMove, ` `, stDist, ` at (?:an average speed of |a speed of )?`, stSpeed),

	// "A price rose from $40 to $50. What is the percent increase?"
	wp(nil, percentChange(1, 2, 3, 4, 5, 6), `(?:the |a |an )?(?:[a-záéíóúñ']+ ){0,4}(increased|rose|went up|grew|increases|rises|goes up|grows|was raised|decreased|fell|dropped|went down|decreases|falls|drops|goes down|was reduced|was cut|changed|changes) from `, stValue, ` to `, stValue, wpSep, `(?:what is|what was|find|calculate|work out) the percent(?:age)? (increase|decrease|change)`),
	wp(nil, percentChange(0, 2, 3, 4, 5, 1), `(?:what is|what was|find|calculate|work out) the percent(?:age)? (increase|decrease|change) from `, stValue, ` to `, stValue),
	// "Increase 80 by 15%." / "What is $60 decreased by 25%?"
	wp(nil, changedBy(1, 2, 3, 4), `(increase|decrease|reduce) `, stValue, ` by `, wpPct),
	wp(nil, changedBy(3, 1, 2, 4), `(?:what is|find|calculate|work out) `, stValue, ` (increased|decreased|reduced) by `, wpPct),

	// "Ana and Ben share $40 in the ratio 3:5. How much does Ben get?"
	wp([]string{"y"}, ratioShare(1, 2, 3, 4, 5, 6, 7), stName, ` and `, stName, ` share `, stValue, `(?: (?:[a-záéíóúñü]+ ){0,2}[a-záéíóúñü]+)? in the ratio `, stRatio, wpSep, `how (?:much|many)(?: (?:[a-záéíóúñü]+ ){0,2}[a-záéíóúñü]+)? (?:does|will|did) `, stName, ` (?:get|receive|have)`),
	wp([]string{"y"}, ratioShare(1, 2, 3, 4, 5, 6, 7), stName, ` y `, stName, ` (?:se reparten|reparten|comparten) `, stValue, `(?: (?:[a-záéíóúñü]+ ){0,2}[a-záéíóúñü]+)? en la (?:razón|proporción) `, stRatio, wpSep, `cuánto (?:recibe|obtiene|le toca a) `, stName),
	// "Share $40 in the ratio 3:5. What is the larger share?"
	wp(nil, ratioPart(1, 2, 3, 4, 5), `(?:share|divide|split) `, stValue, ` in the ratio `, stRatio, wpSep, `(?:what is|how (?:much|big) is|find) the (larger|smaller|bigger|greater|lesser) (?:share|part|amount|portion)`),
}

const (
	qFar   = `(?:how far (?:does|did|will|can|would) ` + stWho + ` ` + stMove + `|what distance (?:does|did|will) ` + stWho + ` ` + stMove + `|how many (?:kilometers|kilometres|km|miles) (?:does|did|will) ` + stWho + ` ` + stMove + `|qué distancia (?:recorre|recorrió|viaja)|cuántos kilómetros (?:recorre|recorrió|viaja))`
	qSpeed = `(?:what (?:is|was) (?:its|his|her|their|the) (?:average )?speed|how fast (?:does|did|was|is) ` + stWho + ` (?:travel|go|drive|ride|run|fly|walk|cycle|travelling|traveling|going|moving)|find (?:its|the|his|her) (?:average )?speed|cuál (?:es|fue) su velocidad(?: media)?|a qué velocidad (?:va|viaja|viajó))`
)

// moreOrFewer reads name1 n1 item1 name2 n2 item2, the direction and the thing asked about
// (at dirIdx and item3Idx: English and Spanish put them in either order), the one asked, and
// the one compared with.
func moreOrFewer(dirIdx, item3Idx int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) { return howManyMore(m, m[dirIdx], m[item3Idx]) }
}

func howManyMore(m []string, dir, item3 string) (problem, bool) {
	name1, n1, item1, name2, n2 := m[1], rat(m[2]), m[3], m[4], rat(m[5])
	item2, asked, than := m[6], m[9], m[10]
	if name1 == name2 || item2 != "" && item2 != item1 || item3 != "" && !sameThing(item3, []string{item1}) {
		return nil, false
	}
	var mine, theirs *big.Rat
	switch asked {
	case name1:
		mine, theirs = n1, n2
		if than != "" && than != name2 {
			return nil, false
		}
	case name2:
		mine, theirs = n2, n1
		if than != "" && than != name1 {
			return nil, false
		}
	default:
		return nil, false // "she": which one is not said
	}
	d := new(big.Rat).Sub(mine, theirs)
	if dir == "fewer" || dir == "less" || dir == "menos" {
		d.Neg(d)
	}
	if d.Sign() <= 0 {
		return nil, false // "how many more does Tom have" when Tom has fewer
	}
	return arithmetic{val: d, decimals: !d.IsInt()}, true
}

// moreThan: "how much more is a than b" is a − b; "how much less is a than b" is b − a; a
// question whose answer would be negative is worded the wrong way round and left alone.
func moreThan(a, dir, b int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		d := new(big.Rat).Sub(rat(m[a]), rat(m[b]))
		switch m[dir] {
		case "less", "smaller", "fewer":
			d.Neg(d)
		}
		if d.Sign() <= 0 {
			return nil, false
		}
		return arithmetic{val: d, decimals: strings.Contains(m[a]+m[b], ".")}, true
	}
}

// difference: the difference between two numbers, the larger less the smaller.
func difference(a, b int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		d := new(big.Rat).Sub(rat(m[a]), rat(m[b]))
		return arithmetic{val: d.Abs(d), decimals: strings.Contains(m[a]+m[b], ".")}, true
	}
}

func listValues(list string) []*big.Rat {
	var out []*big.Rat
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ' ' || r == ',' }) {
		if f == "and" || f == "y" {
			continue
		}
		out = append(out, rat(f))
	}
	return out
}

func meanOf(m []string) (problem, bool) {
	vs := listValues(m[1])
	sum := new(big.Rat)
	for _, v := range vs {
		sum.Add(sum, v)
	}
	mean := sum.Quo(sum, big.NewRat(int64(len(vs)), 1))
	if _, ok := finiteDecimal(mean); !ok {
		return nil, false // 13/3: the key would have to round, and the question does not say how
	}
	return arithmetic{val: mean, decimals: !mean.IsInt()}, true
}

// speedUnit is the distance unit a speed is measured in: "km" for km/h, "mi" for mph.
func speedUnit(u string) string {
	if strings.HasPrefix(u, "k") {
		return "km"
	}
	return "mi"
}

func distance(s, su, h int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		return quantity{val: new(big.Rat).Mul(rat(m[s]), rat(m[h])), kind: "length", unit: speedUnit(m[su])}, true
	}
}

func speed(d, du, h int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		t := rat(m[h])
		if t.Sign() == 0 {
			return nil, false
		}
		v := new(big.Rat).Quo(rat(m[d]), t)
		if _, ok := finiteDecimal(v); !ok {
			return nil, false
		}
		return quantity{val: v, kind: "speed", unit: canonicalUnit(m[du]) + "/h"}, true
	}
}

func travelTime(d, du, s, su int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		v := rat(m[s])
		if v.Sign() == 0 || canonicalUnit(m[du]) != speedUnit(m[su]) {
			return nil, false // miles at km/h
		}
		t := new(big.Rat).Quo(rat(m[d]), v)
		if _, ok := finiteDecimal(t); !ok {
			return nil, false
		}
		return quantity{val: t, kind: "time", unit: "h"}, true
	}
}

var upWords = map[string]int{"increased": 1, "rose": 1, "went up": 1, "grew": 1, "increases": 1, "rises": 1, "goes up": 1,
	"grows": 1, "was raised": 1, "increase": 1, "decreased": -1, "fell": -1, "dropped": -1, "went down": -1, "decreases": -1,
	"falls": -1, "drops": -1, "goes down": -1, "was reduced": -1, "was cut": -1, "decrease": -1}

// percentChange: verb (index 0 when the question has none), the two values with their money
// signs, and the change asked for; the direction said must be the direction of the numbers.
func percentChange(verb, s1, v1, s2, v2, asked int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		if m[s1] != m[s2] {
			return nil, false
		}
		from, to := rat(m[v1]), rat(m[v2])
		if from.Sign() <= 0 {
			return nil, false
		}
		dir := to.Cmp(from)
		if verb > 0 && upWords[m[verb]] != 0 && upWords[m[verb]] != dir || upWords[m[asked]] != 0 && upWords[m[asked]] != dir {
			return nil, false
		}
		if m[asked] == "change" && dir < 0 {
			return nil, false // -20% or "a 20% decrease": the sign is the teacher's call
		}
		v := new(big.Rat).Sub(to, from)
		v.Abs(v).Quo(v, from).Mul(v, big.NewRat(100, 1))
		if dir == 0 || !new(big.Rat).Mul(v, big.NewRat(100, 1)).IsInt() {
			return nil, false
		}
		return percentProblem{val: v}, true
	}
}

func changedBy(verb, sign, v, pct int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		f := hundredth(rat(m[pct]))
		if strings.HasPrefix(m[verb], "increase") {
			f.Add(big.NewRat(1, 1), f)
		} else {
			f.Sub(big.NewRat(1, 1), f)
		}
		if f.Sign() < 0 {
			return nil, false
		}
		val := f.Mul(f, rat(m[v]))
		if m[sign] != "" {
			return money(val)
		}
		return arithmetic{val: val, decimals: true}, true
	}
}

// share is total × part / (a + b): money to the cent, or a whole number of things.
func share(sign, total, part string, a, b string) (problem, bool) {
	sum := new(big.Rat).Add(rat(a), rat(b))
	if sum.Sign() == 0 {
		return nil, false
	}
	v := new(big.Rat).Mul(rat(total), rat(part))
	v.Quo(v, sum)
	if sign != "" {
		return money(v)
	}
	if !v.IsInt() {
		return nil, false
	}
	return arithmetic{val: v}, true
}

func ratioShare(n1, n2, sign, total, a, b, asked int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		switch {
		case m[n1] == m[n2]:
			return nil, false
		case m[asked] == m[n1]:
			return share(m[sign], m[total], m[a], m[a], m[b])
		case m[asked] == m[n2]:
			return share(m[sign], m[total], m[b], m[a], m[b])
		}
		return nil, false
	}
}

func ratioPart(sign, total, a, b, which int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		x, y := rat(m[a]), rat(m[b])
		if x.Cmp(y) == 0 {
			return nil, false
		}
		larger, smaller := m[a], m[b]
		if x.Cmp(y) < 0 {
			larger, smaller = smaller, larger
		}
		part := larger
		if m[which] == "smaller" || m[which] == "lesser" {
			part = smaller
		}
		return share(m[sign], m[total], part, m[a], m[b])
	}
}
