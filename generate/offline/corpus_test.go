package offline

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/worksheet"
)

// The behaviour corpus: requests as teachers, parents and tutors type them, filed by what they
// test (testdata/*.tsv), each with the reading it must get. A row is three tab-separated
// columns: the request ("\n" a line break), the expected reading, and its status; a fourth,
// optional, is where a published request was found (an http(s) address, not read by the test).
//
// The expected reading is a list of tokens, all of which must hold:
//
//	skill[:count]   the sheet's sections, in order (when any is named, exactly these)
//	grade=N lang=es max=N digits=N digits2=N tables=6,7 round=10,100 step=15 units=metric
//	regroup=yes|no remainders=yes|no like=yes|no zeros=yes bill=N pi=3.14|pi size=N vertical large columns=N
//	                what the sheet was read to take (a section's parameters)
//	note:"words"    the reply names these words: a constraint the sheet does not honour is said
//	!note:"words"   the reply does not name them: the sheet honours them
//	level=N versions=N
//	                a section's level (-1 easy … 2 challenge), the sheet's versions
//	paper=a4|letter the document's paper; fontsize=N the sheet prints at least N pt (large print
//	                is 18 pt, the body 11 pt); layout=exam; perpage=1 one question a page (exam)
//	refuse          the request is refused (an UnsupportedError), not written: in the language of
//	                its lang=… token when it has one (en, es, pt, fr); with suggest, naming two
//	                things it can write; with note:"words", the refusal names them
//	pasted=N[+M]    the sheet holds exactly the N problems pasted (then M more of their kind
//	                asked for), every number of them printed
//
// Every sheet written must also hold as many questions as its sections count (in every
// version), each answer recomputed right, a Spanish sheet's reply in Spanish, no claim of a
// change (a new sheet changed nothing), and no sentence saying a part was left out unless the
// row expects a note. A request is in the corpus once.
// The status is "ok" (read as expected: a regression fails the test) or "miss" (known to be
// misread: counted in the score, not failed). `go test -run TestCorpus -corpus.update` writes
// the statuses the reader earns now; -v prints each file's score and every miss.
var corpusUpdate = flag.Bool("corpus.update", false, "rewrite the status column of testdata/*.tsv")

type corpusRow struct {
	line             int
	prompt, expected string
	status, source   string
}

func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.tsv")
	if len(files) == 0 {
		t.Fatal("no corpus in testdata/")
	}
	total, passed := 0, 0
	seen := map[string]string{}
	for _, file := range files {
		rows, lines := readCorpus(t, file)
		ok := 0
		for _, r := range rows {
			if at, dup := seen[r.prompt]; dup {
				t.Errorf("%s:%d: %q is in the corpus already (%s)", file, r.line, r.prompt, at)
			}
			seen[r.prompt] = fmt.Sprintf("%s:%d", file, r.line)
			why := corpusCheck(t, r)
			why = withReading(why, r.prompt) // a row read wrong prints the rules that fired
			total++
			if why == "" {
				ok++
				passed++
			}
			switch {
			case why != "" && r.status == "ok":
				t.Errorf("%s:%d: %q is read wrong now: %s", file, r.line, r.prompt, why)
			case why != "":
				t.Logf("%s:%d: miss: %q: %s", file, r.line, r.prompt, why)
			case r.status == "miss":
				t.Logf("%s:%d: now read right (mark it ok): %q", file, r.line, r.prompt)
			}
			if *corpusUpdate {
				st := "ok"
				if why != "" {
					st = "miss"
				}
				cols := []string{escapeRow(r.prompt), r.expected, st}
				if r.source != "" {
					cols = append(cols, r.source)
				}
				lines[r.line-1] = strings.Join(cols, "\t")
			}
		}
		t.Logf("%s: %d of %d read as expected", filepath.Base(file), ok, len(rows))
		if *corpusUpdate {
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("corpus: %d of %d requests read as expected", passed, total)
}

func readCorpus(t *testing.T, file string) ([]corpusRow, []string) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []corpusRow
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		lines = append(lines, line)
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		r, why := corpusLine(cols)
		if why != "" {
			t.Fatalf("%s:%d: %s", file, len(lines), why)
		}
		r.line = len(lines)
		rows = append(rows, r)
	}
	return rows, lines
}

// corpusLine reads one row's columns, or says why they are not a row.
func corpusLine(cols []string) (corpusRow, string) {
	if len(cols) < 2 || len(cols) > 4 || strings.TrimSpace(cols[0]) == "" || strings.TrimSpace(cols[1]) == "" {
		return corpusRow{}, "a row is a request, a tab and its expected reading (then its status and its source)"
	}
	r := corpusRow{prompt: strings.ReplaceAll(cols[0], `\n`, "\n"), expected: cols[1]}
	if len(cols) > 2 {
		r.status = strings.TrimSpace(cols[2])
	}
	if r.status != "" && r.status != "ok" && r.status != "miss" {
		return corpusRow{}, fmt.Sprintf("status %q is not ok or miss", r.status)
	}
	if len(cols) > 3 {
		r.source = strings.TrimSpace(cols[3])
		if !strings.HasPrefix(r.source, "http://") && !strings.HasPrefix(r.source, "https://") {
			return corpusRow{}, fmt.Sprintf("source %q is not an address", r.source)
		}
	}
	return r, ""
}

func escapeRow(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

var corpusToken = regexp.MustCompile(`!?note:"[^"]*"|\S+`)

// corpusCheck writes the request as a new sheet and says how it differs from the expected
// reading ("" when it does not).
func corpusCheck(t *testing.T, r corpusRow) (why string) {
	defer func() {
		if p := recover(); p != nil {
			why = fmt.Sprintf("panic: %v", p)
		}
	}()
	draft, err := New(func() int64 { return 7 }).Write(context.Background(), generate.Request{Prompt: r.prompt}, nil)
	toks := corpusToken.FindAllString(r.expected, -1)
	var unsup *generate.UnsupportedError
	refused := errors.As(err, &unsup)
	if slices.Contains(toks, "refuse") {
		if !refused {
			return "written, not refused: " + draft.Message
		}
		return refusalProblem(toks, unsup.Message)
	}
	if err != nil {
		return "refused: " + err.Error()
	}
	spec, _ := specFrom(draft.Body)
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	var wantSkills []string
	var wantCounts []int
	for _, tok := range toks {
		key, val, isKV := strings.Cut(tok, "=")
		switch {
		case strings.HasPrefix(tok, `!note:"`):
			words := strings.TrimSuffix(strings.TrimPrefix(tok, `!note:"`), `"`)
			if strings.Contains(corpusFold(draft.Message), corpusFold(words)) {
				bad("the reply names %q, which the sheet honours", words)
			}
		case strings.HasPrefix(tok, `note:"`):
			words := strings.TrimSuffix(strings.TrimPrefix(tok, `note:"`), `"`)
			if !strings.Contains(corpusFold(draft.Message), corpusFold(words)) {
				bad("the reply does not name %q", words)
			}
		case tok == "vertical":
			if !anySection(spec, func(s Section) bool { return s.P.Vertical }) {
				bad("not vertical")
			}
		case tok == "large":
			if !spec.Large {
				bad("not large print")
			}
		case isKV:
			if why := corpusParam(spec, draft.Document, r.prompt, key, val); why != "" {
				bad("%s", why)
			}
		default:
			id, n, _ := strings.Cut(tok, ":")
			wantSkills = append(wantSkills, id)
			c, _ := strconv.Atoi(n)
			wantCounts = append(wantCounts, c)
		}
	}
	if len(wantSkills) > 0 {
		var got []string
		for _, s := range spec.Sections {
			got = append(got, fmt.Sprintf("%s:%d", s.Skill, s.Count))
		}
		same := len(got) == len(wantSkills)
		for i := 0; same && i < len(wantSkills); i++ {
			s := spec.Sections[i]
			same = s.Skill == wantSkills[i] && (wantCounts[i] == 0 || wantCounts[i] == s.Count)
		}
		if !same {
			bad("sections %s", strings.Join(got, " "))
		}
	}
	problems = append(problems, sheetProblems(t, spec, draft, toks)...)
	if len(problems) > 0 {
		return strings.Join(problems, "; ") + " — reply: " + draft.Message
	}
	return ""
}

// refusalProblem is what is wrong with a refusal the row expects ("" when nothing is).
func refusalProblem(toks []string, msg string) string {
	start := map[string]string{"lang=en": "I can't", "lang=es": "No puedo", "lang=pt": "Não posso", "lang=fr": "Je ne peux pas"}
	for _, tok := range toks {
		if w, ok := start[tok]; ok && !strings.HasPrefix(msg, w) {
			return "refused in another language: " + msg
		}
		if strings.HasPrefix(tok, `note:"`) {
			words := strings.TrimSuffix(strings.TrimPrefix(tok, `note:"`), `"`)
			if !strings.Contains(corpusFold(msg), corpusFold(words)) {
				return fmt.Sprintf("the refusal does not name %q: %s", words, msg)
			}
		}
	}
	if slices.Contains(toks, "suggest") && strings.Count(msg, "“") < 2 {
		return "refused naming nothing it can write: " + msg
	}
	return ""
}

// sheetProblems is what is wrong with any sheet written: its number of questions, an answer,
// the reply's language, a part said to be left out that the row does not expect.
func sheetProblems(t *testing.T, spec Spec, draft generate.Draft, toks []string) []string {
	var out []string
	if len(spec.Sections) > 0 && len(spec.Sections[0].Pasted) == 0 {
		if n := len(questionsOf(draft.Document)); n != total(spec)*max(1, spec.Versions) {
			out = append(out, fmt.Sprintf("%d questions on the sheet", n))
		}
		out = append(out, answersWrong(t, spec)...)
	}
	if spec.Lang == "es" && strings.HasPrefix(draft.Message, "Here") {
		out = append(out, "an English reply")
	}
	if strings.Contains(draft.Message, "doubled") || strings.Contains(draft.Message, "Dupliqué") || strings.Contains(draft.Message, "instead of") {
		out = append(out, "a new sheet's reply claims a change")
	}
	if saysLeftOut(draft.Message) && !slices.ContainsFunc(toks, func(tok string) bool { return strings.HasPrefix(tok, `note:"`) }) {
		out = append(out, "says a part was left out")
	}
	return out
}

func anySection(s Spec, f func(Section) bool) bool { return slices.ContainsFunc(s.Sections, f) }

// corpusParam checks one key=value of an expected reading.
func corpusParam(spec Spec, doc *worksheet.Document, prompt, key, val string) string {
	n, _ := strconv.ParseInt(val, 10, 64)
	var list []int64
	for _, v := range strings.Split(val, ",") {
		x, _ := strconv.ParseInt(v, 10, 64)
		list = append(list, x)
	}
	yes := val == "yes"
	var set worksheet.Settings
	if doc != nil {
		set = doc.Settings
	}
	var ok bool
	switch key {
	case "grade":
		ok = spec.Grade == int(n)
		return okOr(ok, "grade %d", spec.Grade)
	case "lang":
		return okOr(spec.Lang == val, "language %s", spec.Lang)
	case "columns":
		return okOr(spec.Columns == int(n), "columns %d", spec.Columns)
	case "versions":
		return okOr(spec.Versions == int(n), "versions %d", spec.Versions)
	case "level":
		return okOr(anySection(spec, func(s Section) bool { return s.P.Level == int(n) }), "level %d", spec.Sections[0].P.Level)
	case "paper":
		got := set.Paper
		if got == "" {
			got = worksheet.PaperLetter
		}
		return okOr(got == val, "paper %s", got)
	case "fontsize":
		return okOr(bodyPoints(set) >= int(n), "prints at %d pt", bodyPoints(set))
	case "layout":
		return okOr(set.Layout == val, "layout %q", set.Layout)
	case "perpage": // only the exam layout sets one top-level question a page
		return okOr(n == 1 && set.Layout == worksheet.LayoutExam, "not one question a page (layout %q)", set.Layout)
	case "pasted": // pasted=4, or pasted=4+4 with 4 more of their kind asked for
		n, more, _ := strings.Cut(val, "+")
		pasted, _ := strconv.Atoi(n)
		extra, _ := strconv.Atoi(more)
		return pastedCheck(doc, prompt, pasted, extra)
	}
	ok = anySection(spec, func(s Section) bool {
		// a constraint is read only where the section's skill takes it
		if sk, _ := skills.Get(s.Skill); !sk.Takes(key) {
			return false
		}
		p := s.P
		switch key {
		case "max":
			return p.Max == n
		case "digits":
			return p.Digits == int(n)
		case "digits2":
			return p.Digits2 == int(n)
		case "tables":
			return slices.Equal(slices.Sorted(slices.Values(p.Tables)), list)
		case "round":
			return slices.Equal(slices.Sorted(slices.Values(p.RoundTo)), list)
		case "step":
			return p.Step == n
		case "units":
			return p.Units == val
		case "regroup":
			return p.Regroup != nil && *p.Regroup == yes
		case "remainders":
			return p.Remainders != nil && *p.Remainders == yes
		case "like":
			return p.Like != nil && *p.Like == yes
		case "zeros":
			return p.Zeros == yes
		case "bill":
			return p.Bill == n
		case "pi":
			return p.Pi == val
		case "size":
			return p.Size == n
		}
		return false
	})
	if !ok {
		p := spec.Sections[0].P
		return fmt.Sprintf("%s is not %s (max %d digits %d/%d tables %v round %v step %d units %q)", key, val, p.Max, p.Digits, p.Digits2, p.Tables, p.RoundTo, p.Step, p.Units)
	}
	return ""
}

// bodyPoints is the body's size in points: the class's 11 pt, or large print's.
func bodyPoints(s worksheet.Settings) int {
	switch {
	case !s.LargePrint:
		return 11
	case s.PrintSize > 0:
		return s.PrintSize
	}
	return 18
}

func okOr(ok bool, format string, args ...any) string {
	if ok {
		return ""
	}
	return fmt.Sprintf(format, args...)
}

var (
	corpusNumber = regexp.MustCompile(`\d+(?:\.\d+)?`)
	corpusMarker = regexp.MustCompile(`(?m)(?:^|\s)(?:\d{1,2}|[a-h])[.)](?:\s|$)`)
)

// pastedCheck: the sheet holds the n questions pasted and then the more asked for, and every
// number of the pasted problems (the request after its first colon or line break, list
// markers aside, and without the "N more" asked for) is printed in the first n.
func pastedCheck(doc *worksheet.Document, prompt string, n, more int) string {
	if doc == nil {
		return "no document"
	}
	var texts []string
	for _, b := range doc.Blocks {
		if b.Kind != worksheet.BlockQuestion {
			continue
		}
		if len(b.Question.Parts) > 0 {
			for _, p := range b.Question.Parts {
				texts = append(texts, p.Text)
			}
			continue
		}
		texts = append(texts, b.Question.Text)
	}
	if len(texts) != n+more {
		return fmt.Sprintf("%d questions, not the %d pasted and %d more", len(texts), n, more)
	}
	texts = texts[:n]
	start := strings.IndexAny(prompt, ":\n")
	if start < 0 {
		start = 0
	}
	pasted := corpusMarker.ReplaceAllString(prompt[start:], " ")
	if more > 0 {
		pasted = strings.Replace(pasted, strconv.Itoa(more)+" more", " ", 1)
	}
	printed := strings.Join(corpusNumber.FindAllString(strings.Join(texts, " "), -1), " ")
	printedSet := map[string]bool{}
	for _, x := range strings.Fields(printed) {
		printedSet[x] = true
	}
	var missing []string
	for _, x := range corpusNumber.FindAllString(pasted, -1) {
		if !printedSet[x] {
			missing = append(missing, x)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("pasted numbers not printed: %v", missing)
	}
	return ""
}

// corpusFold lowers, drops accents and quotes, and keeps the signs that make a number an
// amount ("$20", "10%", "3.14").
func corpusFold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("$%.-", r):
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// A row's source column is taken and not read; a row of the wrong shape is refused, so a
// broken file fails the corpus instead of scoring fewer rows.
func TestCorpusLine(t *testing.T) {
	r, why := corpusLine([]string{`ten sums\nplease`, "addition:10", "ok", "https://example.org/a"})
	if why != "" || r.prompt != "ten sums\nplease" || r.source != "https://example.org/a" || r.status != "ok" {
		t.Errorf("a row with its source: %+v %q", r, why)
	}
	for _, cols := range [][]string{
		{"ten sums"},
		{"ten sums", ""},
		{"ten sums", "addition", "fine"},
		{"ten sums", "addition", "ok", "teachshare gallery"},
		{"ten sums", "addition", "ok", "https://example.org/a", "more"},
	} {
		if _, why := corpusLine(cols); why == "" {
			t.Errorf("%q was taken for a row", cols)
		}
	}
}

// The settings and refusal tokens fail when the sheet or the refusal does not hold them, so a
// row cannot pass on a token the check ignores.
func TestCorpusTokens(t *testing.T) {
	for _, c := range []struct {
		prompt, expected string
		holds            bool
	}{
		{"addition within 10, large print", "addition fontsize=18 paper=letter", true},
		{"addition within 10, large print", "addition fontsize=20", false},
		{"addition within 10", "addition fontsize=12", false},
		{"addition within 10", "addition paper=a4", false},
		{"addition within 10", "addition layout=exam", false},
		{"addition within 10", "addition perpage=1", false},
		{"a reading comprehension passage about dolphins with 5 questions", "refuse lang=en", true},
		{"a reading comprehension passage about dolphins with 5 questions", "refuse lang=fr", false},
		{"a reading comprehension passage about dolphins with 5 questions", "refuse lang=pt", false},
		{"a reading comprehension passage about dolphins with 5 questions", `refuse note:"dinosaurs"`, false},
	} {
		why := corpusCheck(t, corpusRow{prompt: c.prompt, expected: c.expected})
		if (why == "") != c.holds {
			t.Errorf("%q read as %q: holds %v, want %v (%s)", c.prompt, c.expected, why == "", c.holds, why)
		}
	}
}
