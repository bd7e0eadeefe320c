// Sheetsmith: one binary that serves the worksheet generator, its API and the admin dashboard.
// This file only wires things together.
package main

import (
	"embed"
	"io/fs"
	"log"

	"github.com/pocketbase/pocketbase"

	"sheetsmith/config"
	"sheetsmith/hooks"
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
	hooks.Register(app, hooks.Deps{Config: cfg, Public: public})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
