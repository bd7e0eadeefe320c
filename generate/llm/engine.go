package llm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"sheetsmith/generate"
	"sheetsmith/generate/check"
	"sheetsmith/generate/llm/normalize"
	"sheetsmith/generate/wordsheet"
	"sheetsmith/worksheet"
)

var _ generate.Engine = (*Engine)(nil)

// Write asks the model for the worksheet as a document through structured output, falling
// back to a LaTeX body (or an edit of req.CurrentBody) where the endpoint rejects structured
// output or the model ignores it. A body is normalised; questions the model left without a
// solution are sent back once to have their solutions added.
func (e *Engine) Write(ctx context.Context, req generate.Request, progress func(string)) (generate.Draft, error) {
	if progress == nil {
		progress = func(string) {}
	}
	// A word sheet made from the teacher's own words (word search, crossword, bingo…) is laid
	// out by the server, model or not: its grid and key are right by construction. One that
	// needs words the teacher did not give is the model's to write.
	noMaths := func(string) bool { return false }
	if d, ok, err := wordsheet.Write(ctx, req, func() int64 { return time.Now().UnixNano() }, noMaths, progress); ok {
		var unsupported *generate.UnsupportedError
		if err == nil || !errors.As(err, &unsupported) {
			return d, err
		}
		if d, err := e.wordSheetFromModel(ctx, req, noMaths, progress); err == nil || ctx.Err() != nil {
			return d, err
		}
	}
	var raw string
	var truncated bool
	// An edit of a body without its document stays LaTeX: the body is what the teacher has.
	if e.structuredOutput() && (req.CurrentBody == "" || req.CurrentDocument != nil) {
		d, err := e.writeDocument(ctx, req, progress)
		var ignored *ignoredSchema
		switch {
		case err == nil:
			return d, nil
		case errors.As(err, &ignored):
			// The model wrote LaTeX (or prose around it) instead of JSON: use what it wrote.
			raw, truncated = ignored.raw, ignored.truncated
		case errors.Is(err, errSchemaRejected), errors.Is(err, errNoValidDocument):
			// ask again the way every endpoint understands
		default:
			return generate.Draft{}, err
		}
	}
	if raw == "" {
		progress("Asking the model…")
		if req.CurrentDocument != nil {
			// the rendered body is the renderer's; the model edits the document in its vocabulary
			req.CurrentBody = worksheet.ExamBody(*req.CurrentDocument)
		}
		var err error
		raw, truncated, err = e.stream(ctx, writeMessages(req), progress)
		if err != nil {
			return generate.Draft{}, err
		}
	}
	if fd, _, ok, _ := unwrapJSON(raw); ok {
		// a worksheet document after all, though LaTeX was asked for: it is read, never printed
		d, problems := documentDraft(req, fd, truncated)
		if problems != nil {
			e.log.Warn("the model's JSON answer to a LaTeX request did not validate", "problems", problems.Error())
			return generate.Draft{}, cutShort(errJSONNotWorksheet, truncated)
		}
		return d, nil
	}
	if d, ok := textDraft(req, raw, truncated); ok {
		// a quiz written as Markdown or plain text: read once into a document
		return d, nil
	}
	progress("Checking the LaTeX…")
	draft, err := e.draft(raw)
	if err != nil {
		return generate.Draft{}, cutShort(err, truncated)
	}
	// the body is read once for both counts (a long reply costs one reading, not three)
	n, missing := bodyCounts(draft.Body)
	if n == 0 && req.CurrentBody == "" && req.CurrentDocument == nil && !strings.Contains(draft.Body, `\begin{solution`) && asksNothing(raw) {
		// nothing a student answers and no solution to make a key of: a refusal, a plan, an
		// agent's summary of the files it wrote
		e.log.Warn("model answer held no question", "chars", len(raw))
		return generate.Draft{}, cutShort(notWorksheet(raw), truncated)
	}
	if _, problems := worksheet.Parse(draft.Body); len(problems) > 0 && solutionWord.MatchString(raw) && !strings.Contains(draft.Body, `\begin{solution`) {
		// printed as written, its worked solutions would be on the students' sheet with no
		// key to hold them: not printed, and the teacher is told why
		e.log.Warn("model answer holds solutions the reader could not move to a key", "problem", problems[0])
		return generate.Draft{}, &Error{Failure: generate.FailureNotWorksheet, Details: MsgSolutionsOnSheet}
	}
	if n > 0 && missing > 0 {
		progress("Adding the answers…")
		if solved, err := e.solve(ctx, draft.Body, n); err == nil {
			draft.Body = solved
		} else if ctx.Err() != nil {
			return generate.Draft{}, ctx.Err()
		} else {
			e.log.Warn("could not add missing solutions", "error", err)
		}
	}
	draft.Message = replyMessage(req, n)
	if truncated {
		draft.Message += " The model's answer was cut short, so the last question may be incomplete; ask for fewer questions if it is."
	}
	return draft, nil
}

// cutShort names the cut-off when a reply that holds no worksheet stopped at the length
// limit: the teacher learns why, and what to ask instead.
func cutShort(err error, truncated bool) error {
	var e *Error
	if !truncated || !errors.As(err, &e) || e.Failure != generate.FailureNotWorksheet {
		return err
	}
	c := *e
	c.Details = "The model's answer was cut short before it held a whole worksheet. Please ask for fewer questions."
	return &c
}

// Repair sends a body that did not compile back with the compiler's parsed error
// ("Compilation failed: line 12: …") and normalises the corrected body.
func (e *Engine) Repair(ctx context.Context, req generate.Request, draft generate.Draft, compileError string) (generate.Draft, error) {
	if draft.Document != nil {
		return e.repairDocument(ctx, req, draft, compileError)
	}
	raw, _, err := e.stream(ctx, repairMessages(req, draft, compileError), func(string) {})
	if err != nil {
		return generate.Draft{}, err
	}
	fixed, err := e.draft(raw)
	if err != nil {
		return generate.Draft{}, err
	}
	fixed.Message = draft.Message
	fixed.Notes = appendNew(draft.Notes, fixed.Notes...)
	fixed.Libraries = appendNew(draft.Libraries, fixed.Libraries...)
	return fixed, nil
}

// Solve adds a solution to every question of a hand-written body without changing the
// questions; an answer with a different number of questions is refused.
func (e *Engine) Solve(ctx context.Context, body string) (string, error) {
	return e.solve(ctx, body, bodyQuestions(body))
}

// solve is Solve of a body of n questions.
func (e *Engine) solve(ctx context.Context, body string, before int) (string, error) {
	raw, err := e.complete(ctx, solveMessages(body))
	if err != nil {
		return "", err
	}
	d, err := e.draft(raw)
	if err != nil {
		return "", err
	}
	if after := bodyQuestions(d.Body); before != after {
		e.log.Warn("model changed the questions while adding solutions", "before", before, "after", after)
		return "", &Error{Failure: generate.FailureNotWorksheet, Details: MsgNotWorksheet}
	}
	return d.Body, nil
}

// draft normalises a raw answer into a body, refusing one that is not LaTeX at all.
func (e *Engine) draft(raw string) (generate.Draft, error) {
	if _, latex, _, isJSON := unwrapJSON(raw); isJSON {
		if latex == "" {
			e.log.Warn("model answer was JSON, not LaTeX", "chars", len(raw))
			return generate.Draft{}, errJSONNotWorksheet
		}
		raw = latex
	}
	body, pkgs, fixes := normalize.Body(raw)
	if len(fixes) > 0 {
		e.log.Info("normalised model output", "fixes", fixes)
	}
	if !normalize.LooksLikeWorksheet(body) {
		e.log.Warn("model answer was not a worksheet", "chars", len(raw))
		return generate.Draft{}, notWorksheet(raw)
	}
	body, libs, dropped := normalize.TikZLibraries(body)
	notes := append(normalize.Notices(fixes), normalize.LibraryNotices(dropped)...)
	return generate.Draft{Body: body, Packages: pkgs, Libraries: libs, Notes: notes}, nil
}

// wordSheetFromModel has the model supply what a word sheet needs and the teacher did not give
// (words for a topic, clues, a passage), then lays the sheet out on the server like one made
// from the teacher's own words: the grid and its key stay right by construction.
func (e *Engine) wordSheetFromModel(ctx context.Context, req generate.Request, maths func(string) bool, progress func(string)) (generate.Draft, error) {
	progress("Asking the model for the words…")
	raw, err := e.complete(ctx, wordSheetMessages(req))
	if err != nil {
		return generate.Draft{}, err
	}
	content, ok := wordSheetContent(raw)
	if !ok {
		return generate.Draft{}, errors.New("the model gave no words")
	}
	filled := req
	filled.Prompt = req.Prompt + "\n\n" + content
	d, handled, err := wordsheet.Write(ctx, filled, func() int64 { return time.Now().UnixNano() }, maths, progress)
	if !handled || err != nil {
		return generate.Draft{}, fmt.Errorf("the model's words could not be laid out: %v", err)
	}
	d.Notes = append(d.Notes, "The model chose the words; the server laid out the sheet and its key.")
	return d, nil
}

// wordSheetContent reads the model's answer to wordSheetMessages: a line "WORDS: …",
// "PAIRS: …" or "PASSAGE: …", as the words of a request the word-sheet reader takes.
func wordSheetContent(raw string) (string, bool) {
	for _, form := range []struct{ tag, as string }{{"WORDS:", "With these words: "}, {"PAIRS:", "With these words: "}, {"PASSAGE:", "Passage: "}} {
		if i := strings.Index(strings.ToUpper(raw), form.tag); i >= 0 {
			rest := strings.TrimSpace(raw[i+len(form.tag):])
			if form.tag != "PASSAGE:" {
				rest = strings.Join(strings.Fields(strings.ReplaceAll(rest, "\n", "; ")), " ")
			}
			return form.as + rest, rest != ""
		}
	}
	return "", false
}

// bodyQuestions counts a body's questions as the reader reads them (a numbered list is
// questions too), else by its \question commands.
func bodyQuestions(body string) int {
	if doc, problems := worksheet.Parse(body); len(problems) == 0 {
		return questionCount(doc)
	}
	return normalize.Questions(body)
}

// bodyCounts is bodyQuestions and the number of the body's questions that carry no answer, so
// the model is asked for solutions only when some are missing: the body is read as a document
// where it can be (a marked choice, a filled blank, an answer the check computes all count),
// else by its solution environments.
func bodyCounts(body string) (questions, unanswered int) {
	doc, problems := worksheet.Parse(body)
	if len(problems) > 0 {
		return normalize.Questions(body), normalize.MissingSolutions(body)
	}
	questions = questionCount(doc)
	check.Document(&doc)
	if where, err := worksheet.Unanswered(doc); err == nil {
		return questions, len(where)
	}
	return questions, normalize.MissingSolutions(body)
}

func replyMessage(req generate.Request, n int) string {
	editing := req.CurrentBody != "" || req.CurrentDocument != nil
	switch {
	case editing && n > 0:
		return fmt.Sprintf("I've updated the worksheet. It now has %d questions.", n)
	case editing:
		return "I've updated the worksheet."
	case n == 1:
		return "Here is your worksheet with 1 question."
	case n > 0:
		return fmt.Sprintf("Here is your worksheet with %d questions.", n)
	}
	return "Here is your worksheet."
}

// appendNew adds the notes not already there.
func appendNew(notes []string, more ...string) []string {
	for _, n := range more {
		if !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	return notes
}
