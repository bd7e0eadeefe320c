package generate

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"sheetsmith/generate/check"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Solver adds solutions to a body whose questions have none (the model engine does).
type Solver interface {
	Solve(ctx context.Context, body string) (string, error)
}

// Errors of the answer-key procedure; hooks maps them to HTTP statuses.
var (
	// ErrNoBody: the source has no document body to key.
	ErrNoBody = errors.New("The worksheet's source has no document body.")
	// ErrNoSolutions: the source holds no answers and no engine can work them out.
	ErrNoSolutions = errors.New("This worksheet has no answers in its source, and no language model is connected to work them out. An administrator can connect one (see Configuration in the README).")
)

// KeyCompileError: the answer key was written but did not compile.
type KeyCompileError struct{ Err *latex.Error }

func (e *KeyCompileError) Error() string {
	return "The answer key could not be compiled (" + e.Err.Error() + ")."
}

func (e *KeyCompileError) Unwrap() error { return e.Err }

// Key is an answer key that compiled.
type Key struct {
	Sheet   string         // the sheet's source with corrected answers written in (store it)
	Key     string         // the answer key's LaTeX
	Changes []check.Change // answers corrected by computation
	Checked int            // answers verified by computation
	PDF     *latex.Result  // the compiled key
}

// AnswerKey is the one answer-key procedure, for the server and the command line: the key
// is written from the sheet's source and proved to compile. solver may be nil.
//
// A source that carries its document (worksheet.Embed) gets the rendered key: the sheet page
// for page with every answer in its own space. Other sources (older saves, hand-written
// LaTeX) are read into a document when they can be; any other gets the source with
// \printanswers, its answers as written.
func AnswerKey(ctx context.Context, src string, solver Solver, c Compiler) (*Key, error) {
	if doc, ok := worksheet.Extract(src); ok {
		return documentKey(ctx, doc, c)
	}
	body, found := latex.Body(src)
	if !found {
		return nil, ErrNoBody
	}
	if key, done, err := parsedKey(ctx, src, body, c); done {
		return key, err
	}
	if !worksheet.HasAnswers(body) {
		if solver == nil {
			return nil, ErrNoSolutions
		}
		solved, err := solver.Solve(ctx, body)
		if err != nil {
			return nil, err
		}
		if key, done, err := parsedKey(ctx, src, solved, c); done {
			return key, err
		}
		// The body of a source the server wrote is checked as it is written back (a model
		// wrote the solver's body). A hand-written source relies on the sandbox and the PDF
		// check, as it always has.
		if serverWritten(src) {
			if err := latex.CheckBody(solved); err != nil {
				var texErr *latex.Error
				if errors.As(err, &texErr) {
					return nil, &KeyCompileError{Err: texErr}
				}
				return nil, err
			}
		}
		src = worksheet.ProvideComputed(replaceBody(src, body, solved))
	}
	// A body the reader cannot take is keyed as it is written, the sheet page for page: its
	// answers are the writer's, unchecked, so the key has no ✓ and no legend for one.
	key := worksheet.WithoutKeyLegend(latex.WithAnswers(src))
	key = strings.Replace(key, oldKeyLegend, "", 1)
	pdf, err := compileKey(ctx, c, key)
	if err != nil {
		return nil, err
	}
	return &Key{Sheet: src, Key: key, PDF: pdf}, nil
}

// oldKeyLegend is the legend the header of a source saved before worksheet.Wrap carries.
const oldKeyLegend = `\\[2pt]{\footnotesize\color{gray}$\checkmark$ marks an answer checked by computation}`

// serverWritten reports whether src is a source the server wrote: its body is between the
// body markers.
func serverWritten(src string) bool {
	i := strings.Index(src, latex.BodyBegin)
	return i >= 0 && strings.Contains(src[i:], latex.BodyEnd)
}

// parsedKey keys a body in the vocabulary (an older save, a hand-written source, a sheet
// whose answers a model just added) as a document, keeping the title, fields, margins and
// layout its source was made with. done is false when the body is not in the vocabulary or
// its rendering did not compile: then the source keys as before.
func parsedKey(ctx context.Context, src, body string, c Compiler) (key *Key, done bool, err error) {
	doc, ok := ParseBody(body)
	if !ok {
		return nil, false, nil
	}
	s := SourceSettings(src)
	if s.Title == "" {
		s.Title = doc.Title
	}
	ApplySettings(&doc, s)
	if _, _, size := worksheet.SourcePrint(src); size > 0 {
		doc.Settings.PrintSize = size // a K–1 sheet's 24 pt, which latex.Settings has no field for
	}
	key, err = documentKey(ctx, doc, c)
	var kce *KeyCompileError
	var invalid *InvalidDocumentError
	if err != nil && (errors.As(err, &kce) || errors.As(err, &invalid)) {
		return nil, false, nil
	}
	return key, true, err
}

// documentKey checks a document's answers and renders its sheet and key.
func documentKey(ctx context.Context, doc worksheet.Document, c Compiler) (*Key, error) {
	sheet, key, changes, err := renderKey(doc)
	if err != nil {
		return nil, err
	}
	pdf, err := compileKey(ctx, c, key)
	if err != nil {
		return nil, err
	}
	return &Key{Sheet: sheet, Key: key, Changes: changes, Checked: countChecked(doc), PDF: pdf}, nil
}

// renderKey is the answer key of a document: its answers checked, then sheet and key rendered.
// It is a function of the document alone, so a key rendered ahead (PrepareKey) is the source
// AnswerKey later compiles, and the compiler's cache answers it.
func renderKey(doc worksheet.Document) (sheet, key string, changes []check.Change, err error) {
	changes = check.Document(&doc)
	sheet, key, err = worksheet.Render(doc)
	if err != nil {
		return "", "", nil, &InvalidDocumentError{Err: err}
	}
	return sheet, key, changes, nil
}

// PrepareKey compiles, ahead of the teacher's click, the answer key AnswerKey will make for a
// sheet that carries its document, so that the click is answered from the compiler's cache.
// A source without a document is left alone (its key may need a model): ok is false.
func PrepareKey(ctx context.Context, src string, c Compiler) (ok bool, err error) {
	doc, found := worksheet.Extract(src)
	if !found {
		return false, nil
	}
	_, key, _, err := renderKey(doc)
	if err != nil {
		return false, err
	}
	if _, err := c.Compile(ctx, key); err != nil {
		return false, err
	}
	return true, nil
}

// countChecked counts the answers the server verified.
func countChecked(doc worksheet.Document) int {
	n := 0
	var walk func(q worksheet.Question)
	walk = func(q worksheet.Question) {
		if q.Answer.Checked {
			n++
		}
		for _, a := range q.Blanks {
			if a.Checked {
				n++
			}
		}
		for _, p := range q.Parts {
			walk(p)
		}
	}
	for _, b := range doc.Blocks {
		if b.Question != nil {
			walk(*b.Question)
		}
	}
	return n
}

// compileKey compiles a key; a cancelled or expired request is reported as such, never as a
// TeX error.
func compileKey(ctx context.Context, c Compiler, key string) (*latex.Result, error) {
	pdf, err := c.Compile(ctx, key)
	if err == nil {
		return pdf, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var texErr *latex.Error
	if errors.As(err, &texErr) {
		return nil, &KeyCompileError{Err: texErr}
	}
	return nil, err
}

// replaceBody swaps the old body for the new one inside the full source.
func replaceBody(src, oldBody, newBody string) string {
	if oldBody == newBody {
		return src
	}
	if i := strings.Index(src, oldBody); i >= 0 {
		return src[:i] + newBody + src[i+len(oldBody):]
	}
	return src
}

// hasAnswers: the body states answers a key can print (solutions, or marked correct choices).

var (
	// the title in a header worksheet writes (Render, Wrap), or in one saved before Wrap
	headerTitle = regexp.MustCompile(`\\ssfit\{\\linewidth\}\{\\bfseries (.*?)\\ifsskey\{\} \\textendash|\\begin\{center\}\{\\Large\\bfseries (.*?)\}\\ifprintanswers`)
	unescaper   = strings.NewReplacer(`\textbackslash{}`, `\`, `\{`, "{", `\}`, "}", `\$`, "$", `\&`, "&", `\#`, "#",
		`\textasciicircum{}`, "^", `\_`, "_", `\textasciitilde{}`, "~", `\%`, "%", `\ldots{}`, "…")
)

// SourceSettings reads back the settings the server wrote into a source's preamble and header
// (worksheet.Wrap, and the wrapper before it whose saves use the same lines): its title, name
// fields, margins, layout, paper, face and large print. A hand-written source gives what it has.
func SourceSettings(src string) latex.Settings {
	s := latex.Settings{
		ShowName:       strings.Contains(src, `\sssheetfield{Name}`),
		ShowDate:       strings.Contains(src, `\sssheetfield{Date}`),
		ShowPeriod:     strings.Contains(src, `\sssheetfield{Period}`),
		ShowInstructor: strings.Contains(src, `\sssheetfield{Instructor}`),
		NarrowMargins:  strings.Contains(src, `margin=0.6in`),
		Layout:         worksheet.LayoutStandard,
	}
	if strings.Contains(src, `\let\ssquestions\questions`) {
		s.Layout = worksheet.LayoutExam
	}
	if paper, font, size := worksheet.SourcePrint(src); paper != worksheet.PaperLetter || font != worksheet.FontDefault || size > 0 {
		s.Paper, s.Font, s.LargePrint = paper, font, size > 0 // what the server wrote beyond Letter in the default face
	}
	if m := headerTitle.FindStringSubmatch(src); m != nil {
		s.Title = unescaper.Replace(m[1] + m[2])
	}
	return s
}
