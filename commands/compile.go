// Package commands adds Sheetsmith's own command-line tools to the PocketBase binary.
package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"sheetsmith/config"
	"sheetsmith/latex"
)

// Compile is `sheetsmith compile in.tex -o out.pdf`: the server's sandboxed compiler.
func Compile(cfg config.Config) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "compile in.tex -o out.pdf",
		Short: "Compile a LaTeX file to PDF with the server's sandboxed compiler",
		Args:  cobra.ExactArgs(1),
		RunE: oneSentence(func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("say where to write the PDF with -o out.pdf")
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			c, err := newCompiler(cfg, 1)
			if err != nil {
				return err
			}
			defer c.Close()
			src, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			res, err := c.Compile(ctx, string(src))
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, res.PDF, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s (%d bytes).\n", out, len(res.PDF))
			return nil
		}),
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "where to write the PDF")
	return plainUsage(cmd)
}

func newCompiler(cfg config.Config, workers int) (*latex.Compiler, error) {
	return latex.New(latex.Config{Workers: workers, Unsandboxed: cfg.UnsafeNoSandbox})
}
