package generate

import (
	"strings"
	"testing"

	"sheetsmith/worksheet"
)

// A body that repeats its questions word for word under an answer-key heading gives the sheet
// its answers once: the key's answers fill the questions, the key leaves the sheet, and the
// reply says so in one sentence.
func TestParseBodyAnswerKeyAsQuestions(t *testing.T) {
	body := `\begin{questions}
\question Round 347 to the nearest ten.
\question Which number rounds to 500?
\begin{choices}
\choice 449
\choice 512
\end{choices}
\question Name the capital of France.
\begin{solution}Paris\end{solution}
\end{questions}
\section*{Respuestas}
\begin{questions}
\question Round 347 to the nearest ten.
\begin{solution}350\end{solution}
\question Which number rounds to 500?
\begin{choices}
\choice 449
\CorrectChoice 512
\end{choices}
\question Name the capital of France.
\begin{solution}Lyon\end{solution}
\end{questions}`
	doc, notes, problems := parseBody(body, worksheet.Validate, true)
	if problems != nil {
		t.Fatalf("the body does not parse into a document: %q", problems)
	}
	if len(doc.Blocks) != 3 {
		t.Fatalf("blocks %+v, want the three questions only", doc.Blocks)
	}
	if a := doc.Blocks[0].Question.Answer.Value; a != "350" {
		t.Errorf("answer 1 %q, want 350", a)
	}
	if !doc.Blocks[1].Question.Choices[1].Correct {
		t.Errorf("choice B of question 2 is not marked correct")
	}
	if a := doc.Blocks[2].Question.Answer.Value; a != "Paris" {
		t.Errorf("answer 3 %q, want the question's own Paris", a)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "“Respuestas”") || !strings.Contains(notes[0], "question 3 differed") {
		t.Errorf("notes %q", notes)
	}
}

// A key of the answers alone, numbered as questions, fills the questions by their place.
func TestKeyQuestionsByPlace(t *testing.T) {
	doc := worksheet.Document{Blocks: []worksheet.Block{
		q(worksheet.KindShort, "Round 347 to the nearest ten.", ""),
		q(worksheet.KindShort, "Round 8.46 to the nearest tenth.", ""),
		{Kind: worksheet.BlockSection, Title: "Answers:"},
		q(worksheet.KindShort, "350", ""),
		q(worksheet.KindShort, "8.5", ""),
	}}
	notes := KeyQuestions(&doc)
	if len(notes) != 1 || len(doc.Blocks) != 2 || doc.Blocks[1].Question.Answer.Value != "8.5" {
		t.Fatalf("notes %q blocks %+v", notes, doc.Blocks)
	}
	// a section that is not a key, or a key that does not match, is left as it is
	for _, title := range []string{"Answer the questions", "Part B"} {
		doc := worksheet.Document{Blocks: []worksheet.Block{q(worksheet.KindShort, "A?", "1"), {Kind: worksheet.BlockSection, Title: title}, q(worksheet.KindShort, "B?", "2")}}
		if notes := KeyQuestions(&doc); notes != nil || len(doc.Blocks) != 3 {
			t.Errorf("%q: notes %q, blocks %d", title, notes, len(doc.Blocks))
		}
	}
	// a section of real questions under a heading that could name a key (chemistry's
	// "Solutions") is not a key, even with as many questions as before it
	doc = worksheet.Document{Blocks: []worksheet.Block{q(worksheet.KindShort, "What is a mixture?", "Two substances together."),
		{Kind: worksheet.BlockSection, Title: "Solutions"}, q(worksheet.KindShort, "What is a solvent?", "What dissolves the solute.")}}
	if notes := KeyQuestions(&doc); notes != nil || len(doc.Blocks) != 3 {
		t.Errorf("a Solutions section: notes %q, blocks %d", notes, len(doc.Blocks))
	}
	doc = worksheet.Document{Blocks: []worksheet.Block{q(worksheet.KindShort, "A?", "1"), q(worksheet.KindShort, "B?", "2"),
		{Kind: worksheet.BlockSection, Title: "Answer Key"}, q(worksheet.KindShort, "C?", "3")}}
	if notes := KeyQuestions(&doc); notes != nil || len(doc.Blocks) != 4 {
		t.Errorf("an unmatched key: notes %q, blocks %d", notes, len(doc.Blocks))
	}
}

// A question written twice in a parsed body is kept once, with the JSON path's sentence.
func TestParseBodyDropsRepeatedQuestions(t *testing.T) {
	body := "\\begin{questions}\n\\question $6 \\times 9 =$\n\\begin{solution}54\\end{solution}\n\\question $7 \\times 8 =$\n\\begin{solution}56\\end{solution}\n\\question $6 \\times 9 =$\n\\begin{solution}54\\end{solution}\n\\end{questions}"
	doc, notes, problems := parseBody(body, worksheet.Validate, true)
	if problems != nil || len(doc.Blocks) != 2 {
		t.Fatalf("problems %q blocks %+v", problems, doc.Blocks)
	}
	if want := RepeatedNote([]string{`$6 \times 9 =$`}); len(notes) != 1 || notes[0] != want || !strings.Contains(want, "“6 × 9 =” twice") {
		t.Errorf("notes %q, want %q", notes, want)
	}
}

// subsubparts (three deep) are flattened into the sub-parts the sheet numbers, the stem's
// text going before its first sub-part, and the reply says so; the document then validates.
func TestParseBodyFlattensSubsubparts(t *testing.T) {
	body := `\begin{questions}
\question A tank holds water.
\begin{parts}
\part Find its volume.
\begin{subparts}
\subpart In cubic metres:
\begin{subsubparts}
\subsubpart when it is full.
\begin{solution}4\end{solution}
\subsubpart when it is half full.
\begin{solution}2\end{solution}
\end{subsubparts}
\subpart In litres, when full.
\begin{solution}4000\end{solution}
\end{subparts}
\end{parts}
\end{questions}`
	doc, notes, problems := parseBody(body, worksheet.Validate, true)
	if problems != nil {
		t.Fatalf("the body does not parse into a valid document: %q", problems)
	}
	subs := doc.Blocks[0].Question.Parts[0].Parts
	if len(subs) != 3 || subs[0].Text != "In cubic metres: when it is full." || subs[1].Text != "when it is half full." || subs[2].Answer.Value != "4000" {
		t.Fatalf("sub-parts %+v", subs)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "three deep") || !strings.Contains(notes[0], "“In cubic metres:”") {
		t.Errorf("notes %q", notes)
	}
	// a saved source is keyed as it is: nothing is changed that no reply would name
	if _, ok := ParseBody(body); ok {
		t.Error("ParseBody flattened a saved source's parts")
	}
}

// A question written twice, once without its answer (prose, then the LaTeX): the sheet shows
// it once, with its answer.
func TestParseBodyKeepsTheAnsweredCopyOfARepeatedQuestion(t *testing.T) {
	body := "1. What is $\\frac{1}{3}$ of 12 apples?\n\n\\begin{questions}\n\\question What is $\\frac{1}{3}$ of 12 apples?\n\\begin{solution}4\\end{solution}\n\\question What is $\\frac{3}{4}$ of 20 marbles?\n\\begin{solution}15\\end{solution}\n\\end{questions}"
	doc, notes, problems := parseBody(body, worksheet.Validate, true)
	if problems != nil || len(doc.Blocks) != 2 || doc.Blocks[0].Question.Answer.Value != "4" {
		t.Fatalf("problems %q notes %q blocks %+v", problems, notes, doc.Blocks)
	}
	// two different answers to one question are no repeat: the teacher sees both
	doc, _, _ = parseBody(strings.Replace(body, "1. What is $\\frac{1}{3}$ of 12 apples?", "\\begin{questions}\\question What is $\\frac{1}{3}$ of 12 apples?\\begin{solution}5\\end{solution}\\end{questions}", 1), worksheet.Validate, true)
	if len(doc.Blocks) != 3 {
		t.Errorf("questions answered differently were dropped: %+v", doc.Blocks)
	}
}
