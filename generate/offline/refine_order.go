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

type refiner struct {
	name string
	run  func(rf *refining)
}

var skillRefiners = []refiner{
	{"a list shares a phrase", shareListPhrase},               // "one-step, two-step and multi-step equations"
	{"an add verb adds a thing", addVerbAddsAThing},           // "please add a coloring section"
	{"measures of shapes", shapeMeasures},                     // "perimeter of triangles"
	{"a longer phrase after of", longerPhraseAfterOf},         // "area of composite figures"
	{"said of another's questions", saidOfOthersQuestions},    // "scientific notation with negative exponents"
	{"not wanted or mastered", notWantedOrMastered},           // "order of operations, no exponents"
	{"plus joins skills", plusJoinsSkills},                    // "even and odd plus skip counting"
	{"the inequalities' number line", inequalitiesNumberLine}, // "inequalities on a number line"
	{"in the order named", inOrderNamed},
	{"a kind of its family", kindOfFamily},                        // "two-step inequalities"
	{"the domain of the operations", domainOfOperations},          // "addition and subtraction of fractions"
	{"word problems of the operations", wordProblemsOfOperations}, // "addition word problems"
	{"problems of as word problems", problemsOfAsWordProblems},    // "problemas de suma y resta"
	{"sizes that make another skill", sizesMakeSkill},             // "2-digit by 2-digit multiplication"
	{"the same skill once", sameSkillOnce},                        // "round … to the nearest"
}
