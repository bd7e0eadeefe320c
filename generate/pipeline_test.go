package generate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// fakeCompiler records what it was given and answers with err (nil: a PDF).
type fakeCompiler struct {
	sources []string
	err     func(ctx context.Context, src string) error
}

func (c *fakeCompiler) Compile(ctx context.Context, src string) (*latex.Result, error) {
	c.sources = append(c.sources, src)
	if c.err != nil {
		if err := c.err(ctx, src); err != nil {
			return nil, err
		}
	}
	return &latex.Result{PDF: []byte("%PDF-1.5")}, nil
}

type fixedEngine struct {
	draft   Draft
	repairs int
}

func (e *fixedEngine) Write(context.Context, Request, func(string)) (Draft, error) {
	return e.draft, nil
}

func (e *fixedEngine) Repair(_ context.Context, _ Request, d Draft, _ string) (Draft, error) {
	e.repairs++
	return d, nil
}

// unparsed is sums with a coloured question, which the document vocabulary does not hold.
const unparsed = "\\begin{questions}\n\\question \\textcolor{blue}{$48 + 27 = $} \\answerblank\n\\begin{solution}$85$\\end{solution}\n" +
	"\\question $6 \\times 9 = $ \\answerblank\n\\begin{solution}$54$\\end{solution}\n\\end{questions}"

const sums = "\\begin{questions}\n\\question $48 + 27 = $ \\answerblank\n\\begin{solution}$85$\\end{solution}\n" +
	"\\question $6 \\times 9 = $ \\answerblank\n\\begin{solution}$54$\\end{solution}\n\\end{questions}"

// The reply names every correction and everything the engine removed, one sentence each.
func TestReplyNamesCorrectionsAndNotes(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Body: sums, Message: "Here is your worksheet with 2 questions.",
		Notes: []string{"The image scale.png is not available, so a labelled box stands in its place."}}}
	c := &fakeCompiler{}
	res, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{Settings: latex.Settings{Title: "Sums"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "Here is your worksheet with 2 questions. The image scale.png is not available, so a labelled box stands in its place. " +
		"I corrected the answer to question 1: 75, not 85."
	if res.Message != want {
		t.Errorf("reply %q\nwant  %q", res.Message, want)
	}
	// The body follows the vocabulary, so it became a document: the correction is in it.
	doc, ok := worksheet.Extract(res.Source)
	if !ok || res.Document == nil {
		t.Fatalf("a body in the vocabulary should be kept as a document")
	}
	if a := doc.Blocks[0].Question.Answer; a.Value != "75" || !a.Checked {
		t.Errorf("the corrected answer is not in the document: %+v", a)
	}
}

// A body the reader cannot take (here a coloured question) goes back to the model with the
// reader's problems first; only when repairs fail is it printed as the model wrote it, its
// answers unchecked and the reply saying so.
func TestUnreadBodyIsRepairedThenPrintedAsWritten(t *testing.T) {
	eng := &problemEngine{draft: Draft{Body: unparsed}, repaired: Draft{Body: unparsed}}
	c := &fakeCompiler{}
	res, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(eng.problems) != MaxRepairs || !strings.Contains(eng.problems[0], `question 1: \textcolor is not allowed`) {
		t.Errorf("problems sent back %q", eng.problems)
	}
	if res.Document != nil || len(c.sources) != 1 || !strings.Contains(res.Source, "$85$") || strings.Contains(res.Source, `$75$`) {
		t.Errorf("document %v, compiles %d; source:\n%s", res.Document != nil, len(c.sources), res.Source)
	}
	if !strings.Contains(res.Message, OpaqueNote) {
		t.Errorf("reply %q does not say the answers were not checked", res.Message)
	}

	// a repair the reader can take is a document, checked
	eng = &problemEngine{draft: Draft{Body: unparsed}, repaired: Draft{Body: sums}}
	res, err = (&Pipeline{Engine: eng, Compiler: &fakeCompiler{}}).Run(context.Background(), Request{}, nil)
	if err != nil || res.Document == nil || len(eng.problems) != 1 || strings.Contains(res.Message, OpaqueNote) {
		t.Errorf("err %v, document %v, repairs %d, reply %q", err, res != nil && res.Document != nil, len(eng.problems), res.Message)
	}
}

// A read body whose rendering does not compile goes back to the model like any compile error;
// once repairs have failed, the body is compiled as the model wrote it.
func TestReadBodyThatDoesNotCompileIsRepairedThenPrintedAsWritten(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Body: sums}}
	c := &fakeCompiler{err: func(_ context.Context, src string) error {
		if strings.Contains(src, worksheet.DocBegin) {
			return &latex.Error{Line: 40, Problem: "Undefined control sequence"}
		}
		return nil
	}}
	res, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Document != nil || eng.repairs != MaxRepairs || len(c.sources) != MaxRepairs+2 || !strings.Contains(res.Source, "$85$") {
		t.Errorf("document %v, compiles %d, repairs %d", res.Document != nil, len(c.sources), eng.repairs)
	}
	if !strings.Contains(res.Message, OpaqueNote) {
		t.Errorf("reply %q", res.Message)
	}
}

// A compile that fails because the request was cancelled or ran out of time is reported as
// that, and never sent back to the engine as a TeX error to repair.
func TestCancellationIsNotATeXError(t *testing.T) {
	for _, cause := range []error{context.Canceled, context.DeadlineExceeded} {
		ctx, cancel := context.WithCancelCause(context.Background())
		eng := &fixedEngine{draft: Draft{Body: sums}}
		c := &fakeCompiler{err: func(context.Context, string) error {
			cancel(cause)
			return &latex.Error{Problem: "Emergency stop"}
		}}
		if cause == context.DeadlineExceeded {
			var dcancel context.CancelFunc
			ctx, dcancel = context.WithTimeout(context.Background(), 0)
			defer dcancel()
		}
		_, err := (&Pipeline{Engine: eng, Compiler: c}).Run(ctx, Request{}, nil)
		var texErr *latex.Error
		if errors.As(err, &texErr) || !errors.Is(err, cause) {
			t.Errorf("%v: got %v, want the context's error", cause, err)
		}
		if eng.repairs != 0 {
			t.Errorf("%v: sent to repair %d times", cause, eng.repairs)
		}
		cancel(nil)
	}
}

// endingEngine writes its draft while the request ends (the client leaves mid-write) and, like
// an engine that does not look, returns the draft anyway.
type endingEngine struct{ cancel context.CancelFunc }

func (e endingEngine) Write(context.Context, Request, func(string)) (Draft, error) {
	e.cancel()
	return Draft{Body: sums}, nil
}

// A request that ended while its draft was written is not prepared nor compiled.
func TestEndedRequestIsNotCompiled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &fakeCompiler{}
	res, err := (&Pipeline{Engine: endingEngine{cancel}, Compiler: c}).Run(ctx, Request{}, nil)
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("got %v, %v; want the context's error", res, err)
	}
	if len(c.sources) != 0 {
		t.Errorf("compiled %d sources for a request that had ended", len(c.sources))
	}
}

// A real TeX error still goes to the repairing engine, at most MaxRepairs times; then the body
// as written is tried once more.
func TestTeXErrorsAreRepairedAtMostTwice(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Body: sums}}
	c := &fakeCompiler{err: func(context.Context, string) error {
		return &latex.Error{Line: 3, Problem: "Undefined control sequence"}
	}}
	_, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{}, nil)
	var texErr *latex.Error
	if !errors.As(err, &texErr) || eng.repairs != MaxRepairs || len(c.sources) != MaxRepairs+2 {
		t.Errorf("err %v, repairs %d, compiles %d", err, eng.repairs, len(c.sources))
	}
}

// A body's TikZ libraries are loaded in the preamble, and only those the server allows.
func TestBodyLibrariesGoInThePreamble(t *testing.T) {
	eng := &fixedEngine{draft: Draft{Body: unparsed, Libraries: []string{"angles", "quotes", "angles", "mindmap"}}}
	res, err := (&Pipeline{Engine: eng, Compiler: &fakeCompiler{}}).Run(context.Background(), Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(res.Source, `\begin{document}`)
	if !strings.Contains(head, "\n\\usetikzlibrary{angles,quotes}\n") || strings.Contains(res.Source, "mindmap") {
		t.Errorf("preamble:\n%s", head)
	}
}

// A draft may leave out answers the check computes from their question; any other missing
// answer still fails validation. The document itself is not filled in.
func TestValidateChecked(t *testing.T) {
	q := func(text string) worksheet.Block {
		return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: text}}
	}
	computable := worksheet.Document{Title: "T", Blocks: []worksheet.Block{q("$2 + 3 = $")}}
	if err := ValidateChecked(computable); err != nil {
		t.Errorf("a computable missing answer: %v", err)
	}
	if computable.Blocks[0].Question.Answer.Value != "" {
		t.Error("ValidateChecked filled the document in")
	}
	if err := ValidateChecked(worksheet.Document{Title: "T", Blocks: []worksheet.Block{q("$2 + 3 = $"), q("Name the capital of France.")}}); err == nil {
		t.Error("a missing answer the check cannot compute was accepted")
	}
}

// problemEngine records the problems it is asked to repair, and repairs with a fixed body.
type problemEngine struct {
	draft, repaired Draft
	problems        []string
}

func (e *problemEngine) Write(context.Context, Request, func(string)) (Draft, error) {
	return e.draft, nil
}

func (e *problemEngine) Repair(_ context.Context, _ Request, _ Draft, problem string) (Draft, error) {
	e.problems = append(e.problems, problem)
	return e.repaired, nil
}

// A body worksheet.Wrap refuses never reaches the compiler: it goes back to a repairing engine
// as the compile error it used to be (the line is the line of the source), and without one it
// is the *latex.Error of the run.
func TestRefusedBodyIsRepairedLikeACompileError(t *testing.T) {
	bad := strings.Replace(unparsed, `\answerblank`, `\csname pdfcatalog\endcsname`, 1)
	eng := &problemEngine{draft: Draft{Body: bad, Libraries: []string{"calc"}}, repaired: Draft{Body: sums}}
	c := &fakeCompiler{}
	res, err := (&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{}, nil)
	if err != nil || len(c.sources) != 1 || strings.Contains(c.sources[0], `\csname pdfcatalog`) || res.Source != c.sources[0] {
		t.Fatalf("err %v, compiles %d", err, len(c.sources))
	}
	// the model is told the line of what it wrote, in its own words, never the server's file
	line, text := 0, ""
	for i, l := range strings.Split(strings.TrimSpace(bad), "\n") {
		if strings.Contains(l, `\csname`) {
			line, text = i+1, strings.TrimSpace(l)
		}
	}
	want := fmt.Sprintf("Compilation failed at line %d of your body, which reads:\n%s\nThe problem: \\csname is not allowed in a worksheet", line, text)
	if len(eng.problems) != 1 || eng.problems[0] != want {
		t.Errorf("problems %q, want %q", eng.problems, want)
	}

	c = &fakeCompiler{}
	_, err = (&Pipeline{Engine: &noRepairEngine{Draft{Body: bad}}, Compiler: c}).Run(context.Background(), Request{}, nil)
	var texErr *latex.Error
	if !errors.As(err, &texErr) || !strings.Contains(texErr.Problem, "not allowed") || len(c.sources) != 0 {
		t.Errorf("without a repairer: %v, %d compiles", err, len(c.sources))
	}
}

type noRepairEngine struct{ draft Draft }

func (e *noRepairEngine) Write(context.Context, Request, func(string)) (Draft, error) {
	return e.draft, nil
}

// A document whose rendering does not compile goes back to the model naming the question and
// quoting the LaTeX, never with the line numbers of the server's file.
func TestDocumentRepairNamesTheQuestion(t *testing.T) {
	doc := worksheet.Document{Blocks: []worksheet.Block{
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "$2+2$", Answer: worksheet.Answer{Value: "4"}}},
		{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "Name the gas: BADGAS", Answer: worksheet.Answer{Value: "oxygen"}}},
	}}
	eng := &problemEngine{draft: Draft{Document: &doc}, repaired: Draft{Document: &doc}}
	c := &fakeCompiler{err: func(_ context.Context, src string) error {
		for i, l := range strings.Split(src, "\n") {
			if strings.Contains(l, "BADGAS") {
				return &latex.Error{Line: i + 1, Problem: "Undefined control sequence"}
			}
		}
		return nil
	}}
	(&Pipeline{Engine: eng, Compiler: c}).Run(context.Background(), Request{}, nil)
	if len(eng.problems) == 0 {
		t.Fatal("the failing document was not sent back")
	}
	p := eng.problems[0]
	if !strings.Contains(p, "question 2") || !strings.Contains(p, "BADGAS") || strings.Contains(p, "line ") {
		t.Errorf("repair problem %q: want question 2, its LaTeX and no line number", p)
	}
}
