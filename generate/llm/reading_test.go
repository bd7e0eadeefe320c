package llm

import (
	"path/filepath"
	"testing"

	"sheetsmith/worksheet"
)

// LaTeX a model wrote into JSON without doubling its backslashes reads as the LaTeX it meant;
// real JSON escapes stay what they are.
func TestRepairEscapes(t *testing.T) {
	cases := []struct{ raw, want string }{
		{`{"items":[{"kind":"short","text":"$\frac{1}{2} + \sqrt{4}$"}]}`, `$\frac{1}{2} + \sqrt{4}$`},
		{`{"items":[{"kind":"short","text":"$6 \times 7$, $\beta$, $\left(x\right)$, $x \neq 2$"}]}`, `$6 \times 7$, $\beta$, $\left(x\right)$, $x \neq 2$`},
		{`{"items":[{"kind":"short","text":"$\\frac{1}{2}$ stays"}]}`, `$\frac{1}{2}$ stays`},
		{`{"items":[{"kind":"passage","text":"One.\nTwo.\tThree \"quoted\" \u00e9"}]}`, "One.\nTwo.\tThree \"quoted\" é"},
		{`{"items":[{"kind":"passage","text":"Line\nnot a command"}]}`, "Line\nnot a command"},
		{`{"items":[{"kind":"figure","text":"\begin{tikzpicture}\node at (0,0) {A};\fill (1,0) circle (1pt);\end{tikzpicture}"}]}`,
			`\begin{tikzpicture}\node at (0,0) {A};\fill (1,0) circle (1pt);\end{tikzpicture}`},
	}
	for _, c := range cases {
		fd, ok := parseFlat(c.raw)
		if !ok {
			t.Errorf("%s: does not read", c.raw)
			continue
		}
		if got := fd.Items[0].Text; got != c.want {
			t.Errorf("%s: text %q, want %q", c.raw, got, c.want)
		}
	}
}

// JSON cut off at the length limit keeps its complete items; JSON that is malformed in another
// way is not read.
func TestCutJSONKeepsCompleteItems(t *testing.T) {
	fd, cut, ok := readFlat(`{"title": "T", "items": [{"kind": "short", "text": "$1+1$", "answer": "2"}, {"kind": "short", "text": "$2+2$", "answer": "4"}, {"kind": "short", "text": "There are 45 stu`)
	if !ok || !cut || len(fd.Items) != 2 || fd.Items[1].Answer != "4" {
		t.Fatalf("ok %v cut %v items %+v", ok, cut, fd.Items)
	}
	if _, cut, ok := readFlat(`{"title": "T", "items": [{"kind": "short", "text": "$1+1$", "answer": "2"}]}`); !ok || cut {
		t.Errorf("a whole reply read as cut (%v) or not at all (%v)", cut, ok)
	}
	if _, _, ok := readFlat(`{"title": "T", "items": [{"kind": "short" "text": "x"}]}`); ok {
		t.Error("malformed JSON read as a worksheet")
	}
}

// The names models give kinds and answers outside the schema's enum are read as meant.
func TestKindsAndAnswerForms(t *testing.T) {
	for in, want := range map[string]string{"multiple_choice": "choice", "True/False": "truefalse", "true_false": "truefalse",
		"fill-in-the-blank": "blank", "Short Answer": "short", "essay": "open", "choice": "choice", "poem": "poem"} {
		if got := kindOf(in); got != want {
			t.Errorf("kindOf(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"T": "true", "True.": "true", "F": "false", "Falso": "false", "maybe": "maybe"} {
		if got := truthOf(in); got != want {
			t.Errorf("truthOf(%q) = %q, want %q", in, got, want)
		}
	}
	choices := []string{"Island", "Dolphin", "Chicken", "Frog"}
	for answer, want := range map[string]int{"B": 1, "(D)": 3, "2": 1, "Answer: C": 2, "Chicken": 2, "Island": 0, "The correct answer is D": 3} {
		q, problems := questionOf(flatItem{Kind: worksheet.KindChoice, Text: "Pick.", Answer: answer, Choices: choices}, "item 1")
		got := -1
		for i, c := range q.Choices {
			if c.Correct {
				got = i
			}
		}
		if got != want || len(problems) > 0 {
			t.Errorf("answer %q: choice %d (problems %q), want %d", answer, got, problems, want)
		}
	}
	if _, problems := questionOf(flatItem{Kind: worksheet.KindChoice, Text: "Pick.", Answer: "7", Choices: choices}, "item 1"); len(problems) == 0 {
		t.Error("answer 7 of 4 choices was accepted")
	}
}

// Every JSON reply of the replay corpus reads as a document outside the engine too (the
// benchmarks replay them this way).
func TestCorpusDocumentsFromJSON(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.txt")
	for _, f := range files {
		c := readCase(t, f)
		if c.json == "" || c.pending["json"] != "" {
			continue // a real reply in another format, or one whose JSON is not read yet
		}
		if _, err := DocumentFromJSON(c.json); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
}
