package offline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"sheetsmith/generate"
)

var roles = []string{roleSkill, roleCount, roleLevel, roleConstraint, roleSetting, roleFormat, roleContext, roleEdit,
	roleExample, rolePasted, roleNotDone, roleFiller, roleUnread}

// recordPrompts are the corpus's requests and the teachers' published ones.
func recordPrompts(t *testing.T) []string {
	var out []string
	files, _ := filepath.Glob("testdata/*.tsv")
	for _, f := range files {
		rows, _ := readCorpus(t, f)
		for _, r := range rows {
			out = append(out, r.prompt)
		}
	}
	if b, err := os.ReadFile("../../../shared/real-requests/requests.tsv"); err == nil {
		for _, line := range strings.Split(string(b), "\n")[1:] {
			if cols := strings.Split(line, "\t"); len(cols) > 2 {
				out = append(out, strings.ReplaceAll(cols[2], `\n`, "\n"))
			}
		}
	}
	return out
}

// checkReading says how a reading fails to hold every word of its request in one span with a
// role ("" when it holds them).
func checkReading(prompt string, reading []generate.Span) string {
	in := make([]bool, len(prompt))
	last := 0
	for _, s := range reading {
		switch {
		case s.Start < last || s.End <= s.Start || s.End > len(prompt):
			return "spans out of order or overlapping at " + s.Text
		case prompt[s.Start:s.End] != s.Text:
			return "a span's words are not the request's: " + s.Text
		case !slices.Contains(roles, s.Role):
			return "a span with no role: " + s.Text
		case s.Rule == "unnamed step":
			return "a step marked words without naming them: " + s.Text
		}
		for k := s.Start; k < s.End; k++ {
			in[k] = true
		}
		last = s.End
	}
	for k, r := range prompt {
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !in[k] {
			end := k + utf8.RuneLen(r)
			return "a word in no span: …" + prompt[max(0, k-10):min(len(prompt), end+10)] + "…"
		}
	}
	return ""
}

// Every word of every request, as written, is in exactly one span, with a role and the rule
// that claimed it.
func TestReadingHoldsEveryWord(t *testing.T) {
	prompts := append(recordPrompts(t),
		"1. 2x + 3 = 11\n2. 3x - 4 = 8\n3. x/2 = 5 and 5 more like these",
		"10 equations like x + 5 = 12, ¿y después 5 más?",
		"Área y perímetro — 12 ejercicios… ¡gracias!")
	for _, p := range prompts {
		if why := checkReading(p, read(p).reading); why != "" {
			t.Errorf("%q: %s\n%s", p, why, explainLines(p))
		}
	}
}

// The reading of one request: what each part was read as.
func TestReadingOfARequest(t *testing.T) {
	p := "Please create 20 two-digit addition problems for grade 3, no regrouping, in large print on A4 paper. My class has been working on this, and add a word search"
	want := map[string]string{"Please": roleFiller, "20": roleCount, "two-digit": roleConstraint, "addition": roleSkill,
		"grade 3": roleContext, "no regrouping": roleConstraint, "large print": roleSetting, "on A4 paper": roleSetting, "word search": roleNotDone}
	got := map[string]string{}
	for _, s := range read(p).reading {
		got[s.Text] = s.Role
	}
	for words, role := range want {
		if got[words] != role {
			t.Errorf("%q is read as %q, want %s:\n%s", words, got[words], role, explainLines(p))
		}
	}
	// pasted problems and examples are theirs, where the teacher wrote them
	q := read("Solve these: 1. 2x + 3 = 11 2. 3x - 4 = 8 3. 5x = 20")
	if !slices.ContainsFunc(q.reading, func(s generate.Span) bool { return s.Text == "3x - 4 = 8" && s.Role == rolePasted }) {
		t.Errorf("no pasted problem in %v", q.reading)
	}
	// a sentence of example and a part not done are theirs
	q = read("15 problems on percents. For example, 25 is what % of 56? Add a lesson on percents too")
	if !slices.ContainsFunc(q.reading, func(s generate.Span) bool {
		return s.Text == "For example, 25 is what % of 56?" && s.Role == roleExample
	}) ||
		!slices.ContainsFunc(q.reading, func(s generate.Span) bool { return s.Text == "lesson" && s.Role == roleNotDone }) {
		t.Errorf("no example sentence or part not done in %v", q.reading)
	}
	q = read("10 one-step equations like x + 5 = 12")
	if !slices.ContainsFunc(q.reading, func(s generate.Span) bool { return s.Text == "x + 5 = 12" && s.Role == roleExample }) {
		t.Errorf("no example in %v", q.reading)
	}
}

// A word the reading calls unread is named in the reply: nothing is left in silence.
func TestUnreadWordsAreInTheReply(t *testing.T) {
	e := New(func() int64 { return 1 })
	n := 0
	for _, p := range recordPrompts(t) {
		q := read(p)
		d, err := e.Write(context.Background(), generate.Request{Prompt: p}, nil)
		if err != nil {
			continue
		}
		for _, s := range q.reading {
			if s.Role == roleUnread && d.Reading != nil {
				n++
				if !strings.Contains(fold(d.Message), fold(s.Text)) {
					t.Errorf("%q: the reply does not name unread %q: %s", p, s.Text, d.Message)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no request had unread words")
	}
}

// An Origin written before the reading travelled with it (the spec alone) rebuilds the same
// sheet: an edit of it is the edit of the sheet with its reading.
func TestOriginWithoutReadingRebuildsTheSheet(t *testing.T) {
	e := New(func() int64 { return 5 })
	ctx := context.Background()
	d, err := e.Write(ctx, generate.Request{Prompt: "12 two-digit addition problems and 6 subtraction problems for grade 2"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var origin map[string]json.RawMessage
	if err := json.Unmarshal([]byte(d.Document.Origin), &origin); err != nil || origin["reading"] == nil || len(d.Reading) == 0 {
		t.Fatalf("the Origin has no reading: %s", d.Document.Origin)
	}
	spec, ok := specFrom(specMarker + d.Document.Origin)
	if !ok {
		t.Fatal("the Origin does not read back")
	}
	old := *d.Document
	old.Origin = strings.TrimPrefix(spec.comment(), specMarker) // as it was written before
	if strings.Contains(old.Origin, "reading") {
		t.Fatal("the old Origin holds a reading")
	}
	for _, edit := range []string{"make another version", "make number 2 harder", "add 4 more"} {
		now, err1 := e.Write(ctx, generate.Request{Prompt: edit, CurrentDocument: d.Document}, nil)
		before, err2 := e.Write(ctx, generate.Request{Prompt: edit, CurrentDocument: &old}, nil)
		if err1 != nil || err2 != nil || now.Body != before.Body || now.Message != before.Message {
			t.Errorf("%q: an old Origin gives another sheet (%v, %v)", edit, err1, err2)
		}
	}
	rebuilt, err := build(ctx, spec, generate.Request{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(rebuilt.Blocks)
	b, _ := json.Marshal(d.Document.Blocks)
	if string(a) != string(b) {
		t.Error("the spec of an old Origin does not rebuild the sheet's questions")
	}
}

// Whatever the request, its reading holds every word once.
func FuzzReadingHoldsEveryWord(f *testing.F) {
	for _, s := range []string{"Please use these:\n1. 2x + 3 = 11\n2. 3/4 + 1/8\n3. 12 x 7", "twenty-five clt eqs, ¿sí?", "área — 3º, año 4…", "a\u00a0b 5 \x00 x20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prompt string) {
		if !utf8.ValidString(prompt) {
			return
		}
		if why := checkReading(prompt, read(prompt).reading); why != "" {
			t.Errorf("%q: %s", prompt, why)
		}
	})
}
