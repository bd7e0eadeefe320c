package llm

import (
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// JSON cut off inside a question's nested parts keeps the question with its complete parts
// and leaves out only the unfinished part.
func TestCutInsideNestedParts(t *testing.T) {
	raw := `{"title": "T", "items": [{"kind": "short", "text": "$1+1$", "answer": "2"},
 {"kind": "short", "text": "A patio is 3 m wide.", "parts": [
   {"kind": "short", "text": "Find its perimeter.", "answer": "12 m"},
   {"kind": "choice", "text": "Pick one.", "choices": ["a", "b"], "answer": "A"},
   {"kind": "short", "text": "Find its ar`
	fd, cut, ok := readFlat(raw)
	if !ok || !cut || !fd.cutPart {
		t.Fatalf("ok %v cut %v cutPart %v", ok, cut, fd.cutPart)
	}
	if len(fd.Items) != 4 || fd.Items[1].Text != "A patio is 3 m wide." || !fd.Items[3].Part || fd.Items[3].Text != "Pick one." {
		t.Fatalf("items %+v", fd.Items)
	}
	doc, err := fd.document(nil)
	if err != nil || len(doc.Blocks) != 2 || len(doc.Blocks[1].Question.Parts) != 2 {
		t.Fatalf("err %v doc %+v", err, doc)
	}
	// cut between items, or in a list of pairs, it is the item that is left out, not a part
	for _, raw := range []string{
		`{"items": [{"kind": "short", "text": "A?", "answer": "1"}, {"kind": "short", "text": "B`,
		`{"items": [{"kind": "short", "text": "A?", "answer": "1"}, {"kind": "matching", "pairs": [{"left": "a", "right": "b"}, {"left": "c`,
	} {
		fd, cut, ok := readFlat(raw)
		if !ok || !cut || fd.cutPart || len(fd.Items) != 1 {
			t.Errorf("%s: ok %v cut %v cutPart %v items %+v", raw, ok, cut, fd.cutPart, fd.Items)
		}
	}
}

// A part nested three deep whose text leads into its sub-parts gives its text to the first
// sub-part, and the reply names it.
func TestThreeDeepStemIsNamed(t *testing.T) {
	fd, ok := parseFlat(`{"items": [{"kind": "short", "text": "A tank holds water.", "parts": [
	  {"kind": "short", "text": "In cubic metres:", "parts": [
	    {"kind": "short", "text": "when full?", "answer": "4"},
	    {"kind": "short", "text": "when half full?", "answer": "2"}]}]}]}`)
	if !ok {
		t.Fatal("does not read")
	}
	doc, notes, err := fd.build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := doc.Blocks[0].Question.Parts; len(p) != 2 || p[0].Text != "In cubic metres: when full?" {
		t.Fatalf("parts %+v", p)
	}
	if !strings.Contains(strings.Join(notes, " "), "“In cubic metres:” before its first sub-part") {
		t.Errorf("notes %q", notes)
	}
}

// An answer key the model wrote as a second list beside the items, or as the questions again
// under a heading, fills the answers and is not on the sheet.
func TestAnswerKeyAsSecondList(t *testing.T) {
	for _, raw := range []string{
		`{"items": [{"kind": "short", "text": "Round 347 to the nearest ten."}, {"kind": "truefalse", "text": "9 is odd."}],
		  "answer_key": [{"kind": "short", "text": "Round 347 to the nearest ten.", "answer": "350"}, {"kind": "truefalse", "text": "9 is odd.", "answer": "true"}]}`,
		`{"items": [{"kind": "short", "text": "Round 347 to the nearest ten."}, {"kind": "truefalse", "text": "9 is odd."}],
		  "answers": ["350", "true"]}`,
		`{"items": [{"kind": "short", "text": "Round 347 to the nearest ten."}, {"kind": "truefalse", "text": "9 is odd."},
		  {"kind": "section", "title": "Answers"},
		  {"kind": "short", "text": "1. Round 347 to the nearest ten.", "answer": "350"}, {"kind": "truefalse", "text": "2. 9 is odd.", "answer": "true"}]}`,
	} {
		fd, ok := parseFlat(raw)
		if !ok {
			t.Fatalf("%s: does not read", raw)
		}
		doc, notes, err := fd.build(nil)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if len(doc.Blocks) != 2 || doc.Blocks[0].Question.Answer.Value != "350" || doc.Blocks[1].Question.Answer.Value != "true" {
			t.Errorf("%s: blocks %+v", raw, doc.Blocks)
		}
		if !strings.Contains(strings.Join(notes, " "), "off the students' sheet") || strings.Contains(strings.Join(notes, " "), "twice") {
			t.Errorf("%s: notes %q", raw, notes)
		}
	}
}

// A unit's power in an answer is raised text, as the LaTeX path writes it, and an answer
// holding it is text that validates.
func TestAnswerUnitPower(t *testing.T) {
	fd, _ := parseFlat(`{"items": [{"kind": "short", "text": "Find the area.", "answer": "40 m²"}, {"kind": "blank", "text": "It holds ___.", "blanks": ["8 cm³"]}, {"kind": "short", "text": "Area?", "answer": "$x^2$"}]}`)
	doc, _, err := fd.build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if a := doc.Blocks[0].Question.Answer; a.Value != `40 m\textsuperscript{2}` || a.Kind != worksheet.AnswerText {
		t.Errorf("answer %+v", a)
	}
	if a := doc.Blocks[1].Question.Blanks[0]; a.Value != `8 cm\textsuperscript{3}` {
		t.Errorf("blank %+v", a)
	}
	if a := doc.Blocks[2].Question.Answer.Value; a != "x^2" {
		t.Errorf("maths answer %q", a)
	}
	if err := worksheet.Validate(doc); err != nil {
		t.Error(err)
	}
}
