// Package export turns a worksheet document into files a teacher takes elsewhere: a LaTeX
// project for Overleaf or their own TeX, a Word document.
package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"sheetsmith/worksheet"
)

// TeXProject is a worksheet as a .zip LaTeX project: main.tex, sheetsmith.sty (the
// worksheet's commands) and README.txt, which compiles with plain `pdflatex main.tex` in an
// empty directory or as an Overleaf upload, and looks as the server's PDF does. key makes it
// the answer key. Figures are TikZ and pgfplots drawings inside main.tex, and a figure the
// server could not show is the same labelled box as on the server's sheet, so the project
// has no image files; a sheet in a bundled face carries the font's files and licence.
func TeXProject(doc worksheet.Document, key bool) ([]byte, error) {
	p, err := worksheet.RenderProject(doc, key)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	// a fixed time: the same document always makes the same zip
	when := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type file struct {
		name string
		data []byte
	}
	files := []file{
		{"main.tex", []byte(p.Main)},
		{worksheet.StyleName, []byte(p.Style)},
		{"README.txt", []byte(readme(doc, key, p))},
	}
	for _, name := range slices.Sorted(maps.Keys(p.Files)) {
		files = append(files, file{name, p.Files[name]})
	}
	for _, f := range files {
		w, err := z.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: when})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// readme says how to compile the project and what it needs.
func readme(doc worksheet.Document, key bool, p worksheet.Project) string {
	title := strings.TrimSpace(doc.Title)
	if title == "" {
		title = "Worksheet"
	}
	what, other := "worksheet", "Add \\sskeytrue on its own line right before\n  \\begin{document}: the answers print in colour in their spaces, page for page as the sheet."
	if key {
		what, other = "answer key", "main.tex has \\sskeytrue right before\n  \\begin{document}; delete that line and it prints the sheet, page for page as the key."
	}
	fonts := ""
	if len(p.Files) > 0 {
		fonts = "  *.ttf, *.tfm    the face the sheet prints in (Atkinson Hyperlegible), mapped by main.tex\n" +
			"  OFL.txt         the font's licence (SIL Open Font License 1.1)\n"
	}
	return fmt.Sprintf(`%s (%s), as a LaTeX project from Sheetsmith.

Files
  main.tex        the %s
  %-14s  the worksheet's commands (questions, answer lines, choices, figures)
%s  README.txt      this file

Compile
  pdflatex main.tex

  Run it in this folder; it needs no shell escape and no other files. On Overleaf, upload
  the zip as a new project (New Project > Upload Project); the compiler is pdfLaTeX.

Answer key
  The sheet and its key are the same source. %s

Packages (all in TeX Live and on Overleaf)
  %s
`, title, what, what, worksheet.StyleName, fonts, other, strings.Join(p.Packages, ", "))
}
