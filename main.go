// Sheetsmith: one binary that serves the worksheet generator, its API and the admin dashboard.
// This file only wires things together.
package main

import (
	"embed"
	"io/fs"
	"log"
	"runtime"
	"time"

	"github.com/pocketbase/pocketbase"

	"sheetsmith/commands"
	"sheetsmith/config"
	"sheetsmith/generate"
	"sheetsmith/generate/llm"
	"sheetsmith/generate/offline"
	"sheetsmith/hooks"
	"sheetsmith/latex"
	_ "sheetsmith/pb_migrations"
)

//go:embed all:pb_public
var publicFiles embed.FS

func main() {
	app := pocketbase.New()
	cfg := config.FromEnv()

	public, err := fs.Sub(publicFiles, "pb_public")
	if err != nil {
		log.Fatal(err)
	}
	engine := newEngine(cfg)
	hooks.Register(app, hooks.Deps{
		Config: cfg,
		Public: public,
		Engine: engine,
		NewCompiler: func() (*latex.Compiler, error) {
			return latex.New(latex.Config{
				Workers:     runtime.NumCPU(),
				Unsandboxed: cfg.UnsafeNoSandbox,
				Logger:      app.Logger(),
			})
		},
	})
	app.RootCmd.AddCommand(commands.Compile(cfg), commands.Generate(cfg, engine))

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// newEngine picks the model engine when one is configured, else the offline engine.
func newEngine(cfg config.Config) generate.Engine {
	if cfg.Engine == "openai" {
		return llm.New(llm.Config{
			BaseURL: cfg.OpenAIBaseURL,
			APIKey:  cfg.OpenAIKey,
			Model:   cfg.OpenAIModel,
			Timeout: 2 * time.Minute,

			StructuredOutput: cfg.OpenAIStructuredOutput,
		})
	}
	return offline.New(nil)
}
