package llm

import (
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// JSON written without the schema enforced: comments, trailing commas, loose types and
// nested parts are read as the flat items.
func TestLooseJSON(t *testing.T) {
	raw := `Sure! Here it is:
{
  // a comment
  "Title": "T",
  "Items": [
    {"Kind": "choice", "Text": "Which is a solid?", "choices": "A) ice, B) steam, C) water", "answer": 1, "points": "2 points",},
    {"kind": "short", "text": "A car goes 60 km in 1 h.", "answer": "",
     "parts": [{"kind": "short", "text": "Its speed?", "answer": 60}, {"kind": "short", "text": "After 2 h:", "parts": [{"kind": "short", "text": "how far?", "answer": "120 km"}]}]},
    /* the end */
    {"kind": "truefalse", "text": "Ice floats.", "answer": true, "part": "false"},
  ],
}
Let me know if you want {"more": "questions"}!`
	fd, cut, ok := readFlat(raw)
	if !ok || cut {
		t.Fatalf("not read (cut %v)", cut)
	}
	if fd.Title != "T" || len(fd.Items) != 5 {
		t.Fatalf("%+v", fd)
	}
	if c := fd.Items[0].Choices; len(c) != 3 || c[1] != "steam" || fd.Items[0].Answer != "1" || fd.Items[0].Points != 2 {
		t.Errorf("choice: %+v", fd.Items[0])
	}
	if p := fd.Items[2]; !p.Part || p.Answer != "60" {
		t.Errorf("part: %+v", p)
	}
	if p := fd.Items[3]; !p.Part || p.Text != "After 2 h: how far?" || p.Answer != "120 km" {
		t.Errorf("nested part: %+v", p)
	}
	if it := fd.Items[4]; it.Part || it.Answer != "true" {
		t.Errorf("truefalse: %+v", it)
	}
	if _, err := fd.document(nil); err != nil {
		t.Error(err)
	}
}

func TestItemRepairs(t *testing.T) {
	fd := flatDoc{Title: "T", Items: []flatItem{
		{Kind: "choice", Text: "A $40 coat is 25% off. Price?", Choices: []string{"A. $10", "B. $30"}, Answer: "B. $30"},
		{Kind: "blank", Text: "Water \\underline{\\hspace{2cm}} at 100 °C and ______ at 0 °C.", Answer: "boils, freezes"},
		{Kind: "short", Text: "Solve: $$2x = 6$$", Answer: "x = 3"},
		{Kind: "short", Text: "Solve: $$2x = 6$$", Answer: "x = 3"},
		{Kind: "figure", LaTeX: "\\includegraphics{map.png}", Text: "A map"},
		{Kind: "short", Text: "Balance it.", Answer: "2H_2 + O_2 → 2H_2O"},
		{Kind: "section", Title: "Answer Key"},
		{Kind: "instructions", Text: "1. B\n2. boils, freezes\n3. x = 3\n4. 2H2 + O2 -> 2H2O"},
	}}
	doc, notes, err := fd.build(nil)
	if err != nil {
		t.Fatal(err)
	}
	var qs []*worksheet.Question
	for _, b := range doc.Blocks {
		switch {
		case b.Question != nil:
			qs = append(qs, b.Question)
		case b.Kind == worksheet.BlockFigure:
			if b.Figure.Missing != "map.png" || b.Figure.Caption != "A map" {
				t.Errorf("figure: %+v", b.Figure)
			}
		case b.Kind == worksheet.BlockSection:
			t.Errorf("the answer key stayed on the sheet")
		}
	}
	if len(qs) != 4 {
		t.Fatalf("%d questions, want 4 (the repeated one once)", len(qs))
	}
	if q := qs[0]; !strings.Contains(q.Text, `\$40`) || q.Choices[1].Text != `\$30` || !q.Choices[1].Correct {
		t.Errorf("choice: %+v", q)
	}
	if q := qs[1]; strings.Count(q.Text, "___") != 2 || len(q.Blanks) != 2 || q.Blanks[1].Value != "freezes" {
		t.Errorf("blank: %+v", q)
	}
	if q := qs[2]; q.Text != "Solve: $2x = 6$" {
		t.Errorf("display maths: %q", q.Text)
	}
	if q := qs[3]; q.Answer.Value != `\ce{2H2 + O2 -> 2H2O}` {
		t.Errorf("chemistry: %q", q.Answer.Value)
	}
	all := strings.Join(notes, " ")
	if !strings.Contains(all, "twice") || !strings.Contains(all, "answer key") {
		t.Errorf("notes: %q", notes)
	}
	if err := worksheet.Validate(doc); err != nil {
		t.Error(err)
	}
}

func TestPlainQuote(t *testing.T) {
	for in, want := range map[string]string{`$6 \times 9 =$`: "6 × 9 =", `What is $\frac{3}{4}$ of \textbf{20}?`: "What is 3/4 of 20?", `A \$5 pen`: "A $5 pen"} {
		if got := plainQuote(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// JSON nested thousands deep (under encoding/json's own 10,000) is read to maxItemNesting:
// each level read its whole inside again, so 4,000 nested parts took about a minute.
func TestDeeplyNestedJSONIsReadToABound(t *testing.T) {
	parts := `{"title":"T","items":[` + strings.Repeat(`{"kind":"short","text":"What is 2+2?","answer":"4","parts":[`, 4000) +
		`{"kind":"short","text":"q","answer":"1"}` + strings.Repeat("]}", 4000) + `]}`
	if fd, ok := parseFlat(parts); !ok || len(fd.Items) == 0 || len(fd.Items) > maxItemNesting+1 {
		t.Errorf("4,000 nested parts: ok=%v, %d items; want the first %d levels", ok, len(fd.Items), maxItemNesting+1)
	}
	wrapped := strings.Repeat(`{"items":`, 9000) + `[{"kind":"short","text":"q","answer":"1"}]` + strings.Repeat("}", 9000)
	if _, ok := parseFlat(wrapped); ok {
		t.Error("a document wrapped 9,000 deep was read")
	}
	if fd, ok := parseFlat(`{"title":"Outer","worksheet":{"worksheet":{"items":[{"kind":"short","text":"q","answer":"1"}]}}}`); !ok || fd.Title != "Outer" || len(fd.Items) != 1 {
		t.Errorf("a wrapped document: ok=%v %+v", ok, fd)
	}
	lists := `{"title":"T","items":[{"kind":"short","text":` + strings.Repeat("[", 9000) + `"deep"` + strings.Repeat("]", 9000) + `,"answer":"1"}]}`
	if fd, ok := parseFlat(lists); !ok || len(fd.Items) != 1 || strings.Contains(fd.Items[0].Text, "deep") {
		t.Errorf("text in 9,000 nested lists: ok=%v %+v; want the item, its text past the bound unread", ok, fd.Items)
	}
}
