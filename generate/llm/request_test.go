package llm

import (
	"context"
	"strings"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// What reached the model: the vocabulary in the system message, the chat in order, and a
// user message with the template's instructions before the user's request, the settings and,
// for an edit, the current body.
func TestWriteSendsTemplateInstructionsBeforeTheRequest(t *testing.T) {
	model := newFakeModel(t, streamed(testdata(t, "fenced_fractions.txt")))
	req := generate.Request{
		Prompt:               "make them harder",
		TemplateInstructions: "Write a quiz with multiple-choice questions for grade 4.",
		Settings:             latex.Settings{Title: "Fractions Quiz", ShowName: true, ShowPeriod: true, NarrowMargins: true, Layout: "exam"},
		History: []generate.Message{
			{Role: "user", Content: "10 fraction problems"},
			{Role: "assistant", Content: "Here is your worksheet with 10 questions.", LatexCode: `\documentclass...`},
		},
		CurrentBody: "\\begin{questions}\n\\question Simplify $\\frac{2}{4}$.\n\\begin{solution}$\\frac12$\\end{solution}\n\\end{questions}",
	}
	draft, err := model.engine(Config{}).Write(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	reqs := model.received()
	if len(reqs) != 1 {
		t.Fatalf("model got %d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if !got.Stream || got.Model != "test-model" {
		t.Errorf("stream=%v model=%q, want a streamed request for test-model", got.Stream, got.Model)
	}
	msgs := got.Messages
	if len(msgs) != 4 {
		t.Fatalf("messages = %d, want system, 2 history, user", len(msgs))
	}
	sys := msgs[0]
	if sys.Role != openai.ChatMessageRoleSystem || !strings.Contains(sys.Content, `\begin{solution}`) ||
		!strings.Contains(sys.Content, `\documentclass`) || !strings.Contains(sys.Content, "pgfplots") {
		t.Errorf("system message does not teach the vocabulary:\n%s", sys.Content)
	}
	if msgs[1].Role != "user" || msgs[1].Content != "10 fraction problems" ||
		msgs[2].Role != "assistant" || msgs[2].Content != "Here is your worksheet with 10 questions." {
		t.Errorf("history not passed in order: %+v", msgs[1:3])
	}
	user := msgs[3].Content
	ti, pi := strings.Index(user, "multiple-choice questions for grade 4"), strings.Index(user, "make them harder")
	if ti < 0 || pi < 0 || ti > pi {
		t.Errorf("template instructions (at %d) must come before the request (at %d):\n%s", ti, pi, user)
	}
	for _, want := range []string{`"Fractions Quiz"`, "Name, Period", "exam", "narrow", `Simplify $\frac{2}{4}$`} {
		if !strings.Contains(user, want) {
			t.Errorf("user message lacks %q:\n%s", want, user)
		}
	}
	if !strings.HasPrefix(draft.Message, "I've updated the worksheet") {
		t.Errorf("edit reply = %q", draft.Message)
	}
}

func TestRepairSendsTheBodyAndTheCompileError(t *testing.T) {
	model := newFakeModel(t, streamed("```latex\n\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}\n```"))
	bad := generate.Draft{Body: "\\begin{questions}\n\\question $1+1\n\\end{questions}", Message: "Here is your worksheet with 1 question."}
	fixed, err := model.engine(Config{}).Repair(context.Background(), generate.Request{Prompt: "one sum"}, bad,
		"Compilation failed: line 12: Missing $ inserted.")
	if err != nil {
		t.Fatal(err)
	}
	msgs := model.received()[0].Messages
	last, prev := msgs[len(msgs)-1], msgs[len(msgs)-2]
	if prev.Role != "assistant" || prev.Content != bad.Body {
		t.Errorf("the failing body was not sent back: %+v", prev)
	}
	if last.Role != "user" || !strings.Contains(last.Content, "Compilation failed: line 12: Missing $ inserted.") {
		t.Errorf("the compile error was not sent: %q", last.Content)
	}
	if !strings.Contains(fixed.Body, `\question $1+1$`) || strings.Contains(fixed.Body, "```") {
		t.Errorf("repaired body = %q", fixed.Body)
	}
	if fixed.Message != bad.Message {
		t.Errorf("message = %q, want the original reply kept", fixed.Message)
	}
}

func TestSolveAddsSolutionsWithoutStreaming(t *testing.T) {
	// recorded_completion.json is a whole chat.completion response; replay it as written
	model := newFakeModel(t, raw(testdata(t, "recorded_completion.json")))
	body := strings.TrimSpace(testdata(t, "forgot_solutions.txt"))
	solved, err := model.engine(Config{}).Solve(context.Background(), body)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(solved, `\begin{solution}`); got != 3 {
		t.Errorf("solutions = %d, want 3:\n%s", got, solved)
	}
	req := model.received()[0]
	if req.Stream {
		t.Error("Solve should not stream")
	}
	if !strings.Contains(req.Messages[len(req.Messages)-1].Content, `$93 - 58 = $`) {
		t.Error("the sheet was not sent to the model")
	}
}

func TestSolveRefusesAnAnswerThatChangedTheQuestions(t *testing.T) {
	model := newFakeModel(t, completed("\\begin{questions}\\question $1+1$\\begin{solution}2\\end{solution}\\end{questions}"))
	_, err := model.engine(Config{}).Solve(context.Background(), testdata(t, "forgot_solutions.txt"))
	assertModelError(t, err, generate.FailureNotWorksheet, MsgNotWorksheet)
}

// A repair never sends the model looking for a package the server will not load.
func TestRepairSaysWhichPackagesTheServerLoads(t *testing.T) {
	model := newFakeModel(t, streamed("\\begin{questions}\n\\question $1+1$\n\\begin{solution}2\\end{solution}\n\\end{questions}"))
	bad := generate.Draft{Body: "\\begin{questions}\n\\question \\tcbox{1+1}\n\\end{questions}"}
	if _, err := model.engine(Config{}).Repair(context.Background(), generate.Request{Prompt: "one sum"}, bad,
		`Compilation failed: line 14: the command \tcbox is not defined (check its spelling, or whether it needs a package)`); err != nil {
		t.Fatal(err)
	}
	msgs := model.received()[0].Messages
	last := msgs[len(msgs)-1].Content
	if strings.Contains(last, "whether it needs a package") || !strings.Contains(last, "loads an installed package when the body uses its commands") ||
		!strings.Contains(last, "none that runs programs, reads or writes files") || strings.Contains(last, "tcolorbox") {
		t.Errorf("repair message:\n%s", last)
	}
}
