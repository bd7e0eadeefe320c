package llm

import (
	"fmt"
	"slices"
	"strings"

	openai "github.com/sashabaranov/go-openai"

	"sheetsmith/generate"
	"sheetsmith/latex"
)

// systemPrompt teaches the body vocabulary of worksheet/vocabulary.go (wrapped by worksheet.Wrap): the server writes the
// preamble, title and Name/Date fields; the model writes only the body.
var systemPrompt = `You write printable worksheets for teachers and parents as the BODY of a LaTeX document.
The server already has the preamble (document class "exam", packages, margins), the title and the Name/Date/Period/Instructor fields. Never write \documentclass, \usepackage, \begin{document}, \end{document}, \title, \maketitle, or Name/Date lines.

Write only this vocabulary:
- \instructions{...} for a short line of directions at the top.
- \begin{questions} ... \end{questions} around all questions; each starts with \question.
- Every question has its answer right after it: \begin{solution} ... \end{solution}. The server hides solutions on the sheet and prints them in the answer key, so always include them and keep them correct.
- Sub-questions: \begin{parts} \part ... \end{parts} (each \part with its own solution).
- Multiple choice: \begin{choices} \choice ... \CorrectChoice ... \end{choices} (or oneparchoices for one line).
- \answerblank (or \answerblank[5cm]) for a fill-in line; \answerspace (or \answerspace[4cm]) for working space below a question.
- Math always in $...$ (for example $7 \times 8$, $\frac{3}{4}$, $x^2$). Escape the characters \% \& \# \_ \$ in text.
- Two columns: \begin{multicols}{2} ... \end{multicols} inside the questions environment is fine.
- Loaded packages you may use: ` + strings.Join(latex.BasePackages, ", ") + `. Other installed packages (` + strings.Join(requestable(), ", ") + `, chemfig, circuitikz, tkz-euclide …) are loaded when your body uses their commands; packages that run programs, read or write files, or make links and PDF actions (hyperref, minted, tcolorbox …) are not available.

Answer with the LaTeX body only: no Markdown, no code fences, no explanations before or after it.`

// writeMessages assembles a generation: the system prompt, the earlier chat in order, then the
// template's instructions followed by the user's request, the document settings, and the
// current body when the request edits an existing worksheet.
func writeMessages(req generate.Request) []openai.ChatCompletionMessage {
	msgs := []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: systemPrompt}}
	msgs = append(msgs, historyMessages(req.History)...)
	return append(msgs, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: userMessage(req)})
}

// historyMessages is the earlier chat, oldest first, without empty turns.
func historyMessages(history []generate.Message) []openai.ChatCompletionMessage {
	var msgs []openai.ChatCompletionMessage
	for _, h := range history {
		role := openai.ChatMessageRoleUser
		if h.Role == "assistant" {
			role = openai.ChatMessageRoleAssistant
		}
		if strings.TrimSpace(h.Content) == "" {
			continue
		}
		msgs = append(msgs, openai.ChatCompletionMessage{Role: role, Content: h.Content})
	}
	return msgs
}

func userMessage(req generate.Request) string {
	var b strings.Builder
	if t := strings.TrimSpace(req.TemplateInstructions); t != "" {
		b.WriteString("Template instructions:\n" + t + "\n\n")
	}
	b.WriteString("Request:\n" + strings.TrimSpace(req.Prompt) + "\n\n")
	b.WriteString(settingsContext(req.Settings))
	if body := strings.TrimSpace(req.CurrentBody); body != "" {
		b.WriteString("\n\nThis is the current worksheet body. Change it as the request asks and answer with the whole new body:\n")
		b.WriteString(body)
	}
	return b.String()
}

// settingsContext tells the model what the server will put around its body, so it neither
// repeats the title nor plans for space it does not have.
func settingsContext(s latex.Settings) string {
	var fields []string
	for _, f := range []struct {
		on   bool
		name string
	}{{s.ShowName, "Name"}, {s.ShowDate, "Date"}, {s.ShowPeriod, "Period"}, {s.ShowInstructor, "Instructor"}} {
		if f.on {
			fields = append(fields, f.name)
		}
	}
	fieldText := "none"
	if len(fields) > 0 {
		fieldText = strings.Join(fields, ", ")
	}
	layout := "default (questions follow each other; use \\answerspace where students need room)"
	if s.Layout == "exam" {
		layout = "exam (each question starts a new page with the rest of the page for working)"
	}
	margins := "normal"
	if s.NarrowMargins {
		margins = "narrow"
	}
	return fmt.Sprintf("Document settings (the server writes the title and fields; do not repeat them):\nTitle: %q\nFields: %s\nLayout: %s\nMargins: %s",
		strings.TrimSpace(s.Title), fieldText, layout, margins)
}

// repairMessages sends back the body that failed with the compiler's parsed error.
func repairMessages(req generate.Request, draft generate.Draft, compileError string) []openai.ChatCompletionMessage {
	msgs := writeMessages(req)
	return append(msgs,
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: draft.Body},
		openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: "The server could not compile this body.\n" +
			repairProblem(compileError) + "\n\nFix the problem and answer with the whole corrected body only. Keep the questions and solutions as they are unless they cause the error."},
	)
}

// wordSheetMessages asks for the content of a word sheet the server lays out itself.
func wordSheetMessages(req generate.Request) []openai.ChatCompletionMessage {
	return []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: "You supply the content of a printable word sheet; the server lays it out and writes its answer key. " +
			"Answer with one line only, in the form the sheet needs, in the language of the request:\n" +
			"WORDS: word, word, word (a word search, bingo cards, a word scramble, spelling or handwriting practice; bingo needs 24 or more)\n" +
			"PAIRS: word – clue; word – clue (a crossword or vocabulary matching)\n" +
			"PASSAGE: the passage, with each word to blank marked *like this* (a cloze)\n" +
			"Give as many items as the request asks for (about 12 if it does not say), suited to the grade, single words without spaces where a grid holds them."},
		{Role: openai.ChatMessageRoleUser, Content: req.Prompt},
	}
}

// solveMessages asks for solutions to a sheet written by hand.
func solveMessages(body string) []openai.ChatCompletionMessage {
	return []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: systemPrompt},
		{Role: openai.ChatMessageRoleUser, Content: "Here is a worksheet body. Add a correct \\begin{solution} ... \\end{solution} right after every \\question (and every \\part) that has none. " +
			"Do not change, add, remove or reorder any question; keep existing solutions. Answer with the whole body only.\n\n" + body},
	}
}

// requestable lists the packages a body may ask for: latex.ExtraPackages and those loaded
// with options (mhchem).
func requestable() []string {
	out := append([]string(nil), latex.ExtraPackages...)
	for p := range latex.OptionPackages {
		out = append(out, p)
	}
	slices.Sort(out[len(latex.ExtraPackages):])
	return out
}

// repairProblem is the compiler's message for the model. Where it says a command may need a
// package, it says what the server loads, so the model is never sent looking for one the
// server would drop.
func repairProblem(compileError string) string {
	p := strings.TrimSpace(compileError)
	p = strings.ReplaceAll(p, "(check its spelling, or whether it needs a package)",
		"(check its spelling; the server loads an installed package when the body uses its commands, but none that runs programs, reads or writes files, or makes links)")
	if strings.Contains(p, "is not available") {
		p += "\nUse a package the server allows, or plain LaTeX, instead."
	}
	return p
}
