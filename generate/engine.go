// Package generate holds the contract shared by the worksheet engines (the model engine and
// the offline engine) and the HTTP layer that calls them.
package generate

import (
	"context"
	"slices"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Message is one earlier chat turn; Role is "user" or "assistant".
type Message struct{ Role, Content, LatexCode string }

// Request is everything an engine needs to write or edit a worksheet body.
type Request struct {
	Prompt               string         // the user's latest request
	TemplateInstructions string         // the selected template's promptInstructions
	Settings             latex.Settings // title, fields, margins, Layout ("default"|"exam")
	History              []Message      // earlier chat, oldest first
	CurrentBody          string         // body of the document being edited ("" for a new one)
	// CurrentDocument is the document being edited, when its source carries one: an edit
	// changes the document, not the string.
	CurrentDocument *worksheet.Document
	// ChosenAfterPrompt are the print settings (SettingPaper, SettingLargePrint, SettingFont)
	// the teacher chose in Document Settings after she typed the request: they win over what
	// its words say ("on A4"). Any other setting its words name wins over Document Settings.
	ChosenAfterPrompt []string
}

// The print settings a request's words can set, as ChosenAfterPrompt and Draft.Said name them.
const (
	SettingPaper      = "paper"
	SettingLargePrint = "largePrint"
	SettingFont       = "font"
	SettingLayout     = "layout"
)

// Chosen reports whether the teacher chose a setting in Document Settings after typing the request.
func (r Request) Chosen(setting string) bool { return slices.Contains(r.ChosenAfterPrompt, setting) }

// Draft is an engine's answer: a worksheet document, or (from a model that ignored structured
// output, or older paths) a body in the LaTeX vocabulary.
type Draft struct {
	Document *worksheet.Document // the typed document; nil when only Body is known
	Body     string              // document body in the vocabulary (worksheet/vocabulary.go), every question with its solution
	Packages []string            // extra packages (latex.ExtraPackages only)
	// Libraries are TikZ libraries a body needs (worksheet.TikZLibraries only), loaded in the
	// preamble: inside the document \usetikzlibrary breaks the compile.
	Libraries []string
	Message   string // short assistant chat reply, e.g. "Here are 20 two-digit addition problems."
	// Notes name what the engine removed or changed in what was written (a symbol that cannot
	// be printed, a missing image now a labelled box), one plain sentence each for the reply.
	Notes []string
	// Said are the document's settings this request's own words set (SettingPaper,
	// SettingLayout …), on the document already: the request's Document Settings leave them.
	Said []string
	// Reading is how the offline engine read the request: every word of it, as written, in
	// one span, in order. A model's drafts have none.
	Reading []Span
}

// Span is a piece of the request as written (byte offsets Start to End), the reader's rule
// that claimed it, and its role: skill, count, level, constraint, setting, format, context,
// edit, example, pasted, notdone (a part not written, named in the reply), filler (words that
// ask nothing) or unread (meaningful words nothing used, named in the reply).
type Span struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
	Rule  string `json:"rule"`
	Role  string `json:"role"`
}

// Engine writes a worksheet body; progress receives short human-readable steps.
type Engine interface {
	Write(ctx context.Context, req Request, progress func(string)) (Draft, error)
}

// UnsupportedError: the engine cannot serve this request; Message is shown to the user as the assistant's reply.
type UnsupportedError struct{ Message string }

func (e *UnsupportedError) Error() string { return e.Message }

// Failure says what went wrong with a model request, in the engine's terms; the HTTP layer
// chooses the status for each.
type Failure int

const (
	FailureProvider     Failure = iota // the provider failed (5xx, or an error inside its answer)
	FailureConfig                      // the server's key or model was rejected: the administrator's to fix
	FailureBusy                        // the provider is rate-limiting: try again later
	FailureNoAnswer                    // no answer in time, or the endpoint is unreachable
	FailureRefused                     // the provider refused this request (policy, too long, malformed)
	FailureNotWorksheet                // the model answered, but not with a worksheet
)
