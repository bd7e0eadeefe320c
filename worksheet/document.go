// Package worksheet is the worksheet document: the typed model behind every sheet and its
// answer key. Engines write documents (the offline skill library directly, the model engine
// through structured output); the server checks answers on them, renders the sheet and the
// key from the same document, and stores the document with the worksheet.
//
// The package knows nothing of HTTP and runs no TeX process. It is the one home of the
// vocabulary the server writes into LaTeX and reads back out of it.
//
// Text fields hold "inline LaTeX": plain text with maths between $…$ and the small set of
// inline commands the vocabulary allows (see Validate). Figure.LaTeX is the only field that
// holds block-level LaTeX (a tikzpicture, a pgfplots axis, a tabular), checked by the server.
package worksheet

import "sheetsmith/latex"

// Document is a whole worksheet: its settings and its blocks in reading order.
type Document struct {
	Title    string   `json:"title"`
	Language string   `json:"language,omitempty"` // BCP 47 primary tag: "en" (default), "es", …
	Settings Settings `json:"settings"`
	Blocks   []Block  `json:"blocks"`
	// Origin is the writing engine's own record of how it built the document (the offline
	// engine's seeded request, as JSON), so an edit or another version can rebuild it exactly.
	// Rendering ignores it; it travels with the stored document.
	Origin string `json:"origin,omitempty"`
	// Labels are the sheet's chrome words (Name, Date, True, Answer Key …) for a language the
	// server has no file for (worksheet/lang), written by the engine in that language; checked
	// (short plain words) and used only then. Any label left out prints in English.
	Labels *Labels `json:"labels,omitempty"`
}

// Settings are the layout choices of one document. The template (Standard, Exam, or one an
// administrator added) supplies defaults; the request may change them.
type Settings struct {
	Layout         string `json:"layout,omitempty"`     // LayoutStandard (default) or LayoutExam
	Columns        int    `json:"columns,omitempty"`    // 1–4 question columns; 0 means 1
	LargePrint     bool   `json:"largePrint,omitempty"` // 18 pt body, larger headings, one column, a sans face
	Paper          string `json:"paper,omitempty"`      // PaperLetter (also "") or PaperA4
	Font           string `json:"font,omitempty"`       // FontDefault (also ""), FontSans or FontHyperlegible
	ShowName       bool   `json:"showName,omitempty"`
	ShowDate       bool   `json:"showDate,omitempty"`
	ShowPeriod     bool   `json:"showPeriod,omitempty"`
	ShowInstructor bool   `json:"showInstructor,omitempty"`
	NarrowMargins  bool   `json:"narrowMargins,omitempty"`
	// FitColumns says the layout chose Columns (see ColumnsFor), not the teacher: then a
	// section whose widest question needs more room than a column gives is set in fewer.
	FitColumns bool `json:"fitColumns,omitempty"`
	// PrintSize is large print's body size in points: 18 (also 0), or 24, which K–1 sheets ask
	// for (young readers' large print). It changes nothing without LargePrint.
	PrintSize int `json:"printSize,omitempty"`
}

// Papers a sheet prints on.
const (
	PaperLetter = "letter"
	PaperA4     = "a4"
)

// Faces a sheet prints in (see latex.FontPreamble).
const (
	FontDefault      = latex.FontDefault
	FontSans         = latex.FontSans
	FontHyperlegible = latex.FontHyperlegible
)

// Layouts a template may ask for.
const (
	LayoutStandard = "default"
	LayoutExam     = "exam" // each top-level question on its own page
)

// Block kinds, in the order a document may mix them freely.
const (
	BlockInstructions = "instructions" // Text: what to do, for the questions after it
	BlockPassage      = "passage"      // Title (optional) and Text: read by the questions after it
	BlockFigure       = "figure"       // Figure: shared by the questions after it
	BlockSection      = "section"      // Title: a heading that starts a new group of questions
	BlockQuestion     = "question"     // Question
)

// Block is one element of a document. Exactly the fields of its Kind are set.
type Block struct {
	Kind     string    `json:"kind"`
	Title    string    `json:"title,omitempty"` // section heading, passage title
	Text     string    `json:"text,omitempty"`  // instructions, passage (paragraphs split by a blank line)
	Figure   *Figure   `json:"figure,omitempty"`
	Question *Question `json:"question,omitempty"`
	// NewPage, on a section, starts it on a new page under the sheet's own header (name
	// fields and title) and numbers its questions from 1 again: one version of a test each.
	NewPage bool `json:"newPage,omitempty"`
}

// Figure is a picture or table the server can typeset, or a labelled box standing in for one
// it cannot (a missing image). Missing is set instead of LaTeX for the box.
type Figure struct {
	LaTeX    string   `json:"latex,omitempty"`    // tikzpicture, pgfplots axis, tabular …
	Caption  string   `json:"caption,omitempty"`  // inline LaTeX, printed under the figure
	Missing  string   `json:"missing,omitempty"`  // what could not be shown ("diagram.png"): a visible box
	Packages []string `json:"packages,omitempty"` // packages or TikZ libraries it needs, from the allowed set
}

// Question kinds.
const (
	KindShort     = "short"     // computation or short answer: Answer
	KindChoice    = "choice"    // multiple choice: Choices (Correct marks the right ones), Select
	KindTrueFalse = "truefalse" // true/false: Answer.Value "true" or "false"
	KindBlank     = "blank"     // fill in the blank: Text holds BlankMark once per blank; Blanks in order
	KindMatching  = "matching"  // Pairs: left items matched to right items
	KindOpen      = "open"      // open response: Answer.Value is a model answer or a rubric
	KindGroup     = "group"     // a stem whose Parts are the questions ((a), (b), …)
)

// CodeFence opens and closes a code listing in a block's or a question's Text (``` and an
// optional language name on the opening line): its lines print as written, line for line in
// typewriter with their indentation, escaped by the renderer (CodeLines), never read as LaTeX.
const CodeFence = "```"

// BlankMark stands for one blank in a fill-in-the-blank question's Text.
const BlankMark = "___"

// Question is one numbered question. Parts nest one level deep ((a), (b)… below a question)
// and a part may itself have parts ((i), (ii)…); parts have no number of their own.
type Question struct {
	Kind    string     `json:"kind"`
	Text    string     `json:"text"`             // the question as printed (inline LaTeX)
	Figure  *Figure    `json:"figure,omitempty"` // a figure belonging to this question only
	Points  float64    `json:"points,omitempty"`
	Space   Space      `json:"space"`
	Answer  Answer     `json:"answer"`            // short, truefalse, open
	Choices []Choice   `json:"choices,omitempty"` // choice
	Select  int        `json:"select,omitempty"`  // choice: how many to select; 0 means exactly one
	Blanks  []Answer   `json:"blanks,omitempty"`  // blank: one answer per BlankMark, in order
	Pairs   []Pair     `json:"pairs,omitempty"`   // matching: the right pairs, in the sheet's left order
	Shuffle []int      `json:"shuffle,omitempty"` // matching: the printed order of the right column, as indexes into Pairs
	Parts   []Question `json:"parts,omitempty"`   // group (or any kind with a stem): sub-questions
}

// Choice is one option of a multiple-choice question.
type Choice struct {
	Text    string `json:"text"`
	Correct bool   `json:"correct,omitempty"`
}

// Pair is one right match of a matching question.
type Pair struct {
	Left  string `json:"left"`
	Right string `json:"right"`
}

// Answer kinds.
const (
	AnswerNumber     = "number"     // an integer or decimal: "42", "-3.5", "1,250"
	AnswerFraction   = "fraction"   // "3/4", "2 1/3" (mixed)
	AnswerExpression = "expression" // inline LaTeX maths: "x = 4", "3x + 2", "x > 5"
	AnswerText       = "text"       // words
)

// Answer is the right answer of a question (or of one blank), as printed in the key.
type Answer struct {
	Kind  string `json:"kind,omitempty"`
	Value string `json:"value,omitempty"`
	// Figure is a drawing of the answer shown only in the key (an inequality graphed on its
	// number line), in a short or open question: the key draws it where the sheet draws the
	// question's own figure (an empty number line to graph on), or blank room when the
	// question has none, in a box the size of the larger of the two, so the key stays the
	// sheet page for page.
	Figure *Figure `json:"figure,omitempty"`
	// Check is the computation that gives the value, written by the engine with the
	// question's own numbers: an expression ("47 - 12") or an equation to solve ("s + 12 =
	// 47"). The server evaluates it exactly where the question's text cannot be read as a
	// computation, and trusts it only when its numbers are the question's. Never printed.
	Check string `json:"check,omitempty"`
	// Checked is set by the server, never by an engine: the value was computed from the
	// question's own data and agrees with it. Only checked answers get the key's ✓.
	Checked bool `json:"checked,omitempty"`
}

// Space kinds: where the student writes.
const (
	SpaceBlank = "blank" // an answer line after the question
	SpaceLines = "lines" // Size ruled lines below the question
	SpaceBox   = "box"   // an empty box Size centimetres tall
	SpaceGrid  = "grid"  // a square grid Size centimetres tall (working, graphs)
	SpaceWork  = "work"  // blank room to work Size centimetres tall (long division, column sums)
	SpaceNone  = "none"  // the question has its own place to write (a circle, a column sum)
)

// Space is the room a question leaves for its answer.
type Space struct {
	Kind string  `json:"kind,omitempty"` // "" lets the layout choose from the question kind
	Size float64 `json:"size,omitempty"` // lines, or centimetres; 0 lets the layout choose
}
