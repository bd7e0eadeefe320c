package normalize

import (
	"slices"
	"strings"
	"testing"

	"sheetsmith/generate/llm/normalize/pdftest"
	"sheetsmith/latex"
)

// \usetikzlibrary inside the document broke the compile; the server loads the libraries it
// allows in the preamble instead, and names the ones it does not.
func TestTikZLibrariesMoveToThePreamble(t *testing.T) {
	raw := "\\usetikzlibrary{arrows.meta, angles,quotes}\n\\usetikzlibrary{mindmap}\n\\begin{questions}\n\\question Find the angle.\n" +
		"\\begin{center}\\begin{tikzpicture}\\coordinate (A) at (2,0); \\coordinate (B) at (0,0); \\coordinate (C) at (1,1.5);" +
		"\\draw[-Stealth] (A)--(B)--(C); \\pic[draw, \"$40^\\circ$\"] {angle=A--B--C};\\end{tikzpicture}\\end{center}\n" +
		"\\begin{solution}$40^\\circ$\\end{solution}\n\\end{questions}"
	body, pkgs, _ := Body(raw)
	body, libs, dropped := TikZLibraries(body)
	if strings.Contains(body, `\usetikzlibrary`) || !slices.Equal(libs, []string{"arrows.meta", "angles", "quotes"}) || !slices.Equal(dropped, []string{"mindmap"}) {
		t.Fatalf("libs %q dropped %q body:\n%s", libs, dropped, body)
	}
	if n := LibraryNotices(dropped); len(n) != 1 || !strings.Contains(n[0], "mindmap") {
		t.Errorf("notices %q", n)
	}
	src := pdftest.Wrap(t, body, latex.Settings{Title: "Angles"}, pkgs...)
	src = strings.Replace(src, `\begin{document}`, `\usetikzlibrary{`+strings.Join(libs, ",")+"}\n\\begin{document}", 1)
	pdftest.Compile(t, src)
}
