package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"sheetsmith/config"
	"sheetsmith/generate"
	"sheetsmith/latex"
	migrations "sheetsmith/pb_migrations"
)

// Generate is `sheetsmith generate "PROMPT" -o out.pdf [--template exam] [--answer-key key.pdf]`:
// the whole pipeline with no server and no account.
func Generate(cfg config.Config, engine generate.Engine) *cobra.Command {
	var out, template, keyOut, title, texOut string
	cmd := &cobra.Command{
		Use:   `generate "PROMPT" -o out.pdf [--template exam] [--answer-key key.pdf]`,
		Short: "Generate a worksheet PDF (and its answer key) from a plain-language request",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
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
			res, err := p.Run(ctx, req, progress)
			if err != nil {
				return err
			}
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
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "where to write the worksheet PDF")
	cmd.Flags().StringVar(&template, "template", "default", "template: default or exam")
	cmd.Flags().StringVar(&keyOut, "answer-key", "", "also write the answer key PDF here")
	cmd.Flags().StringVar(&title, "title", "Worksheet", "the document title")
	cmd.Flags().StringVar(&texOut, "tex", "", "also write the LaTeX source here")
	return cmd
}

func builtInTemplate(id string) (migrations.Template, bool) {
	for _, t := range migrations.BuiltInTemplates {
		if t.ID == id {
			return t, true
		}
	}
	return migrations.Template{}, false
}
