// Package lang is what a language's folder (lang/<code>/) gives the offline reader beside its
// words.json: the grammar that a list of words cannot hold. Each folder is a package whose
// Grammar the generated list in lang/all names; adding a language touches no Go file outside
// its folder.
package lang

// Grammar reads the parts of a folded request (lower case, accents dropped, a hyphenated word
// split in its parts) whose reading is the language's own.
type Grammar interface {
	// Number reads a number written in words at the start of ws: how many words it takes and
	// its value ("treinta y cinco" is 3 words, 35); 0 words when none starts there. values are
	// the language's number words (words.json "numbers").
	Number(ws []string, values map[string]int64) (n int, value int64)
	// Grade reads a school year named at ws[i] in the language's countries: how many words it
	// takes and its US grade (0 kindergarten … 12); 0 words when none is named there. It may
	// look at the words before ws[i].
	Grade(ws []string, i int) (n int, grade int)
	// Say writes a whole number from 0 to 999 in words, as a sheet's answer is written
	// ("forty-five", "cuarenta y cinco", "quarenta e cinco").
	Say(n int64) string
}

// Additive reads numbers written the way most languages write them: tens then units ("twenty
// five", "treinta y cinco"), a unit then a scale ("two hundred", "deux cents"), a hundred
// then tens ("cento e vinte"), with words that join the parts ("y", "e", "et").
type Additive struct {
	Joins      map[string]bool  // words between two parts: "y"
	Scales     map[string]int64 // words that multiply what is before them: "hundred" 100, "mil" 1000
	Compounds  map[string]int64 // numbers of two words read as one: "dix sept" 17, "quatre vingt" 80
	Tails      map[string]int64 // numbers only after another part: "um" of "vinte e um" (alone, "um" is "a")
	TeensAfter map[int64]bool   // tens that 10–19 follow: French 60 and 80 ("soixante-douze")
}

// Number reads ws as Grammar.Number does.
func (a Additive) Number(ws []string, values map[string]int64) (int, int64) {
	var total, cur int64
	taken, i := 0, 0
	limit := int64(1) << 62 // what the next part must be below
	lastUnit := int64(-1)   // the last part added, for a scale after it
	for i < len(ws) {
		j := i
		if taken > 0 && a.Joins[ws[i]] {
			j = i + 1
		}
		if j >= len(ws) {
			break
		}
		if s, ok := a.Scales[ws[j]]; ok {
			switch {
			case j != i: // "y mil": no join before a scale
			case s < 1000 && taken > 0 && lastUnit >= 10:
			case s >= 1000 && taken > 0 && cur >= 1000:
			case s < 1000:
				cur = max(cur-max(lastUnit, 0), 0) + max(lastUnit, 1)*s
				taken, i, limit, lastUnit = j+1, j+1, s, -1
				continue
			default:
				total += max(cur, 1) * s
				cur = 0
				taken, i, limit, lastUnit = j+1, j+1, s, -1
				continue
			}
			break
		}
		v, w, ok := a.part(ws, j, values, taken > 0)
		if !ok || taken > 0 && v >= limit {
			break
		}
		cur += v
		lastUnit = v
		limit = a.below(v)
		taken, i = j+w, j+w
	}
	if taken == 0 {
		return 0, 0
	}
	return taken, total + cur
}

// part is the number at ws[j]: its value and words.
func (a Additive) part(ws []string, j int, values map[string]int64, after bool) (int64, int, bool) {
	if j+1 < len(ws) {
		if v, ok := a.Compounds[ws[j]+" "+ws[j+1]]; ok {
			return v, 2, true
		}
	}
	if v, ok := values[ws[j]]; ok {
		return v, 1, true
	}
	if v, ok := a.Tails[ws[j]]; ok && after {
		return v, 1, true
	}
	return 0, 0, false
}

// below is what may follow a part v: units after tens, anything under a hundred after hundreds.
func (a Additive) below(v int64) int64 {
	switch {
	case v >= 100 && v%100 == 0:
		return 100
	case a.TeensAfter[v]:
		return 20
	case v >= 20 && v < 100 && v%10 == 0:
		return 10
	}
	return 0 // a unit, a teen, "dozen": nothing is added to it
}

// Speller writes 0–999 in words the way most languages do: one word for each number below
// len(Ones), tens joined to units, hundreds joined to the rest. A folder whose numbers follow
// other rules (French's soixante-dix) writes its own Say.
type Speller struct {
	Ones     []string         // 0 … len(Ones)-1, one word each: English to 19, Spanish to 29
	Tens     []string         // 20, 30 … by tens
	Hundreds []string         // 100, 200 … by hundreds; nil: Ones[h] + " " + Hundred
	Hundred  string           // "hundred", with Hundreds nil
	TensJoin string           // between tens and units: "-", " y ", " e "
	Join     string           // between hundreds and the rest: " ", " e "
	Exact    map[int64]string // numbers said apart: Spanish "cien", Portuguese "cem"
}

// Say writes n (0–999) in words.
func (s Speller) Say(n int64) string {
	if w, ok := s.Exact[n]; ok {
		return w
	}
	switch {
	case n < int64(len(s.Ones)):
		return s.Ones[n]
	case n < 100:
		if n%10 == 0 {
			return s.Tens[n/10]
		}
		return s.Tens[n/10] + s.TensJoin + s.Ones[n%10]
	}
	w := s.Ones[n/100] + " " + s.Hundred
	if s.Hundreds != nil {
		w = s.Hundreds[n/100]
	}
	if n%100 != 0 {
		w += s.Join + s.Say(n%100)
	}
	return w
}
