package offline

import (
	"regexp"
	"slices"
	"strings"
)

// intent is what one message asks for; fields left zero were not mentioned.
type intent struct {
	ops      []string
	opsAlso  bool // "also", "include": add to the sheet's operations instead of replacing them
	count    int
	more     int
	grade    int // -1: not mentioned
	ranges   []rangePhrase
	tables   []int64
	tablesTo int64 // "times tables up to 12"
	roundTo  []int64
	like     *bool

	negatives, remainders, vertical *bool
	columns                         int // -1: "in columns" without a number
	harder, easier, reshuffle       bool
	wordProblems                    bool
	otherTopic                      string // a topic named that the offline engine cannot write
}

// rangePhrase is one way a message bounds the numbers.
type rangePhrase struct {
	kind   string // "digits", "digitsBy", "upTo", "within", "between"
	a, b   int64
	phrase string
}

func yes() *bool { t := true; return &t }
func no() *bool  { f := false; return &f }

var (
	countRe     = regexp.MustCompile(`\b(\d+)\s+(?:(?:[a-z][a-z'-]*|\d+-digits?)\s+){0,4}?(?:problems?|questions?|sums?|exercises?|items?|facts?|calculations?|examples?|fractions?|numbers?|tasks?|divisions?|multiplications?|additions?|subtractions?|ones|equations?|comparisons?)\b`)
	onlyRe      = regexp.MustCompile(`\b(?:only|just|make it|make them|reduce (?:it |them )?to|cut (?:it |them )?(?:down )?to|down to|change (?:it |them )?to|instead of \d+,?|total of)\s+(\d+)\b(?:\s+(?:instead|problems?|questions?|items?))?`)
	countLeadRe = regexp.MustCompile(`^(?:please\s+)?(?:(?:can you |could you )?(?:give me|make|create|i want|i need|generate|write|print)\s+)?(?:a (?:worksheet|sheet|page) (?:with|of)\s+)?(\d+)\s+[a-z]`)
	notACount   = regexp.MustCompile(`^(?:times|x|columns?|digits?|grade|year)\b`)
	insteadRe   = regexp.MustCompile(`\b(\d+)\s+instead\b`)
	moreRe      = regexp.MustCompile(`\b(?:add|another|give me|with|plus)?\s*(\d+)\s+more\b|\banother\s+(\d+)\b|\badd\s+(\d+)\s+(?:problems?|questions?)\b`)
	moreBareRe  = regexp.MustCompile(`\b(?:add|give me|i want|need)\s+(?:some\s+)?more\b|\bmore (?:problems|questions)\b`)
	digitsByRe  = regexp.MustCompile(`\b(\d)[\s-]*digits?\s+(?:by|and|x|times|×|with|divided by|into|÷|/)\s+(?:a\s+)?(\d)[\s-]*digits?\b`)
	digitsRe    = regexp.MustCompile(`\b(\d)[\s-]*digits?\b`)
	upToRe      = regexp.MustCompile(`\b(up to|numbers to|to|under|below|less than|no (?:more|bigger|greater|larger) than|not (?:more|bigger|greater|larger) than|at most|max(?:imum)?(?: of)?|smaller than|no bigger than)\s+(\d+)\b`)
	withinRe    = regexp.MustCompile(`\bwithin\s+(\d+)\b`)
	betweenRe   = regexp.MustCompile(`\b(?:between|from)\s+(\d+)\s+(?:and|to|-)\s+(\d+)\b|\b(\d+)\s*(?:-|to)\s*(\d+)\b`)
	// "the 7 and 8 times tables", "times tables 2, 5 and 10", "multiplying by 6", "dividing by 3";
	// the second group is what the phrase leaves behind for reading the operation.
	tablesRe       = regexp.MustCompile(`\b(?P<n>(?:\d+\s*(?:,|and|&|or)?\s*)+?)\s*(?P<w>(?:x|times|multiplication|division)[\s-]+tables?)\b`)
	tablesAfterRe  = regexp.MustCompile(`\b(?P<w>(?:times|multiplication|division)[\s-]+tables?)\s+(?P<n>(?:(?:of|for)\s+)?\d+(?:\s*(?:,|and|&|or)?\s*\d+)*)\b`)
	byNumberRe     = regexp.MustCompile(`\b(?P<w>multiply(?:ing)?|times|divid(?:e|ing|ed)|division)\s+by\s+(?P<n>(?:\d+(?:\s*(?:,|and|&|or)\s*)?)+)`)
	tablesToRe     = regexp.MustCompile(`\b(?:x|times|multiplication|division)[\s-]+tables?\s+(?:(?:from\s+)?\d+\s*)?(?:up\s+)?(?:to|through|-)\s*(\d+)\b`)
	squareTablesRe = regexp.MustCompile(`\b(?:up to\s+)?(\d+)\s*x\s*\d+(?:\s+(?:times|multiplication)[\s-]+tables?)?\b`)
	gradePhrases   = regexp.MustCompile(`\b(?:grade|gr\.?|class|year|age[sd]?)\s*\d+\b|\b\d+\s+grade(?:rs?)?\b|\b\d+[\s-]*years?[\s-]*olds?\b`)
	gradeRe        = regexp.MustCompile(`\b(?:grade|gr\.?|class)\s*(\d+)\b|\b(\d+)\s+grade(?:rs?)?\b`)
	yearRe         = regexp.MustCompile(`\byear\s*(\d+)\b`)
	ageRe          = regexp.MustCompile(`\b(?:age[sd]?\s*(\d+)|(\d+)[\s-]*years?[\s-]*olds?)\b`)
	kinderRe       = regexp.MustCompile(`\b(kindergarten|kinder|reception|prek|pre-k|preschool)\b`)
	columnsRe      = regexp.MustCompile(`\b(\d)\s+columns?\b`)
	inColumnsRe    = regexp.MustCompile(`\b(?:in|into|as)\s+columns\b`)
	nearestRe      = regexp.MustCompile(`\bnearest\s+((?:\d+\s*(?:,|and|or|&)?\s*)+)`)
)

var (
	// Each operation's words; fraction operations are read when "fraction" is mentioned.
	addWords     = regexp.MustCompile(`\b(addition|adding|add|sums?|plus|summing)\b`)
	subWords     = regexp.MustCompile(`\b(subtraction|subtracting|subtract|take[\s-]?aways?|minus|differences?)\b`)
	mulWords     = regexp.MustCompile(`\b(multiplication|multiplying|multiply|times|products?)\b`)
	divWords     = regexp.MustCompile(`\b(division|dividing|divide|divided|quotients?|share equally|sharing)\b`)
	fracWords    = regexp.MustCompile(`\bfraction`)
	simplWords   = regexp.MustCompile(`\b(simplif\w*|lowest terms|simplest form|reduc\w*|equivalent)\b`)
	compareWords = regexp.MustCompile(`\b(compar\w*|greater than|less than|ordering|in order)\b`)
	roundWords   = regexp.MustCompile(`\b(round\w*|nearest)\b`)
	placeWords   = regexp.MustCompile(`\b(place[\s-]value|value of (?:the|each) digit|digit values?)\b`)
	digitValue   = regexp.MustCompile(`\b(value of (?:the|each) digit|digit values?)\b`)
	expWords     = regexp.MustCompile(`\b(expanded (?:form|notation)|expand)\b`)
	mixedWords   = regexp.MustCompile(`\b(mixed operations|all (?:4|the) operations|4 operations|mixed (?:math|arithmetic|practice|facts|review))\b`)
	alsoWords    = regexp.MustCompile(`\b(also|include|including|mix in|add some|add in|as well|too)\b`)
	// "add 5 more", "add a picture": the verb, not addition.
	editNoise    = regexp.MustCompile(`\badd\s+(?:\d+\s+more|another|more|some more|\d+\s+(?:problems?|questions?)|an?|the|in|to|some|my|our|your|them|it|this|these)\b|\b\d+\s+more\b`)
	harderWords  = regexp.MustCompile(`\b(harder|more difficult|more challenging|tougher|bigger numbers|larger numbers|too easy|challenge|advanced|increase the difficulty)\b`)
	easierWords  = regexp.MustCompile(`\b(easier|simpler|less difficult|smaller numbers|too hard|too difficult|decrease the difficulty)\b`)
	shuffleWords = regexp.MustCompile(`\b(new numbers|different numbers|new problems|different problems|regenerate|reshuffle|shuffle|another set|new set|again|fresh|new ones|different ones|other numbers)\b`)
	factsWords   = regexp.MustCompile(`\b(math facts|maths facts|number facts|basic facts|arithmetic|math practice|maths practice|mental maths?)\b`)
	otherTopics  = regexp.MustCompile(`\b(decimals?|percent\w*|money|coins?|dollars?|cents|clocks?|telling time|measurement|geometry|perimeter|angles?|algebra|solve for|variables?|graphs?|exponents?|square roots?|ratios?|probability|statistics|averages?|median|order of operations|number bonds?|missing numbers?|multiplying fractions|multiply fractions|dividing fractions|divide fractions|fractions? of|mixed numbers?|improper fractions?|skip counting|even and odd|odd and even|prime numbers?)\b`)
	storyWords   = regexp.MustCompile(`\b(word problems?|story problems?|stor(?:y|ies)|real[\s-](?:world|life)|scenarios?)\b`)
)

// Layout and switch words.
var (
	anyNumber        = regexp.MustCompile(`\d+`)
	verticalWords    = regexp.MustCompile(`\b(vertical\w*|column (?:form|method|addition|subtraction|multiplication)|columnar|stacked|stack them|standard algorithm|long (?:addition|subtraction|multiplication))\b`)
	horizontalWords  = regexp.MustCompile(`\b(horizontal\w*|in a row|in a line|inline|side by side)\b`)
	oneColumnWords   = regexp.MustCompile(`\b(?:a list|no columns|1 column|list form)\b`)
	noNegativeWords  = regexp.MustCompile(`\b(?:no|without|not any|avoid|never)\s+(?:\w+\s+)?negative|\bpositive (?:answers|results|numbers) only|\bonly positive`)
	negativeWords    = regexp.MustCompile(`\bnegative|\bintegers\b|\bbelow zero\b`)
	noRemainderWords = regexp.MustCompile(`\b(?:no|without|not any|avoid)\s+remainders?|\bexact(?:ly)?\b|\bevenly\b|\bwhole number answers\b`)
	remainderWords   = regexp.MustCompile(`\bremainders?\b`)
	unlikeWords      = regexp.MustCompile(`\bunlike denominators?|\bdifferent denominators?`)
	likeWords        = regexp.MustCompile(`\b(?:like|same|common|equal) denominators?`)
)

// readIntent reads everything the offline engine understands in one message.
func readIntent(prompt string) intent {
	p := normalisePrompt(prompt)
	in := intent{grade: -1}

	in.wordProblems = storyWords.MatchString(p)
	if m := otherTopics.FindStringSubmatch(p); m != nil {
		in.otherTopic = m[1]
	}
	in.harder = harderWords.MatchString(p) && !strings.Contains(p, "not harder")
	in.easier = easierWords.MatchString(p)
	in.reshuffle = shuffleWords.MatchString(p)

	// Grades first and out of the way: "year 3" is not three problems.
	readGrade(p, &in)
	rest := gradePhrases.ReplaceAllString(p, " ")
	readLayout(rest, &in)
	readToggles(rest, &in)

	// Times tables before counts and ranges: "times tables up to 12" is about the tables.
	for _, re := range []*regexp.Regexp{tablesToRe, squareTablesRe} {
		if m := re.FindStringSubmatch(rest); m != nil {
			in.tablesTo = max(2, min(atoi(m[1]), 20))
			rest = strings.Replace(rest, m[0], " times table ", 1)
		}
	}
	for _, re := range []*regexp.Regexp{tablesRe, tablesAfterRe, byNumberRe} {
		if m := re.FindStringSubmatch(rest); m != nil {
			for _, d := range anyNumber.FindAllString(m[re.SubexpIndex("n")], -1) {
				if n := atoi(d); n >= 1 && n <= 20 && !slices.Contains(in.tables, n) {
					in.tables = append(in.tables, n)
				}
			}
			rest = strings.Replace(rest, m[0], " "+m[re.SubexpIndex("w")]+" ", 1)
		}
	}
	if m := nearestRe.FindStringSubmatch(rest); m != nil {
		for _, d := range anyNumber.FindAllString(m[1], -1) {
			if n := atoi(d); n == 10 || n == 100 || n == 1000 || n == 10000 {
				in.roundTo = append(in.roundTo, n)
			}
		}
		slices.Sort(in.roundTo)
		in.roundTo = slices.Compact(in.roundTo)
		rest = strings.Replace(rest, m[0], " ", 1)
	}
	readCounts(rest, &in)
	readRanges(rest, &in)
	readOps(rest, &in)
	return in
}

func readCounts(p string, in *intent) {
	if m := moreRe.FindStringSubmatch(p); m != nil {
		in.more = int(atoi(m[1] + m[2] + m[3]))
	} else if moreBareRe.MatchString(p) {
		in.more = 10
	}
	q := editNoise.ReplaceAllString(p, " ")
	if m := onlyRe.FindStringSubmatch(q); m != nil && !strings.Contains(m[0], "column") {
		in.count = int(atoi(m[1]))
	} else if m := insteadRe.FindStringSubmatch(q); m != nil {
		in.count = int(atoi(m[1]))
	} else if m := countRe.FindStringSubmatch(q); m != nil {
		in.count = int(atoi(m[1]))
	} else if m := countLeadRe.FindStringSubmatch(q); m != nil && !notACount.MatchString(q[len(m[0])-1:]) {
		in.count = int(atoi(m[1]))
	}
}

func readGrade(p string, in *intent) {
	switch {
	case kinderRe.MatchString(p):
		in.grade = 0
	case gradeRe.MatchString(p):
		m := gradeRe.FindStringSubmatch(p)
		in.grade = int(atoi(m[1] + m[2]))
	case yearRe.MatchString(p):
		in.grade = int(atoi(yearRe.FindStringSubmatch(p)[1])) - 1
	case ageRe.MatchString(p):
		m := ageRe.FindStringSubmatch(p)
		in.grade = int(atoi(m[1]+m[2])) - 6
	}
	if in.grade != -1 {
		in.grade = max(0, min(in.grade, 8))
	}
}

func readLayout(p string, in *intent) {
	switch {
	case verticalWords.MatchString(p):
		in.vertical = yes()
	case horizontalWords.MatchString(p):
		in.vertical = no()
	}
	if m := columnsRe.FindStringSubmatch(p); m != nil {
		in.columns = int(atoi(m[1]))
	} else if inColumnsRe.MatchString(p) {
		in.columns = -1
	}
	if oneColumnWords.MatchString(p) {
		in.columns = 1
	}
}

func readToggles(p string, in *intent) {
	switch {
	case noNegativeWords.MatchString(p):
		in.negatives = no()
	case negativeWords.MatchString(p):
		in.negatives = yes()
	}
	switch {
	case noRemainderWords.MatchString(p):
		in.remainders = no()
	case remainderWords.MatchString(p):
		in.remainders = yes()
	}
	switch {
	case unlikeWords.MatchString(p):
		in.like = no()
	case likeWords.MatchString(p):
		in.like = yes()
	}
}

func readRanges(p string, in *intent) {
	for _, m := range digitsByRe.FindAllStringSubmatch(p, -1) {
		in.ranges = append(in.ranges, rangePhrase{kind: "digitsBy", a: atoi(m[1]), b: atoi(m[2]), phrase: m[0]})
		p = strings.Replace(p, m[0], " ", 1)
	}
	if m := digitsRe.FindStringSubmatch(p); m != nil {
		in.ranges = append(in.ranges, rangePhrase{kind: "digits", a: atoi(m[1]), phrase: m[0]})
	}
	if strings.Contains(p, "long division") && len(in.ranges) == 0 {
		in.ranges = append(in.ranges, rangePhrase{kind: "digitsBy", a: 3, b: 1, phrase: "long division"})
	}
	if m := betweenRe.FindStringSubmatch(p); m != nil {
		a, b := atoi(m[1]+m[3]), atoi(m[2]+m[4])
		in.ranges = append(in.ranges, rangePhrase{kind: "between", a: min(a, b), b: max(a, b), phrase: m[0]})
		p = strings.Replace(p, m[0], " ", 1)
	}
	if m := withinRe.FindStringSubmatch(p); m != nil {
		in.ranges = append(in.ranges, rangePhrase{kind: "within", b: atoi(m[1]), phrase: m[0]})
		p = strings.Replace(p, m[0], " ", 1)
	}
	for _, m := range upToRe.FindAllStringSubmatch(p, -1) {
		n := atoi(m[2])
		if m[1] == "to" && n < 20 {
			continue // "change to 3 columns", "to 2 decimal places": not a bound
		}
		switch m[1] {
		case "under", "below", "less than", "smaller than":
			n--
		}
		if n > 0 {
			in.ranges = append(in.ranges, rangePhrase{kind: "upTo", b: n, phrase: m[0]})
			break
		}
	}
}

func readOps(p string, in *intent) {
	q := editNoise.ReplaceAllString(p, " ")
	q = tablesRe.ReplaceAllString(q, " times table ")
	var ops []string
	add := func(op string) {
		if !slices.Contains(ops, op) {
			ops = append(ops, op)
		}
	}
	if mixedWords.MatchString(q) {
		for _, op := range []string{opAdd, opSub, opMul, opDiv} {
			add(op)
		}
	}
	if fracWords.MatchString(q) {
		if simplWords.MatchString(q) {
			add(opFracSimpl)
		}
		if addWords.MatchString(q) {
			add(opFracAdd)
		}
		if subWords.MatchString(q) {
			add(opFracSub)
		}
		if compareWords.MatchString(q) {
			add(opFracCompare)
		}
		if len(ops) == 0 && !mulWords.MatchString(q) && !divWords.MatchString(q) {
			ops = []string{opFracSimpl, opFracAdd, opFracSub, opFracCompare}
		}
		if len(ops) == 0 {
			in.ops = []string{"unsupported-fractions"}
			return
		}
	} else {
		if addWords.MatchString(q) {
			add(opAdd)
		}
		if subWords.MatchString(q) {
			add(opSub)
		}
		if mulWords.MatchString(q) {
			add(opMul)
		}
		if divWords.MatchString(q) {
			add(opDiv)
		}
		if placeWords.MatchString(q) {
			add(opPlaceValue)
			if !expWords.MatchString(q) && !digitValue.MatchString(q) {
				add(opExpanded)
			}
		}
		if expWords.MatchString(q) {
			add(opExpanded)
		}
		if roundWords.MatchString(q) && (len(in.roundTo) > 0 || strings.Contains(q, "round")) {
			add(opRound)
		}
	}
	if len(ops) == 0 && (len(in.tables) > 0 || in.tablesTo > 0) {
		ops = []string{opMul}
	}
	if len(ops) == 0 && factsWords.MatchString(q) {
		switch {
		case in.grade >= 0 && in.grade <= 2:
			ops = []string{opAdd, opSub}
		case in.grade >= 3 && in.grade <= 4:
			ops = []string{opMul, opDiv}
		default:
			ops = []string{opAdd, opSub, opMul, opDiv}
		}
	}
	in.ops = ops
	in.opsAlso = alsoWords.MatchString(p) && len(ops) > 0
}
