// Command skilltable writes the offline engine's skill table, generated from the skill
// registry, into a Markdown file between its markers (see offline.SkillTable):
//
//	go generate ./generate/offline    # runs: go run ./skilltable ../../docs/OFFLINE.md
package main

import (
	"fmt"
	"os"

	"sheetsmith/generate/offline"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: skilltable FILE.md")
		os.Exit(2)
	}
	path := os.Args[1]
	doc, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, ok := offline.ReplaceSkillTable(string(doc), offline.SkillTable())
	if !ok {
		fmt.Fprintf(os.Stderr, "%s has no skill table markers\n", path)
		os.Exit(1)
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
