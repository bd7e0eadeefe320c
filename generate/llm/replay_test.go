package llm

import (
	"context"
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

var sheetSettings = latex.Settings{Title: "Grade 4 Practice", ShowName: true, ShowDate: true, Layout: "default"}

// Flawed recorded answers still end in a worksheet that compiles, sheet and answer key alike.
func TestWriteTurnsRecordedAnswersIntoCompilingWorksheets(t *testing.T) {
	cases := []struct {
		name      string
		script    []reply
		questions int
		packages  []string
	}{
		{"recorded OpenAI stream with a fence and chat", []reply{recordedStream(testdata(t, "recorded_stream.sse"))}, 4, nil},
		{"whole document with its own preamble and packages", []reply{streamed(testdata(t, "whole_document.txt"))}, 3, []string{"booktabs"}},
		{"unicode times, divide, minus and quotes", []reply{streamed(testdata(t, "unicode_times_tables.txt"))}, 5, nil},
		{"environments left open and a stray end", []reply{streamed(testdata(t, "broken_environments.txt"))}, 3, nil},
		{"plain enumerate list with a separate answer key", []reply{streamed(testdata(t, "enumerate_with_answer_key.txt"))}, 3, nil},
		{"reasoning model that thinks aloud first", []reply{streamed(testdata(t, "reasoning_model_thinking.txt"))}, 2, nil},
		// sums without solutions: the server computes them, the model is not asked (below)
		{"forgotten solutions of sums", []reply{streamed(testdata(t, "forgot_solutions.txt"))}, 3, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			model := newFakeModel(t, c.script...)
			var progress progressLog
			draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{
				Prompt: "Make a worksheet", Settings: sheetSettings,
			}, progress.add)
			if err != nil {
				t.Fatalf("Write: %v", err)
			}
			body := draft.Body
			for _, bad := range []string{"```", `\documentclass`, `\usepackage`, `\begin{document}`, `\maketitle`, "×", "−", "“", "Let me know", "think>"} {
				if strings.Contains(body, bad) {
					t.Errorf("body still contains %q:\n%s", bad, body)
				}
			}
			// the sheet is the body as the reader reads it: a key after the questions is theirs,
			// the Name and Date lines are the sheet's own
			doc, problems := worksheet.Parse(body)
			if len(problems) > 0 {
				t.Fatalf("the body does not read as a document (%q):\n%s", problems, body)
			}
			for _, b := range doc.Blocks {
				if strings.Contains(b.Title+b.Text, "Answer Key") || strings.Contains(b.Title+b.Text, "Name:") {
					t.Errorf("the sheet still shows the answer key or the Name line: %q\n%s", b.Title+b.Text, body)
				}
			}
			if n := bodyQuestions(body); n != c.questions {
				t.Errorf("questions = %d, want %d:\n%s", n, c.questions, body)
			}
			if _, n := bodyCounts(body); n != 0 && !strings.Contains(c.name, "sums") {
				t.Errorf("%d questions have no solution:\n%s", n, body)
			}
			if !slices.Equal(draft.Packages, c.packages) {
				t.Errorf("packages = %q, want %q", draft.Packages, c.packages)
			}
			if !strings.Contains(draft.Message, "worksheet") {
				t.Errorf("assistant message = %q", draft.Message)
			}
			if !progress.contains("Writing… ") {
				t.Errorf("no line-count progress in %q", progress.msgs)
			}
			src := pdftest.Wrap(t, body, sheetSettings, draft.Packages...)
			pdftest.Compile(t, src)
			pdftest.Compile(t, latex.WithAnswers(src))
		})
	}
}

func TestWriteRefusalIsNotAWorksheet(t *testing.T) {
	model := newFakeModel(t, streamed(testdata(t, "refusal.txt")))
	_, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "hello"}, nil)
	// the teacher reads what the model said, its question back included
	assertModelError(t, err, generate.FailureNotWorksheet, "The model answered without a worksheet: “I'm sorry, but I can't help with that. Could you tell me more about what kind of worksheet you need?” Answer it in the chat or rephrase your request.")
}

func TestWriteEmptyOrGarbageAnswerIsNotAWorksheet(t *testing.T) {
	for name, r := range map[string]reply{
		"empty stream":  streamed(""),
		"html not sse":  raw("<html><body>Bad gateway</body></html>"),
		"only markdown": streamed("```latex\n```\n"),
	} {
		t.Run(name, func(t *testing.T) {
			model := newFakeModel(t, r)
			_, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "x"}, nil)
			assertModelError(t, err, generate.FailureNotWorksheet, MsgNotWorksheet)
		})
	}
}

// An answer cut off at the model's length limit still compiles, and the teacher is told why
// the last question may be incomplete.
func TestWriteCutOffAnswerIsClosedAndExplained(t *testing.T) {
	full := testdata(t, "fenced_fractions.txt")
	cut := full[:strings.Index(full, `\question Add`)+len(`\question Add $\frac{1}{4} + \frac{`)]
	model := newFakeModel(t, streamedUntil(cut, "length"), completed(""))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "fractions", Settings: sheetSettings}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(draft.Message, "cut short") {
		t.Errorf("message = %q, want the teacher told the answer was cut short", draft.Message)
	}
	pdftest.Compile(t, pdftest.Wrap(t, draft.Body, sheetSettings, draft.Packages...))
}

// A sheet whose items carry their answers (marked choices, filled blanks, sums the server
// computes) is not sent back to the model to be solved; one with a question and no answer is.
func TestNoSolveCallWhenEveryItemHasItsAnswer(t *testing.T) {
	answered := `\begin{questions}
\question Which planet is largest?
\begin{choices}\choice Mars \CorrectChoice Jupiter \choice Venus\end{choices}
\question The capital of France is \fillin[Paris].
\question $7 \times 8 = $
\end{questions}`
	model := newFakeModel(t, streamed(answered))
	if _, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz", Settings: sheetSettings}, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(model.received()); n != 1 {
		t.Errorf("%d model requests for a sheet whose answers are all given, want 1", n)
	}
	open := `\begin{questions}
\question Explain why the sky is blue.
\end{questions}`
	solved := `\begin{questions}
\question Explain why the sky is blue.
\begin{solution}Air scatters blue light more than red.\end{solution}
\end{questions}`
	model = newFakeModel(t, streamed(open), completed(solved))
	if _, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz", Settings: sheetSettings}, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(model.received()); n != 2 {
		t.Errorf("%d model requests for a sheet missing an answer, want 2 (the solve call)", n)
	}
}

// With a model configured, a word sheet from the teacher's own words is still laid out by the
// server (no model call); one that needs words or clues invented gets them from the model,
// and the server lays them out.
func TestWordSheetsFromTheTeachersWordsNeedNoModel(t *testing.T) {
	model := newFakeModel(t)
	d, err := model.engine(Config{}).Write(context.Background(), generate.Request{
		Prompt: "word search with these words: orbit, planet, comet, galaxy, meteor", Settings: sheetSettings}, nil)
	if err != nil || d.Document == nil {
		t.Fatalf("draft %+v, err %v", d, err)
	}
	if n := len(model.received()); n != 0 {
		t.Errorf("%d model requests for a word search whose words were given", n)
	}
	// words for a topic come from the model; the server lays them out
	model = newFakeModel(t, completed("WORDS: apple, pumpkin, harvest, acorn, leaves, scarecrow"))
	d, err = model.engine(Config{}).Write(context.Background(), generate.Request{
		Prompt: "a word search with fall vocabulary for grade 2", Settings: sheetSettings}, nil)
	if err != nil || d.Document == nil || len(model.received()) != 1 {
		t.Fatalf("draft %+v, err %v, %d requests", d, err, len(model.received()))
	}
	if !strings.Contains(d.Message, "6 words") || !strings.Contains(strings.Join(d.Notes, " "), "The model chose the words") {
		t.Errorf("reply %q, notes %q", d.Message, d.Notes)
	}
	// a crossword's clues too
	model = newFakeModel(t, completed("PAIRS: orbit – the path of a planet around the sun; comet – a ball of ice and dust; planet – a large body that circles a star; moon – a body that circles a planet"))
	d, err = model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "a crossword about space", Settings: sheetSettings}, nil)
	if err != nil || d.Document == nil {
		t.Fatalf("crossword: draft %+v, err %v", d, err)
	}
}
