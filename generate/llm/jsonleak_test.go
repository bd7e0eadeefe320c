package llm

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate"
)

// A model that answers every request, the LaTeX one included, with a JSON document that does
// not validate never gets its JSON printed on the sheet.
func TestInvalidJSONNeverBecomesTheSheet(t *testing.T) {
	noneCorrect := jsonReply(t, "Quiz",
		item("choice", "Pick the even number.", "", func(i *flatItem) { i.Choices = []string{"2", "3", "5"} }),
		item("short", "Name the capital of France.", ""),
		item("short", "$\\frac{1}{2} + \\frac{1}{4} = $", ""),
		item("open", "Explain \\textbf{why} $x^2 \\geq 0$.", ""))
	for _, reply := range []string{noneCorrect, "```json\n" + noneCorrect + "\n```", "Here is the worksheet:\n" + noneCorrect} {
		model := newFakeModel(t, streamed(reply))
		draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz"}, nil)
		if err == nil {
			t.Fatalf("a JSON answer that never validates must be refused; got body %.300q", draft.Body)
		}
		assertModelError(t, err, generate.FailureNotWorksheet, MsgNotWorksheet)
	}
}

// LaTeX a model wraps in a JSON object ({"latex": "…"}) is the sheet's LaTeX, not its text.
func TestLaTeXWrappedInJSONIsUnwrapped(t *testing.T) {
	wrapped := `{"latex": "\\begin{questions}\n\\question $2+3$\n\\begin{solution}5\\end{solution}\n\\end{questions}"}`
	model := newFakeModel(t, failing(400, "response_format json_schema is not supported"), streamed(wrapped))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "sums"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(draft.Body, `\question $2+3$`) || strings.Contains(draft.Body, `"latex"`) {
		t.Errorf("body %q", draft.Body)
	}
}

// A valid document sent in answer to the LaTeX request is used as the document.
func TestJSONDocumentAnsweringTheLaTeXRequestIsRead(t *testing.T) {
	good := jsonReply(t, "Quiz", item("short", "Name the capital of France.", "Paris"))
	model := newFakeModel(t, failing(400, "response_format json_schema is not supported"), streamed(good))
	draft, err := model.engine(Config{}).Write(context.Background(), generate.Request{Prompt: "quiz"}, nil)
	if err != nil || draft.Document == nil || draft.Body != "" {
		t.Fatalf("%v %+v", err, draft)
	}
}
