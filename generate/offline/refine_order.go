package offline

// The skill phrases a message holds are found longest first, each word once; what they mean
// is then settled by the refiners below, each one kind of conflict, in this order: the list's
// shared words and the phrases that name no skill first (they decide what is found), then the
// skills said of others and not wanted, then the order named (which the later ones read),
// the domain and word problems of the operations, and last what sizes and repeats make of them.
// Each refiner's name is the rule the reading records for the words it claims.

// refining is the skills found so far and the words they were found in.
type refining struct {
	toks      []string
	sep, used []bool
	q         *request
	found     []asked
}

// A refiner is one rule of a phase, named: the reading records its name for the words it
// claims, with the phase's role or its own.
type refiner[T any] struct {
	name string
	run  func(*T)
	role string // "" the phase's
}

var skillRefiners = []refiner[refining]{
	{"a list shares a phrase", shareListPhrase, ""},               // "one-step, two-step and multi-step equations"
	{"an add verb adds a thing", addVerbAddsAThing, ""},           // "please add a coloring section"
	{"measures of shapes", shapeMeasures, ""},                     // "perimeter of triangles"
	{"a longer phrase after of", longerPhraseAfterOf, ""},         // "area of composite figures"
	{"said of another's questions", saidOfOthersQuestions, ""},    // "scientific notation with negative exponents"
	{"not wanted or mastered", notWantedOrMastered, ""},           // "order of operations, no exponents"
	{"plus joins skills", plusJoinsSkills, ""},                    // "even and odd plus skip counting"
	{"the inequalities' number line", inequalitiesNumberLine, ""}, // "inequalities on a number line"
	{"in the order named", inOrderNamed, ""},
	{"a kind of its family", kindOfFamily, ""},                        // "two-step inequalities"
	{"the domain of the operations", domainOfOperations, ""},          // "addition and subtraction of fractions"
	{"word problems of the operations", wordProblemsOfOperations, ""}, // "addition word problems"
	{"problems of as word problems", problemsOfAsWordProblems, ""},    // "problemas de suma y resta"
	{"sizes that make another skill", sizesMakeSkill, ""},             // "2-digit by 2-digit multiplication"
	{"the same skill once", sameSkillOnce, ""},                        // "round … to the nearest"
}

// The numbers left are counts only where the refiners below say whose, in this order: numbers
// that are no count first (people), then counts written with a skill ("x20", just before it,
// before it named again), then counts of the whole sheet, lists of counts and a count alone,
// then what the counts found make of each other, and last the sections in the order counted.

// counting is the sections' counts as the refiners find them.
type counting struct {
	toks                     []string
	sep, used                []bool
	q                        *request
	sentences, starts, order []int // the words' sentences; where each section is named, and where it is counted
	counted                  int   // sections given a count of their own
}

var countRefiners = []refiner[counting]{
	{"people are no count", peopleAreNoCount, roleContext},            // "3 of our kids"
	{"a count after x", countAfterX, ""},                              // "multiplication x20"
	{"another x the sheet's", otherXTheSheets, ""},                    // "x20"
	{"a count before its skill", countBeforeSkill, ""},                // "5 addition"
	{"a count before a skill named again", countBeforeSkillAgain, ""}, // "… Could I have 8 clocks"
	{"a count of the sheet", countOfTheSheet, ""},                     // "20 problems"
	{"counts listed after the skills", countsListedAfter, ""},         // "… y simplificación, 10 y 10"
	{"a count alone at the end", countAloneAtEnd, ""},                 // "2-step equations, 15"
	{"a further count adds", furtherCountAdds, ""},                    // "5 rounding to the nearest ten, 5 to the nearest hundred"
	{"a count shared by joined skills", countSharedByJoined, ""},      // "12 area and perimeter problems"
	{"one count before several", oneCountBeforeSeveral, ""},           // "20 addition and subtraction problems"
	{"in the order counted", inOrderCounted, ""},
}
