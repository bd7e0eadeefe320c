package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"sheetsmith/config"
	"sheetsmith/generate"
	"sheetsmith/latex"
	migrations "sheetsmith/pb_migrations"
	"sheetsmith/worksheet"
)

// exit ends the process; tests replace it.
var exit = os.Exit

// Generate is `sheetsmith generate "PROMPT" -o out.pdf [--template exam] [--answer-key key.pdf]
// [--versions N] [--paper letter|a4] [--large-print] [--font default|sans|hyperlegible]`: the
// whole pipeline with no server and no account. With --versions N it writes versions A, B, C…
// (out-A.pdf, key-A.pdf …): the same questions with new numbers.
// A request the engine cannot write prints the engine's reply and exits with status 1, with
// no usage text and no log line.
func Generate(cfg config.Config, engine generate.Engine) *cobra.Command {
	var out, template, keyOut, title, texOut, paper, font string
	var versions int
	var large, explain bool
	cmd := &cobra.Command{
		Use:   `generate "PROMPT" -o out.pdf [--template exam] [--answer-key key.pdf] [--versions N] [--paper letter|a4] [--large-print] [--font default|sans|hyperlegible] [--explain]`,
		Short: "Generate a worksheet PDF (and its answer key) from a plain-language request",
		Args:  cobra.ExactArgs(1),
		// Whatever stops the sheet is one sentence on stderr and exit status 1 (oneSentence).
		SilenceUsage: true, SilenceErrors: true,
		RunE: oneSentence(func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(args[0]) == "" {
				return generate.ErrNoPrompt
			}
			if explain {
				return explainRequest(cmd, engine, args[0])
			}
			if versions < 1 || versions > 26 {
				return errors.New("--versions must be between 1 and 26")
			}
			if out == "" {
				return errors.New("say where to write the PDF with -o out.pdf")
			}
			if paper != "letter" && paper != "a4" {
				return fmt.Errorf("unknown paper %q: use letter or a4", paper)
			}
			if !slices.Contains(latex.Fonts, font) {
				return fmt.Errorf("unknown font %q: use default, sans or hyperlegible", font)
			}
			tpl, found := builtInTemplate(template)
			if !found {
				return fmt.Errorf("unknown template %q: use default or exam", template)
			}
			// The output's extension picks its format; a name that picks none is one sentence.
			sheetFormat, err := outputFormat(out)
			keyFormat := "pdf"
			if err == nil && keyOut != "" {
				keyFormat, err = outputFormat(keyOut)
			}
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			c, err := newCompiler(cfg, 2)
			if err != nil {
				return err
			}
			defer c.Close()
			x := NewExporter(cfg)
			defer x.Close()

			req := generate.Request{
				Prompt:               args[0],
				TemplateInstructions: tpl.Instructions,
				Settings: latex.Settings{Title: title, ShowName: true, ShowDate: true, ShowPeriod: true,
					NarrowMargins: true, Layout: tpl.ID, Paper: paper, LargePrint: large, Font: font},
			}
			progress := func(step string) { fmt.Fprintln(cmd.ErrOrStderr(), step) }
			p := &generate.Pipeline{Engine: engine, Compiler: c}
			for v := range versions {
				vreq, vout, vkey, vtex := req, out, keyOut, texOut
				letter := ""
				if versions > 1 {
					letter = string(rune('A' + v))
					vout, vkey, vtex = versionPath(out, letter), versionPath(keyOut, letter), versionPath(texOut, letter)
				}
				vreq.Settings.Title = sheetTitle(engine, vreq, letter)
				res, err := p.Run(ctx, vreq, progress)
				var refused *generate.UnsupportedError
				if errors.As(err, &refused) {
					c.Close()
					return errors.New(refused.Message)
				}
				if err != nil {
					return err
				}
				if err := writeSheet(ctx, cmd, c, x, engine, res, output{vout, sheetFormat}, output{vkey, keyFormat}, vtex); err != nil {
					return err
				}
				// The next version: "make another version" of this one, which keeps the
				// structure and changes the numbers.
				body, _ := latex.Body(res.Source)
				req.History = append(req.History, generate.Message{Role: "user", Content: req.Prompt},
					generate.Message{Role: "assistant", Content: res.Message, LatexCode: res.Source})
				req.Prompt, req.CurrentBody = "make another version", body
				req.CurrentDocument = nil
				if doc, ok := worksheet.Extract(res.Source); ok {
					req.CurrentDocument = &doc
				}
			}
			return nil
		}),
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "where to write the worksheet: .pdf, .docx (Word) or .zip (a LaTeX project)")
	cmd.Flags().StringVar(&template, "template", "default", "template: default or exam")
	cmd.Flags().StringVar(&keyOut, "answer-key", "", "also write the answer key here: .pdf, .docx or .zip")
	cmd.Flags().StringVar(&title, "title", "", "the document title (default: one in the sheet's language)")
	cmd.Flags().StringVar(&texOut, "tex", "", "also write the LaTeX source here")
	defaultPaper := cfg.Paper
	if defaultPaper == "" {
		defaultPaper = "letter"
	}
	cmd.Flags().StringVar(&paper, "paper", defaultPaper, "paper: letter or a4 (SHEETSMITH_PAPER sets the default)")
	cmd.Flags().BoolVar(&large, "large-print", false, "large print: 18 pt type, one column, a sans face")
	cmd.Flags().StringVar(&font, "font", latex.FontDefault, "face: default, sans or hyperlegible (Atkinson Hyperlegible)")
	cmd.Flags().IntVar(&versions, "versions", 1, "write N versions (A, B, C…) with the same questions and new numbers")
	cmd.Flags().BoolVar(&explain, "explain", false, "print how the offline engine reads the request (each span, its rule and role) and its reply; writes no sheet")
	return plainUsage(cmd)
}

// explainer is an engine that can say how it reads a request: the offline engine.
type explainer interface {
	Explain(req generate.Request) []generate.Span
}

// explainRequest prints the reading of a request, one span a line (its bytes, role, rule and
// words as written), then the reply the engine gives it: a developer's view of the reader,
// with no compile and no file written.
func explainRequest(cmd *cobra.Command, engine generate.Engine, prompt string) error {
	ex, ok := engine.(explainer)
	if !ok {
		return errors.New("--explain shows the offline engine's reading: this server writes with a language model")
	}
	req := generate.Request{Prompt: prompt}
	w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
	for _, s := range ex.Explain(req) {
		rule := s.Rule
		if rule == "" {
			rule = "-" // words no rule claimed
		}
		fmt.Fprintf(w, "%d-%d\t%s\t%s\t%q\n", s.Start, s.End, s.Role, rule, s.Text)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	d, err := engine.Write(context.Background(), req, nil)
	var refused *generate.UnsupportedError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(cmd.OutOrStdout(), "\nrefused: %s\n", refused.Message)
	case err != nil:
		return err
	default:
		fmt.Fprintf(cmd.OutOrStdout(), "\nreply: %s\n", d.Message)
	}
	return nil
}

// oneSentence runs a command whose every failure is a plain sentence for the person at the
// terminal: it is printed alone (no usage text, no "Error:" prefix) and the exit status is 1.
func oneSentence(run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		err := run(cmd, args)
		if err != nil {
			fmt.Fprintln(cmd.ErrOrStderr(), err)
			exit(1)
		}
		return err
	}
}

// titler is an engine that titles a sheet in the language it writes it in (the offline engine).
type titler interface {
	Title(req generate.Request, version string) string
}

// sheetTitle is the title of the sheet req asks for: the one given, else the engine's default
// in the sheet's language; with a version letter, that version's ("…, Version B").
func sheetTitle(engine generate.Engine, req generate.Request, version string) string {
	if t, ok := engine.(titler); ok {
		return t.Title(req, version)
	}
	title := req.Settings.Title
	if title == "" {
		title = "Worksheet" // an engine that names no titles: as before
	}
	if version == "" {
		return title
	}
	return fmt.Sprintf("%s, Version %s", title, version)
}

// versionPath puts a version's letter before a file's extension: sheet.pdf → sheet-B.pdf.
func versionPath(path, letter string) string {
	if path == "" {
		return ""
	}
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-" + letter + ext
}

// output is a file to write and its format (outputFormat).
type output struct{ path, format string }

// writeSheet writes one compiled sheet, its source and its answer key, each in its file's
// format.
func writeSheet(ctx context.Context, cmd *cobra.Command, c generate.Compiler, x *Exporter, engine generate.Engine, res *generate.Result, out, keyOut output, texOut string) error {
	sheet, err := sheetBytes(ctx, x, c, out.format, res.PDF.PDF, res.Source, false)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out.path, sheet, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(cmd.OutOrStdout(), res.Message)
	fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s.\n", out.path)
	if texOut != "" {
		if err := os.WriteFile(texOut, []byte(res.Source), 0o644); err != nil {
			return err
		}
	}
	if keyOut.path == "" {
		return nil
	}
	solver, _ := engine.(generate.Solver)
	key, err := generate.AnswerKey(ctx, res.Source, solver, c)
	if err != nil {
		return fmt.Errorf("answer key: %w", err)
	}
	// The key's document is the checked sheet's: its corrected answers are in key.Sheet.
	keyBytes, err := sheetBytes(ctx, x, c, keyOut.format, key.PDF.PDF, key.Sheet, true)
	if err != nil {
		return fmt.Errorf("answer key: %w", err)
	}
	if err := os.WriteFile(keyOut.path, keyBytes, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Wrote the answer key %s.\n", keyOut.path)
	return nil
}

func builtInTemplate(id string) (migrations.Template, bool) {
	for _, t := range migrations.BuiltInTemplates {
		if t.ID == id {
			return t, true
		}
	}
	return migrations.Template{}, false
}
