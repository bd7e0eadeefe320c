package llm

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// item writes one flat item with every field, as a strict-mode model does.
func item(kind, text, answer string, more ...func(*flatItem)) flatItem {
	it := empty(kind)
	it.Text, it.Answer = text, answer
	for _, m := range more {
		m(&it)
	}
	return it
}

func jsonReply(t *testing.T, title string, items ...flatItem) string {
	t.Helper()
	b, err := json.Marshal(flatDoc{Title: title, Items: items})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func asksForSchema(r openai.ChatCompletionRequest) bool {
	return r.ResponseFormat != nil && r.ResponseFormat.Type == openai.ChatCompletionResponseFormatTypeJSONSchema &&
		r.ResponseFormat.JSONSchema != nil && r.ResponseFormat.JSONSchema.Name == "worksheet"
}

func TestWriteAsksForTheDocumentAsJSON(t *testing.T) {
	reply := jsonReply(t, "Plants",
		item("instructions", "Answer every question.", ""),
		item("passage", "Plants make their food from light, water and air.", "", func(i *flatItem) { i.Title = "Green plants" }),
		item("choice", "What do plants need to make food?", "B", func(i *flatItem) { i.Choices = []string{"Sand", "Light", "Salt"} }),
		item("truefalse", "Roots take in water.", "true"),
		item("blank", "Plants release ___ into the air.", "", func(i *flatItem) { i.Blanks = []string{"oxygen"} }),
		item("matching", "Match each part to its job.", "", func(i *flatItem) {
			i.Left, i.Right = []string{"Root", "Leaf"}, []string{"takes in water", "makes food"}
		}),
		item("short", "A plant grows 3 cm a week.", ""),
		item("short", "How much does it grow in 4 weeks?", "12 cm", func(i *flatItem) { i.Part = true }),
		item("short", "$48 + 27 = $", "85"),
		item("figure", "A bar chart", "", func(i *flatItem) {
			i.LaTeX = `\begin{tikzpicture}\draw (0,0) rectangle (1,2);\end{tikzpicture}`
		}),
		item("open", "Why are leaves green?", "They contain chlorophyll."),
	)
	model := newFakeModel(t, streamed(reply))
	var progress progressLog
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "plants", Settings: sheetSettings}, progress.add)
	if err != nil {
		t.Fatal(err)
	}
	reqs := model.received()
	if len(reqs) != 1 || !asksForSchema(reqs[0]) || !reqs[0].ResponseFormat.JSONSchema.Strict {
		t.Fatalf("want one request with the json_schema response format, got %d: %+v", len(reqs), reqs[0].ResponseFormat)
	}
	if draft.Document == nil || draft.Body != "" {
		t.Fatalf("want a document, got body %q", draft.Body)
	}
	doc := *draft.Document
	kinds := []string{}
	for _, b := range doc.Blocks {
		k := b.Kind
		if b.Question != nil {
			k = b.Question.Kind
		}
		kinds = append(kinds, k)
	}
	want := "instructions passage choice truefalse blank matching group short figure open"
	if strings.Join(kinds, " ") != want {
		t.Errorf("blocks %q, want %q", strings.Join(kinds, " "), want)
	}
	if c := doc.Blocks[2].Question.Choices; !c[1].Correct || c[0].Correct || c[2].Correct {
		t.Errorf("choice B must be the correct one: %+v", c)
	}
	if g := doc.Blocks[6].Question; len(g.Parts) != 1 || g.Parts[0].Answer.Value != "12 cm" {
		t.Errorf("part not attached to its stem: %+v", g)
	}
	if a := doc.Blocks[7].Question.Answer; a.Kind != worksheet.AnswerNumber || a.Value != "85" || a.Checked {
		t.Errorf("answer %+v: the engine types it and never checks it", a)
	}
	if err := worksheet.Validate(doc); err != nil {
		t.Errorf("the document must validate: %v", err)
	}
	if draft.Message != "Here is your worksheet with 7 questions." {
		t.Errorf("reply %q", draft.Message)
	}
	if !progress.contains("Writing… 11 items") {
		t.Errorf("progress did not count the 11 items: %q", progress.msgs)
	}
}

// An answer the model left out that the server computes from its question does not cost a
// re-ask: the document is taken and the check fills the answer in.
func TestMissingComputableAnswerIsFilled(t *testing.T) {
	reply := jsonReply(t, "Quiz", item("short", "What is $2 + 2$?", ""), item("short", "Name the capital of France.", "Paris"))
	model := newFakeModel(t, streamed(reply))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz"}, nil)
	if err != nil || draft.Document == nil || len(model.received()) != 1 {
		t.Fatalf("want the document at the first answer: %v, %d requests", err, len(model.received()))
	}
	if a := draft.Document.Blocks[0].Question.Answer; a.Value != "" {
		t.Errorf("the engine leaves the answer to the check, which names it in the reply; got %+v", a)
	}
}

// A document that does not validate goes back with the validation errors, at most twice.
func TestInvalidDocumentIsReaskedWithItsErrors(t *testing.T) {
	noneCorrect := jsonReply(t, "Quiz", item("choice", "Pick the even number.", "", func(i *flatItem) { i.Choices = []string{"2", "3", "5"} }))
	// an answer the server cannot compute (one it can is filled in: see TestMissingComputableAnswerIsFilled)
	unanswered := jsonReply(t, "Quiz", item("short", "Name the capital of France.", ""))
	good := jsonReply(t, "Quiz", item("short", "Name the capital of France.", "Paris"))

	model := newFakeModel(t, streamed(unanswered), streamed(good))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz"}, nil)
	if err != nil || draft.Document == nil {
		t.Fatalf("%v %+v", err, draft)
	}
	reqs := model.received()
	if len(reqs) != 2 || !asksForSchema(reqs[1]) {
		t.Fatalf("want the re-ask to use the schema too; %d requests", len(reqs))
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1].Content
	if !strings.Contains(last, "question 1") || !strings.Contains(last, "answer") {
		t.Errorf("the re-ask must carry the validation error:\n%s", last)
	}

	// Never valid: after the first answer and two re-asks, the LaTeX path takes over.
	latexReply := "\\begin{questions}\n\\question Which is even?\n\\begin{choices}\\CorrectChoice 2 \\choice 5\\end{choices}\n\\begin{solution}2\\end{solution}\n\\end{questions}"
	model = newFakeModel(t, streamed(noneCorrect), streamed(noneCorrect), streamed(noneCorrect), streamed(latexReply))
	draft, err = model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	reqs = model.received()
	if len(reqs) != 1+MaxReasks+1 || asksForSchema(reqs[len(reqs)-1]) || draft.Document != nil || !strings.Contains(draft.Body, `\CorrectChoice 2`) {
		t.Errorf("%d requests; last asks for the schema: %v; body %q", len(reqs), asksForSchema(reqs[len(reqs)-1]), draft.Body)
	}
}

// An endpoint that refuses response_format is asked again for LaTeX, and not offered the
// schema again; any other 400 is not retried (TestBadRequestIs400AndNotRetried).
func TestEndpointWithoutStructuredOutputFallsBackToLaTeX(t *testing.T) {
	body := "\\begin{questions}\n\\question $2+3$\n\\begin{solution}5\\end{solution}\n\\end{questions}"
	model := newFakeModel(t,
		failing(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."),
		streamed(body), streamed(body))
	e := model.engine(Config{})
	for range 2 {
		draft, err := e.Write(context.Background(), generate.Request{Prompt: "sums"}, nil)
		if err != nil || draft.Document != nil || !strings.Contains(draft.Body, `$2+3$`) {
			t.Fatalf("%v %+v", err, draft)
		}
	}
	reqs := model.received()
	if len(reqs) != 3 || !asksForSchema(reqs[0]) || asksForSchema(reqs[1]) || asksForSchema(reqs[2]) {
		t.Errorf("requests %d; want schema, then LaTeX only", len(reqs))
	}
	off := newFakeModel(t, streamed(body))
	if _, err := off.engine(Config{StructuredOutput: "off"}).Write(context.Background(), generate.Request{Prompt: "sums"}, nil); err != nil || asksForSchema(off.received()[0]) {
		t.Errorf("StructuredOutput off still asked for the schema: %v", err)
	}
}

// An edit sends the current document and takes back the changed one; questions the model
// copied come back exactly as they were (with what the flat JSON cannot carry: answer
// spaces, checked marks), and only the changed question is new.
func TestEditChangesOneQuestionAndKeepsTheOthers(t *testing.T) {
	current := worksheet.Document{Title: "Sums", Settings: worksheet.Settings{Columns: 2}, Blocks: []worksheet.Block{
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "$2 + 2$",
			Space: worksheet.Space{Kind: worksheet.SpaceWork, Size: 2.5}, Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: "4", Checked: true}}},
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "$3 + 3$",
			Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: "6", Checked: true}}},
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindChoice, Text: "Which is odd?", Points: 2,
			Choices: []worksheet.Choice{{Text: "7", Correct: true}, {Text: "8"}}}},
	}}
	edited := toFlat(current)
	edited.Items[1].Text, edited.Items[1].Answer = "$30 + 30$", "60"
	model := newFakeModel(t, streamed(jsonReply(t, edited.Title, edited.Items...)))
	src := pdftest.Wrap(t, "", latex.Settings{})
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{
		Prompt: "make question 2 harder", CurrentBody: src, CurrentDocument: &current}, nil)
	if err != nil || draft.Document == nil {
		t.Fatalf("%v %+v", err, draft)
	}
	sent := model.received()[0].Messages
	if user := sent[len(sent)-1].Content; !strings.Contains(user, `"text": "Which is odd?"`) || !strings.Contains(user, "make question 2 harder") {
		t.Errorf("the current document was not sent as JSON:\n%s", user)
	}
	got := draft.Document
	for _, i := range []int{0, 2} {
		a, _ := json.Marshal(current.Blocks[i])
		b, _ := json.Marshal(got.Blocks[i])
		if string(a) != string(b) {
			t.Errorf("untouched question %d changed:\n%s\n%s", i+1, a, b)
		}
	}
	if q := got.Blocks[1].Question; q.Text != "$30 + 30$" || q.Answer.Value != "60" || q.Answer.Checked {
		t.Errorf("edited question %+v", q)
	}
	if got.Settings.Columns != 2 || !strings.HasPrefix(draft.Message, "I've updated the worksheet") {
		t.Errorf("settings %+v, reply %q", got.Settings, draft.Message)
	}
}

func TestAnswerTypes(t *testing.T) {
	for v, kind := range map[string]string{"42": worksheet.AnswerNumber, "-3.5": worksheet.AnswerNumber, "1,250": worksheet.AnswerNumber,
		"3/4": worksheet.AnswerFraction, "2 1/3": worksheet.AnswerFraction, "x = 4": worksheet.AnswerExpression,
		"$3x + 2$": worksheet.AnswerExpression, "Paris": worksheet.AnswerText, "12 cm": worksheet.AnswerText} {
		if got := answerOf(v); got.Kind != kind {
			t.Errorf("%q: %s, want %s", v, got.Kind, kind)
		}
	}
}

// JSON wrapped in a fence or a sentence is still the document; LaTeX is not.
func TestParseFlatFindsTheJSON(t *testing.T) {
	doc := `{"title":"T","items":[{"kind":"short","text":"$2+2$","answer":"4"}]}`
	for _, raw := range []string{doc, "```json\n" + doc + "\n```", "Here is your worksheet:\n\n" + doc + "\n\nEnjoy!", "Sure!\n```\n" + doc + "\n```"} {
		if fd, ok := parseFlat(raw); !ok || len(fd.Items) != 1 || fd.Items[0].Answer != "4" {
			t.Errorf("not read: %q", raw)
		}
	}
	for _, raw := range []string{"\\begin{questions}\\question $2+2$\\end{questions}", "```latex\n\\question \\node {\"a\"};\n```", `{"title":"T","items":[]}`} {
		if _, ok := parseFlat(raw); ok {
			t.Errorf("read as a document: %q", raw)
		}
	}
}

func TestEscapeBare(t *testing.T) {
	for in, want := range map[string]string{"25% of 80": `25\% of 80`, `25\% of 80`: `25\% of 80`, "Tom & Jerry #1": `Tom \& Jerry \#1`} {
		if got := escapeBare(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// Without structured output, an edit of a document sends it in the exam vocabulary the
// LaTeX path speaks, not the renderer's internals.
func TestLaTeXEditOfADocumentSendsItsVocabulary(t *testing.T) {
	current := worksheet.Document{Title: "Sums", Blocks: []worksheet.Block{
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "$2 + 2$", Answer: worksheet.Answer{Value: "4"}}}}}
	sheet, _, err := worksheet.Render(current)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := latex.Body(sheet)
	model := newFakeModel(t, streamed("\\begin{questions}\n\\question $3+3$\n\\begin{solution}6\\end{solution}\n\\end{questions}"))
	if _, err := model.engine(Config{StructuredOutput: "off"}).Write(context.Background(), generate.Request{
		Prompt: "change it", CurrentBody: body, CurrentDocument: &current}, nil); err != nil {
		t.Fatal(err)
	}
	msgs := model.received()[0].Messages
	user := msgs[len(msgs)-1].Content
	if !strings.Contains(user, `\question $2 + 2$`) || strings.Contains(user, `\ssq`) {
		t.Errorf("the edit sent:\n%s", user)
	}
}

// JSON cut off at the length limit is not normalised as LaTeX: the engine asks for LaTeX.
func TestCutOffJSONFallsBackToALaTeXRequest(t *testing.T) {
	full := jsonReply(t, "Sums", item("short", "$2 + 2$", "4"), item("short", "$3 + 3$", "6"))
	body := "\\begin{questions}\n\\question $2+2$\n\\begin{solution}4\\end{solution}\n\\end{questions}"
	model := newFakeModel(t, streamedUntil(full[:len(full)/2], "length"), streamed(body))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "sums"}, nil)
	if err != nil || !strings.Contains(draft.Body, `\question $2+2$`) {
		t.Fatalf("%v %+v", err, draft)
	}
	if reqs := model.received(); len(reqs) != 2 || asksForSchema(reqs[1]) {
		t.Errorf("want a second request for LaTeX, got %d", len(reqs))
	}
}

// The schema asks for the computation behind a numeric answer; the server computes it, so a
// word problem in the model's own words is checked, and a wrong answer is corrected and named.
func TestTheModelsCheckIsComputed(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(documentSchema, &schema); err != nil || !strings.Contains(string(documentSchema), `"check"`) || !strings.Contains(documentPrompt, "check:") {
		t.Fatalf("the schema does not ask for the check: %s", documentSchema)
	}
	reply := jsonReply(t, "Stickers",
		item("short", "Maya had some stickers. She bought 12 more and now has 47. How many did she have at first?", "34 stickers",
			func(i *flatItem) { i.Check = "47 - 12" }),
		item("short", "A baker fills 6 trays with 24 muffins each. How many muffins?", "144", func(i *flatItem) { i.Check = "6 * 24" }),
	)
	model := newFakeModel(t, streamed(reply))
	p := &generate.Pipeline{Engine: model.engine(Config{}), Compiler: realCompiler(t)}
	res, err := p.Run(context.Background(), generate.Request{Prompt: "word problems", Settings: sheetSettings}, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, second := res.Document.Blocks[0].Question.Answer, res.Document.Blocks[1].Question.Answer
	if first.Value != "35 stickers" || !first.Checked || !second.Checked {
		t.Errorf("answers %+v %+v", first, second)
	}
	if !strings.Contains(res.Message, "I corrected the answer to question 1: 35 stickers, not 34 stickers.") {
		t.Errorf("reply %q does not name the correction", res.Message)
	}
}
