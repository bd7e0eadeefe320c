// Sheetsmith: one binary that serves the worksheet generator, its API and the admin dashboard.
// This file only wires things together.
package main

import (
	"embed"
	"io/fs"
	"log"
	"os"
	"time"

	pbcmd "github.com/pocketbase/pocketbase/cmd"

	"sheetsmith/commands"
	"sheetsmith/config"
	"sheetsmith/generate"
	"sheetsmith/generate/llm"
	"sheetsmith/generate/offline"
	"sheetsmith/hooks"
	_ "sheetsmith/pb_migrations"
)

//go:embed all:pb_public
var publicFiles embed.FS

func main() {
	cfg := config.FromEnv()
	// A compile worker needs no data dir: it runs before PocketBase would open one.
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		w := commands.Worker(cfg)
		w.SetArgs(os.Args[2:])
		if err := w.Execute(); err != nil {
			os.Exit(1)
		}
		return
	}
	app := newApp()

	public, err := fs.Sub(publicFiles, "pb_public")
	if err != nil {
		log.Fatal(err)
	}
	engine := newEngine(cfg)
	// PocketBase's own commands, registered here (not by Start) so that the queue's flags
	// belong to serve alone: `generate --help` lists only what generate takes
	serve := pbcmd.NewServeCommand(app, true)
	queueFlags := commands.AddQueueFlags(serve)
	exporter := commands.NewExporter(cfg)
	defer exporter.Close()
	hooks.Register(app, hooks.Deps{
		Config:   cfg,
		Public:   public,
		Engine:   engine,
		NewQueue: queueFlags.NewQueue(cfg),
		Export:   exporter.Export,
	})
	app.RootCmd.AddCommand(pbcmd.NewSuperuserCommand(app), serve,
		commands.Compile(cfg), commands.Generate(cfg, engine), commands.Worker(cfg))

	if err := app.Execute(); err != nil {
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
			MaxTokens:        cfg.OpenAIMaxTokens,
		})
	}
	return offline.New(nil)
}
