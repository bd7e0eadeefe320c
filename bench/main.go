// Command bench measures the LaTeX compiler against plain pdflatex and latexmk on realistic
// worksheets and prints a table. `make bench` runs it.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

var runs = flag.Int("runs", 5, "timed runs per measurement (median is reported)")

// sections are further benchmark sections (for example the offline engine); each file that
// adds one registers it in an init function. They run after benchCompile, in order.
var sections []func() error

func main() {
	flag.Parse()
	start := time.Now()
	if *scriptsOnly {
		sections = []func() error{benchScripts}
	}
	if !*skipCompile && !*scriptsOnly {
		if err := benchCompile(); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
	for _, s := range sections {
		if err := s(); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("\ntotal benchmark time %.0f s\n", time.Since(start).Seconds())
}
