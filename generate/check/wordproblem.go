package check

import (
	"math/big"
	"regexp"
	"strings"
	"unicode"
)

// Everyday word problems whose answer follows from the numbers in their own text: a price after
// a discount, tax or tip; the price of one of a pack; simple interest; the area or perimeter of
// a rectangle whose sides are given; the third angle of a triangle. Each is a narrow template
// on the whole question: every number in the text must be one the template reads, and any
// wording it does not know (a second discount, "then", compound interest, a shaded region, a
// diagram) leaves the question unchecked.

// wordText reduces a question to lower-case words, numbers with their signs ("¤60" for a sum
// of money, "20%", "50°", "8 cm") and punctuation as separate tokens ("." ends a sentence or a
// question, "," separates).
func wordText(text string) string {
	s := strings.NewReplacer(`\$`, " ¤", `\textdollar`, " ¤", "€", " ¤", `\euro`, " ¤", `\%`, "%", "％", "%",
		"º", "°", `\textdegree`, "°", `\degree`, "°", "²", "^2").Replace(text)
	s = wpDegreeMark.ReplaceAllString(s, "°")
	for {
		t := textCmd.ReplaceAllString(s, "$1")
		if t == s {
			break
		}
		s = t
	}
	s = ratioColon.ReplaceAllString(s, "$1∶$2")
	s = strings.NewReplacer("$", " ", `\(`, " ", `\)`, " ", `\times`, " x ", "×", " x ", `\cdot`, " x ",
		`\,`, " ", `\ `, " ", "~", " ", "{,}", ",", "{", " ", "}", " ", "\u00a0", " ").Replace(s)
	s = commaGroup.ReplaceAllString(s, "$1$2")
	s = commaGroup.ReplaceAllString(s, "$1$2")
	s = strings.ToLower(s)
	s = wpPercentWord.ReplaceAllString(s, "$1%")
	s = wpDegreeWord.ReplaceAllString(s, "$1°")
	s = wpMoneyWord.ReplaceAllString(s, "¤$1")
	s = wpMoneyAfter.ReplaceAllString(s, "¤$1")
	s = wpMoneySign.ReplaceAllString(s, "¤")
	s = wpSignGap.ReplaceAllString(s, "$1$2")
	s = wpPunct.ReplaceAllString(s, " $1 ")
	s = strings.NewReplacer("?", ".", "!", ".", ";", ".", ":", ".", "¿", ".", "¡", ".").Replace(s)
	s = strings.TrimSpace(spaces.ReplaceAllString(s, " "))
	s = wpStops.ReplaceAllString(s, ".")
	s = strings.Trim(s, ". ")
	return s
}

var (
	ratioColon    = regexp.MustCompile(`(\d)\s*(?::|\\colon|∶)\s*(\d)`) // "3:5", kept apart from sentence colons
	wpDegreeMark  = regexp.MustCompile(`\^\s*\{?\s*\\circ\s*\}?|\\circ\b`)
	wpPercentWord = regexp.MustCompile(`(\d)\s*(?:percent|per cent|por ciento)\b`)
	wpDegreeWord  = regexp.MustCompile(`(\d)\s*(?:degrees?|grados?)\b`)
	wpMoneyWord   = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:dollars?|dólares|dolares|euros?)\b`)
	wpMoneyAfter  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*¤`)
	wpMoneySign   = regexp.MustCompile(`¤\s*`)
	wpSignGap     = regexp.MustCompile(`(\d)\s+([%°])`)
	// sentence punctuation, but not a decimal point or a decimal comma
	wpPunct  = regexp.MustCompile(`([?!;:¿¡]|\.(?:\s|$)|,(?:\s|$))`)
	wpStops  = regexp.MustCompile(`\.(?: \.)+`)
	wpNumber = regexp.MustCompile(`\d+(?:[.,]\d+)?`)
	// wpForbidden: wording that means the template does not cover the question.
	wpForbidden = wordSet(`then another other additional extra second again also more less than compound\w* compuest\w* shaded sombread\w* diagram\w* figur\w* picture image imagen dibujo above below shown arriba abajo draw dibuja explain explica estimat\w* estima\w* about approximately aproximad\w* round\w* redonde\w* nearest coupon cupón cupon both ambos ambas plus minus más menos half mitad double twice doble each cada per por x y z n otro otra luego después despues total altogether all`)
)

// wpAllowed lists, per template, words of wpForbidden that the template itself reads.
type wpTemplate struct {
	re      *regexp.Regexp
	allowed []string
	build   func(m []string) (problem, bool)
}

const (
	wpNum   = `(\d+(?:\.\d+)?)`
	wpMoney = `¤` + wpNum
	wpPct   = wpNum + `%`
	// wpItem: one to four words naming a thing ("jacket", "pair of shoes", "juice boxes")
	wpItem = `(?P<item>(?:[a-záéíóúñü]+ ){0,3}[a-záéíóúñü]+)`
	wpArt  = `(?:a|an|the|one|un|una|el|la)`
	wpEnd  = `(?: \.)?$`
	wpSep  = ` (?:[.,] )?`
)

func wp(allowed []string, build func(m []string) (problem, bool), parts ...string) wpTemplate {
	return wpTemplate{re: regexp.MustCompile(`^` + strings.Join(parts, "") + wpEnd), allowed: allowed, build: build}
}

func rat(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}

func hundredth(r *big.Rat) *big.Rat { return new(big.Rat).Quo(r, big.NewRat(100, 1)) }

// money is a sum of money to the cent; a price that is not a whole number of cents is not one
// a key can state, so the question is left unchecked.
func money(v *big.Rat) (problem, bool) {
	if !new(big.Rat).Mul(v, big.NewRat(100, 1)).IsInt() || v.Sign() < 0 {
		return nil, false
	}
	return quantity{val: v, kind: "money"}, true
}

// discount and increase: the price after a change of r% (negative for a discount), or the
// change itself.
func priceAfter(sign int64, pIdx, rIdx int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		p, r := rat(m[pIdx]), hundredth(rat(m[rIdx]))
		if sign < 0 && r.Cmp(big.NewRat(1, 1)) > 0 {
			return nil, false
		}
		f := new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(sign, 1), r))
		return money(f.Mul(f, p))
	}
}

func changeOf(pIdx, rIdx int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		return money(new(big.Rat).Mul(rat(m[pIdx]), hundredth(rat(m[rIdx]))))
	}
}

// Question forms.
const (
	// the price after a discount
	qSalePrice = `(?:what is the (?:sale|new|final|discounted|reduced) price(?: of the ` + wpItem + `)?|how much does (?:it|the ` + wpItem + `) cost (?:now|on sale|after the discount|with the discount)|what is the price (?:now|after the discount)|how much (?:will|does|do) (?:she|he|you|they|i|we|[a-z]+) pay(?: for (?:it|the ` + wpItem + `))?|cuál es el precio (?:final|rebajado|con descuento|de venta)|cuál es el nuevo precio|cuánto cuesta (?:ahora|con el descuento|con descuento)|cuánto (?:paga|pagará|se paga)(?: por (?:ella|él|el ` + wpItem + `|la ` + wpItem + `))?)`
	// the amount of the discount
	qSaving = `(?:how much is the discount|what is the discount(?: amount)?|how much (?:money )?(?:will|does|do) (?:she|he|you|they|i|we|[a-z]+) save|how much is saved|cuánto es el descuento|cuánto (?:se ahorra|ahorra|ahorrará))`
	// the total after tax, a tip or an increase
	qTotal = `(?:what is the (?:total|total cost|total bill|total price|total amount|new price|final price|price with tax|cost with tax)(?: of the ` + wpItem + `)?|how much (?:is|does (?:it|the ` + wpItem + `) cost) (?:with (?:the )?(?:tax|tip)|in all)|how much (?:will|does|do) (?:she|he|you|they|i|we|[a-z]+) pay(?: in all)?|cuál es el (?:precio|costo|coste) (?:final|total|con impuesto|con propina)|cuál es el nuevo precio|cuánto (?:paga|pagará|se paga))`
	// the tax, tip or increase itself
	qAmountOf = `(?:how much is the (tip|tax|sales tax|increase)|what is the (?:amount of the )?(tip|tax|sales tax|increase)(?: amount)?|how much (?:is|should be) (?:left as a |left for the )?(tip)|cuánto es (?:la|el) (propina|impuesto|aumento)|de cuánto es (?:la|el) (propina|impuesto|aumento))`
)

// taxWords: the words a total after tax or a tip is asked with.
var taxWords = []string{"total", "all", "plus", "más"}

var wpTemplates = []wpTemplate{
	// "What is 25% of $80?"
	wp(nil, changeOf(2, 1), `(?:what is|what's|find|calculate|work out|compute|cuál es|calcula|halla) (?:el )?`, wpPct, ` (?:of|de) `, wpMoney),
	// Spanish "¿Cuál es el 25% de 80?": a plain number
	wp(nil, func(m []string) (problem, bool) {
		v := new(big.Rat).Mul(rat(m[1]), hundredth(rat(m[2])))
		return arithmetic{val: v, decimals: true}, true
	}, `(?:cuál es|calcula|halla|encuentra) (?:el )?`, wpPct, ` de `, wpNum),

	// Discounts. "A $60 jacket is 20% off. What is the sale price?"
	wp(nil, priceAfter(-1, 1, 2), wpArt, ` `, wpMoney, ` `, wpItem, ` (?:is|was|are) (?:on sale (?:for|at) |marked |discounted |reduced )?(?:by )?`, wpPct, `(?: off)?(?: in a sale)?`, wpSep, qSalePrice),
	wp(nil, changeOf(1, 2), wpArt, ` `, wpMoney, ` `, wpItem, ` (?:is|was|are) (?:on sale (?:for|at) |marked |discounted |reduced )?(?:by )?`, wpPct, `(?: off)?(?: in a sale)?`, wpSep, qSaving),
	// "A jacket costs $60 and is on sale for 20% off." / "... It is discounted by 20%."
	wp(nil, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is priced at|sells for|is|was|usually costs|normally costs|regularly costs) `, wpMoney, wpSep, `(?:and |but )?(?:it |they )?(?:is|was|are|goes|go) (?:on sale (?:for|at) |marked |discounted |reduced |now )?(?:by )?`, wpPct, `(?: off)?`, wpSep, qSalePrice),
	wp(nil, changeOf(1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is priced at|sells for|is|was|usually costs|normally costs|regularly costs) `, wpMoney, wpSep, `(?:and |but )?(?:it |they )?(?:is|was|are|goes|go) (?:on sale (?:for|at) |marked |discounted |reduced |now )?(?:by )?`, wpPct, `(?: off)?`, wpSep, qSaving),
	// "... costs $60. There is a 20% discount." / "... costs $60 and has a 20% discount."
	wp(nil, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is priced at|is|was) `, wpMoney, wpSep, `(?:and |but )?(?:there is|it has|has|with|they have|have|the store (?:gives|offers)) (?:a |an )?`, wpPct, ` discount`, wpSep, qSalePrice),
	wp(nil, changeOf(1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is priced at|is|was) `, wpMoney, wpSep, `(?:and |but )?(?:there is|it has|has|with|they have|have|the store (?:gives|offers)) (?:a |an )?`, wpPct, ` discount`, wpSep, qSaving),
	// Spanish: "Una chaqueta cuesta $60 y tiene un descuento del 20%." / "Una chaqueta de $60 tiene un 20% de descuento."
	wp([]string{"y"}, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` (?:cuesta|vale|tiene un precio de) `, wpMoney, wpSep, `(?:y |pero )?(?:tiene|hay|con) (?:un )?(?:descuento|rebaja) del? `, wpPct, wpSep, qSalePrice),
	wp([]string{"y"}, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` (?:cuesta|vale|tiene un precio de) `, wpMoney, wpSep, `(?:y |pero )?(?:tiene|hay|con) (?:un )?`, wpPct, ` de (?:descuento|rebaja)`, wpSep, qSalePrice),
	wp(nil, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` de `, wpMoney, ` (?:tiene|lleva) (?:un )?(?:descuento|rebaja) del? `, wpPct, wpSep, qSalePrice),
	wp(nil, priceAfter(-1, 1, 2), wpArt, ` `, wpItem, ` de `, wpMoney, ` (?:tiene|lleva) (?:un )?`, wpPct, ` de (?:descuento|rebaja)`, wpSep, qSalePrice),
	wp([]string{"y"}, changeOf(1, 2), wpArt, ` `, wpItem, ` (?:cuesta|vale|tiene un precio de) `, wpMoney, wpSep, `(?:y |pero )?(?:tiene|hay|con) (?:un )?(?:descuento|rebaja) del? `, wpPct, wpSep, qSaving),

	// Tax, tips and increases. "A $40 meal with a 15% tip. What is the total?"
	wp(taxWords, priceAfter(1, 1, 2), wpArt, ` `, wpMoney, ` `, wpItem, ` (?:with|plus|and) (?:a |an )?`, wpPct, ` (?:tip|sales tax|tax)`, wpSep, qTotal),
	wp(taxWords, changeOf(1, 2), wpArt, ` `, wpMoney, ` `, wpItem, ` (?:with|and) (?:a |an )?`, wpPct, ` (?:tip|sales tax|tax)`, wpSep, qAmountOf),
	// "A meal costs $40. They leave a 15% tip." / "A TV costs $300. Sales tax is 8%." / "The price of $50 increases by 10%."
	wp(taxWords, priceAfter(1, 1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is|was|is priced at) `, wpMoney, wpSep, `(?:and |but )?(?:the |there is (?:a |an )?)?(?:sales tax|tax|the tip|tip) (?:is|of) `, wpPct, wpSep, qTotal),
	wp(taxWords, changeOf(1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is|was|is priced at) `, wpMoney, wpSep, `(?:and |but )?(?:the |there is (?:a |an )?)?(?:sales tax|tax|the tip|tip) (?:is|of) `, wpPct, wpSep, qAmountOf),
	wp(taxWords, priceAfter(1, 1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is|was) `, wpMoney, wpSep, `(?:and |but )?(?:she|he|they|you|we|i|[a-z]+) (?:leaves?|adds?|gives?|pays?) (?:a |an )?`, wpPct, ` tip`, wpSep, qTotal),
	wp(taxWords, changeOf(1, 2), wpArt, ` `, wpItem, ` (?:costs|cost|is|was) `, wpMoney, wpSep, `(?:and |but )?(?:she|he|they|you|we|i|[a-z]+) (?:leaves?|adds?|gives?|pays?) (?:a |an )?`, wpPct, ` tip`, wpSep, qAmountOf),
	wp(taxWords, priceAfter(1, 1, 2), wpArt, ` (?:price of (?:a |an |the )?)?`, wpItem, ` (?:costs|cost|is|was) `, wpMoney, wpSep, `(?:and |but )?(?:the price |it |its price )?(?:increases|goes up|is increased|is raised|rises) by `, wpPct, wpSep, qTotal),
	// Spanish: "Una comida cuesta $40 y se deja una propina del 15%."
	wp(append(taxWords, "y"), priceAfter(1, 1, 2), wpArt, ` `, wpItem, ` (?:cuesta|vale) `, wpMoney, wpSep, `(?:y |más )?(?:se deja|deja|dejan|hay|tiene|con|se paga|se cobra|se añade|se agrega) (?:una |un )?(?:propina|impuesto|iva) del? `, wpPct, wpSep, qTotal),
	wp(append(taxWords, "y"), changeOf(1, 2), wpArt, ` `, wpItem, ` (?:cuesta|vale) `, wpMoney, wpSep, `(?:y |más )?(?:se deja|deja|dejan|hay|tiene|con|se paga|se cobra|se añade|se agrega) (?:una |un )?(?:propina|impuesto|iva) del? `, wpPct, wpSep, qAmountOf),

	// Unit price. "6 juice boxes cost $4.50. How much does one cost?"
	wp([]string{"each", "cada"}, unitPrice(1, 2), `(?:(?:a|one) (?:pack|box|bag|set|package|carton|case|packet) of )?`, wpNum, ` `, wpItem, ` (?:costs?|sells? for|are|is) `, wpMoney, wpSep, qOne),
	wp([]string{"each", "cada"}, unitPrice(2, 1), wpMoney, ` (?:buys|will buy|is the price of|is the cost of|pays for) `, wpNum, ` `, wpItem, wpSep, qOne),
	wp([]string{"y", "each", "cada", "por"}, unitPrice(1, 2), `(?:(?:un|una) (?:paquete|caja|bolsa|set) de )?`, wpNum, ` `, wpItem, ` (?:cuestan|cuesta|valen|vale) `, wpMoney, wpSep, qOneEs),

	// Simple interest. "Sam puts $200 in a savings account that pays 5% simple interest per year. How much interest does he earn in 3 years?"
	wp([]string{"per", "each"}, simpleInterest(1, 2, 3), `(?:[a-z]+ )(?:puts|deposits|invests|saves|borrows|lends) `, wpMoney, ` (?:in|into) (?:a |an |the )?`, wpItem, ` (?:that|which) (?:pays|earns|charges|gives) `, wpPct, ` simple interest `, wpYearly, wpSep, `how much interest (?:does|will|would) (?:he|she|they|it|you|[a-z]+) (?:earn|get|receive|pay|make|owe)(?: in| after| over) `, wpNum, ` years?`),
	wp([]string{"per", "each"}, simpleInterest(1, 2, 3), `(?:[a-z]+ )(?:puts|deposits|invests|saves|borrows|lends) `, wpMoney, ` (?:at|with) `, wpPct, ` simple interest `, wpYearly, ` for `, wpNum, ` years?`, wpSep, qInterest),
	wp([]string{"per", "each"}, simpleInterest(1, 2, 3), `(?:find|calculate|what is|work out) the simple interest (?:on|for|earned on) `, wpMoney, ` (?:at|with) `, wpPct, ` `, wpYearly, ` for `, wpNum, ` years?`),
	wp([]string{"per", "each"}, simpleInterest(1, 2, 3), wpMoney, ` (?:is )?(?:invested |deposited |saved |borrowed )?at `, wpPct, ` simple interest `, wpYearly, ` for `, wpNum, ` years?`, wpSep, qInterest),
	wp([]string{"y", "por"}, simpleInterest(1, 2, 3), `(?:calcula|halla|encuentra|cuál es) el interés simple (?:de|que producen|que generan) `, wpMoney, ` al `, wpPct, ` (?:anual|al año|por año) (?:durante|en) `, wpNum, ` años`),
	wp([]string{"y", "por"}, simpleInterest(1, 2, 3), `(?:[a-záéíóúñ]+ )(?:deposita|invierte|ahorra|pide prestados|presta) `, wpMoney, ` (?:al|a un) `, wpPct, ` (?:de )?interés simple (?:anual|al año|por año) (?:durante|por) `, wpNum, ` años`, wpSep, `cuánto interés (?:gana|ganará|recibe|recibirá|paga|pagará|genera)`),

	// Rectangles. "A rectangle is 8 cm by 5 cm. What is its area?"
	wp([]string{"x", "por", "y"}, rectangle(1, 2, 3, 4, 5), wpRect, ` (?:is|measures|mide) `, wpLen, ` (?:by|x|por) `, wpLen, wpSep, wpAsk),
	wp(nil, rectangle(1, 2, 3, 4, 5), wpRect, ` (?:is|measures) `, wpLen, ` long and `, wpLen, ` wide`, wpSep, wpAsk),
	wp(nil, rectangle(1, 2, 3, 4, 5), wpRect, ` has (?:a )?length (?:of )?`, wpLen, ` and (?:a )?width (?:of )?`, wpLen, wpSep, wpAsk),
	wp([]string{"y"}, rectangle(1, 2, 3, 4, 5), wpRect, ` mide `, wpLen, ` de (?:largo|longitud) y `, wpLen, ` de ancho`, wpSep, wpAsk),
	wp([]string{"x", "by", "por"}, rectangleFirst(1, 2, 3, 4, 5), `(?:find|calculate|what is|work out|calcula|halla|cuál es) (?:the |el )?(area|perimeter|área|perímetro) (?:of|del) (?:a |an |the |un )?(?:rectangle|rectángulo) (?:that is |which is |measuring |que mide |de )?`, wpLen, ` (?:by|x|por) `, wpLen),

	// Triangles. "Two angles of a triangle are 50° and 60°. Find the third angle."
	wp(nil, thirdAngle(1, 2), `(?:two angles of a triangle (?:are|measure)|a triangle has (?:two )?angles (?:of|measuring)|in a triangle two angles (?:are|measure)) `, wpDeg, ` and `, wpDeg, wpSep, qThird),
	wp([]string{"y"}, thirdAngle(1, 2), `(?:dos ángulos de un triángulo (?:miden|son)|un triángulo tiene (?:dos )?ángulos de|en un triángulo dos ángulos miden) `, wpDeg, ` y `, wpDeg, wpSep, qThirdEs),
	wp([]string{"other", "otro"}, rightTriangle(1), `(?:a right triangle|a right-angled triangle|a right angled triangle) has (?:an|one) (?:acute )?angle (?:of|measuring) `, wpDeg, wpSep, `(?:what is|find) (?:the (?:size|measure) of )?the (?:third angle|other acute angle)`),
	wp([]string{"other", "otro"}, rightTriangle(1), `(?:un triángulo rectángulo tiene un ángulo (?:agudo )?de) `, wpDeg, wpSep, `(?:cuánto mide|cuál es|halla|calcula) el (?:tercer ángulo|otro ángulo agudo)`),
}

const (
	qOne      = `(?:how much (?:does|would|will|is) (?:one|each|a single|1)(?P<thing>(?: [a-z]+){0,3}?)(?: cost)?|what is the (?:price|cost) (?:of|for) (?:one|each|a single|1)(?P<thing>(?: [a-z]+){0,3})|what is the unit (?:price|cost)|how much (?:does|do) (?:they|it) cost each)`
	qOneEs    = `(?:cuánto cuesta (?:cada uno|cada una|uno|una|un|cada)(?P<thing>(?: [a-záéíóúñ]+){0,3})|cuál es el precio de (?:cada uno|cada una|uno|una|un|cada)(?P<thing>(?: [a-záéíóúñ]+){0,3})|cuál es el precio unitario)`
	wpYearly  = `(?:per year|a year|each year|per annum|annually|yearly|annual)`
	qInterest = `(?:how much (?:simple )?interest (?:does|will|would) (?:he|she|they|it|you|[a-z]+) (?:earn|get|receive|pay|make|owe)|how much (?:simple )?interest is (?:earned|paid|owed)|what is the (?:simple )?interest(?: earned| paid)?|find the (?:simple )?interest)`
	wpUnit    = `(mm|cm|m|km|in|ft|yd|millimeters|millimetres|centimeters|centimetres|meters|metres|kilometers|kilometres|inches|feet|yards|milímetros|centímetros|metros|kilómetros)`
	wpLen     = wpNum + ` ?` + wpUnit
	wpRect    = `(?:a|the|un|el) (?:rectangle|rectangular (?:[a-z]+ ){0,2}[a-z]+|rectángulo)`
	wpAsk     = `(?:what is (?:its|the) (area|perimeter)(?: of the (?:rectangle|[a-z]+))?|find (?:its|the) (area|perimeter)(?: of the (?:rectangle|[a-z]+))?|calculate (?:its|the) (area|perimeter)|cuál es su (área|perímetro)|(?:calcula|halla) (?:su|el) (área|perímetro))`
	wpDeg     = wpNum + `°`
	qThird    = `(?:what is|find|calculate|work out) (?:the (?:size|measure) of )?the (?:third|missing|remaining) angle`
	qThirdEs  = `(?:cuánto mide|cuál es|halla|calcula) el (?:tercer ángulo|ángulo que falta)`
)

func unitPrice(nIdx, pIdx int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		n := rat(m[nIdx])
		if !n.IsInt() || n.Cmp(big.NewRat(2, 1)) < 0 {
			return nil, false
		}
		return money(new(big.Rat).Quo(rat(m[pIdx]), n))
	}
}

func simpleInterest(pIdx, rIdx, tIdx int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		v := new(big.Rat).Mul(rat(m[pIdx]), hundredth(rat(m[rIdx])))
		return money(v.Mul(v, rat(m[tIdx])))
	}
}

var unitNames = map[string]string{
	"millimeters": "mm", "millimetres": "mm", "milímetros": "mm", "centimeters": "cm", "centimetres": "cm", "centímetros": "cm",
	"meters": "m", "metres": "m", "metros": "m", "kilometers": "km", "kilometres": "km", "kilómetros": "km",
	"inches": "in", "feet": "ft", "yards": "yd", "miles": "mi",
}

func canonicalUnit(u string) string {
	if c, ok := unitNames[u]; ok {
		return c
	}
	return u
}

// rectangle reads "a by b" with both sides in one unit, and asks for the area or perimeter.
func rectangle(a, ua, b, ub, ask int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		u := canonicalUnit(m[ua])
		if u != canonicalUnit(m[ub]) {
			return nil, false
		}
		what := strings.Join(m[ask:], "")
		x, y := rat(m[a]), rat(m[b])
		switch what {
		case "area", "área":
			return quantity{val: new(big.Rat).Mul(x, y), kind: "area", unit: u}, true
		case "perimeter", "perímetro":
			s := new(big.Rat).Add(x, y)
			return quantity{val: s.Mul(s, big.NewRat(2, 1)), kind: "length", unit: u}, true
		}
		return nil, false
	}
}

func rectangleFirst(ask, a, ua, b, ub int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		mm := []string{"", m[a], m[ua], m[b], m[ub], m[ask]}
		return rectangle(1, 2, 3, 4, 5)(mm)
	}
}

func thirdAngle(a, b int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		v := new(big.Rat).Sub(big.NewRat(180, 1), new(big.Rat).Add(rat(m[a]), rat(m[b])))
		if v.Sign() <= 0 {
			return nil, false
		}
		return quantity{val: v, kind: "angle"}, true
	}
}

func rightTriangle(a int) func(m []string) (problem, bool) {
	return func(m []string) (problem, bool) {
		v := new(big.Rat).Sub(big.NewRat(90, 1), rat(m[a]))
		if v.Sign() <= 0 {
			return nil, false
		}
		return quantity{val: v, kind: "angle"}, true
	}
}

// recogniseWordProblem matches the question against the templates; a question is read only
// when one template accounts for all of it.
func recogniseWordProblem(text string) (problem, bool) {
	s := wordText(text)
	if s == "" {
		return nil, false
	}
	for _, t := range append(wpTemplates[:len(wpTemplates):len(wpTemplates)], storyTemplates...) {
		all := t.re.FindStringSubmatch(s)
		if all == nil {
			continue
		}
		m := []string{all[0]}
		var items, things []string
		read := 0
		for i, name := range t.re.SubexpNames()[1:] {
			switch name {
			case "list":
				read += len(wpNumber.FindAllString(all[i+1], -1))
				m = append(m, all[i+1])
			case "item":
				items = append(items, all[i+1])
			case "thing":
				things = append(things, strings.TrimSpace(all[i+1]))
			default:
				m = append(m, all[i+1])
			}
		}
		// every number in the text is one the template read
		for _, g := range m[1:] {
			if g != "" && wpNumber.FindString(g) == g {
				read++
			}
		}
		if len(wpNumber.FindAllString(s, -1)) != read {
			return nil, false
		}
		for _, w := range words(s) {
			if wpForbidden.match(w) && !allowedWord(w, t.allowed) {
				return nil, false
			}
		}
		for _, it := range items {
			if wpJoiner.any(words(it)) {
				return nil, false // "a jacket and a shirt": two things
			}
		}
		for _, th := range things {
			if th != "" && !sameThing(th, items) {
				return nil, false // "a pack of 6 boxes ... one pack": not one of the six
			}
		}
		return t.build(m)
	}
	return nil, false
}

var wpJoiner = wordSet(`and or with without but y o e con sin pero for para at in on en by is are was were es son`)

// sameThing: the thing a unit-price question asks about is the item priced ("one juice box"
// of "6 juice boxes"), named by its head word.
func sameThing(thing string, items []string) bool {
	tw := strings.Fields(thing)
	last := tw[len(tw)-1]
	for _, it := range items {
		w := strings.Fields(it)
		if len(w) == 0 {
			continue
		}
		head := w[len(w)-1]
		for i, x := range w {
			if (x == "of" || x == "de") && i > 0 {
				head = w[i-1]
				break
			}
		}
		for _, h := range []string{head, w[0]} {
			if h == last || h == last+"s" || h == last+"es" || last == h+"s" || last == h+"es" {
				return true
			}
		}
	}
	return false
}

func allowedWord(w string, allowed []string) bool {
	for _, a := range allowed {
		if w == a {
			return true
		}
	}
	return false
}

// wordRe is a set of words, some with a \w* ending ("compound\w*"); words are matched whole.
type wordRe struct{ re *regexp.Regexp }

func wordSet(list string) wordRe {
	return wordRe{regexp.MustCompile(`^(?:` + strings.Join(strings.Fields(list), "|") + `)$`)}
}

func (w wordRe) match(word string) bool { return w.re.MatchString(word) }

func (w wordRe) any(ws []string) bool {
	for _, x := range ws {
		if w.match(x) {
			return true
		}
	}
	return false
}

// words splits text into its words (letters only; numbers and signs apart).
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}
