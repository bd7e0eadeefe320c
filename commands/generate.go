package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

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
// [--versions N]`: the whole pipeline with no server and no account. With --versions N it
// writes versions A, B, C… (out-A.pdf, key-A.pdf …): the same questions with new numbers.
// A request the engine cannot write prints the engine's reply and exits with status 1, with
// no usage text and no log line.
func Generate(cfg config.Config, engine generate.Engine) *cobra.Command {
	var out, template, keyOut, title, texOut string
	var versions int
	cmd := &cobra.Command{
		Use:   `generate "PROMPT" -o out.pdf [--template exam] [--answer-key key.pdf] [--versions N]`,
		Short: "Generate a worksheet PDF (and its answer key) from a plain-language request",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if versions < 1 || versions > 26 {
				return errors.New("--versions must be between 1 and 26")
			}
			if out == "" {
				return errors.New("say where to write the PDF with -o out.pdf")
			}
			tpl, found := builtInTemplate(template)
			if !found {
				return fmt.Errorf("unknown template %q: use default or exam", template)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			c, err := newCompiler(cfg, 2)
			if err != nil {
				return err
			}
			defer c.Close()

			req := generate.Request{
				Prompt:               args[0],
				TemplateInstructions: tpl.Instructions,
				Settings: latex.Settings{Title: title, ShowName: true, ShowDate: true, ShowPeriod: true,
					NarrowMargins: true, Layout: tpl.ID},
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
					cmd.SilenceUsage, cmd.SilenceErrors = true, true
					fmt.Fprintln(cmd.ErrOrStderr(), refused.Message)
					c.Close()
					exit(1)
					return refused
				}
				if err != nil {
					return err
				}
				if err := writeSheet(ctx, cmd, c, engine, res, vout, vkey, vtex); err != nil {
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
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "where to write the worksheet PDF")
	cmd.Flags().StringVar(&template, "template", "default", "template: default or exam")
	cmd.Flags().StringVar(&keyOut, "answer-key", "", "also write the answer key PDF here")
	cmd.Flags().StringVar(&title, "title", "", "the document title (default: one in the sheet's language)")
	cmd.Flags().StringVar(&texOut, "tex", "", "also write the LaTeX source here")
	cmd.Flags().IntVar(&versions, "versions", 1, "write N versions (A, B, C…) with the same questions and new numbers")
	return cmd
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

// writeSheet writes one compiled sheet, its source and its answer key.
func writeSheet(ctx context.Context, cmd *cobra.Command, c generate.Compiler, engine generate.Engine, res *generate.Result, out, keyOut, texOut string) error {
	if err := os.WriteFile(out, res.PDF.PDF, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(cmd.OutOrStdout(), res.Message)
	fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s.\n", out)
	if texOut != "" {
		if err := os.WriteFile(texOut, []byte(res.Source), 0o644); err != nil {
			return err
		}
	}
	if keyOut == "" {
		return nil
	}
	solver, _ := engine.(generate.Solver)
	key, err := generate.AnswerKey(ctx, res.Source, solver, c)
	if err != nil {
		return fmt.Errorf("answer key: %w", err)
	}
	if err := os.WriteFile(keyOut, key.PDF.PDF, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Wrote the answer key %s.\n", keyOut)
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
